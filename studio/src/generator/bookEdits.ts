// The calls of useBookEdits.ts by what they change: a written part's charged steps (write more, rewrite), its
// versions (free to restore), and the book as a whole (chapter cards, story bible, continuity, characters; free).
// Each answers the book the server now holds, shown by `answering`; a refusal is worded for the card that asked.
import type { BookView, Lang, StepRef } from '../engine.js';
import { call } from '../lib/api.js';
import { callShowingWaits } from '../lib/model-wait.js';
import { pageWord } from './words.js';
import { formatNumber } from '../i18n/index.js';
import { toast } from 'react-hot-toast';

/** The card's own words for a refusal, by what it asked. */
export type FailedWord =
  | 'rewriteFailed'
  | 'versionsFailed'
  | 'editFailed'
  | 'stoppedFailed'
  | 'writeMoreFailed'
  | 'passageFailed'
  | 'voiceFailed';

/** One call answering the book: it is shown, `after` speaks; a refusal is worded with `fallback`. */
export type Answering = <A extends { book: BookView }>(
  ask: () => Promise<A>,
  fallback: FailedWord,
  after: (answer: A) => void,
) => Promise<string | null>;

/** The free edits of the book as a whole (its chapter cards, story bible, continuity findings, character list). */
export function bookEdits({
  answering,
  bookType,
  ui,
  charged,
}: {
  answering: Answering;
  bookType: string;
  ui: Lang;
  charged: (credits: number) => void;
}) {
  const params = { bookType };
  return {
    // The outline as chapters: the unwritten chapters' titles, plans and notes; the book's chapter count,
    // progress and conclusion follow.
    saveChapters: (chapters: Array<{ title: string; plan: string; note?: string }>) =>
      answering(
        () => call('PUT /progress/:bookType/outline', { params, body: { chapters } }),
        'editFailed',
        () => {
          toast.success(pageWord('chaptersSaved', ui), { id: 'edit-result' });
        },
      ),
    // An imported book that ends with the writer's own chapter given more chapters: their outline comes next. Free.
    writeMoreChapters: (chapters: number) =>
      answering(
        () => call('PUT /progress/:bookType/chapters', { params, body: { chapters } }),
        'editFailed',
        () => {
          toast.success(pageWord('moreChaptersDone', ui), { id: 'edit-result' });
        },
      ),
    // The story bible's update tried again for the parts it has not taken in (uncharged, but for an imported
    // book's parts the credits held for its bible did not pay for: then the answer has the balance after).
    // It says what the bible took in: the parts read again and the entries added and dropped.
    // Asked as events: what it waits for (the model, a rate limit and its seconds) is shown meanwhile
    // (lib/model-wait.ts).
    updateBible: () =>
      answering(
        () => callShowingWaits('POST /progress/:bookType/bible/update', { params }),
        'editFailed',
        (answer) => {
          if (answer.credits_available !== undefined) charged(answer.credits_available);
          const { added, removed } = answer.changes;
          toast.success(
            pageWord('bibleUpdated', ui, { parts: answer.parts_read, added: added.length, removed: removed.length }),
            { id: 'edit-result' },
          );
        },
      ),
    // A continuity finding marked as intended: no longer listed, kept with the book (free).
    markIntended: (key: string) =>
      answering(
        () => call('PUT /progress/:bookType/continuity/intended', { params, body: { key, intended: true } }),
        'editFailed',
        () => {
          toast.success(pageWord('continuityMarked', ui), { id: 'edit-result' });
        },
      ),
    // The introduction's character list, edited on its own (the introduction's prose stays as it is): later steps
    // are told it.
    saveCharacters: (text: string) =>
      answering(
        () => call('PUT /progress/:bookType/characters', { params, body: { text } }),
        'editFailed',
        () => {
          toast.success(pageWord('charactersSaved', ui), { id: 'edit-result' });
        },
      ),
    // The story bible edited by hand: the next chapter reads it.
    saveBible: (text: string) =>
      answering(
        () => call('PUT /progress/:bookType/bible', { params, body: { text } }),
        'editFailed',
        () => {
          toast.success(pageWord('bibleSaved', ui), { id: 'edit-result' });
        },
      ),
  };
}

/** A written part's charged steps: Write more, Rewrite (with a note or without), Rewrite toward my voice. */
export function partSteps({
  answering,
  bookType,
  ui,
  charged,
}: {
  answering: Answering;
  bookType: string;
  ui: Lang;
  charged: (credits: number) => void;
}) {
  const params = { bookType };
  return {
    // "Write more" on a short part: charged as a step on the server; the book comes back with the longer text.
    writeMore: (part: StepRef, hash?: string) =>
      answering(
        () => callShowingWaits('POST /progress/:bookType/more', { params, body: { part, ...(hash ? { hash } : {}) } }),
        'writeMoreFailed',
        (answer) => {
          charged(answer.credits_available);
          // The model wrote the part again from its start instead of continuing it: said, with where the writer's text
          // is kept.
          if (answer.restarted_version !== undefined)
            toast(pageWord('wroteMoreRestarted', ui, { n: answer.restarted_version }), {
              id: 'write-more',
              duration: 10_000,
            });
          else toast.success(pageWord('wroteMore', ui, { n: formatNumber(answer.added, ui) }), { id: 'write-more' });
        },
      ),
    // Rewrite (with a note) or write again (without) a written part: charged as a step on the server; the
    // text it replaces is kept as a version, restorable for free.
    rewrite: (part: StepRef, note: string, hash?: string) =>
      answering(
        () =>
          callShowingWaits('POST /progress/:bookType/rewrite', {
            params,
            body: { part, ...(note ? { note } : {}), ...(hash ? { hash } : {}) },
          }),
        'rewriteFailed',
        (answer) => {
          charged(answer.credits_available);
          toast.success(pageWord('rewritten', ui, { n: answer.kept_version }), { id: 'rewrite' });
        },
      ),
    // "Rewrite toward my voice": a rewrite with the voice guidance and what drifted (409 without a sample), charged and
    // kept as a version like any.
    rewriteTowardVoice: (part: StepRef, hash?: string) =>
      answering(
        () =>
          callShowingWaits('POST /progress/:bookType/rewrite', {
            params,
            body: { part, toward_voice: true, ...(hash ? { hash } : {}) },
          }),
        'rewriteFailed',
        (answer) => {
          charged(answer.credits_available);
          toast.success(pageWord('rewritten', ui, { n: answer.kept_version }), { id: 'rewrite' });
        },
      ),
  };
}

/** A written part's earlier versions, and one restored (free; the text it replaces is kept as a version too). */
export function partVersions({
  answering,
  bookType,
  ui,
  failed,
}: {
  answering: Answering;
  bookType: string;
  ui: Lang;
  failed: (e: unknown, fallback: FailedWord) => string;
}) {
  const params = { bookType };
  return {
    versions: async (part: StepRef) => {
      try {
        return (await call('GET /progress/:bookType/versions', { params, query: { position: part.position ?? 0 } }))
          .versions;
      } catch (e) {
        return failed(e, 'versionsFailed');
      }
    },
    restoreVersion: (part: StepRef, version: number, hash?: string) =>
      answering(
        () =>
          call('POST /progress/:bookType/versions/restore', {
            params,
            body: { part, version, ...(hash ? { hash } : {}) },
          }),
        'versionsFailed',
        (answer) => {
          toast.success(pageWord('restored', ui, { n: version, kept: answer.kept_version }), { id: 'restore' });
        },
      ),
  };
}
