// Generate on the book page: what the button does first (a stopped draft to settle, too few credits,
// chapter cards typed but not saved), then the step asked, with the settings checked (or the locked book's
// own) and the chapter title typed; the chapter cards waiting to be saved are held here.
import { useRef, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import {
  catalogueMessage,
  stepLabel,
  type BookSpec,
  type BookView,
  type FormModel,
  type Lang,
  type Settings,
} from '../engine.js';
import type { SettingsFormApi } from './form.js';
import { pieceStep, type BookStep } from './nextStep.js';
import type { ChapterEdit } from './chapterCards.js';
import type { StepRun } from './useStepRun.js';
import { pageWord } from './words.js';
import { topUpHref } from '../lib/topup.js';
import { scrollMotion } from '../lib/motion.js';

export function useSubmitStep(page: {
  form: FormModel;
  spec: BookSpec;
  ui: Lang;
  methods: SettingsFormApi['methods'];
  chapterTitleField: string | undefined;
  book: BookView | null;
  shown: BookStep;
  run: StepRun;
  /** The stopped draft of the next part, which the writer settles first. */
  stopped: { label: string } | null;
  isShort: boolean;
  stepCost: number;
  saveChapters: (chapters: ChapterEdit[]) => Promise<string | null>;
}) {
  const { form, spec, ui, methods, chapterTitleField, shown, run } = page;
  const { step, view } = shown;
  const isBook = spec.kind === 'book';
  const navigate = useNavigate();
  // The chapter cards not saved yet (OutlineChapters.tsx), and a save of them under way for Generate.
  const pendingChapters = useRef<ChapterEdit[] | null>(null);
  const isSavingChapters = useRef(false);

  const start = (settings: Settings) => {
    if (!step) return;
    if (isBook && view && view.total_chapters === 0) {
      toast.error(catalogueMessage('invalid_chapters', ui));
      return;
    }
    const chapterTitle =
      chapterTitleField && step.kind === 'chapter' ? String(methods.getValues(chapterTitleField) ?? '').trim() : '';
    const label = view?.next?.label ?? stepLabel(pieceStep(spec), shown.lang, spec);
    run.pendingRef.current = { step, label, ...(chapterTitle ? { chapterTitle } : {}), lang: ui };
    // The preview follows the text as it arrives (on phones the page scrolls to it): Manuscript.tsx.
    void run.generation.run({ settings: { ...settings }, ...(chapterTitle ? { chapterTitle } : {}), step });
  };

  const startStep = () => {
    if (shown.isLocked && page.book) {
      start(page.book.settings as Settings);
      return;
    }
    void methods.handleSubmit(
      (settings) => start(settings),
      (errors) => {
        const chaptersField = form.flow.chapterField;
        toast.error(
          chaptersField && errors[chaptersField]
            ? catalogueMessage('invalid_chapters', ui)
            : pageWord('fixHighlighted', ui),
        );
      },
    )();
  };

  // Chapter cards typed but not saved go first, so their notes reach their chapters' requests.
  const saveChaptersThenStart = (edits: ChapterEdit[]) => {
    if (isSavingChapters.current) return;
    isSavingChapters.current = true;
    void page.saveChapters(edits).then((failure) => {
      isSavingChapters.current = false;
      if (failure) toast.error(failure, { id: 'generation-result' });
      else startStep();
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (run.generation.isLoading || run.follow.isFollowing || !step) return;
    // A stopped draft of this part is the writer's text: writing the part afresh would replace it, so the
    // button points at the draft's own actions (Discard lets the part be written afresh).
    if (page.stopped) {
      toast(pageWord('stoppedFirst', ui, { part: page.stopped.label }), { id: 'generation-result' });
      document.getElementById('part-stopped')?.scrollIntoView?.({ behavior: scrollMotion(), block: 'start' });
      return;
    }
    // Short of credits for this step: the button says so and leads to buying credits (reading, editing and exporting
    // stay free).
    if (page.isShort) {
      navigate(topUpHref(), { state: { needed: page.stepCost, tool: form.title[ui] } });
      return;
    }
    if (document.activeElement !== run.stickyRef.current) run.buttonRef.current?.focus({ preventScroll: true });
    if (pendingChapters.current) saveChaptersThenStart(pendingChapters.current);
    else startStep();
  };

  return { submit, pendingChapters };
}
