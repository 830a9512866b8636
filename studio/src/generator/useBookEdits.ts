// The calls a saved book's written parts make between steps (hand edits, write more, rewrite, passages,
// versions, chapter cards, the story bible, the writer's voice; the charged steps, versions and whole-book edits in
// bookEdits.ts): each answers the book the server now holds, and on a refusal the words for the card that asked.
import type { BookView, Lang, PassageResponse, StepRef, VoiceBody } from '../engine.js';
import { ApiError, call, routeUrl } from '../lib/api.js';
import { postEventStream } from '../lib/events.js';
import { useAuth } from '../lib/auth.js';
import type { Passage, PassageAskInput } from './passage.js';
import type { VoiceFailure } from './VoicePanel.js';
import { studioMessage } from './messages.js';
import { bookEdits, partSteps, partVersions, type Answering, type FailedWord } from './bookEdits.js';
import { pageWord } from './words.js';
import { toast } from 'react-hot-toast';

export type { FailedWord };

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
export function useBookEdits(
  bookType: string,
  ui: Lang,
  setBook: (book: BookView) => void,
  dropDraft: (part: StepRef) => void,
) {
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
    saveEdit: (part: StepRef, text: string, hash?: string) =>
      answering(
        () => call('PUT /progress/:bookType/part', { params, body: { part, text, ...(hash ? { hash } : {}) } }),
        'editFailed',
        (answer) => {
          dropDraft(part);
          toast.success(pageWord(answer.memory_reset ? 'editSavedMemory' : 'editSaved', ui), { id: 'edit-result' });
        },
      ),
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
    reworkPassage: (
      part: StepRef,
      passage: Passage,
      ask: PassageAskInput,
      onDelta: (text: string) => void,
      onWait?: (wait: string) => void,
    ) =>
      reworkPassage(bookType, { part, ...passage, ...ask }, onDelta, onWait).then(
        (done) => {
          setCredits(done.credits_available);
          return { passage: done.passage };
        },
        (e: unknown) => failed(e, 'passageFailed'),
      ),
    keepPassage: (part: StepRef, passage: Passage, next: string) =>
      answering(
        () => call('POST /progress/:bookType/passage/keep', { params, body: { part, ...passage, passage: next } }),
        'editFailed',
        (answer) => {
          toast.success(pageWord('passageKept', ui, { n: answer.kept_version }), { id: 'edit-result' });
        },
      ),
    ...partSteps({ answering, bookType, ui, charged }),
    ...partVersions({ answering, bookType, ui, failed }),
    ...bookEdits({ answering, bookType, ui, charged }),
  };
}

/**
 * Passage tools: the new passage is charged as a step; what it waits for comes first (waiting events), the answer
 * streams in (delta events), then `done` carries it whole; an `error` event was refunded.
 */
async function reworkPassage(
  bookType: string,
  body: object,
  onDelta: (text: string) => void,
  onWait?: (wait: string) => void,
): Promise<PassageResponse> {
  const [, path] = routeUrl('POST /progress/:bookType/passage', { params: { bookType } });
  let answer: PassageResponse | null = null;
  let failure: ApiError | null = null;
  await postEventStream(path, body, (e) => {
    if (e.event === 'delta') onDelta((e.data as { text: string }).text);
    else if (e.event === 'waiting') {
      const said = (e.data as { message?: string }).message;
      if (said) onWait?.(said);
    } else if (e.event === 'done') answer = e.data as PassageResponse;
    else if (e.event === 'error') {
      const error = e.data as { code: string; message: string };
      failure = new ApiError(500, error.code, error.message);
    }
  });
  // A stream that ends with neither: closed before its answer, said in the studio's words (as a model wait's is).
  if (failure || !answer) throw failure ?? new ApiError(0, 'connection_closed');
  return answer;
}
