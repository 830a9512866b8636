// The Publish panel of a finished book: what a package costs before anything is spent, publishing it with
// the author name, paperback trim and paper (the server runs and charges each step), the writer's own cover
// picture (CoverUpload.tsx), then the package made (PackageReport.tsx): per channel (KDP eBook, KDP paperback,
// Google Play Books, Kobo) its readiness checks, the cover, description and keywords made, each file and the
// zip to download. The package made last is shown again on the next visit. Words in the studio language
// (the page's `lang`). The form's fields: PublishFields.tsx.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import type { Lang } from '../engine.js';
import type { KdpPackage, PublishQuote } from '../engine.js';
import { ApiError, call } from '../lib/api.js';
import { callShowingWaits } from '../lib/model-wait.js';
import { useAuth } from '../lib/auth.js';
import { panelWord } from './panelWords.js';
import { BookSourceField } from '../components/SourceField.js';
import { useLang } from '../i18n/index.js';
import { CoverUpload } from './CoverUpload.js';
import { PackageReport } from './PackageReport.js';
import { topUpHref } from '../lib/topup.js';
import {
  AuthorField,
  BilingualChoice,
  failureOf,
  PublishButton,
  PublishFailure,
  QuoteStatus,
  TitleField,
  type Failure,
} from './PublishFields.js';
import { PaperbackChoices, type AiText, type Paper, type Trim } from './PaperbackChoices.js';

/**
 * The credits of a package: the quote's, without the pen-name step when the author is named, nor the title step when
 * the title is.
 */
function costOf(quote: PublishQuote, given: { isAuthorGiven: boolean; isTitleGiven: boolean }): number {
  const saved = (part: string, isGiven: boolean) => {
    const step = quote.steps.find((s) => s.part === part);
    return isGiven && step && !step.skipped ? step.cost : 0;
  };
  return quote.cost - saved('author', given.isAuthorGiven) - saved('title', given.isTitleGiven);
}

export function PublishPanel({ bookType, lang }: { bookType: string; lang: Lang }) {
  const { user, isAdmin } = useAuth();
  const authorId = useId();
  const { trim, pickTrim, setBookTrim } = useTrim();
  const { quote, hasLoadFailed, pkg, setPkg, author, typeAuthor, load } = usePublishQuote(bookType, setBookTrim);
  // The writer's own title (an untitled manuscript's): the title step is not run.
  const [title, setTitle] = useState('');
  const [paper, setPaper] = useState<Paper>('white');
  // '' keeps the level derived from who wrote each part; a level is the writer's correction.
  const [aiText, setAiText] = useState<AiText | ''>('');
  // A translated edition may be published with its source, each paragraph followed by its translation.
  const [isBilingual, setIsBilingual] = useState(false);
  const cost = quote ? costOf(quote, { isAuthorGiven: author.trim() !== '', isTitleGiven: title.trim() !== '' }) : 0;
  const { publish, isPublishing, failure, setFailure } = usePublishing({
    bookType,
    lang,
    cost,
    load,
    setPkg,
    body: () => ({ author, title, trim, paper, aiText, isBilingual: isBilingual && Boolean(quote?.edition) }),
  });
  const credits = user?.credits_available ?? 0;
  // What every field of the form is given: the page's language, and disabled while the package is made.
  const field = { lang, isDisabled: isPublishing };

  return (
    <section className="card mt-6 p-5" aria-labelledby="publish-h" data-testid="publish-panel">
      <h2 id="publish-h" className="text-base font-semibold">
        {panelWord('publishTitle', lang)}
      </h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{panelWord('publishIntro', lang)}</p>
      <QuoteStatus quote={quote} hasLoadFailed={hasLoadFailed} lang={lang} />
      {quote && (
        <form onSubmit={publish} className="mt-4" noValidate>
          <TitleField id={`${authorId}-title`} value={title} {...field} onChange={setTitle} />
          <AuthorField id={authorId} value={author} {...field} onChange={typeAuthor} />
          <PaperbackChoices
            id={authorId}
            quote={quote}
            {...field}
            trim={trim}
            paper={paper}
            aiText={aiText}
            onTrim={pickTrim}
            onPaper={setPaper}
            onAiText={setAiText}
          />
          {quote.edition && (
            <BilingualChoice
              id={authorId}
              edition={quote.edition}
              {...field}
              isChecked={isBilingual}
              onChange={setIsBilingual}
            />
          )}
          {quote.book_id !== undefined && <BookSourceField bookId={quote.book_id} />}
          {quote.book_id !== undefined && (
            <CoverUpload bookId={quote.book_id} cover={quote.cover ?? null} {...field} onChange={() => void load()} />
          )}
          <PublishButton
            cost={cost}
            shortOf={!isAdmin && credits < cost ? credits : null}
            isPublishing={isPublishing}
            isAgain={pkg !== null}
            lang={lang}
          />
        </form>
      )}
      {failure && <PublishFailure failure={failure} lang={lang} onDismiss={() => setFailure(null)} />}
      {pkg && <PackageReport pkg={pkg} bookType={bookType} lang={lang} onEdited={setPkg} />}
    </section>
  );
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
 * The publish quote of a book (what a package costs, the package made last), loaded again by `load`; and the author
 * the package goes out under: the one the book is kept under fills the field until the writer types another
 * (`typeAuthor`; publishing again keeps it).
 */
function usePublishQuote(bookType: string, setBookTrim: (trim: Trim) => void) {
  const [quote, setQuote] = useState<PublishQuote | null>(null);
  const [hasLoadFailed, setHasLoadFailed] = useState(false);
  const [pkg, setPkg] = useState<KdpPackage | null>(null);
  const [author, setAuthor] = useState('');
  const isAuthorTyped = useRef(false);
  const load = useCallback(async () => {
    try {
      const q = await call('GET /books/:bookType/publish', { params: { bookType } });
      setQuote(q);
      setBookTrim(q.trim);
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
  const typeAuthor = (name: string) => {
    isAuthorTyped.current = true;
    setAuthor(name);
  };
  return { quote, hasLoadFailed, pkg, setPkg, author, typeAuthor, load };
}

/**
 * Publishing the book: the package made (`setPkg`) and the credits left, or the failure kept on the page until
 * dismissed or published again; a writer short of credits is sent to top up (the upgrade page speaks the studio
 * language). The quote is loaded again after a failure: steps before a failing one stay charged, and a dropped
 * connection may still have made the package.
 */
function usePublishing({
  bookType,
  lang,
  cost,
  load,
  setPkg,
  body: bodyOf,
}: {
  bookType: string;
  lang: Lang;
  cost: number;
  load: () => Promise<void>;
  setPkg: (pkg: KdpPackage) => void;
  body: () => { author: string; title: string; trim: Trim; paper: Paper; aiText: AiText | ''; isBilingual: boolean };
}) {
  const { lang: studioLang } = useLang();
  const { isAdmin, setCredits, refresh } = useAuth();
  const navigate = useNavigate();
  const [isPublishing, setIsPublishing] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const publish = async (e: FormEvent) => {
    e.preventDefault();
    if (isPublishing) return;
    setIsPublishing(true);
    setFailure(null);
    try {
      const { author, title, trim, paper, aiText, isBilingual } = bodyOf();
      const name = author.trim();
      const ownTitle = title.trim();
      const body = {
        ...(name ? { author: name } : {}),
        ...(ownTitle ? { title: ownTitle } : {}),
        trim,
        paper,
        ...(aiText ? { aiText } : {}),
        ...(isBilingual ? { bilingual: true } : {}),
      };
      const made = await callShowingWaits('POST /books/:bookType/publish', { params: { bookType }, body });
      setPkg(made.package);
      setCredits(made.credits_available);
      toast.success(panelWord('publishDone', lang), { id: 'publish-result' });
    } catch (error) {
      setFailure(failureOf(error, lang));
      if (error instanceof ApiError && error.status === 402 && !isAdmin) {
        navigate(topUpHref(), { state: { needed: cost, tool: panelWord('publishTitle', studioLang) } });
      }
      void load();
    } finally {
      void refresh();
      setIsPublishing(false);
    }
  };
  return { publish, isPublishing, failure, setFailure };
}
