// The Publish panel of a finished book: what a package costs before anything is spent, publishing it with
// the author name, paperback trim and paper (the server runs and charges each step), then per channel
// (KDP eBook, KDP paperback, Google Play Books, Kobo) its readiness checks with what to fix and the rule
// each comes from; the writer's own cover picture (CoverUpload.tsx); the cover, description and keywords made; each file and the zip to download. The
// package made last is shown again on the next visit. Words in the studio language (the page's `lang`).
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { CircleCheck, CircleHelp, CircleMinus, CircleX, Download, Loader2, TriangleAlert } from 'lucide-react';
import type { Lang } from '../engine.js';
import { PAPERBACK_PAPERS, PAPERBACK_TRIMS, PUBLISH_AI_TEXT_LEVELS, type KdpPackage, type PublishQuote } from '../engine.js';
import { ApiError, call, fileHref } from '../lib/api.js';
import { useAuth } from '../lib/auth.js';
import { checkWords, sourceLink } from '../engine.js';
import { pageWord, type PageWord } from './words.js';
import { useLang } from '../i18n/index.js';
import { CoverUpload } from './CoverUpload.js';
import { topUpHref } from '../lib/topup.js';

type ChannelReport = KdpPackage['channels'][keyof KdpPackage['channels']];
type CheckStatus = ChannelReport['checks'][number]['status'];
type Trim = (typeof PAPERBACK_TRIMS)[number];
type Paper = (typeof PAPERBACK_PAPERS)[number];
const TRIM_LABEL: Record<Trim, string> = { '6x9': '6 × 9 in', '5.5x8.5': '5.5 × 8.5 in', '5x8': '5 × 8 in' };
type AiText = (typeof PUBLISH_AI_TEXT_LEVELS)[number];
const AI_TEXT_WORD: Record<AiText, PageWord> = { none: 'aiTextNone', some: 'aiTextSome', most: 'aiTextMost', entirely: 'aiTextEntirely' };

const STATUS: Record<CheckStatus, { word: PageWord; icon: typeof CircleCheck; className: string }> = {
  pass: { word: 'checkPass', icon: CircleCheck, className: 'text-green-600 dark:text-green-400' },
  fail: { word: 'checkFail', icon: CircleX, className: 'text-red-600 dark:text-red-400' },
  warn: { word: 'checkWarn', icon: TriangleAlert, className: 'text-amber-600 dark:text-amber-400' },
  skipped: { word: 'checkSkipped', icon: CircleMinus, className: 'text-gray-400' },
  check: { word: 'checkCheck', icon: CircleHelp, className: 'text-amber-600 dark:text-amber-400' },
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
  // The book's own trim (a children's book 5.5 × 8.5 in) until the writer picks another.
  const [trim, setTrim] = useState<Trim>('6x9');
  const isTrimPicked = useRef(false);
  const pickTrim = (picked: Trim) => {
    isTrimPicked.current = true;
    setTrim(picked);
  };
  const [paper, setPaper] = useState<Paper>('white');
  // '' keeps the level derived from who wrote each part; a level is the writer's correction.
  const [aiText, setAiText] = useState<AiText | ''>('');
  // A translated edition may be published with its source, each paragraph followed by its translation.
  const [isBilingual, setIsBilingual] = useState(false);
  const [isPublishing, setIsPublishing] = useState(false);

  const load = useCallback(async () => {
    try {
      const q = await call('GET /books/:bookType/publish', { params: { bookType } });
      setQuote(q);
      if (!isTrimPicked.current) setTrim(q.trim);
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
      const made = await call('POST /books/:bookType/publish', { params: { bookType }, body: { ...(name ? { author: name } : {}), trim, paper, ...(aiText ? { aiText } : {}), ...(isBilingual && quote?.edition ? { bilingual: true } : {}) } });
      setPkg(made.package);
      setCredits(made.credits_available);
      toast.success(pageWord('publishDone', lang), { id: 'publish-result' });
    } catch (error) {
      const message = error instanceof ApiError && error.status !== 0 ? error.message : pageWord('publishFailed', lang);
      toast.error(message, { id: 'publish-result' });
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
          <PaperbackChoices id={authorId} quote={quote} lang={lang} isDisabled={isPublishing} trim={trim} paper={paper} aiText={aiText} onTrim={pickTrim} onPaper={setPaper} onAiText={setAiText} />
          {quote.edition && <BilingualChoice id={authorId} edition={quote.edition} lang={lang} isDisabled={isPublishing} isChecked={isBilingual} onChange={setIsBilingual} />}
          {quote.book_id !== undefined && <CoverUpload bookId={quote.book_id} cover={quote.cover ?? null} lang={lang} isDisabled={isPublishing} onChange={() => void load()} />}
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
      {pkg && <PackageReport pkg={pkg} bookType={bookType} lang={lang} />}
    </section>
  );
}

/** The paperback's trim and paper, and the writer's correction of the AI disclosure's text level. */
const LANGUAGE_WORD: Record<Lang, PageWord> = { en: 'languageEn', ms: 'languageMs' };

/** The dual-language choice of an edition: its source's language first, as the book prints them. */
function BilingualChoice({ id, edition, lang, isDisabled, isChecked, onChange }: {
  id: string; edition: NonNullable<PublishQuote['edition']>; lang: Lang; isDisabled: boolean; isChecked: boolean; onChange: (isChecked: boolean) => void;
}) {
  const names = { source: pageWord(LANGUAGE_WORD[edition.source_lang], lang), edition: pageWord(LANGUAGE_WORD[edition.lang], lang) };
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

/** A description's HTML (only the stores' tags, made on the server) as paragraphs of plain text. */
function descriptionParagraphs(html: string): string[] {
  const text = (part: string) => part.replace(/<[^>]*>/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
  return html.split(/<\/(?:p|li|h4|h5|h6)>|<br>/).map(text).filter(Boolean);
}

/** The checks that ask the writer to act (failed, warned, or to check by hand); the rest passed or do not apply. */
const needsAction = (status: CheckStatus) => status === 'fail' || status === 'warn' || status === 'check';

/**
 * One channel: its verdict, then what needs the writer's action (each with its fix and the rule it comes from),
 * then what passed folded into one line (opened, the passed checks' labels).
 */
function ChannelChecks({ id, channel, lang }: { id: string; channel: ChannelReport; lang: Lang }) {
  const actions = channel.checks.filter((c) => needsAction(c.status));
  const rest = channel.checks.filter((c) => !needsAction(c.status));
  const passed = rest.filter((c) => c.status === 'pass').length;
  return (
    <li className="rounded border border-gray-200 p-3 dark:border-neutral-700" data-testid="channel" data-channel={id} data-ready={channel.ready}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">{channel.name}</h4>
        <span className={`text-xs font-medium ${channel.ready ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'}`}>
          {pageWord(channel.ready ? 'channelReady' : 'channelNotReady', lang)}
        </span>
      </div>
      {actions.length > 0 && (
        <ul className="mt-2 space-y-2" aria-label={pageWord('checksToAct', lang)}>
          {actions.map((check) => <CheckLine key={check.id} check={check} lang={lang} />)}
        </ul>
      )}
      {rest.length > 0 && (
        <details className="mt-2 text-sm" data-testid="readiness-passed">
          <summary className="cursor-pointer text-gray-700 dark:text-gray-300">{pageWord('checksPassed', lang, { n: passed })}</summary>
          <ul className="mt-1 space-y-1">
            {rest.map((check) => <CheckLine key={check.id} check={check} lang={lang} isBrief />)}
          </ul>
        </details>
      )}
    </li>
  );
}

/** One check: its status, label and (unless brief) what was found, what to fix and the rule. */
function CheckLine({ check, lang, isBrief = false }: { check: ChannelReport['checks'][number]; lang: Lang; isBrief?: boolean }) {
  const status = STATUS[check.status];
  const Icon = status.icon;
  // The check's words in the studio's language (the package keeps them as texts).
  const words = checkWords(check, lang, 'studio');
  return (
    <li className="flex items-start gap-2 text-sm" data-testid="readiness-check" data-check={check.id} data-status={check.status}>
      <Icon className={`mt-0.5 h-4 w-4 shrink-0 ${status.className}`} aria-hidden="true" />
      <div className="min-w-0">
        <span className="sr-only">{pageWord(status.word, lang)}: </span>
        <span>{words.label}</span>
        {!isBrief && words.detail && <span className="block break-words text-xs text-gray-600 dark:text-gray-400">{words.detail}</span>}
        {!isBrief && words.fix && <span className="block text-xs text-gray-700 dark:text-gray-300" data-testid="readiness-fix">{pageWord('checkFix', lang, { fix: words.fix })}</span>}
        {!isBrief && <SourceLine source={check.source} lang={lang} />}
      </div>
    </li>
  );
}

/** The stores' help centres as a Malay page names them. */
const SOURCE_NAMES_MS: ReadonlyArray<readonly [string, string]> = [
  ['KDP Help', 'Bantuan KDP'],
  ['Google Play Books Partner Center Help', 'Bantuan Pusat Rakan Kongsi Google Play Books'],
  ['Kobo Writing Life User Guide', 'Panduan Pengguna Kobo Writing Life'],
  ['Google Books Program Policies', 'Dasar Program Google Books'],
];

/** Where a check's rule comes from: its name as a link to the page (no raw address), in a colour that reads. */
function SourceLine({ source, lang }: { source: string; lang: Lang }) {
  // Karya's own rules (a sentence in English in the package) are named in the writer's language.
  const found = /^Karya\b/.test(source) ? { text: pageWord('sourceKarya', lang) } : sourceLink(source);
  // The help centre's name in the writer's language; the page's own title (in quotes) stays as the page has it.
  const link = lang === 'ms' ? { ...found, text: SOURCE_NAMES_MS.reduce((t, [en, ms]) => (t.startsWith(en) ? ms + t.slice(en.length) : t), found.text) } : found;
  const [before = '', after = ''] = pageWord('checkSource', lang, { source: '\u0000' }).split('\u0000');
  return (
    <span className="block break-words text-xs text-gray-600 dark:text-gray-300" data-testid="readiness-source">
      {before}
      {link.url ? <a href={link.url} target="_blank" rel="noreferrer" className="underline">{link.text}</a> : link.text}
      {after}
    </span>
  );
}

/** A package: the cover, description and keywords made, each channel's checks, and its files and zip to download. */
function PackageReport({ pkg, bookType, lang }: { pkg: KdpPackage; bookType: string; lang: Lang }) {
  const channels = Object.entries(pkg.channels) as Array<[string, ChannelReport]>;
  const readyCount = channels.filter(([, c]) => c.ready).length;
  const fileUrl = (file: string) => fileHref('GET /books/:bookType/publish/package/:file', { params: { bookType, file } });
  const coverFile = pkg.files.find((f) => f === 'cover.jpg') ?? pkg.files.find((f) => f === 'cover.png');
  return (
    <div className="mt-6 border-t border-gray-200 pt-4 dark:border-neutral-700" data-testid="readiness">
      <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
        {coverFile && (
          <figure>
            <img src={fileUrl(coverFile)} alt={pageWord('packageCover', lang)} className="w-32 rounded shadow" data-testid="package-cover" />
            <figcaption className="mt-1 text-xs text-gray-500 dark:text-gray-400">{pageWord('packageCover', lang)}</figcaption>
          </figure>
        )}
        <div className="min-w-0 text-sm">
          <p className="font-semibold">{pkg.title}{pkg.subtitle ? `: ${pkg.subtitle}` : ''}</p>
          {pkg.author && <p className="text-gray-600 dark:text-gray-400">{pkg.author}</p>}
          {pkg.publish_on && <p className="mt-1 font-medium" data-testid="package-publish-on">{pageWord('packagePublishOn', lang, { date: pkg.publish_on })}</p>}
          <h4 className="mt-3 text-xs font-semibold uppercase text-gray-500 dark:text-gray-400">{pageWord('packageDescription', lang)}</h4>
          <div data-testid="package-description">
            {descriptionParagraphs(pkg.description).map((p, i) => <p key={i} className="mt-1">{p}</p>)}
          </div>
          <h4 className="mt-3 text-xs font-semibold uppercase text-gray-500 dark:text-gray-400">{pageWord('packageKeywords', lang)}</h4>
          <ul className="mt-1 flex flex-wrap gap-1" data-testid="package-keywords">
            {pkg.keywords.map((k) => <li key={k} className="rounded bg-gray-100 px-2 py-0.5 text-xs dark:bg-neutral-800">{k}</li>)}
          </ul>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{pageWord('readinessTitle', lang)}</h3>
        <p className={`text-sm font-medium ${pkg.ready ? 'text-green-700 dark:text-green-400' : 'text-amber-700 dark:text-amber-400'}`} data-testid="readiness-summary">
          {pkg.ready ? pageWord('readinessReady', lang) : readyCount ? pageWord('readinessNotReady', lang, { n: readyCount }) : pageWord('readinessNone', lang)}
        </p>
      </div>
      <ul className="mt-3 space-y-3">
        {/* The stores that need the writer's action first. */}
        {[...channels].sort(([, a], [, b]) => Number(a.ready) - Number(b.ready)).map(([id, channel]) => <ChannelChecks key={id} id={id} channel={channel} lang={lang} />)}
      </ul>
      <h3 className="mt-4 text-sm font-semibold">{pageWord('packageFiles', lang)}</h3>
      <ul className="mt-2 flex flex-wrap gap-2" data-testid="package-files">
        {pkg.files.map((file) => (
          <li key={file}>
            <a href={fileUrl(file)} download={file} className="btn-secondary text-xs" data-testid="package-file">
              <Download className="h-3 w-3" aria-hidden="true" /> {file}
            </a>
          </li>
        ))}
      </ul>
      <a href={fileHref('GET /books/:bookType/publish/package', { params: { bookType } })} download className="btn-secondary mt-4 w-full" data-testid="package-download">
        <Download className="h-4 w-4" aria-hidden="true" /> {pageWord('downloadPackage', lang)}
      </a>
    </div>
  );
}
