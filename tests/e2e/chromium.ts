// How the browser tests start chromium: Debian's headless shell (tests/setup/tools.ts CHROMIUM), with what it runs
// without here. Shared by the e2e helpers and the run's one browser (tests/setup/chromium.ts).
export { CHROMIUM } from '../setup/tools.js';
/**
 * Features chromium runs without here. Playwright passes its own `--disable-features` list, and chromium keeps only
 * the last such switch, so its list (playwright-core's chromiumSwitches.ts; tests/e2e/chromium-flags.test.ts checks it
 * is all here) is repeated before ours. Ours:
 * the omnibox popups (WebUI pages each new window preloads in two extra renderers, 1–2 s of CPU per browser
 * context with nothing to show in a headless window).
 */
export const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];
export const CHROMIUM_FLAGS: string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];
