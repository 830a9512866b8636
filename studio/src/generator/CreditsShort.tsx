// Beside a charged action on a written part (a passage answer, a rewrite, write more) when the balance is below
// its cost: why the action is off, and a link to Top Up. In the studio language.
import { Link, useLocation } from 'react-router-dom';
import type { Lang } from '../engine.js';
import { pageWord } from './words.js';
import { topUpHref } from '../lib/topup.js';

export function CreditsShort({ id, lang, costText }: { id: string; lang: Lang; costText?: string }) {
  const here = useLocation();
  return (
    <p id={id} className="text-xs text-amber-800 dark:text-amber-300" data-testid="credits-short">
      {pageWord('passageShort', lang, { cost: costText ?? '' })}{' '}
      <Link to={topUpHref(here.pathname + here.search)} className="font-medium underline">
        {pageWord('topUpLink', lang)}
      </Link>
    </p>
  );
}
