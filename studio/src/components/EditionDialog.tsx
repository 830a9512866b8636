// "Make a Malay edition" / "Buat edisi Bahasa Inggeris": the edition of a book in the other language, its cost
// said before anything is charged, its glossary editable before it starts, then made part by part with a progress
// bar; a part that cannot be had is named (its credits given back) and a second start goes on from it.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Languages } from 'lucide-react';
import { editionName, makeEditionWords, useT } from '../i18n/index.js';
import { durationIn, type EditionOffer, type Lang, type MyBook, type RunSoFar } from '../engine.js';
import { Dialog } from './Dialog.js';
import { Spinner } from './Spinner.js';
import { GlossaryTable } from './GlossaryTable.js';
import { useEditionOffers, useStartEdition, type Run } from './useEdition.js';
import '../i18n/editions.js'; // the studio-editions words it shows load with it (i18n/shared.ts)

export function EditionDialog({ book, onClose, onMade }: { book: MyBook; onClose: () => void; onMade: () => void }) {
  const { t, lang: ui } = useT();
  const { offer, loadFailed, reload } = useEditionOffers(book.id);
  const [run, setRun] = useState<Run>({ state: 'idle' });
  // Every language of the table the book can have an edition in (the server's offers); the first not made whole
  // yet is chosen first.
  const [choice, setChoice] = useState<Lang | null>(null);
  const offers = offer?.offers ?? [];
  const chosen: EditionOffer | null =
    offers.find((o) => o.to === choice) ?? offers.find((o) => o.cost.remaining > 0) ?? offer?.offer ?? null;
  const to = chosen?.to;
  const language = to ? editionName(to, ui) : '';
  const start = useStartEdition(book.id, setRun, { reload, onMade });
  const isRunning = run.state === 'running';
  const title = to ? makeEditionWords(to, ui, book.title).text : t('edition.loading');
  const left = run.state === 'done' ? run.answer.untranslated : [];
  const footer = chosen ? (
    <EditionButtons
      offer={chosen}
      run={run}
      onClose={onClose}
      onStart={() => {
        // Held while it runs and after: the offers read again must not move the dialog to another language.
        setChoice(chosen.to);
        void start(chosen);
      }}
    />
  ) : undefined;
  const pick = (l: Lang) => {
    setChoice(l);
    setRun({ state: 'idle' });
  };
  return (
    <Dialog
      isOpen
      title={title}
      onClose={isRunning ? undefined : onClose}
      size="lg"
      testId="edition-dialog"
      {...(footer ? { footer } : {})}
    >
      {loadFailed ? (
        <p role="alert">{t('edition.loadFailed')}</p>
      ) : !offer ? (
        <Spinner label={t('edition.loading')} />
      ) : (
        chosen && (
          <div className="space-y-3">
            {offers.length > 1 && (
              <LanguagePick offers={offers} value={chosen.to} isDisabled={isRunning} onChange={pick} />
            )}
            <p>{t('edition.intro', { language, title: book.title })}</p>
            <EditionCost offer={chosen} />
            <p className="text-xs text-gray-600 dark:text-gray-400">{t('edition.charging')}</p>
            {chosen.is_running && <p role="status">{t('edition.running')}</p>}
            <EditionProgress run={run} />
            {run.state === 'done' && !left.length && (
              <p role="status" className="font-medium text-green-700 dark:text-green-400">
                {run.answer.edition.parts_done === run.answer.edition.parts_total
                  ? t('edition.done', { language })
                  : t('edition.nothingToDo')}
              </p>
            )}
            {left.length > 0 && (
              <div role="alert" data-testid="edition-untranslated">
                <ul className="list-disc pl-5 text-amber-800 dark:text-amber-300">
                  {left.map((p) => (
                    <li key={p.position}>{t('edition.left', { label: p.label, n: p.paragraphs.length })}</li>
                  ))}
                </ul>
              </div>
            )}
            {run.state === 'failed' && (
              <p role="alert" className="text-red-700 dark:text-red-400" data-testid="edition-failed">
                {run.message}
              </p>
            )}
            {run.state !== 'done' && (
              <GlossaryTable key={chosen.to} bookId={book.id} from={book.lang} to={chosen.to} isRunning={isRunning} />
            )}
          </div>
        )
      )}
    </Dialog>
  );
}

/** What the edition costs, and what is left to pay of it once a run stopped part way. */
function EditionCost({ offer }: { offer: EditionOffer }) {
  const { t } = useT();
  const { cost } = offer;
  return (
    <p
      className="rounded-lg bg-brand-50 px-3 py-2 font-medium text-brand-700 dark:bg-neutral-800 dark:text-brand-400"
      data-testid="edition-cost"
    >
      {t('edition.cost', { n: cost.total, total: cost.total, parts: cost.parts, per: cost.per_part })}
      {cost.remaining < cost.total && (
        <span className="block text-xs font-normal">{t('edition.remaining', { remaining: cost.remaining })}</span>
      )}
    </p>
  );
}

/** The parts made so far as a bar, with the time left and the line of the part being made while it runs. */
function EditionProgress({ run }: { run: Run }) {
  const { t, lang } = useT();
  const progress =
    run.state === 'running' || run.state === 'failed'
      ? run
      : run.state === 'done'
        ? { done: run.answer.edition.parts_done, total: run.answer.edition.parts_total }
        : null;
  if (!progress) return null;
  const percent = progress.total ? Math.round((100 * progress.done) / progress.total) : 0;
  return (
    <div data-testid="edition-progress">
      <div className="flex justify-between text-xs text-gray-700 dark:text-gray-300">
        <span>{t('edition.partsDone', { done: progress.done, total: progress.total })}</span>
        {run.state === 'running' && run.soFar && (
          <span data-testid="edition-so-far">{soFarText(run.soFar, t, lang)}</span>
        )}
      </div>
      <div
        className="mt-1 h-2.5 w-full overflow-hidden rounded-full bg-gray-200 dark:bg-neutral-700"
        role="progressbar"
        aria-label={t('edition.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
      {run.state === 'running' && run.line && (
        <p className="mt-1 text-xs text-gray-600 dark:text-gray-400" aria-live="polite">
          {run.line}
        </p>
      )}
    </div>
  );
}

/** Close and "Read it" once it is made whole; otherwise cancel and start (or go on, when part is paid). */
function EditionButtons({
  offer,
  run,
  onClose,
  onStart,
}: {
  offer: EditionOffer;
  run: Run;
  onClose: () => void;
  onStart: () => void;
}) {
  const { t } = useT();
  const isRunning = run.state === 'running';
  if (run.state === 'done' && !run.answer.untranslated.length) {
    return (
      <>
        <button type="button" className="btn-secondary" onClick={onClose}>
          {t('common.close')}
        </button>
        <Link className="btn-primary" to={`/books/${run.answer.edition.id}/side-by-side`} data-autofocus>
          {t('edition.readIt')}
        </Link>
      </>
    );
  }
  return (
    <>
      <button type="button" className="btn-secondary" onClick={onClose} disabled={isRunning}>
        {t('common.cancel')}
      </button>
      <button
        type="button"
        className="btn-primary"
        onClick={onStart}
        disabled={isRunning || offer.is_running}
        data-testid="start-edition"
      >
        {isRunning ? <Spinner label={t('edition.running')} /> : <Languages className="h-4 w-4" aria-hidden="true" />}
        {offer.cost.remaining < offer.cost.total ? t('edition.resume') : t('edition.start')}
      </button>
    </>
  );
}

/**
 * The edition's language, among every one the server offers (each other language of the table); one made whole says
 * so.
 */
function LanguagePick({
  offers,
  value,
  isDisabled,
  onChange,
}: {
  offers: readonly EditionOffer[];
  value: Lang;
  isDisabled: boolean;
  onChange: (to: Lang) => void;
}) {
  const { t, lang: ui } = useT();
  return (
    <label className="block text-sm font-medium">
      {t('edition.language')}
      <select
        className="input mt-1 block w-full"
        value={value}
        disabled={isDisabled}
        onChange={(e) => onChange(e.target.value as Lang)}
        data-testid="edition-language"
      >
        {offers.map((o) => (
          <option key={o.to} value={o.to} lang={o.to}>
            {editionName(o.to, ui)}
            {o.cost.remaining === 0 ? ` (${t('edition.made')})` : ''}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * "about 2 min left · so far: calls 14, credits 3" in the writer's language (its time in its number-words), from the
 * server's figures.
 */
function soFarText(f: RunSoFar, t: ReturnType<typeof useT>['t'], lang: Lang): string {
  const left =
    f.eta_seconds === null
      ? t('edition.timeUnknown')
      : t('edition.timeLeft', { time: durationIn(f.eta_seconds, lang) });
  return `${left} · ${t('edition.soFar', { calls: f.calls, credits: f.credits })}`;
}
