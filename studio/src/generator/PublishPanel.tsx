// The Publish panel of a finished book: what a package costs before anything is spent, publishing it with
// the author name, paperback trim and paper (the server runs and charges each step), the writer's own cover
// picture (CoverUpload.tsx), then the package made (PackageReport.tsx): per channel (KDP eBook, KDP paperback,
// Google Play Books, Kobo) its readiness checks, the cover, description and keywords made, each file and the
// zip to download. The package made last is shown again on the next visit. Words in the studio language
// (the page's `lang`).
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { Loader2 } from 'lucide-react';
import type { Lang } from '../engine.js';
import { PAPERBACK_PAPERS, PAPERBACK_TRIMS, PUBLISH_AI_TEXT_LEVELS, type KdpPackage, type PublishQuote } from '../engine.js';
import { ApiError, call } from '../lib/api.js';
import { callShowingWaits } from '../lib/model-wait.js';
import { useAuth } from '../lib/auth.js';
import { pageWord, type PageWord } from './words.js';
import { BookSourceField } from '../components/SourceField.js';
import { formatNumber, shortName, useLang } from '../i18n/index.js';
import { CoverUpload } from './CoverUpload.js';
import { PackageReport } from './PackageReport.js';
import { topUpHref } from '../lib/topup.js';

type Trim = (typeof PAPERBACK_TRIMS)[number];
type Paper = (typeof PAPERBACK_PAPERS)[number];
const TRIM_LABEL: Record<Trim, string> = { '6x9': '6 × 9 in', '5.5x8.5': '5.5 × 8.5 in', '5x8': '5 × 8 in' };
type AiText = (typeof PUBLISH_AI_TEXT_LEVELS)[number];
const AI_TEXT_WORD: Record<AiText, PageWord> = { none: 'aiTextNone', some: 'aiTextSome', most: 'aiTextMost', entirely: 'aiTextEntirely' };

/** The credits of a package: the quote's, without the pen-name step when the author is named, nor the title step when the title is. */
function costOf(quote: PublishQuote, given: { isAuthorGiven: boolean; isTitleGiven: boolean }): number {
  const saved = (part: string, isGiven: boolean) => {
    const step = quote.steps.find((s) => s.part === part);
    return isGiven && step && !step.skipped ? step.cost : 0;
  };
  return quote.cost - saved('author', given.isAuthorGiven) - saved('title', given.isTitleGiven);
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
  const isAuthorTyped = useRef(false);
  // The writer's own title (an untitled manuscript's): the title step is not run.
  const [title, setTitle] = useState('');
  const { trim, pickTrim, setBookTrim } = useTrim();
  const [paper, setPaper] = useState<Paper>('white');
  // '' keeps the level derived from who wrote each part; a level is the writer's correction.
  const [aiText, setAiText] = useState<AiText | ''>('');
  // A translated edition may be published with its source, each paragraph followed by its translation.
  const [isBilingual, setIsBilingual] = useState(false);
  const [isPublishing, setIsPublishing] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null); // kept on the page until dismissed or published again

  const load = useCallback(async () => {
    try {
      const q = await call('GET /books/:bookType/publish', { params: { bookType } });
      setQuote(q);
      setBookTrim(q.trim);
      // The author the book is kept under fills the field until the writer types another (publishing again keeps it).
      if (!isAuthorTyped.current && q.author) setAuthor(q.author);
      setPkg(q.package);
      setHasLoadFailed(false);
    } catch {
      setHasLoadFailed(true);
    }
  }, [bookType, setBookTrim]);
  useEffect(() => {
    void load();
  }, [load]);

  const cost = quote ? costOf(quote, { isAuthorGiven: author.trim() !== '', isTitleGiven: title.trim() !== '' }) : 0;
  const credits = user?.credits_available ?? 0;

  const publish = async (e: FormEvent) => {
    e.preventDefault();
    if (isPublishing) return;
    setIsPublishing(true);
    setFailure(null);
    try {
      const name = author.trim();
      const ownTitle = title.trim();
      const made = await callShowingWaits('POST /books/:bookType/publish', { params: { bookType }, body: { ...(name ? { author: name } : {}), ...(ownTitle ? { title: ownTitle } : {}), trim, paper, ...(aiText ? { aiText } : {}), ...(isBilingual && quote?.edition ? { bilingual: true } : {}) } });
      setPkg(made.package);
      setCredits(made.credits_available);
      toast.success(pageWord('publishDone', lang), { id: 'publish-result' });
    } catch (error) {
      setFailure(failureOf(error, lang));
      if (error instanceof ApiError && error.status === 402 && !isAdmin) navigate(topUpHref(), { state: { needed: cost, tool: pageWord('publishTitle', studioLang) } });
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
      <QuoteStatus quote={quote} hasLoadFailed={hasLoadFailed} lang={lang} />
      {quote && (
        <form onSubmit={publish} className="mt-4" noValidate>
          <TitleField id={`${authorId}-title`} value={title} isDisabled={isPublishing} lang={lang} onChange={setTitle} />
          <AuthorField
            id={authorId}
            value={author}
            isDisabled={isPublishing}
            lang={lang}
            onChange={(name) => {
              isAuthorTyped.current = true;
              setAuthor(name);
            }}
          />
          <PaperbackChoices id={authorId} quote={quote} lang={lang} isDisabled={isPublishing} trim={trim} paper={paper} aiText={aiText} onTrim={pickTrim} onPaper={setPaper} onAiText={setAiText} />
          {quote.edition && <BilingualChoice id={authorId} edition={quote.edition} lang={lang} isDisabled={isPublishing} isChecked={isBilingual} onChange={setIsBilingual} />}
          {quote.book_id !== undefined && <BookSourceField bookId={quote.book_id} />}
          {quote.book_id !== undefined && <CoverUpload bookId={quote.book_id} cover={quote.cover ?? null} lang={lang} isDisabled={isPublishing} onChange={() => void load()} />}
          <PublishButton cost={cost} shortOf={!isAdmin && credits < cost ? credits : null} isPublishing={isPublishing} isAgain={pkg !== null} lang={lang} />
        </form>
      )}
      {failure && <PublishFailure failure={failure} lang={lang} onDismiss={() => setFailure(null)} />}
      {pkg && <PackageReport pkg={pkg} bookType={bookType} lang={lang} onEdited={setPkg} />}
    </section>
  );
}

/** A failed publish: the server's message (in the writer's language) and the next step. */
interface Failure {
  message: string;
  next: PageWord;
}

/** The book's own trim (a children's book 5.5 × 8.5 in) until the writer picks another. */
function useTrim(): { trim: Trim; pickTrim: (picked: Trim) => void; setBookTrim: (trim: Trim) => void } {
  const [trim, setTrim] = useState<Trim>('6x9');
  const isTrimPicked = useRef(false);
  const pickTrim = (picked: Trim) => {
    isTrimPicked.current = true;
    setTrim(picked);
  };
  const setBookTrim = useCallback((bookTrim: Trim) => {
    if (!isTrimPicked.current) setTrim(bookTrim);
  }, []);
  return { trim, pickTrim, setBookTrim };
}

/**
 * A failed publish as the page keeps it (not a toast that goes): the server's message, or the studio's when the
 * connection failed, and what the writer does next, by what failed.
 */
function failureOf(error: unknown, lang: Lang): Failure {
  if (!(error instanceof ApiError) || error.status === 0) return { message: pageWord('publishFailed', lang), next: 'publishFailureNextOffline' };
  const next: PageWord = error.status === 402 ? 'publishFailureNextCredits' : error.code === 'publish_running' ? 'publishFailureNextRunning' : 'publishFailureNext';
  return { message: error.message, next };
}

/** The failed publish kept on the page: what went wrong, what to do next, and a button to dismiss it. */
function PublishFailure({ failure, lang, onDismiss }: { failure: Failure; lang: Lang; onDismiss: () => void }) {
  return (
    <div role="alert" className="error-box mt-4" data-testid="publish-failure">
      <p className="font-semibold">{pageWord('publishFailureTitle', lang)}</p>
      <p className="mt-1">{failure.message}</p>
      <p className="mt-1">{pageWord(failure.next, lang)}</p>
      <button type="button" className="btn-secondary mt-2 text-xs" onClick={onDismiss} data-testid="publish-failure-dismiss">{pageWord('publishFailureDismiss', lang)}</button>
    </div>
  );
}

/** The writer's own title for the package (blank: the book's own, else one chosen from its text). */
/** The name the book is published under: it starts with the one the book is kept under (the quote's), and a pen name is written only when it is empty. */
function AuthorField({ id, value, isDisabled, lang, onChange }: { id: string; value: string; isDisabled: boolean; lang: Lang; onChange: (name: string) => void }) {
  return (
    <>
      <label htmlFor={id} className="label">{pageWord('publishAuthor', lang)}</label>
      <input id={id} className="input" value={value} maxLength={100} autoComplete="name" disabled={isDisabled} aria-describedby={`${id}-hint`} onChange={(e) => onChange(e.target.value)} />
      <p id={`${id}-hint`} className="mt-1 text-xs text-gray-500 dark:text-gray-400">{pageWord('publishAuthorHint', lang)}</p>
    </>
  );
}

function TitleField({ id, value, isDisabled, lang, onChange }: { id: string; value: string; isDisabled: boolean; lang: Lang; onChange: (title: string) => void }) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="label">{pageWord('publishOwnTitle', lang)}</label>
      <input id={id} className="input" value={value} maxLength={200} disabled={isDisabled} aria-describedby={`${id}-hint`} onChange={(e) => onChange(e.target.value)} />
      <p id={`${id}-hint`} className="mt-1 text-xs text-gray-500 dark:text-gray-400">{pageWord('publishOwnTitleHint', lang)}</p>
    </div>
  );
}

/** What the package costs (and the credits, when they are short of it), and the button that makes it. */
function PublishButton({ cost, shortOf, isPublishing, isAgain, lang }: { cost: number; shortOf: number | null; isPublishing: boolean; isAgain: boolean; lang: Lang }) {
  return (
    <>
      <p className="mt-3 text-sm" data-testid="publish-cost">
        {pageWord('publishCost', lang, { n: cost })}
        {shortOf !== null && <span className="ml-1 text-amber-700 dark:text-amber-400">{pageWord('publishShort', lang, { n: formatNumber(shortOf, lang) })}</span>}
      </p>
      <button type="submit" className="btn-primary mt-3 w-full py-2.5" disabled={isPublishing} data-testid="publish-button">
        {isPublishing ? (
          <><Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> {pageWord('publishing', lang)}</>
        ) : (
          pageWord(isAgain ? 'publishAgain' : 'publishButton', lang, { n: cost })
        )}
      </button>
    </>
  );
}

/** The dual-language choice of an edition: its source's language first, as the book prints them. */
function BilingualChoice({ id, edition, lang, isDisabled, isChecked, onChange }: {
  id: string; edition: NonNullable<PublishQuote['edition']>; lang: Lang; isDisabled: boolean; isChecked: boolean; onChange: (isChecked: boolean) => void;
}) {
  const names = { source: shortName(edition.source_lang, lang), edition: shortName(edition.lang, lang) };
  return (
    <div className="mt-4 flex items-start gap-2">
      <input id={`${id}-bilingual`} type="checkbox" className="mt-1" checked={isChecked} disabled={isDisabled} data-testid="publish-bilingual" aria-describedby={`${id}-bilingual-hint`} onChange={(e) => onChange(e.target.checked)} />
      <div>
        <label htmlFor={`${id}-bilingual`} className="text-sm font-medium">{pageWord('publishBilingual', lang, names)}</label>
        <p id={`${id}-bilingual-hint`} className="text-xs text-gray-500 dark:text-gray-400">{pageWord('publishBilingualHint', lang)}</p>
      </div>
    </div>
  );
}

/** The paperback's trim and paper, and the writer's correction of the AI disclosure's text level. */
function PaperbackChoices({ id, quote, lang, isDisabled, trim, paper, aiText, onTrim, onPaper, onAiText }: {
  id: string; quote: PublishQuote; lang: Lang; isDisabled: boolean; trim: Trim; paper: Paper; aiText: AiText | '';
  onTrim: (trim: Trim) => void; onPaper: (paper: Paper) => void; onAiText: (level: AiText | '') => void;
}) {
  return (
    <>
      <div className="mt-3 grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={`${id}-trim`} className="label">{pageWord('publishTrim', lang)}</label>
          <select id={`${id}-trim`} className="input" value={trim} disabled={isDisabled} data-testid="publish-trim" onChange={(e) => onTrim(e.target.value as Trim)}>
            {PAPERBACK_TRIMS.map((t) => <option key={t} value={t}>{TRIM_LABEL[t]}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-paper`} className="label">{pageWord('publishPaper', lang)}</label>
          <select id={`${id}-paper`} className="input" value={paper} disabled={isDisabled} data-testid="publish-paper" onChange={(e) => onPaper(e.target.value as Paper)}>
            {PAPERBACK_PAPERS.map((p) => <option key={p} value={p}>{pageWord(p === 'white' ? 'paperWhite' : 'paperCream', lang)}</option>)}
          </select>
        </div>
      </div>
      <label htmlFor={`${id}-ai`} className="label mt-3">{pageWord('publishAiText', lang)}</label>
      <select id={`${id}-ai`} className="input" value={aiText} disabled={isDisabled} data-testid="publish-ai-text" aria-describedby={`${id}-ai-hint`} onChange={(e) => onAiText(e.target.value as AiText | '')}>
        <option value="">
          {quote.ai_text ? pageWord('aiTextDerived', lang, { level: pageWord(AI_TEXT_WORD[quote.ai_text.level], lang), share: Math.round(quote.ai_text.share * 100) }) : pageWord('aiTextDerivedPlain', lang)}
        </option>
        {PUBLISH_AI_TEXT_LEVELS.map((level) => <option key={level} value={level}>{pageWord(AI_TEXT_WORD[level], lang)}</option>)}
      </select>
      <p id={`${id}-ai-hint`} className="mt-1 text-xs text-gray-500 dark:text-gray-400">{pageWord('publishAiTextHint', lang)}</p>
    </>
  );
}

/** The quote still loading or failed to load, and the packages made today against the daily limit. */
function QuoteStatus({ quote, hasLoadFailed, lang }: { quote: PublishQuote | null; hasLoadFailed: boolean; lang: Lang }) {
  return (
    <>
      {hasLoadFailed && !quote && <p role="alert" className="error-box mt-4">{pageWord('publishLoadFailed', lang)}</p>}
      {!quote && !hasLoadFailed && (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-gray-600 dark:text-gray-400">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> {pageWord('publishLoading', lang)}
        </p>
      )}
      {quote?.today && (
        <p className="mt-2 text-sm text-gray-600 dark:text-gray-400" data-testid="publish-today">{pageWord('publishToday', lang, { n: quote.today.packages, max: quote.today.per_day })}</p>
      )}
    </>
  );
}
