// The calls a saved book's written parts make between steps (hand edits, write more, rewrite, passages,
// versions, chapter cards, the story bible, the writer's voice): each answers the book the server now holds, and on a
// refusal
// the words for the card that asked.
import type { BookView, Lang, PassageResponse, StepRef, VoiceBody } from '../engine.js';
import { ApiError, call, postEventStream, routeUrl } from '../lib/api.js';
import { useAuth } from '../lib/auth.js';
import { callShowingWaits } from '../lib/model-wait.js';
import type { Passage, PassageAskInput } from './passage.js';
import type { VoiceFailure } from './VoicePanel.js';
import { studioMessage } from './messages.js';
import { pageWord } from './words.js';
import { formatNumber } from '../i18n/index.js';
import { toast } from 'react-hot-toast';

export type FailedWord = 'rewriteFailed' | 'versionsFailed' | 'editFailed' | 'stoppedFailed' | 'writeMoreFailed' | 'passageFailed' | 'voiceFailed';

/** Why an edit or a step on a written part was refused, for the card that asked: signed out on a 401; the
 * server's word on the text when it names it, else its catalogue message, else the card's own fallback. */
export function useFailed(ui: Lang) {
  const { setUser } = useAuth();
  return (e: unknown, fallback: FailedWord): string => {
    if (e instanceof ApiError) {
      if (e.status === 401) setUser(null);
      return e.fields?.text ?? (e.message ? studioMessage(e, ui) : pageWord(fallback, ui));
    }
    return pageWord(fallback, ui);
  };
}

/** The edits of the saved book of `bookType`; `setBook` takes the book each answer carries. */
export function useBookEdits(bookType: string, ui: Lang, setBook: (book: BookView) => void, dropDraft: (part: StepRef) => void) {
  const { user, setUser, setCredits } = useAuth();
  const failed = useFailed(ui);
  const params = { bookType };
  const answering: Answering = async (ask, fallback, after) => {
    try {
      const answer = await ask();
      setBook(answer.book);
      after(answer);
      return null;
    } catch (e) {
      return failed(e, fallback);
    }
  };
  const charged = (credits: number) => {
    if (user) setUser({ ...user, credits_available: credits });
  };
  return {
    // A written part edited by hand (a saved book, between steps): the server keeps it, later steps build on it.
    // Every part edit names the text it was made on (`hash`, the book view's): the server refuses a part changed since.
    saveEdit: (part: StepRef, text: string, hash?: string) => answering(() => call('PUT /progress/:bookType/part', { params, body: { part, text, ...(hash ? { hash } : {}) } }), 'editFailed', (answer) => {
      dropDraft(part);
      toast.success(pageWord(answer.memory_reset ? 'editSavedMemory' : 'editSaved', ui), { id: 'edit-result' });
    }),
    // "Write more" on a short part: charged as a step on the server; the book comes back with the longer text.
    writeMore: (part: StepRef, hash?: string) => answering(() => callShowingWaits('POST /progress/:bookType/more', { params, body: { part, ...(hash ? { hash } : {}) } }), 'writeMoreFailed', (answer) => {
      charged(answer.credits_available);
      // The model wrote the part again from its start instead of continuing it: said, with where the writer's text is
      // kept.
      if (answer.restarted_version !== undefined) toast(pageWord('wroteMoreRestarted', ui, { n: answer.restarted_version }), { id: 'write-more', duration: 10_000 });
      else toast.success(pageWord('wroteMore', ui, { n: formatNumber(answer.added, ui) }), { id: 'write-more' });
    }),
    // Rewrite (with a note) or write again (without) a written part: charged as a step on the server; the
    // text it replaces is kept as a version, restorable for free.
    rewrite: (part: StepRef, note: string, hash?: string) => answering(() => callShowingWaits('POST /progress/:bookType/rewrite', { params, body: { part, ...(note ? { note } : {}), ...(hash ? { hash } : {}) } }), 'rewriteFailed', (answer) => {
      charged(answer.credits_available);
      toast.success(pageWord('rewritten', ui, { n: answer.kept_version }), { id: 'rewrite' });
    }),
    // "Rewrite toward my voice": a rewrite with the voice guidance and what drifted (409 without a sample), charged and
    // kept as a version like any.
    rewriteTowardVoice: (part: StepRef, hash?: string) => answering(() => callShowingWaits('POST /progress/:bookType/rewrite', { params, body: { part, toward_voice: true, ...(hash ? { hash } : {}) } }), 'rewriteFailed', (answer) => {
      charged(answer.credits_available);
      toast.success(pageWord('rewritten', ui, { n: answer.kept_version }), { id: 'rewrite' });
    }),
    // The book's voice (free): a sample measured or removed, the phrases to avoid. A refusal names its field
    // (the sample or the phrases) in the server's words; the panel says what was saved.
    saveVoice: async (body: VoiceBody): Promise<VoiceFailure | null> => {
      try {
        setBook((await call('PUT /progress/:bookType/voice', { params, body })).book);
        return null;
      } catch (e) {
        const fields = e instanceof ApiError ? e.fields : undefined;
        if (fields?.sample !== undefined) return { field: 'sample', message: fields.sample };
        if (fields?.avoid !== undefined) return { field: 'avoid', message: fields.avoid };
        return { message: failed(e, 'voiceFailed') };
      }
    },
    reworkPassage: (part: StepRef, passage: Passage, ask: PassageAskInput, onDelta: (text: string) => void, onWait?: (wait: string) => void) => reworkPassage(bookType, { part, ...passage, ...ask }, onDelta, onWait).then(
      (done) => {
        setCredits(done.credits_available);
        return { passage: done.passage };
      },
      (e: unknown) => failed(e, 'passageFailed'),
    ),
    keepPassage: (part: StepRef, passage: Passage, next: string) => answering(() => call('POST /progress/:bookType/passage/keep', { params, body: { part, ...passage, passage: next } }), 'editFailed', (answer) => {
      toast.success(pageWord('passageKept', ui, { n: answer.kept_version }), { id: 'edit-result' });
    }),
    versions: async (part: StepRef) => {
      try {
        return (await call('GET /progress/:bookType/versions', { params, query: { position: part.position ?? 0 } })).versions;
      } catch (e) {
        return failed(e, 'versionsFailed');
      }
    },
    restoreVersion: (part: StepRef, version: number, hash?: string) => answering(() => call('POST /progress/:bookType/versions/restore', { params, body: { part, version, ...(hash ? { hash } : {}) } }), 'versionsFailed', (answer) => {
      toast.success(pageWord('restored', ui, { n: version, kept: answer.kept_version }), { id: 'restore' });
    }),
    ...bookEdits({ answering, bookType, ui, charged }),
  };
}

/** One call answering the book: it is shown, `after` speaks; a refusal is worded with `fallback`. */
type Answering = <A extends { book: BookView }>(ask: () => Promise<A>, fallback: FailedWord, after: (answer: A) => void) => Promise<string | null>;

/** The free edits of the book as a whole (its chapter cards, story bible, continuity findings, character list). */
function bookEdits({ answering, bookType, ui, charged }: { answering: Answering; bookType: string; ui: Lang; charged: (credits: number) => void }) {
  const params = { bookType };
  return {
  // The outline as chapters: the unwritten chapters' titles, plans and notes; the book's chapter count,
  // progress and conclusion follow.
  saveChapters: (chapters: Array<{ title: string; plan: string; note?: string }>) => answering(() => call('PUT /progress/:bookType/outline', { params, body: { chapters } }), 'editFailed', () => {
    toast.success(pageWord('chaptersSaved', ui), { id: 'edit-result' });
  }),
  // An imported book that ends with the writer's own chapter given more chapters: their outline comes next. Free.
  writeMoreChapters: (chapters: number) => answering(() => call('PUT /progress/:bookType/chapters', { params, body: { chapters } }), 'editFailed', () => {
    toast.success(pageWord('moreChaptersDone', ui), { id: 'edit-result' });
  }),
  // The story bible's update tried again for the parts it has not taken in (uncharged, but for an imported
  // book's parts the credits held for its bible did not pay for: then the answer has the balance after).
  // It says what the bible took in: the parts read again and the entries added and dropped.
  // Asked as events: what it waits for (the model, a rate limit and its seconds) is shown meanwhile
  // (lib/model-wait.ts).
  updateBible: () => answering(() => callShowingWaits('POST /progress/:bookType/bible/update', { params }), 'editFailed', (answer) => {
    if (answer.credits_available !== undefined) charged(answer.credits_available);
    const { added, removed } = answer.changes;
    toast.success(pageWord('bibleUpdated', ui, { parts: answer.parts_read, added: added.length, removed: removed.length }), { id: 'edit-result' });
  }),
  // A continuity finding marked as intended: no longer listed, kept with the book (free).
  markIntended: (key: string) => answering(() => call('PUT /progress/:bookType/continuity/intended', { params, body: { key, intended: true } }), 'editFailed', () => {
    toast.success(pageWord('continuityMarked', ui), { id: 'edit-result' });
  }),
  // The introduction's character list, edited on its own (the introduction's prose stays as it is): later steps are
  // told
  // it.
  saveCharacters: (text: string) => answering(() => call('PUT /progress/:bookType/characters', { params, body: { text } }), 'editFailed', () => {
    toast.success(pageWord('charactersSaved', ui), { id: 'edit-result' });
  }),
  // The story bible edited by hand: the next chapter reads it.
  saveBible: (text: string) => answering(() => call('PUT /progress/:bookType/bible', { params, body: { text } }), 'editFailed', () => {
    toast.success(pageWord('bibleSaved', ui), { id: 'edit-result' });
  }),
  };
}

/** Passage tools: the new passage is charged as a step; what it waits for comes first (waiting events), the answer streams in (delta events), then `done`
 * carries it whole; an `error` event was refunded. */
async function reworkPassage(bookType: string, body: object, onDelta: (text: string) => void, onWait?: (wait: string) => void): Promise<PassageResponse> {
  const [, path] = routeUrl('POST /progress/:bookType/passage', { params: { bookType } });
  let answer: PassageResponse | null = null;
  let failure: ApiError | null = null;
  await postEventStream(path, body, (e) => {
    if (e.event === 'delta') onDelta((e.data as { text: string }).text);
    else if (e.event === 'waiting') {
      const said = (e.data as { message?: string }).message;
      if (said) onWait?.(said);
    }
    else if (e.event === 'done') answer = e.data as PassageResponse;
    else if (e.event === 'error') {
      const error = e.data as { code: string; message: string };
      failure = new ApiError(500, error.code, error.message);
    }
  });
  // A stream that ends with neither: closed before its answer, said in the studio's words (as a model wait's is).
  if (failure || !answer) throw failure ?? new ApiError(0, 'connection_closed');
  return answer;
}
