// Is this answer the text asked for? Every answer of the book session is judged here before anything
// counts, saves, charges or joins it (askText): a named outcome when it is not. `refused` (the model
// declined), `echoed` (it sent the request back), `reasoning_only` (its reasoning and no text), `filtered` (the
// provider's filter stopped it), `assistant_talk` (mostly the model speaking as an assistant; a few such
// paragraphs inside prose are taken out: answers/talk.ts), and for a part of a book the wrong kind of text for
// its shape (`listed`, `recipe`, `outlined`: answers/shape.ts) or `copied` (mostly the book before it). A whole
// answer inside a code fence is unwrapped, not refused; a wall of text is split into paragraphs; the language
// (`wrong_language`) is language.ts's check, and a cut or broken answer (`incomplete`) is continued by
// follow-ups/continue-cut.ts. Pure.
import { countWords, type TextRequest } from '../../provider.js';
import type { AnswerShape } from '../../spec/types.js';
import { PROSE_FENCES, REFUSAL_TOPICS, REFUSALS } from './phrases.js';
import { plainLine } from '../../markdown.js';
import { RUN_WORDS, eachRun, keepSameRuns, wordsOf, type Runs } from '../runs.js';
import { readingOf } from '../reading/index.js';
import { withoutTalk } from './talk.js';
import { judgeShape, splitWalls, type ShapeOutcome } from './shape.js';

/** Why an answer is not the text asked for. */
export type AnswerOutcome = 'refused' | 'echoed' | 'reasoning_only' | 'not_text' | 'filtered' | 'assistant_talk' | 'copied' | ShapeOutcome;

/** Why an answer was asked again and a later one kept. */
export type AskedAgainFor = AnswerOutcome | 'ignores_bible';

/** What was done to an answer that was kept: assistant paragraphs taken out, a wall split, an answer asked again and why. */
export interface AnswerNotes {
  /** Paragraphs where the model spoke as an assistant, taken out. */
  readonly removed?: number;
  /** Paragraphs a wall of text was split into. */
  readonly split?: number;
  /** Why earlier answers were asked again (the answer kept is the one after); `ignores_bible`: a chapter about none of the book's people (bible/people.ts). */
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

/** What an answer is for: prose (parts, pieces, passages), an outline, a story-bible update, a continuity audit. */
export type AnswerKind = 'prose' | 'outline' | 'bible' | 'audit';

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
  /** The book before this answer (its parts so far, not the text being rewritten): an answer mostly found in it is `copied`. */
  readonly earlier?: () => readonly string[];
  /**
   * The answer starts a text (a step's first answer, an extension; not the continuation of a cut one): judged by
   * its shape however short (answers/shape.ts), as a wrong-kind start must be asked again, never continued or extended.
   */
  readonly isStart?: boolean;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Curly apostrophes read as straight ones ("I’m sorry" is "I'm sorry"). */
const straight = (s: string) => s.replace(/[’‘]/g, "'");
const REFUSAL = new RegExp(`^(?:${REFUSALS.map(escape).join('|')})`, 'i');
const REFUSAL_TOPIC = new RegExp(`(?<![\\p{L}\\p{N}])(?:${REFUSAL_TOPICS.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'iu');

/** An answer that declines is short: a refusal with a long explanation still says so in this many words. */
const MOST_REFUSAL_WORDS = 200;
/** A refusal ahead of the text ("I can't write that, but here is a gentler version:") is taken off when at most this long. */
const MOST_PREFACE_WORDS = 60;

const wordCount = countWords;
/** A paragraph's words without Markdown marks and opening quotes. */
const plainParagraph = (p: string) => straight(plainLine(p));

/**
 * True when the paragraph declines the request ("I'm sorry, but I can't help with that request.", "Maaf, saya
 * tidak dapat membantu…"): it opens as a refusal and names what it refuses. Quoted dialogue never does.
 */
export function isRefusal(paragraph: string): boolean {
  const text = plainParagraph(paragraph);
  return !/^["“‘'«]/.test(text) && REFUSAL.test(text) && REFUSAL_TOPIC.test(text);
}

/** Where a paragraph ends (a blank line, however many). */
const PARAGRAPH_BREAK = /\n\s*\n/;

/**
 * The answer when it declines: `refused` when its first paragraph refuses and the whole answer is short;
 * a refusal ahead of the text it then gives (at most MOST_PREFACE_WORDS, ending with a colon) is taken off.
 */
export function judgeRefusal(text: string): { refused: boolean; text: string } {
  const trimmed = text.trim();
  // The first paragraph alone first: most answers do not open as a refusal, and are not split further.
  const first = PARAGRAPH_BREAK.exec(trimmed);
  const opening = first ? trimmed.slice(0, first.index) : trimmed;
  // One paragraph of more than MOST_REFUSAL_WORDS is kept whether it opens as a refusal or not (nothing after it
  // to keep instead, too long to be one): its Markdown is not read (a wall of text is one such paragraph).
  if (!opening || (!first && wordCount(opening) > MOST_REFUSAL_WORDS) || !isRefusal(opening)) return { refused: false, text };
  const paragraphs = trimmed.split(PARAGRAPH_BREAK);
  const rest = paragraphs.slice(1).join('\n\n').trim();
  if (rest && wordCount(opening) <= MOST_PREFACE_WORDS && /:\s*$/.test(opening.trim()) && !isRefusal(rest)) return { refused: false, text: rest };
  return { refused: wordCount(text) <= MOST_REFUSAL_WORDS || paragraphs.filter(isRefusal).length >= 2, text };
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

/** Words in a run of the request that an echo is matched on (runs.ts: the words read as the repeat measure reads them). */
const ECHO_RUN = RUN_WORDS;
/** An echo that starts where a message of the request starts, this long, is the request sent back. */
const ECHO_FROM_START = 12;
/**
 * Any run of the request's own words this long in the answer is an echo. Shorter runs are the wording a piece is
 * told to use (a copyright page's rights notice, 30–40 words, copied as asked).
 */
const ECHO_ANYWHERE = 60;

/** The heading lines of a text ("## Characters" → "characters"). */
function headingsOf(text: string): string[] {
  if (!text.includes('#')) return [];
  return [...text.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)].map((m) => wordsOf(m[1]!).join(' ')).filter(Boolean);
}

/** Material shorter than this is looked for run by run (isOwn), not cut out of the request first. */
const CUT_MATERIAL_CHARS = 200;

/**
 * A message less the material it holds word for word (the earlier parts, the bible, a part being updated or
 * rewritten), as the stretches of its own text between them: most of a request is its material, and none of it can
 * be an echo. A material text that is not in the message as it stands (the previous part's ending, cut to its last
 * words) stays: its runs are told apart run by run.
 */
function ownStretches(message: string, material: readonly string[]): Array<{ at: number; text: string }> {
  const cuts: Array<[number, number]> = [];
  for (const text of material) {
    if (text.length < CUT_MATERIAL_CHARS) continue;
    for (let at = message.indexOf(text); at >= 0; at = message.indexOf(text, at + text.length)) cuts.push([at, at + text.length]);
  }
  if (!cuts.length) return [{ at: 0, text: message }];
  cuts.sort((a, b) => a[0] - b[0]);
  const out: Array<{ at: number; text: string }> = [];
  let from = 0;
  for (const [start, end] of cuts) {
    if (start > from) out.push({ at: from, text: message.slice(from, start) });
    from = Math.max(from, end);
  }
  if (from < message.length) out.push({ at: from, text: message.slice(from) });
  return out;
}

/**
 * Whether the answer is the request's own text (its system and user messages less the material the answer
 * may repeat): `echoed` when it sends back the start of a message or a long run of it; or, for prose, two or
 * more of the request's headings (the story bible's sections) as its own.
 */
export function isEcho(answer: string, request: Pick<TextRequest, 'system' | 'user'>, expect: Pick<AnswerExpectation, 'kind' | 'material' | 'ownMaterial'>): boolean {
  const answerRuns = readingOf(answer).runs;
  // The material in two reads: the book's own texts first (cheap to list, most of a request), then all of it.
  let own: readonly string[] | undefined;
  const ownOf = () => (own ??= (expect.ownMaterial ?? expect.material)());
  let material: readonly string[] | undefined;
  const materialOf = () => (material ??= expect.material());
  // The request's runs the answer has too (usually none), each marked at its first place in the answer: each message
  // is read less the material it holds word for word (ownStretches), its runs looked up in the answer's table as they
  // are read, a paragraph at a time, its paragraphs' words kept (eachRun): nothing the size of the request is made,
  // only its new paragraphs are read, and a run is a place in the answer, never a number kept in a set.
  const { keys } = answerRuns;
  let asked: Uint8Array | undefined;
  // Where each message starts, as its first run's place in the answer (a message whose first run the answer lacks,
  // or shorter than a run, has no start an answer could send back).
  const starts: number[] = [];
  for (const message of [request.system, request.user]) {
    const stretches = message.length >= CUT_MATERIAL_CHARS ? ownStretches(message, ownOf()) : [{ at: 0, text: message }];
    // A message that opens on its material has no start of its own: an answer that sends it back sends the material.
    let start = -1;
    for (const { at, text } of stretches) {
      let isFirst = at === 0;
      eachRun(text, answerRuns, (place) => {
        if (isFirst) {
          isFirst = false;
          start = place;
        }
        if (place >= 0) (asked ??= new Uint8Array(keys.length))[place] = 1;
      });
    }
    if (start >= 0) starts.push(start);
  }
  let longest = 0;
  let isFromStart = false;
  if (asked) {
    // The material left in the request (cut, or rendered otherwise) is read only now, and only for the runs the
    // answer shares, each of its texts read once (its reading's runs): whether each such run (at its first place) is the request's own.
    let ownRuns: Runs[] | undefined;
    let materialRuns: Runs[] | undefined;
    const isOwnAt = new Int8Array(keys.length);
    const isOwn = (first: number) => {
      if (!asked![first]) return false;
      if (isOwnAt[first] === 0) {
        const key = keys[first]!;
        const isMaterial = (ownRuns ??= ownOf().map(runsIn)).some((m) => m.has(key)) || (materialRuns ??= materialOf().map(runsIn)).some((m) => m.has(key));
        isOwnAt[first] = isMaterial ? -1 : 1;
      }
      return isOwnAt[first] === 1;
    };
    let run = 0;
    for (let i = 0; i < keys.length; i++) {
      const first = answerRuns.firstOf(i);
      if (!isOwn(first)) {
        run = 0;
        continue;
      }
      if (run === 0 && starts.includes(first)) isFromStart = true;
      run = run === 0 ? ECHO_RUN : run + 1;
      longest = Math.max(longest, run);
    }
  }
  // How much of the answer the request's words cover says nothing alone: a short piece told what to say (a
  // copyright page's notice and disclaimer) is mostly them, and rightly.
  if ((isFromStart && longest >= ECHO_FROM_START) || longest >= ECHO_ANYWHERE) return true;
  if (expect.kind !== 'prose') return false;
  // Two of the answer's headings the request has: the answer's are read first (a chapter seldom has two).
  const answerHeadings = headingsOf(answer);
  if (answerHeadings.length < 2) return false;
  const askedHeadings = new Set(headingsOf(request.user));
  const echoed = answerHeadings.filter((h) => askedHeadings.has(h));
  if (echoed.length < 2) return false;
  const materialHeadings = new Set(materialOf().flatMap(headingsOf));
  return echoed.filter((h) => !materialHeadings.has(h)).length >= 2;
}

/** A text's 8-word runs, as its reading holds them (read once for every check). */
const runsIn = (text: string): Runs => readingOf(text).runs;

/** Runs of an answer sampled for the copy check: every 8th (runs that do not overlap), which a copy has as surely as all of them. */
const COPY_STRIDE = 8;
/** Fewer distinct sampled runs than this (a short answer, or one that loops one passage) is not judged a copy. */
const COPY_LEAST_RUNS = 16;
/**
 * Sampled runs in a row found in the book before a stretch counts as copied (3: 24 words and more). Shorter
 * matches are phrases a model reuses (a clause, a greeting), which the repeat measure counts, not a copy.
 */
const COPY_STRETCH = 3;

/**
 * The share (0–1) of the answer's sampled 8-word runs that stand in stretches copied from the `earlier` texts
 * (COPY_STRETCH runs in a row found there), read until `enough` is reached or out of reach (then the share read so
 * far, on the side it is decided): 1 for a part copied word for word. An answer with too few distinct runs to tell
 * (a short one, one that loops a passage) gives 0.
 */
export function copiedShare(answer: string, earlier: readonly string[], enough?: number): number {
  if (!earlier.length) return 0;
  const runs = readingOf(answer).runs.keys;
  const sample: number[] = [];
  for (let i = 0; i < runs.length; i += COPY_STRIDE) sample.push(runs[i]!);
  const n = sample.length;
  const distinct = new Set(sample).size;
  if (distinct < COPY_LEAST_RUNS || distinct < n / 2) return 0;
  const texts = earlier.map(runsIn);
  let copied = 0;
  let streak = 0;
  for (let j = 0; j < n; j++) {
    if (texts.some((runs) => runs.has(sample[j]!))) streak++;
    else {
      if (streak >= COPY_STRETCH) copied += streak;
      streak = 0;
    }
    // Decided either way: the rest of the sample cannot change which side of `enough` it is on.
    if (enough !== undefined && (copied >= enough * n || copied + streak + (n - j - 1) < enough * n)) return copied / n;
  }
  return (copied + (streak >= COPY_STRETCH ? streak : 0)) / n;
}

/**
 * The verdict on an answer's text (already cleaned of chatter by answerText): `ok` with the text to keep
 * (unwrapped from a fence, a refusal before it and assistant paragraphs in it taken off, a wall split), or the
 * outcome that makes it not the text. A prose answer for a part of a book is judged by its shape and against
 * the book before it too.
 */
export function judgeAnswer(text: string, request: Pick<TextRequest, 'system' | 'user'>, expect: Pick<AnswerExpectation, 'kind' | 'material' | 'ownMaterial' | 'shape' | 'earlier' | 'isStart'>): { outcome?: AnswerOutcome; text: string; notes?: AnswerNotes } {
  const refusal = judgeRefusal(text);
  if (refusal.refused) return { outcome: 'refused', text };
  if (isEcho(refusal.text, request, expect)) return { outcome: 'echoed', text };
  if (expect.kind !== 'prose') return { text: refusal.text };
  // A book's part is prose through and through; a single piece (a poem, a description) only loses the paragraphs
  // where the model names itself.
  const talk = withoutTalk(refusal.text, { isOpenerOnly: !expect.shape });
  if (talk.removed && (talk.share >= 0.5 || !talk.text)) return { outcome: 'assistant_talk', text };
  const shape = expect.shape;
  const walls = shape ? splitWalls(talk.text, shape) : { text: talk.text, split: 0 };
  // A wall split at sentence ends has the words it had, and the runs the echo check read (the copy check and the
  // repeat measure read the split text).
  if (walls.split && !talk.removed) keepSameRuns(walls.text, refusal.text);
  const notes: AnswerNotes = { ...(talk.removed ? { removed: talk.removed } : {}), ...(walls.split ? { split: walls.split } : {}) };
  const kept = { text: walls.text, ...(talk.removed || walls.split ? { notes } : {}) };
  if (!shape) return kept;
  const outcome = judgeShape(walls.text, shape, expect.isStart ? { isStart: true } : {});
  if (outcome) return { outcome, text };
  if (expect.earlier && copiedShare(walls.text, expect.earlier(), shape.copyShare) >= shape.copyShare) return { outcome: 'copied', text };
  return kept;
}
