// A part's earlier versions (PartRewrite.tsx's "Earlier versions"), newest first, each with the note of the rewrite
// that replaced it, and Restore (free; the text it replaces is kept too).
import type { Lang, PartVersionView } from '../engine.js';
import { pageWord } from './words.js';
import { formatNumber } from '../i18n/index.js';

const CURRENT = 'font-medium text-gray-800 dark:text-gray-200';

/** A part's earlier versions, newest first, each with the note of the rewrite that replaced it, and Restore. */
export function Versions({
  versions,
  lang,
  isDisabled,
  onRestore,
}: {
  versions: readonly PartVersionView[];
  lang: Lang;
  isDisabled: boolean;
  onRestore?: (version: number) => void;
}) {
  return (
    <div className="mt-2 rounded-lg border border-gray-200 p-3 text-sm dark:border-neutral-700" data-testid="versions">
      {versions.length === 0 ? (
        <p>{pageWord('versionsNone', lang)}</p>
      ) : (
        <ul className="space-y-2">
          {/*
            A version keeps the note of the rewrite that replaced it: the note is shown with the text it produced
            (the next newer one, or the current text).
          */}
          {versions[0]!.note && (
            <li className="text-xs text-gray-600 dark:text-gray-400" data-testid="versions-current">
              <span className={CURRENT}>{pageWord('versionCurrent', lang)}</span> ·{' '}
              {pageWord('versionMadeWith', lang, { note: versions[0]!.note })}
            </li>
          )}
          {versions.map((v, i) => (
            <li key={v.version} className="flex flex-wrap items-start justify-between gap-2" data-testid="version">
              <span>
                <span className="font-medium">
                  {pageWord('versionLine', lang, { n: v.version, words: formatNumber(v.words, lang) })}
                </span>
                {versions[i + 1]?.note && (
                  <span className="block text-xs text-gray-600 dark:text-gray-400">
                    {pageWord('versionMadeWith', lang, { note: versions[i + 1]!.note })}
                  </span>
                )}
                <span className="block text-xs text-gray-600 dark:text-gray-400">
                  {v.text.slice(0, 160)}
                  {v.text.length > 160 ? '…' : ''}
                </span>
              </span>
              {onRestore && (
                <button
                  type="button"
                  className="btn-secondary px-2 py-1 text-xs"
                  onClick={() => onRestore(v.version)}
                  disabled={isDisabled}
                  data-testid="version-restore"
                >
                  {pageWord('restore', lang)}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
