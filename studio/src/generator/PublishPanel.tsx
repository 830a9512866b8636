// The Publish panel of a finished book: what a KDP package costs before anything is spent, publishing it
// (the server runs and charges each step), the readiness checks with what to fix, and the package's zip.
// The package made last is shown again on the next visit. Words in the studio language (the page's `lang`).
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { CircleCheck, CircleMinus, CircleX, Download, Loader2, TriangleAlert } from 'lucide-react';
import type { Lang } from '../engine.js';
import type { KdpPackage, PublishQuote } from '../../../engine/contract/index.js';
import { ApiError, call, fileHref } from '../lib/api.js';
import { useAuth } from '../lib/auth.js';
import { pageWord, type PageWord } from './words.js';
import { useLang } from '../i18n/index.js';

type CheckStatus = KdpPackage['checks'][number]['status'];

const STATUS: Record<CheckStatus, { word: PageWord; icon: typeof CircleCheck; className: string }> = {
  pass: { word: 'checkPass', icon: CircleCheck, className: 'text-green-600 dark:text-green-400' },
  fail: { word: 'checkFail', icon: CircleX, className: 'text-red-600 dark:text-red-400' },
  warn: { word: 'checkWarn', icon: TriangleAlert, className: 'text-amber-600 dark:text-amber-400' },
  skipped: { word: 'checkSkipped', icon: CircleMinus, className: 'text-gray-400' },
};

/** The credits of a package: the quote's, without the pen-name step when the author is named. */
function costOf(quote: PublishQuote, isAuthorGiven: boolean): number {
  const author = quote.steps.find((s) => s.part === 'author');
  return quote.cost - (isAuthorGiven && author && !author.skipped ? author.cost : 0);
}

export function PublishPanel({ bookType, lang }: { bookType: string; lang: Lang }) {
  // The upgrade page it may send the reader to speaks the studio language.
  const { lang: studioLang } = useLang();
  const { user, isAdmin, setCredits, refresh } = useAuth();
  const navigate = useNavigate();
  const authorId = useId();
  const [quote, setQuote] = useState<PublishQuote | null>(null);
  const [hasLoadFailed, setHasLoadFailed] = useState(false);
  const [pkg, setPkg] = useState<KdpPackage | null>(null);
  const [author, setAuthor] = useState('');
  const [isPublishing, setIsPublishing] = useState(false);

  const load = useCallback(async () => {
    try {
      const q = await call('GET /books/:bookType/publish', { params: { bookType } });
      setQuote(q);
      setPkg(q.package);
      setHasLoadFailed(false);
    } catch {
      setHasLoadFailed(true);
    }
  }, [bookType]);
  useEffect(() => {
    void load();
  }, [load]);

  const cost = quote ? costOf(quote, author.trim() !== '') : 0;
  const credits = user?.credits_available ?? 0;

  const publish = async (e: FormEvent) => {
    e.preventDefault();
    if (isPublishing) return;
    setIsPublishing(true);
    try {
      const name = author.trim();
      const made = await call('POST /books/:bookType/publish', { params: { bookType }, body: name ? { author: name } : {} });
      setPkg(made.package);
      setCredits(made.credits_available);
      toast.success(pageWord('publishDone', lang), { id: 'publish-result' });
    } catch (error) {
      const message = error instanceof ApiError && error.status !== 0 ? error.message : pageWord('publishFailed', lang);
      toast.error(message, { id: 'publish-result' });
      if (error instanceof ApiError && error.status === 402 && !isAdmin) navigate('/upgrade', { state: { needed: cost, tool: pageWord('publishTitle', studioLang) } });
      // Steps before a failing one stay charged, and a dropped connection may still have made the package.
      void load();
    } finally {
      void refresh();
      setIsPublishing(false);
    }
  };

  return (
    <section className="card mt-6 p-5" aria-labelledby="publish-h" data-testid="publish-panel">
      <h2 id="publish-h" className="text-base font-semibold">{pageWord('publishTitle', lang)}</h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{pageWord('publishIntro', lang)}</p>
      {hasLoadFailed && !quote && <p role="alert" className="error-box mt-4">{pageWord('publishLoadFailed', lang)}</p>}
      {!quote && !hasLoadFailed && (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-gray-600 dark:text-gray-400">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> {pageWord('publishLoading', lang)}
        </p>
      )}
      {quote && (
        <form onSubmit={publish} className="mt-4" noValidate>
          <label htmlFor={authorId} className="label">{pageWord('publishAuthor', lang)}</label>
          <input
            id={authorId}
            className="input"
            value={author}
            maxLength={100}
            autoComplete="name"
            disabled={isPublishing}
            aria-describedby={`${authorId}-hint`}
            onChange={(e) => setAuthor(e.target.value)}
          />
          <p id={`${authorId}-hint`} className="mt-1 text-xs text-gray-500 dark:text-gray-400">{pageWord('publishAuthorHint', lang)}</p>
          <p className="mt-3 text-sm" data-testid="publish-cost">
            {pageWord('publishCost', lang, { n: cost })}
            {!isAdmin && credits < cost && <span className="ml-1 text-amber-700 dark:text-amber-400">{pageWord('publishShort', lang, { n: credits.toLocaleString('en') })}</span>}
          </p>
          <button type="submit" className="btn-primary mt-3 w-full py-2.5" disabled={isPublishing} data-testid="publish-button">
            {isPublishing ? (
              <><Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> {pageWord('publishing', lang)}</>
            ) : (
              pageWord(pkg ? 'publishAgain' : 'publishButton', lang, { n: cost })
            )}
          </button>
        </form>
      )}
      {pkg && <PackageReport pkg={pkg} href={fileHref('GET /books/:bookType/publish/package', { params: { bookType } })} lang={lang} />}
    </section>
  );
}

/** The readiness checks of a package (pass or fail, what was found, what to fix) and its download link. */
function PackageReport({ pkg, href, lang }: { pkg: KdpPackage; href: string; lang: Lang }) {
  const failed = pkg.checks.filter((c) => c.status === 'fail').length;
  return (
    <div className="mt-6 border-t border-gray-200 pt-4 dark:border-neutral-700" data-testid="readiness">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{pageWord('readinessTitle', lang)}</h3>
        <p className={`text-sm font-medium ${pkg.ready ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'}`} data-testid="readiness-summary">
          {pkg.ready ? pageWord('readinessReady', lang) : pageWord('readinessNotReady', lang, { n: failed })}
        </p>
      </div>
      <ul className="mt-3 space-y-2">
        {pkg.checks.map((check) => {
          const status = STATUS[check.status];
          const Icon = status.icon;
          return (
            <li key={check.id} className="flex items-start gap-2 text-sm" data-testid="readiness-check" data-check={check.id} data-status={check.status}>
              <Icon className={`mt-0.5 h-4 w-4 shrink-0 ${status.className}`} aria-hidden="true" />
              <div className="min-w-0">
                <span className="sr-only">{pageWord(status.word, lang)}: </span>
                <span>{check.label}</span>
                {check.detail && <span className="block break-words text-xs text-gray-500 dark:text-gray-400">{check.detail}</span>}
                {check.fix && (check.status === 'fail' || check.status === 'warn') && (
                  <span className="block text-xs text-gray-700 dark:text-gray-300" data-testid="readiness-fix">{pageWord('checkFix', lang, { fix: check.fix })}</span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <a href={href} download className="btn-secondary mt-4 w-full" data-testid="package-download">
        <Download className="h-4 w-4" aria-hidden="true" /> {pageWord('downloadPackage', lang)}
      </a>
    </div>
  );
}
