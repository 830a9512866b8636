// One ask of a part's bible update (language-checked, asked again firmly once) and the blocks the ladder of
// windowed jobs halves a piece into (../ladder.ts): which answers' problems it climbs down for, and the smallest
// block it reads alone (MIN_READ_WORDS).
import type { Lang } from '../../spec/types.js';
import type { Provider, TokenUsage } from '../../provider.js';
import type { RenderedPrompt } from '../../compile/prompt.js';
import { type AnswerExpectation, type AnswerOutcome, askText } from '../answers/index.js';
import { countWordsUpTo } from '../../words.js';
import { GenerationError } from '../../errors.js';
import { findLanguageDrift } from '../reading/index.js';
import { addUsage } from '../step-types.js';
import type { BibleUpdate } from './types.js';
import { parseBibleUpdate } from './read.js';
import { forgetTexts } from '../../text-cache.js';

/** Why a block of a part could not be read: an empty or unparseable answer (`no_content`), or one of the wrong kind. */
export type BibleProblem = 'no_content' | AnswerOutcome;

/**
 * The answers' problems the ladder climbs down for; any other (a refusal, another language, a provider's failure) fails
 * the update, thrown.
 */
const LADDER_PROBLEMS: ReadonlySet<string> = new Set<BibleProblem>([
  'no_content',
  'not_text',
  'listed',
  'recipe',
  'outlined',
  'echoed',
  'assistant_talk',
]);

/**
 * A part's bible is read in halves down to blocks of at least this many words (whole paragraphs): below it an update
 * has too little to say.
 */
export const MIN_READ_WORDS = 150;

/** Where a paragraph ends (a blank line, however many), as the blocks are cut. */
const PARAGRAPH_BREAK = /\n\s*\n/g;

/**
 * Where the paragraphs of a text that have a word start and end, in pairs (the paragraphs text.split(/\n\s*\n/)
 * gives, the blank ones left out).
 */
function paragraphSpans(text: string): number[] {
  const spans: number[] = [];
  const keep = (start: number, end: number) => {
    if (/\S/.test(text.slice(start, end))) spans.push(start, end);
  };
  let start = 0;
  PARAGRAPH_BREAK.lastIndex = 0;
  for (let m = PARAGRAPH_BREAK.exec(text); m; m = PARAGRAPH_BREAK.exec(text)) {
    keep(start, m.index);
    start = m.index + m[0].length;
  }
  keep(start, text.length);
  return spans;
}

/**
 * Paragraphs `first` to `last` (indexes of `spans`) joined by one blank line: the text's own stretch when they are one
 * blank line apart already (as a model writes them), a slice that copies nothing.
 */
function stretchOf(text: string, spans: readonly number[], first: number, last: number): string {
  let isOneApart = true;
  for (let k = first; k < last && isOneApart; k++) isOneApart = spans[2 * k + 2]! - spans[2 * k + 1]! === 2;
  if (isOneApart) return text.slice(spans[2 * first]!, spans[2 * last + 1]!);
  const paragraphs: string[] = [];
  for (let k = first; k <= last; k++) paragraphs.push(text.slice(spans[2 * k]!, spans[2 * k + 1]!));
  return paragraphs.join('\n\n');
}

/**
 * A piece's paragraphs in blocks of at least MIN_READ_WORDS (the last block takes what is left over): what the ladder
 * halves; and `whole`, every block joined by a blank line (what the first ask reads). Each is the piece's own stretch
 * when its paragraphs are one blank line apart (stretchOf), not a copy: a 400-book batch joined every part twice so
 * (~65 MB of the calling thread's allocations), and its words are counted in place.
 */
export function blocksOf(piece: string): { blocks: string[]; whole: string } {
  const spans = paragraphSpans(piece);
  const count = spans.length / 2;
  if (!count) return { blocks: [piece], whole: piece };
  const blocks: string[] = [];
  let first = 0;
  let lastFirst = 0;
  let words = 0;
  for (let k = 0; k < count; k++) {
    // Counted only up to what the block lacks: past it, the count changes nothing.
    words += countWordsUpTo(piece, MIN_READ_WORDS - words, spans[2 * k]!, spans[2 * k + 1]!);
    if (words < MIN_READ_WORDS) continue;
    blocks.push(stretchOf(piece, spans, first, k));
    lastFirst = first;
    first = k + 1;
    words = 0;
  }
  if (first < count) {
    if (blocks.length && words < MIN_READ_WORDS)
      blocks[blocks.length - 1] = stretchOf(piece, spans, lastFirst, count - 1);
    else blocks.push(stretchOf(piece, spans, first, count - 1));
  }
  return { blocks, whole: stretchOf(piece, spans, 0, count - 1) };
}

/**
 * One ask of a bible update: the update, or the answer's problem when the ladder can do something about it. An
 * answer in another language is asked again firmly once (`firm`) and, still so, fails the update (thrown), as a
 * refusal or a provider's failure does.
 */
export async function askUpdate(input: {
  provider: Provider;
  request: RenderedPrompt;
  firm: () => RenderedPrompt;
  expect: AnswerExpectation;
  label: string;
  lang: Lang;
  signal: AbortSignal | undefined;
}): Promise<{ update?: BibleUpdate; problem?: BibleProblem; calls: number; usage?: TokenUsage }> {
  const { provider, expect, label, lang, signal } = input;
  let calls = 0;
  let usage: TokenUsage | undefined;
  // The answers as they came: what the checks kept of them (their runs, their readings) goes once they are read.
  const answers: string[] = [];
  const ask = async (request: RenderedPrompt) => {
    const result = await askText(provider, { ...request, ...(signal ? { signal } : {}) }, expect);
    answers.push(result.text, result.text.trim());
    calls++;
    usage = addUsage(usage, result.usage);
    return result.text.trim();
  };
  // The part's own label (a guide's section name, "Sosialisasi") is the generator's word, not the answer's language.
  const driftOf = (answer: string) => findLanguageDrift(answer.split(label).join(' '), lang);
  try {
    let answer = await ask(input.request);
    if (answer && driftOf(answer)) {
      answer = await ask(input.firm());
      const still = driftOf(answer);
      if (still && !signal?.aborted)
        throw new GenerationError('wrong_language', { params: { expected: still.expected, found: still.found } });
    }
    if (signal?.aborted) throw new GenerationError('aborted', { cause: signal.reason });
    // An empty update, or one with none of the bible's sections, is a failed answer (never taken in silently).
    const update = answer ? parseBibleUpdate(answer, label) : undefined;
    return { ...(update ? { update } : { problem: 'no_content' as const }), calls, ...(usage ? { usage } : {}) };
  } catch (error) {
    if (error instanceof GenerationError && LADDER_PROBLEMS.has(error.code) && !signal?.aborted)
      return { problem: error.code as BibleProblem, calls, ...(usage ? { usage } : {}) };
    throw error;
  } finally {
    // Read here only, and not the bible (merged from it): kept, they stayed until TEXTS_KEPT newer texts came in,
    // long after their book was done.
    forgetTexts(answers);
  }
}
