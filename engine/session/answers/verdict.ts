// Is this answer the text asked for? Every answer of the book session is judged here before anything
// counts, saves, charges or joins it (askText): a named outcome when it is not. `refused` (the model
// declined), `echoed` (it sent the request back), `reasoning_only` (its reasoning and no text), `filtered` (the
// provider's filter stopped it), `assistant_talk` (mostly the model speaking as an assistant; a few such
// paragraphs inside prose are taken out: answers/talk.ts), and for a part of a book the wrong kind of text for
// its shape (`listed`, `recipe`, `outlined`: answers/shape.ts) or `copied` (mostly the book before it). A whole
// answer inside a code fence is unwrapped, not refused; a wall of text is split into paragraphs; the language
// (`wrong_language`) is reading/language.ts's check, and a cut or broken answer (`incomplete`) is continued by
// follow-ups/continue-cut.ts. Each check, with its words, is a file of checks/ (a registry). Pure.
import type { TextRequest } from '../../provider.js';
import type { AnswerShape } from '../../spec/types.js';
import { PROSE_FENCES } from './phrases.js';
import { keepSameRuns } from '../runs.js';
import { withoutTalk } from './talk.js';
import { countLines, judgeShape, splitWalls } from './shape.js';
import {
  copiedShare,
  isEcho,
  isMostlyTalk,
  judgeRefusal,
  type AnswerKind,
  type AskedAgainFor,
  type AnswerOutcome,
} from './checks/index.js';
import { escapeRegExp as escape } from '../../markup.js';

export { copiedShare, isEcho, isRefusal, judgeRefusal } from './checks/index.js';
export type { AnswerKind, AnswerOutcome, AskedAgainFor } from './checks/index.js';

/**
 * What was done to an answer that was kept: assistant paragraphs taken out, a wall split, an answer asked again and
 * why.
 */
export interface AnswerNotes {
  /** Paragraphs where the model spoke as an assistant, taken out. */
  readonly removed?: number;
  /** Paragraphs a wall of text was split into. */
  readonly split?: number;
  /**
   * Why earlier answers were asked again (the answer kept is the one after); `ignores_bible`: a chapter about none of
   * the book's people (bible/people.ts).
   */
  readonly askedAgain?: readonly AskedAgainFor[];
}

/** Two answers' notes added up. */
export function addNotes(a: AnswerNotes | undefined, b: AnswerNotes | undefined): AnswerNotes | undefined {
  if (!a || !b) return a ?? b;
  const removed = (a.removed ?? 0) + (b.removed ?? 0);
  const split = (a.split ?? 0) + (b.split ?? 0);
  const askedAgain = [...(a.askedAgain ?? []), ...(b.askedAgain ?? [])];
  return { ...(removed ? { removed } : {}), ...(split ? { split } : {}), ...(askedAgain.length ? { askedAgain } : {}) };
}

/** What the asker expects of an answer, so it can be judged. */
export interface AnswerExpectation {
  readonly kind: AnswerKind;
  /**
   * Texts the answer may rightly repeat (the book's parts, the text being rewritten or continued, the plan,
   * the writer's settings and notes): a run of them is never an echo of the request.
   */
  readonly material: () => readonly string[];
  /**
   * The part of `material` that costs nothing to list (the book's own texts: its parts, plan and bible, the text
   * this call carries), read first: a request is mostly these, and a run found in them needs no other.
   */
  readonly ownMaterial?: () => readonly string[];
  /** The firm note an answer that was not the text is asked again with (templates/answer-again.hbs). */
  readonly again: (outcome: AnswerOutcome) => string;
  /** What a prose answer for a part of a book must look like (answers/shape.ts); absent: no shape is judged. */
  readonly shape?: AnswerShape;
  /**
   * The book before this answer (its parts so far, not the text being rewritten): an answer mostly found in it is
   * `copied`.
   */
  readonly earlier?: () => readonly string[];
  /**
   * The answer starts a text (a step's first answer, an extension; not the continuation of a cut one): judged by
   * its shape however short (answers/shape.ts), as a wrong-kind start must be asked again, never continued or extended.
   */
  readonly isStart?: boolean;
}

/**
 * A whole answer wrapped in a code fence ("```markdown" … "```", the closing one missing when it was cut)
 * as the text inside it; any other answer as it came.
 * @example unfenced('```markdown\n# Rain\n\nRain fell.\n```') // '# Rain\n\nRain fell.'
 */
export function unfenced(text: string): string {
  const m = /^\s*(`{3,}|~{3,})[ \t]*([\w+-]*)[ \t]*\n([\s\S]*?)(?:\n[ \t]*\1[ \t]*)?\s*$/.exec(text);
  if (!m || !PROSE_FENCES.includes(m[2]!.toLowerCase())) return text;
  const inner = m[3]!;
  // A fence closed in the middle with text after it is not a whole-answer fence.
  if (new RegExp(`^[ \\t]*${escape(m[1]!)}[ \\t]*$`, 'm').test(inner)) return text;
  return inner.trim();
}

/**
 * The verdict on an answer's text (already cleaned of chatter by answerText): `ok` with the text to keep
 * (unwrapped from a fence, a refusal before it and assistant paragraphs in it taken off, a wall split), or the
 * outcome that makes it not the text. A prose answer for a part of a book is judged by its shape and against
 * the book before it too.
 */
export function judgeAnswer(
  text: string,
  request: Pick<TextRequest, 'system' | 'user'>,
  expect: Pick<AnswerExpectation, 'kind' | 'material' | 'ownMaterial' | 'shape' | 'earlier' | 'isStart'>,
): { outcome?: AnswerOutcome; text: string; notes?: AnswerNotes } {
  const refusal = judgeRefusal(text);
  if (refusal.refused) return { outcome: 'refused', text };
  if (isEcho(refusal.text, request, expect)) return { outcome: 'echoed', text };
  if (expect.kind !== 'prose') return { text: refusal.text };
  // A book's part is prose through and through; a single piece (a poem, a description) only loses the paragraphs
  // where the model names itself.
  const talk = withoutTalk(refusal.text, { isOpenerOnly: !expect.shape });
  if (isMostlyTalk(talk)) return { outcome: 'assistant_talk', text };
  const shape = expect.shape;
  // The lines are read once: a text with no line over the shape's wallWords has no wall to split (splitWalls gives it
  // back as it is), and its count is the one judgeShape reads.
  const lines = shape ? countLines(talk.text) : undefined;
  const walls =
    shape && lines!.mostLineWords > shape.wallWords ? splitWalls(talk.text, shape) : { text: talk.text, split: 0 };
  // A wall split at sentence ends has the words it had, and the runs the echo check read (the copy check and the
  // repeat measure read the split text).
  if (walls.split && !talk.removed) keepSameRuns(walls.text, refusal.text);
  const notes: AnswerNotes = {
    ...(talk.removed ? { removed: talk.removed } : {}),
    ...(walls.split ? { split: walls.split } : {}),
  };
  const kept = { text: walls.text, ...(talk.removed || walls.split ? { notes } : {}) };
  if (!shape) return kept;
  const outcome = judgeShape(walls.text, shape, {
    ...(expect.isStart ? { isStart: true } : {}),
    ...(walls.text === talk.text ? { lines } : {}),
  });
  if (outcome) return { outcome, text };
  if (expect.earlier && copiedShare(walls.text, expect.earlier(), shape.copyShare) >= shape.copyShare)
    return { outcome: 'copied', text };
  return kept;
}
