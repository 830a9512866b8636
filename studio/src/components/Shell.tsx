// The signed-in shell: a side navigation (Sidebar.tsx) fixed on wide screens (16rem) and a 280 px slide-in drawer on
// small ones, grouped by family from the server's generator list, with the credit balance in its header
// (read again on moving to another page and on coming back to the tab: lib/freshBalance.ts).
import { useEffect, useRef, useState, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Coins, Menu, X } from 'lucide-react';
import { useAuth } from '../lib/auth.js';
import { useGenerators } from '../lib/generators.js';
import { ConfirmDialog, useFocusTrap } from './Dialog.js';
import { isLeaveHeld, leavingPath } from '../lib/leaveGuard.js';
import { formatNumber, useT } from '../i18n/index.js';
import { useFreshBalance } from '../lib/freshBalance.js';
import { Sidebar } from './Sidebar.js';

const SCRIM_CLASS = 'fixed inset-0 z-40 bg-black/40 transition-opacity lg:hidden';
const SCRIM_HIDDEN = 'pointer-events-none opacity-0';
const DRAWER_CLASS = [
  'fixed inset-y-0 left-0 z-50 w-[280px] max-w-full border-r border-gray-200 bg-white shadow-xl',
  'transition-transform duration-200 lg:hidden dark:border-neutral-700 dark:bg-neutral-900',
].join(' ');
const SKIP_LINK_CLASS = [
  'sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white',
  'focus:px-3 focus:py-2 focus:shadow',
].join(' ');
const SIDEBAR_CLASS = [
  'fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-gray-200 bg-white lg:block',
  'dark:border-neutral-700 dark:bg-neutral-900',
].join(' ');
const TOP_BAR_CLASS = [
  'sticky top-0 z-20 flex items-center justify-between border-b border-gray-200 bg-white/95 px-3 py-2',
  'backdrop-blur lg:hidden dark:border-neutral-700 dark:bg-neutral-900/95',
].join(' ');

export default function Shell({ children }: { children?: ReactNode }) {
  const { t } = useT();
  const { generators } = useGenerators();
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const location = useLocation();
  // The balance in the header is read again on moving to another page and on coming back to the tab.
  useFreshBalance();
  const drawerRef = useRef<HTMLDivElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  useFocusTrap(drawerRef, isDrawerOpen, () => setIsDrawerOpen(false), menuButtonRef);

  useEffect(() => setIsDrawerOpen(false), [location.pathname]);
  const { askBeforeLeaving, leaveDialog } = useLeaveGuard(() => setIsDrawerOpen(false));

  return (
    <div className="min-h-screen" onClickCapture={askBeforeLeaving}>
      {leaveDialog}
      <a href="#main" className={SKIP_LINK_CLASS}>
        {t('shell.skipToContent')}
      </a>
      {/* Wide screens: fixed side navigation, 16rem. */}
      <aside className={SIDEBAR_CLASS}>
        <Sidebar generators={generators} />
      </aside>
      {/* Small screens: a header with the menu button, and a 280 px drawer. */}
      <MobileHeader isDrawerOpen={isDrawerOpen} menuButtonRef={menuButtonRef} onOpen={() => setIsDrawerOpen(true)} />
      <div
        className={`${SCRIM_CLASS} ${isDrawerOpen ? 'opacity-100' : SCRIM_HIDDEN}`}
        aria-hidden="true"
        onClick={() => setIsDrawerOpen(false)}
      />
      <div
        id="drawer"
        ref={drawerRef}
        role="dialog"
        aria-modal="true"
        aria-label={t('shell.menu')}
        aria-hidden={!isDrawerOpen}
        className={`${DRAWER_CLASS} ${isDrawerOpen ? 'visible translate-x-0' : 'invisible -translate-x-full'}`}
      >
        <button
          type="button"
          className="btn-ghost absolute right-2 top-3"
          aria-label={t('shell.closeMenu')}
          onClick={() => setIsDrawerOpen(false)}
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
        <Sidebar generators={generators} onNavigate={() => setIsDrawerOpen(false)} />
      </div>
      <main id="main" tabIndex={-1} className="min-w-0 px-4 py-6 focus:outline-none sm:px-6 lg:ml-64 lg:px-8">
        {children ?? <Outlet />}
      </main>
    </div>
  );
}

/**
 * A link out of a page holding unsaved work (lib/leaveGuard.ts) asks first (`onAsk` closes the drawer); Leave goes on.
 */
function useLeaveGuard(onAsk: () => void) {
  const { t } = useT();
  const location = useLocation();
  // A link out of a page holding unsaved work (lib/leaveGuard.ts) asks first; Leave goes on.
  const navigate = useNavigate();
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  const askBeforeLeaving = (e: MouseEvent) => {
    if (!isLeaveHeld()) return;
    const to = leavingPath(e, location.pathname);
    if (to === null) return;
    e.preventDefault();
    e.stopPropagation();
    onAsk();
    setLeavingTo(to);
  };
  const leaveDialog = (
    <ConfirmDialog
      isOpen={leavingTo !== null}
      title={t('shell.leaveTitle')}
      message={t('shell.leaveMessage')}
      confirmLabel={t('shell.leave')}
      onCancel={() => setLeavingTo(null)}
      onConfirm={() => {
        const to = leavingTo;
        setLeavingTo(null);
        if (to !== null) navigate(to);
      }}
    />
  );
  return { askBeforeLeaving, leaveDialog };
}

/** Small screens: a header with the menu button, Karya's name and the balance. */
function MobileHeader({
  isDrawerOpen,
  menuButtonRef,
  onOpen,
}: {
  isDrawerOpen: boolean;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
  onOpen(): void;
}) {
  const { user } = useAuth();
  const { t, lang } = useT();
  return (
    <header className={TOP_BAR_CLASS}>
      <button
        ref={menuButtonRef}
        type="button"
        className="btn-ghost"
        aria-label={t('shell.openMenu')}
        aria-expanded={isDrawerOpen}
        aria-controls="drawer"
        onClick={onOpen}
      >
        <Menu className="h-5 w-5" aria-hidden="true" />
      </button>
      <Link to="/" className="font-bold">
        Karya
      </Link>
      <span
        className="flex items-center gap-1 text-sm font-semibold text-brand-700 dark:text-brand-100"
        data-testid="credit-balance-mobile"
      >
        <Coins className="h-4 w-4" aria-hidden="true" />
        <span aria-hidden="true">{user ? formatNumber(user.credits_available, lang) : undefined}</span>
        {user && <span className="sr-only">{t('shell.credits', { n: user.credits_available })}</span>}
      </span>
    </header>
  );
}
