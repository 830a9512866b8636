// The signed-in shell's navigation (Shell.tsx: fixed on wide screens, in a drawer on small ones): the credit balance,
// the studio's pages, the generators grouped by family from the server's list (a group folded or opened is kept on
// this device), Marketing's links, and the account's own (Top Up, profile, admin, theme, language, Sign Out).
import { useId, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import {
  BookOpen,
  ChevronDown,
  Coins,
  ExternalLink,
  FlaskConical,
  History,
  LayoutDashboard,
  Library,
  LogOut,
  Moon,
  Shield,
  Sun,
  User,
  type LucideIcon,
} from 'lucide-react';
import { useAuth } from '../lib/auth.js';
import { GROUPS, MARKETING_LINKS, catalogueCounts, shownIn, type GeneratorSummary } from '../lib/generators.js';
import { useTheme } from '../lib/theme.js';
import { LanguageSwitch } from './LanguageSwitch.js';
import { formatNumber, useT } from '../i18n/index.js';
import { wordIn } from '../engine.js';
import { topUpHref } from '../lib/topup.js';

const COLLAPSED_KEY = 'karya.nav.collapsed';

function readCollapsed(): Record<string, boolean> {
  try {
    return JSON.parse(localStorage.getItem(COLLAPSED_KEY) ?? '{}') as Record<string, boolean>;
  } catch {
    return {};
  }
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-2 rounded-md px-3 py-1.5 text-sm transition ${
    isActive
      ? 'bg-brand-50 font-semibold text-brand-700 dark:bg-brand-600/20 dark:text-brand-100'
      : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-neutral-800'
  }`;

/** A group's button (its classes in parts: each line of the file stays within 120 characters). */
const GROUP_BUTTON = [
  'flex w-full items-center justify-between rounded-md px-3 py-1.5 text-xs font-semibold uppercase tracking-wide',
  'text-gray-500 hover:bg-gray-100 dark:text-gray-400 dark:hover:bg-neutral-800',
].join(' ');

function NavGroup({
  id,
  label,
  isOpen,
  onToggle,
  children,
}: {
  id: string;
  label: string;
  isOpen: boolean;
  onToggle(): void;
  children: ReactNode;
}) {
  const listId = `nav-${useId().replace(/:/g, '')}-${id}`;
  return (
    <div className="mt-2">
      <button type="button" className={GROUP_BUTTON} aria-expanded={isOpen} aria-controls={listId} onClick={onToggle}>
        {label}
        <ChevronDown className={`h-4 w-4 transition-transform ${isOpen ? '' : '-rotate-90'}`} aria-hidden="true" />
      </button>
      <ul id={listId} hidden={!isOpen} className="mt-1 space-y-0.5">
        {children}
      </ul>
    </div>
  );
}

/** The Marketing group's own links: Karya's publishing guide, then the external sites (each opening a new tab). */
function MarketingLinks({ onNavigate }: { onNavigate?: (() => void) | undefined }) {
  const { t } = useT();
  return (
    <>
      <li>
        <NavLink to="/publishing-guide" className={linkClass} onClick={onNavigate}>
          {t('shell.publishingGuide')}
        </NavLink>
      </li>
      {MARKETING_LINKS.map((l) => (
        <li key={l.href}>
          <a href={l.href} target="_blank" rel="noopener noreferrer" className={linkClass({ isActive: false })}>
            {t(l.label)} <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
            <span className="sr-only">{t('shell.opensNewTab')}</span>
          </a>
        </li>
      ))}
    </>
  );
}

/** A sidebar link to a studio page, its icon before its name (the current page marked). */
function SideLink({
  to,
  end,
  icon: Icon,
  label,
  onNavigate,
}: {
  to: string;
  end?: boolean;
  icon: LucideIcon;
  label: string;
  onNavigate?: (() => void) | undefined;
}) {
  return (
    <NavLink to={to} end={end} className={linkClass} onClick={onNavigate}>
      <Icon className="h-4 w-4" aria-hidden="true" /> {label}
    </NavLink>
  );
}

/** The navigation: the balance, the pages, the generators by group, and the account's links. */
export function Sidebar({
  generators,
  onNavigate,
}: {
  generators: GeneratorSummary[] | null;
  onNavigate?: () => void;
}) {
  const { isAdmin } = useAuth();
  const { t, lang } = useT();
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>(readCollapsed);
  const toggleGroup = (family: string) =>
    setCollapsed((c) => {
      const next = { ...c, [family]: !c[family] };
      try {
        localStorage.setItem(COLLAPSED_KEY, JSON.stringify(next));
      } catch {
        /* not stored: the choice lasts for this page */
      }
      return next;
    });
  const byTitle = (a: GeneratorSummary, b: GeneratorSummary) =>
    wordIn(a.typeLabel, lang, a.id).localeCompare(wordIn(b.typeLabel, lang, b.id), lang);

  return (
    <div className="flex h-full flex-col">
      <SidebarHeader generators={generators} onNavigate={onNavigate} />
      <nav aria-label={t('shell.mainNav')} className="flex-1 overflow-y-auto px-2 py-3">
        <SideLink to="/" end icon={LayoutDashboard} label={t('shell.dashboard')} onNavigate={onNavigate} />
        <SideLink to="/books" icon={Library} label={t('shell.myBooks')} onNavigate={onNavigate} />
        <SideLink to="/history" icon={History} label={t('history.heading')} onNavigate={onNavigate} />
        {GROUPS.map((group) => {
          const items = shownIn(generators, lang)
            .filter((g) => g.family === group.family)
            .sort(byTitle);
          if (generators && items.length === 0 && group.family !== 'publishing') return null;
          return (
            <NavGroup
              key={group.family}
              id={group.family}
              label={t(group.label)}
              isOpen={!collapsed[group.family]}
              onToggle={() => toggleGroup(group.family)}
            >
              {items.map((g) => (
                <li key={g.id}>
                  <NavLink to={g.route} className={linkClass} onClick={onNavigate}>
                    {wordIn(g.typeLabel, lang, g.id)}
                  </NavLink>
                </li>
              ))}
              {group.family === 'publishing' && <MarketingLinks onNavigate={onNavigate} />}
            </NavGroup>
          );
        })}
        {/* The AI Test Page (and any tool outside the groups) is an administrator's tool: not in a writer's
            sidebar. */}
        {isAdmin && shownIn(generators, lang).filter((g) => !GROUPS.some((x) => x.family === g.family)).length > 0 && (
          <div className="mt-3 space-y-0.5 border-t border-gray-200 pt-3 dark:border-neutral-700">
            {shownIn(generators, lang)
              .filter((g) => !GROUPS.some((x) => x.family === g.family))
              .map((g) => (
                <SideLink
                  key={g.id}
                  to={g.route}
                  icon={FlaskConical}
                  label={wordIn(g.typeLabel, lang, g.id)}
                  onNavigate={onNavigate}
                />
              ))}
          </div>
        )}
      </nav>
      <AccountLinks onNavigate={onNavigate} />
    </div>
  );
}

/**
 * Karya's name (the dashboard's link), the writer's balance, what a chapter costs and how many generators there are.
 */
function SidebarHeader({
  generators,
  onNavigate,
}: {
  generators: GeneratorSummary[] | null;
  onNavigate?: (() => void) | undefined;
}) {
  const { user } = useAuth();
  const { t, lang } = useT();
  const counts = catalogueCounts(generators);
  return (
    <div className="border-b border-gray-200 px-4 py-4 dark:border-neutral-700">
      <Link
        to="/"
        onClick={onNavigate}
        className="flex items-center gap-2 text-lg font-bold text-gray-900 dark:text-white"
      >
        <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-white">
          <BookOpen className="h-5 w-5" aria-hidden="true" />
        </span>
        Karya
      </Link>
      <div className="mt-3 rounded-lg bg-brand-50 px-3 py-2 dark:bg-brand-600/15">
        <p
          className="flex items-center gap-1.5 text-sm font-semibold text-brand-700 dark:text-brand-100"
          data-testid="credit-balance"
        >
          <Coins className="h-4 w-4" aria-hidden="true" />
          <span>{user ? formatNumber(user.credits_available, lang) : '…'}</span>{' '}
          {t('shell.creditUnit', { n: user?.credits_available ?? 0 })}
        </p>
        <p className="mt-0.5 text-xs text-gray-600 dark:text-gray-400" data-testid="cost-note">
          {t('shell.perChapter')}
        </p>
        {counts && (
          <p className="text-xs text-gray-600 dark:text-gray-400" data-testid="generator-count">
            {t('shell.generatorCount', { n: counts.generators })}
          </p>
        )}
      </div>
    </div>
  );
}

/** Top Up (back to the page the writer is on), the profile, the admin portal, the theme, the language and Sign Out. */
function AccountLinks({ onNavigate }: { onNavigate?: (() => void) | undefined }) {
  const { isAdmin, signOut } = useAuth();
  const { theme, toggle } = useTheme();
  const { t } = useT();
  const navigate = useNavigate();
  // The Top Up link takes the page the writer is on, so the Top Up page leads back to it.
  const location = useLocation();
  return (
    <div className="space-y-0.5 border-t border-gray-200 px-2 py-3 dark:border-neutral-700">
      <SideLink
        to={topUpHref(location.pathname + location.search)}
        icon={Coins}
        label={t('shell.topUp')}
        onNavigate={onNavigate}
      />
      <SideLink to="/profile/edit" icon={User} label={t('shell.editProfile')} onNavigate={onNavigate} />
      {isAdmin && <SideLink to="/admin" icon={Shield} label={t('shell.admin')} onNavigate={onNavigate} />}
      <button
        type="button"
        onClick={toggle}
        className={`${linkClass({ isActive: false })} w-full`}
        aria-label={theme === 'dark' ? t('shell.toLightTheme') : t('shell.toDarkTheme')}
      >
        {theme === 'dark' ? (
          <Sun className="h-4 w-4" aria-hidden="true" />
        ) : (
          <Moon className="h-4 w-4" aria-hidden="true" />
        )}
        {theme === 'dark' ? t('shell.lightTheme') : t('shell.darkTheme')}
      </button>
      <LanguageSwitch className="px-3 py-1" />
      <button
        type="button"
        className={`${linkClass({ isActive: false })} w-full`}
        onClick={async () => {
          onNavigate?.();
          if (await signOut()) navigate('/', { replace: true });
        }}
      >
        <LogOut className="h-4 w-4" aria-hidden="true" /> {t('shell.signOut')}
      </button>
    </div>
  );
}
