// Running a step from the book page: the step in flight (its part's heading, its chapter title, the
// toasts' language), what its answer does (the book or the piece shown, credits, one result toast, the
// chapter title cleared), what a refused or failed step does (stepFailure.ts), a step followed instead of
// streamed (useFollowStep.ts), and the keyboard's focus kept with the generate button through it.
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import {
  outlineToast,
  type BookSpec,
  type DonePayload,
  type FormModel,
  type Lang,
  type RunSoFar,
  type StepRef,
} from '../engine.js';
import type { ApiError } from '../lib/api.js';
import { useAuth } from '../lib/auth.js';
import type { SettingsFormApi } from './form.js';
import { stepFailure } from './stepFailure.js';
import { useFollowStep } from './useFollowStep.js';
import { useGeneration } from './useGeneration.js';
import type { SavedBook } from './useSavedBook.js';
import { pageWord } from './words.js';
import { formatNumber } from '../i18n/index.js';
import { topUpHref } from '../lib/topup.js';

/** The step asked for: `label` the heading of the part being written (the book's text), `lang` the toasts' language. */
export type PendingStep = { step: StepRef; label: string; chapterTitle?: string; lang: Lang };

export type StepRun = ReturnType<typeof useStepRun>;

export function useStepRun(page: {
  form: FormModel;
  spec: BookSpec;
  ui: Lang;
  methods: SettingsFormApi['methods'];
  chapterTitleField: string | undefined;
  saved: SavedBook;
}) {
  const { form, spec, ui, methods, saved } = page;
  const isBook = spec.kind === 'book';
  const { isAdmin, setCredits, refresh, setUser } = useAuth();
  const navigate = useNavigate();
  const focus = useStepFocus();
  // The callbacks of the request in flight see the step it asked for.
  const pendingRef = useRef<PendingStep | null>(null);
  // What the last step written here spent and the book's time left at its pace (the server's `so_far`).
  const [lastSoFar, setLastSoFar] = useState<RunSoFar | null>(null);
  const followPending = (text: string) =>
    follow.setFollowing({ text, step: pendingRef.current?.step ?? null, label: pendingRef.current?.label ?? '' });

  const onDone = (payload: DonePayload, { step, lang: l }: PendingStep) => {
    focus.refocus();
    // The note on the book found on entry has done its work once the writer goes on with it.
    saved.setResumed(null);
    setCredits(payload.credits_available);
    setLastSoFar(payload.so_far ?? null);
    void refresh();
    if (isBook) {
      if (payload.book) saved.setBook(payload.book);
      else void saved.resync();
      if (page.chapterTitleField) methods.setValue(page.chapterTitleField, '');
    } else {
      saved.setOutput({ text: payload.content, ...(payload.image ? { image: payload.image } : {}) });
    }
    // One result toast at a time: a quick run of steps replaces it instead of piling toasts up.
    // The server's outline toast is in the book's language; the page's toasts speak the studio's.
    if (step.kind === 'outline') toast.success(outlineToast(spec, l), { id: 'generation-result' });
    else if (payload.is_cached) toast.success(pageWord('sharedCheck', l), { id: 'generation-result' });
    else
      toast.success(pageWord('successToast', l, { n: formatNumber(payload.credits_available, l) }), {
        id: 'generation-result',
      });
    // What was done to the answer (assistant remarks taken out, an answer asked again, the time-out), in the
    // server's words and the book's language.
    if (payload.notes?.length)
      toast(payload.notes.map((n) => n.message).join('\n'), { id: 'generation-notes', icon: 'ⓘ', duration: 8000 });
    // The writer's stopped draft, continued, came back written again from its start: where their draft is kept.
    if (payload.restarted_version !== undefined)
      toast(pageWord('wroteMoreRestarted', l, { n: payload.restarted_version }), {
        id: 'generation-restarted',
        duration: 10_000,
      });
  };

  const onFailure = (e: ApiError, l: Lang, streamed: string): boolean => {
    focus.refocus();
    // Stopped by the writer (stopStep): the stop's answer shows the draft kept.
    if (isBook && e.code === 'step_stopped') return true;
    // The connection went mid-stream: the server writes the step to its end; follow the book, keep the text.
    if (isBook && e.code === 'stream_lost') {
      followPending(streamed);
      return true;
    }
    return stepFailure(e, l, {
      form,
      isBook,
      isImage: spec.kind === 'image',
      isAdmin,
      follow: () => followPending(''),
      resync: () => void saved.resync(),
      signOut: () => setUser(null),
      toUpgrade: () => navigate(topUpHref(), { state: { needed: form.cost, tool: form.title[ui] } }),
      fieldError: (name, message) => methods.setError(name, { type: 'server', message }),
    });
  };

  const generation = useGeneration(form.id, ui, {
    onDone: (payload) => {
      if (pendingRef.current) onDone(payload, pendingRef.current);
    },
    onFailure: (e, streamed) => onFailure(e, pendingRef.current?.lang ?? ui, streamed),
  });
  // A step the server writes while this page is not streaming it.
  const follow = useFollowStep(form.bookType, ui, saved.book, saved.setBook, generation.isLoading, isBook);
  return { generation, follow, pendingRef, lastSoFar, ...focus };
}

/**
 * Focus stays with the generate button through a step (it is never disabled under the keyboard's focus)
 * and comes back to it after the step, unless the reader has moved on to another control.
 */
function useStepFocus() {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const stickyRef = useRef<HTMLButtonElement>(null);
  const refocus = () => {
    requestAnimationFrame(() => {
      const active = document.activeElement;
      // No scroll for it: on a phone the reader stays with the text (the sticky bar has the next action).
      if (!active || active === document.body || active === buttonRef.current)
        buttonRef.current?.focus({ preventScroll: true });
    });
  };
  return { buttonRef, stickyRef, refocus };
}
