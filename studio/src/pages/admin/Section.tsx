// One card of the admin page: a titled section (its heading names the region), an optional action at
// the heading's end, and the section's content; and how the cards show a moment in time.
import { useId, type ReactNode } from 'react';
import type { Bot } from 'lucide-react';
import type { Lang } from '../../engine.js';
import { localeOf } from '../../i18n/index.js';

export function Section({
  title,
  icon: Icon,
  children,
  action,
}: {
  title: string;
  icon: typeof Bot;
  children: ReactNode;
  action?: ReactNode;
}) {
  const id = useId();
  return (
    <section className="card min-w-0 p-5" aria-labelledby={id}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
          <Icon className="h-5 w-5 text-brand-600" aria-hidden="true" /> {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A moment in time as the admin page shows it: date and time, in the studio language. */
export const when = (iso: string, lang: Lang) =>
  new Date(iso).toLocaleString(localeOf(lang), { dateStyle: 'medium', timeStyle: 'short' });
