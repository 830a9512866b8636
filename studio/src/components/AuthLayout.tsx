// The frame of the signed-out pages: brand, a card, the theme toggle.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BookOpen, Moon, Sun } from 'lucide-react';
import { useTheme } from '../lib/theme.js';

export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { theme, toggle } = useTheme();
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <button type="button" onClick={toggle} className="btn-ghost fixed right-3 top-3" aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}>
        {theme === 'dark' ? <Sun className="h-5 w-5" aria-hidden="true" /> : <Moon className="h-5 w-5" aria-hidden="true" />}
      </button>
      <Link to="/" className="mb-6 flex items-center gap-2 text-2xl font-bold">
        <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-600 text-white"><BookOpen className="h-6 w-6" aria-hidden="true" /></span>
        Karya
      </Link>
      <main className="card w-full max-w-md p-6 sm:p-8">
        <h1 className="text-xl font-bold">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </main>
    </div>
  );
}
