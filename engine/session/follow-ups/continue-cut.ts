// Continue when cut: an answer cut at the token limit, a stream that broke off or one the time-out stopped, is
// continued from where it stops (at most MAX_CONTINUATIONS times) and joined seamlessly; still cut after that, it is
// kept but marked incomplete, so nothing cut is stored as whole. A continuation that starts the text over is not
// glued after it. An answer that already holds the words its part asks for is not continued: a model that writes
// past its limit would otherwise be paid to write on past the target (whole-end.ts cuts it at a sentence end).
import type { RenderedPrompt } from '../../compile/prompt.js';
import { addUsage } from '../step-types.js';
import { isCutOff } from '../../provider.js';
import type { Answer, Ask } from './answer.js';
import { wordsNeededOf } from './whole-end.js';
import { addNotes } from '../answers/index.js';

export const MAX_CONTINUATIONS = 2;
/** The characters of a text's opening that a continuation starting over repeats. */
const RESTART_CHARS = 60;
/**
 * The least of a continuation, all of it the text's opening, that is taken for the opening written again (three or four
 * words).
 */
const RESTART_FRAGMENT_CHARS = 12;

/**
 * `before` (an answer cut at the token limit) followed by its continuation `after`: a stretch the model
 * repeated is dropped, and a space goes between two words that would otherwise run together.
 */
export function joinCut(before: string, after: string): string {
  const rest = after.trimStart();
  // A continuation that starts the text over (its first words are the text's first words): one opening, the
  // longer of the two, never the opening twice.
  if (startsOver(before, after)) return rest.length > before.trimStart().length ? rest : before;
  for (let n = Math.min(300, before.length, rest.length); n >= 20; n--) {
    if (rest.startsWith(before.slice(-n))) return before + rest.slice(n);
  }
  if (/\s$/.test(before) || /^\s/.test(after) || /^[,.;:!?)\]}”’»…]/.test(after)) return before + after;
  return `${before} ${after}`;
}

/**
 * A continuation that starts `before` over: its opening words are the text's own opening words (the model wrote it
 * again from its start). One cut itself before the opening's end (stopped by the time-out again after a few words)
 * starts it over when all it has, at least RESTART_FRAGMENT_CHARS of it, is the opening's start. A text itself cut
 * after a few words (under 20 characters: a time-out on a slow stream) is started over by a continuation that opens
 * with all of it, word for word: a continuation proper goes on from its last word, it does not say it again.
 */
export function startsOver(before: string, after: string): boolean {
  const rest = after.trimStart();
  const start = before.trimStart();
  const opening = Math.min(start.length, RESTART_CHARS);
  if (opening < 20) return startsWithWhole(rest, start.trimEnd());
  if (rest.length < opening) return rest.trimEnd().length >= RESTART_FRAGMENT_CHARS && start.startsWith(rest.trimEnd());
  return rest.slice(0, opening) === start.slice(0, opening);
}

/** True when `text` opens with all of `words`, ending at a word's end (not "The" in "Then"). */
function startsWithWhole(text: string, words: string): boolean {
  if (!words || !text.startsWith(words)) return false;
  return text.length === words.length || !/[\p{L}\p{N}]/u.test(text[words.length]!);
}

/** Ask `request`, then its continuation (rendered from the text so far) while the answer is cut. */
export async function answerWhole(
  ask: Ask,
  request: RenderedPrompt,
  continuation: (soFar: string) => RenderedPrompt,
  onFirstDelta?: (delta: string) => void,
  most = MAX_CONTINUATIONS,
  /** True when the text so far holds what was asked (a part's words): a cut answer that does is not continued. */
  isEnough?: (soFar: string) => boolean,
): Promise<Answer> {
  let result = await ask(request, onFirstDelta);
  let text = result.text;
  let usage = result.usage;
  let notes = result.notes;
  let isTimedOut = result.isTimedOut === true;
  let isCut = result.finishReason === 'length';
  let continuations = 0;
  while (isCutOff(result) && continuations < most && text.trim() && !isEnough?.(text)) {
    continuations++;
    const soFar = text;
    let isFirstDelta = true;
    const onDelta = onFirstDelta
      ? (delta: string) => {
          onFirstDelta(isFirstDelta ? joinCut(soFar, delta).slice(soFar.length) : delta);
          isFirstDelta = false;
        }
      : undefined;
    result = await ask(continuation(soFar), onDelta, { isContinuation: true });
    text = joinCut(soFar, result.text);
    usage = addUsage(usage, result.usage);
    notes = addNotes(notes, result.notes);
    isTimedOut ||= result.isTimedOut === true;
    isCut ||= result.finishReason === 'length';
  }
  return {
    text: text.trim(),
    isComplete: !isCutOff(result),
    usage,
    continuations,
    ...(isTimedOut ? { isTimedOut } : {}),
    ...(isCut ? { isCut } : {}),
    ...(notes ? { notes } : {}),
  };
}

/**
 * A step's writer: an answer continued while it is cut; for a part with a `target` (words, counted by `words`), only
 * while the part (`part`, the text an extension follows, and the answer so far) has fewer words than asked, each
 * continuation (`continuation`, rendered for the words it still needs) asking for what is left.
 */
export function partWriter(input: {
  ask: Ask;
  target: number;
  words: (text: string) => number;
  continuation: (soFar: string, wordsNeeded?: number) => RenderedPrompt;
}) {
  const { ask, target, words } = input;
  return (request: RenderedPrompt, onFirstDelta?: (delta: string) => void, part?: string): Promise<Answer> => {
    if (!(target > 0)) return answerWhole(ask, request, (soFar) => input.continuation(soFar), onFirstDelta);
    const left = (soFar: string) => target - (part ? words(part) : 0) - words(soFar);
    return answerWhole(
      ask,
      request,
      (soFar) => input.continuation(soFar, wordsNeededOf(left(soFar))),
      onFirstDelta,
      MAX_CONTINUATIONS,
      (soFar) => left(soFar) <= 0,
    );
  };
}
