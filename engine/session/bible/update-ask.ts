// One ask of a part's bible update (language-checked, asked again firmly once) and the blocks the ladder of
// windowed jobs halves a piece into (../ladder.ts): which answers' problems it climbs down for, and the smallest
// block it reads alone (MIN_READ_WORDS).
import type { Lang } from '../../spec/types.js';
import type { Provider, TokenUsage } from '../../provider.js';
import type { RenderedPrompt } from '../../compile/prompt.js';
import { type AnswerExpectation, type AnswerOutcome, askText } from '../answers/index.js';
import { countWords } from '../../words.js';
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

/**
 * A piece's paragraphs in blocks of at least MIN_READ_WORDS (the last block takes what is left over): what the ladder
 * halves.
 */
export function blocksOf(piece: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let words = 0;
  for (const paragraph of piece.split(/\n\s*\n/).filter((p) => p.trim())) {
    current.push(paragraph);
    words += countWords(paragraph);
    if (words < MIN_READ_WORDS) continue;
    blocks.push(current.join('\n\n'));
    current = [];
    words = 0;
  }
  if (current.length) {
    if (blocks.length && words < MIN_READ_WORDS)
      blocks[blocks.length - 1] = `${blocks[blocks.length - 1]}\n\n${current.join('\n\n')}`;
    else blocks.push(current.join('\n\n'));
  }
  return blocks.length ? blocks : [piece];
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
