// The one frame of every signed-out and landing page (sign in, sign up, reset password, success,
// redeem, claim): brand, a card with the title, the theme toggle and the language switch; and the frame
// with only a spinner while a landing page's request is under way.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BookOpen, Moon, Sun } from 'lucide-react';
import { useTheme } from '../lib/theme.js';
import { useT } from '../i18n/index.js';
import { LanguageSwitch } from './LanguageSwitch.js';
import { Spinner } from './Spinner.js';

export function AuthLayout({
  title,
  subtitle,
  isCentered = false,
  children,
}: {
  title: string;
  subtitle?: string;
  /** Centre the card's content (the landing pages: a message and one button). */
  isCentered?: boolean;
  children: ReactNode;
}) {
  const { theme, toggle } = useTheme();
  const { t } = useT();
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <div className="fixed right-3 top-3 flex items-center gap-1">
        <LanguageSwitch className="w-44" />
        <button
          type="button"
          onClick={toggle}
          className="btn-ghost"
          aria-label={theme === 'dark' ? t('shell.toLightTheme') : t('shell.toDarkTheme')}
        >
          {theme === 'dark' ? (
            <Sun className="h-5 w-5" aria-hidden="true" />
          ) : (
            <Moon className="h-5 w-5" aria-hidden="true" />
          )}
        </button>
      </div>
      <Link to="/" className="mb-6 mt-8 flex items-center gap-2 text-2xl font-bold sm:mt-0">
        <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-600 text-white">
          <BookOpen className="h-6 w-6" aria-hidden="true" />
        </span>
        Karya
      </Link>
      <main className={`card w-full max-w-md p-6 sm:p-8 ${isCentered ? 'text-center' : ''}`}>
        <h1 className="text-xl font-bold">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{subtitle}</p>}
        <div className={isCentered ? 'mt-4' : 'mt-6'}>{children}</div>
      </main>
    </div>
  );
}

/** A landing page while its request is under way (a link claimed, a code redeemed): its title and a spinner. */
export function AuthWorking({ title, label }: { title: string; label: string }) {
  return (
    <AuthLayout title={title} isCentered>
      <Spinner label={label} className="h-8 w-8" />
    </AuthLayout>
  );
}
