// The book page's settings side: the settings form (folded away on a phone once locked), the next step's
// heading, counter and chapter title, what the book costs, the generate button with the step's cost, and
// Start New; on a phone the same next action stays in reach at the bottom of the screen.
import { useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Lock, RotateCcw } from 'lucide-react';
import type { BookSpec, BookView, FormModel, Lang, StepRef } from '../engine.js';
import { SettingsFields, type SettingsFormApi } from './form.js';
import { ProcessSteps } from './parts.js';
import { pageWord } from './words.js';
import { formatNumber } from '../i18n/index.js';
import { stepWord } from './stepWords.js';

const WARNING_CLASS = [
  'mt-4 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800',
  'dark:bg-amber-950/40 dark:text-amber-300',
].join(' ');
const START_BUTTON_CLASS =
  'btn-primary mt-6 w-full flex-col gap-0 py-2.5 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';
const MOBILE_BAR_CLASS = [
  'fixed inset-x-0 bottom-0 z-20 border-t border-gray-200 bg-white/95 px-4 py-2 backdrop-blur lg:hidden',
  'dark:border-neutral-700 dark:bg-neutral-900/95',
].join(' ');

/** The next action as both buttons show it: its words, whether it waits, and its cost line. */
export type NextAction = {
  step: StepRef | null;
  isBusy: boolean;
  text: string;
  /** The step's cost as shown under the button (the shortfall said when short), absent while busy. */
  costLine: string | null;
};

export function SettingsPanel(props: {
  form: FormModel;
  spec: BookSpec;
  view: BookView | null;
  ui: Lang;
  formId: string;
  api: SettingsFormApi;
  isBook: boolean;
  isLocked: boolean;
  isLoading: boolean;
  chapterTitleField: string | undefined;
  showChapterTitle: boolean;
  have: number;
  isAdmin: boolean;
  costLeft: number;
  stepCostText: string;
  hasStarted: boolean;
  next: NextAction;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onSubmit: (e: FormEvent) => void;
  onStartNew: () => void;
}) {
  const { form, spec, view, ui, formId, api, isBook, isLocked, isLoading, chapterTitleField, next } = props;
  return (
    <form
      id={formId}
      onSubmit={props.onSubmit}
      noValidate
      className="card p-5"
      aria-label={form.title[ui]}
      data-testid="settings-form"
    >
      <SettingsFold formId={formId} isLocked={isLocked} ui={ui}>
        <SettingsFields
          form={form}
          api={api}
          lang={ui}
          isLocked={isLocked || isLoading}
          hidden={chapterTitleField ? [chapterTitleField] : []}
        />
      </SettingsFold>
      {isLocked && (
        <p className={WARNING_CLASS} data-testid="locked-note">
          <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" /> {pageWord('lockedNote', ui)}
        </p>
      )}
      {isBook && (
        <NextStepProgress
          {...{ form, spec, view, ui, api, isLoading }}
          chapterTitleField={props.showChapterTitle ? chapterTitleField : undefined}
        />
      )}
      {isBook && view && view.next && (
        <BookCost
          view={view}
          ui={ui}
          have={props.have}
          isAdmin={props.isAdmin}
          costLeft={props.costLeft}
          stepCostText={props.stepCostText}
        />
      )}
      {!isBook && form.cost > 1 && (
        <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">{pageWord('costNote', ui, { n: form.cost })}</p>
      )}
      <button
        ref={props.buttonRef}
        type="submit"
        className={START_BUTTON_CLASS}
        aria-disabled={next.isBusy || !next.step ? true : undefined}
        data-testid="generate-button"
      >
        <span data-testid="generate-label">{next.text}</span>
        {next.costLine !== null && (
          <span className="text-xs font-normal" data-testid="step-cost">
            {next.costLine}
          </span>
        )}
      </button>
      {(props.hasStarted || (isBook && !next.step)) && (
        <button type="button" className="btn-secondary mt-2 w-full" onClick={props.onStartNew} disabled={isLoading}>
          <RotateCcw className="h-4 w-4" aria-hidden="true" /> {pageWord('startNewBook', ui)}
        </button>
      )}
    </form>
  );
}

/**
 * The settings' heading and fields: on a phone they fold away once the book has started (they are locked then); a
 * button shows them.
 */
function SettingsFold({
  formId,
  isLocked,
  ui,
  children,
}: {
  formId: string;
  isLocked: boolean;
  ui: Lang;
  children: ReactNode;
}) {
  const [isSettingsShown, setIsSettingsShown] = useState(false);
  return (
    <>
      <div className="mb-4 flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-gray-700 dark:text-gray-300">{pageWord('settings', ui)}</h2>
        {isLocked && (
          <button
            type="button"
            className="btn-ghost px-2 py-1 text-xs lg:hidden"
            aria-expanded={isSettingsShown}
            aria-controls={`${formId}-fields`}
            onClick={() => setIsSettingsShown((v) => !v)}
            data-testid="settings-toggle"
          >
            {pageWord(isSettingsShown ? 'hideSettings' : 'showSettings', ui)}
          </button>
        )}
      </div>
      <div id={`${formId}-fields`} className={isLocked && !isSettingsShown ? 'hidden lg:block' : undefined}>
        {children}
      </div>
    </>
  );
}

/**
 * A book's next step: its heading and counter, the chapter title field (`chapterTitleField`, when the step asks for
 * it) and the steps of the process.
 */
function NextStepProgress({
  form,
  spec,
  view,
  ui,
  api,
  isLoading,
  chapterTitleField,
}: {
  form: FormModel;
  spec: BookSpec;
  view: BookView | null;
  ui: Lang;
  api: SettingsFormApi;
  isLoading: boolean;
  chapterTitleField: string | undefined;
}) {
  return (
    <div className="mt-6 border-t border-gray-200 pt-4 dark:border-neutral-700">
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold" data-testid="chapter-heading">
          {view?.next ? stepWord(spec, view.next, ui) : pageWord('writingProgress', ui)}
        </h2>
        <span
          className="text-sm tabular-nums text-gray-600 dark:text-gray-400"
          data-testid="chapter-counter"
          aria-describedby="chapter-counter-help"
        >
          {view?.counter.current ?? 0} / {view?.counter.total ?? 0}
        </span>
      </div>
      <p
        id="chapter-counter-help"
        className="mt-0.5 text-right text-xs text-gray-500 dark:text-gray-400"
        data-testid="chapter-counter-help"
      >
        {pageWord('counterHelp', ui)}
      </p>
      {chapterTitleField && (
        <div className="mt-3">
          <SettingsFields form={form} api={api} lang={ui} only={[chapterTitleField]} isLocked={isLoading} />
        </div>
      )}
      {view && <ProcessSteps spec={spec} book={view} lang={ui} />}
    </div>
  );
}

/** What the whole book (or what is left of it) costs, against the writer's credits. */
function BookCost({
  view,
  ui,
  have,
  isAdmin,
  costLeft,
  stepCostText,
}: {
  view: BookView;
  ui: Lang;
  have: number;
  isAdmin: boolean;
  costLeft: number;
  stepCostText: string;
}) {
  return (
    <div className="mt-4 rounded-lg bg-gray-50 px-3 py-2 text-sm dark:bg-neutral-800/60" data-testid="book-cost">
      <p className="font-medium">
        {view.parts.length === 0 && view.outline === null
          ? pageWord('bookCost', ui, { total: view.cost.total, have: formatNumber(have, ui) })
          : pageWord('bookCostLeft', ui, { n: view.cost.remaining, have: formatNumber(have, ui) })}
      </p>
      <p className="text-xs text-gray-600 dark:text-gray-400">{pageWord('bookCostWhy', ui, { n: stepCostText })}</p>
      {!isAdmin && costLeft > have && (
        <p className="mt-1 text-xs font-medium text-amber-700 dark:text-amber-400" data-testid="book-cost-short">
          {pageWord('bookCostShort', ui, { n: costLeft - have })}
        </p>
      )}
    </div>
  );
}

/** Phones: the next action and its cost stay in reach at the bottom of the screen (it submits the form). */
export function StickyNext({
  formId,
  next,
  stickyRef,
}: {
  formId: string;
  next: NextAction;
  stickyRef: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <div className={MOBILE_BAR_CLASS} data-testid="sticky-next">
      <button
        ref={stickyRef}
        type="submit"
        form={formId}
        className="btn-primary w-full flex-col gap-0 py-2 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        aria-disabled={next.isBusy || !next.step ? true : undefined}
        data-testid="sticky-generate"
      >
        <span>{next.text}</span>
        {next.costLine !== null && <span className="text-xs font-normal">{next.costLine}</span>}
      </button>
    </div>
  );
}
