// Credit packages of spec/platform.md §9: the purchase page's (USD) and the top-up page's (RM). Both
// exist, as spec/ gives both.
export interface UpgradePackage {
  id: 'basic' | 'pro' | 'business';
  name: string;
  credits: number;
  price: string;
  isPopular: boolean;
  features: string[];
}

export const UPGRADE_PACKAGES: readonly UpgradePackage[] = [
  { id: 'basic', name: 'Basic', credits: 300, price: '$29.99', isPopular: false, features: ['300 credits', 'All Features', 'Priority Support'] },
  { id: 'pro', name: 'Pro', credits: 500, price: '$49.99', isPopular: true, features: ['500 credits', 'All Features', 'Priority Support', '24/7 Support'] },
  { id: 'business', name: 'Business', credits: 1000, price: '$99.99', isPopular: false, features: ['1000 credits', 'All Features', 'Priority Support', '24/7 Support', 'API Access'] },
];

export interface TopUpPackage {
  credits: number;
  price: string;
  saving: string;
  isBestValue: boolean;
}

export const TOPUP_PACKAGES: readonly TopUpPackage[] = [
  { credits: 150, price: 'RM45', saving: 'Save RM15 vs buying 2x150 separately', isBestValue: false },
  { credits: 300, price: 'RM75', saving: 'Save RM48 vs buying 2x300 separately', isBestValue: false },
  { credits: 600, price: 'RM97', saving: 'Save RM78 vs buying 4x150 separately', isBestValue: true },
];

export const TRUST_BADGES: readonly string[] = ['Credits never expire', 'Delivered within 5 minutes', 'FPX or bank transfer', 'Official receipt'];
