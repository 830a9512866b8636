// /topup: the current balance, three top-up packages with trust badges.
import { useState } from 'react';
import { BadgeCheck, Coins } from 'lucide-react';
import { useAuth } from '../lib/auth.js';
import { TOPUP_PACKAGES, TRUST_BADGES } from '../data/packages.js';
import { ComingSoonDialog } from '../components/ComingSoon.js';

export default function TopUp() {
  const { user } = useAuth();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold">Top Up Credits</h1>
      <p className="mt-2 inline-flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-700 dark:bg-brand-600/15 dark:text-brand-100">
        <Coins className="h-4 w-4" aria-hidden="true" /> Current balance: {user?.credits_available.toLocaleString('en')} credits
      </p>
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {TOPUP_PACKAGES.map((p) => (
          <section key={p.credits} className={`card relative flex flex-col p-6 ${p.isBestValue ? 'ring-2 ring-brand-600' : ''}`} aria-labelledby={`top-${p.credits}`}>
            {p.isBestValue && <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold text-white">Best Value</span>}
            <h2 id={`top-${p.credits}`} className="text-lg font-semibold">{p.credits} Credits</h2>
            <p className="mt-2 text-3xl font-bold">{p.price}</p>
            <p className="mt-1 text-sm text-green-700 dark:text-green-400">{p.saving}</p>
            <button type="button" className={`${p.isBestValue ? 'btn-primary' : 'btn-secondary'} mt-6`} onClick={() => setChosen(`${p.credits} credits (${p.price})`)}>
              Top Up {p.credits}
            </button>
          </section>
        ))}
      </div>
      <ul className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {TRUST_BADGES.map((b) => (
          <li key={b} className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300"><BadgeCheck className="h-5 w-5 text-green-600" aria-hidden="true" /> {b}</li>
        ))}
      </ul>
      <ComingSoonDialog item={chosen} onClose={() => setChosen(null)} />
    </div>
  );
}
