// The story bible's update after a part: one small call (a part too long for the window read in pieces),
// judged and language-checked like every answer. An answer that is not an update (empty, of the wrong kind)
// goes down the ladder of windowed jobs (../ladder.ts): asked again with the problem named, then the piece read
// in halves, each half its own update taken in in order, down to blocks of MIN_READ_WORDS; what still cannot
// be read is skipped and named (`left`). A refusal or an answer still in another language after a firm ask
// fails the update (thrown), which is tried again before the next part: the bible is never changed by it.
// Pure of storage.
import type { ResolvedSpec, Lang } from '../../spec/types.js';
import type { Provider, TokenUsage } from '../../provider.js';
import { withoutCharacterDetails, type BookState } from '../../compile/flow.js';
import { ANSWER_AGAIN_TEMPLATE, buildContext, renderMemoryUpdate, type PromptRenderer, type RenderedPrompt } from '../../compile/prompt.js';
import { type AnswerExpectation, type AnswerOutcome, askText } from '../answers/index.js';
import { climbDown } from '../ladder.js';
import { countWords } from '../../words.js';
import { writerBriefOf } from '../../compile/brief.js';
import { GenerationError } from '../../errors.js';
import { partStep, stepLabel } from '../../compile/labels.js';
import { applyBibleUpdate, BIBLE_LIMITS, capWords, linesToFold, parseBible, parseBibleUpdate, renderBible, withWriterBrief, type BibleUpdate, type StoryBible } from './bible.js';
import { findLanguageDrift } from '../reading/index.js';
import { expectationOf } from '../expectation.js';
import { biblePieces, fitting, windowOf } from '../fit.js';
import { addUsage, type AdvanceOptions } from '../step-types.js';
import { bibleForStep, partsOf, structuredAsOf } from './as-of.js';
import { rederived } from './rederive.js';
import { plannedThreads, withOutlineThreads } from './outline-threads.js';
import { ownOnly, seriesOf } from './series.js';

/** Why a block of a part could not be read: an empty or unparseable answer (`no_content`), or one of the wrong kind. */
export type BibleProblem = 'no_content' | AnswerOutcome;

/**
 * The answers' problems the ladder climbs down for; any other (a refusal, another language, a provider's failure) fails
 * the update, thrown.
 */
const LADDER_PROBLEMS: ReadonlySet<string> = new Set<BibleProblem>(['no_content', 'not_text', 'listed', 'recipe', 'outlined', 'echoed', 'assistant_talk']);

/**
 * A part's bible is read in halves down to blocks of at least this many words (whole paragraphs): below it an update
 * has too little to say.
 */
export const MIN_READ_WORDS = 150;

/**
 * What a part's update came to: the bible after it, and what of the part could not be read (its words, of the part's,
 * and the last problem).
 */
export interface BibleRead {
  readonly memory: string;
  readonly calls: number;
  readonly usage?: TokenUsage;
  readonly left?: { readonly words: number; readonly of: number; readonly problem: BibleProblem };
}

/** A part the bible could not read wholly: its position, the words left unread of its words, and why. */
export interface BibleLeftPart {
  readonly position: number;
  readonly words: number;
  readonly of: number;
  readonly problem: BibleProblem;
}

interface BibleLeft {
  readonly words: number;
  readonly problem: BibleProblem;
}

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
    if (blocks.length && words < MIN_READ_WORDS) blocks[blocks.length - 1] = `${blocks[blocks.length - 1]}\n\n${current.join('\n\n')}`;
    else blocks.push(current.join('\n\n'));
  }
  return blocks.length ? blocks : [piece];
}

/**
 * One ask of a bible update: the update, or the answer's problem when the ladder can do something about it. An
 * answer in another language is asked again firmly once (`firm`) and, still so, fails the update (thrown), as a
 * refusal or a provider's failure does.
 */
async function askUpdate(input: { provider: Provider; request: RenderedPrompt; firm: () => RenderedPrompt; expect: AnswerExpectation; label: string; lang: Lang; signal: AbortSignal | undefined }): Promise<{ update?: BibleUpdate; problem?: BibleProblem; calls: number; usage?: TokenUsage }> {
  const { provider, expect, label, lang, signal } = input;
  let calls = 0;
  let usage: TokenUsage | undefined;
  const ask = async (request: RenderedPrompt) => {
    const result = await askText(provider, { ...request, ...(signal ? { signal } : {}) }, expect);
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
      if (still && !signal?.aborted) throw new GenerationError('wrong_language', { params: { expected: still.expected, found: still.found } });
    }
    if (signal?.aborted) throw new GenerationError('aborted', { cause: signal.reason });
    // An empty update, or one with none of the bible's sections, is a failed answer (never taken in silently).
    const update = answer ? parseBibleUpdate(answer, label) : undefined;
    return { ...(update ? { update } : { problem: 'no_content' as const }), calls, ...(usage ? { usage } : {}) };
  } catch (error) {
    if (error instanceof GenerationError && LADDER_PROBLEMS.has(error.code) && !signal?.aborted) return { problem: error.code as BibleProblem, calls, ...(usage ? { usage } : {}) };
    throw error;
  }
}

/**
 * The story bible after it took in the part at `position` (one small update call, language-checked like
 * every answer, asked again once firmly; an answer still in another language leaves the bible as it was).
 * Pure of storage. Used after each part (BookSession.remember) and after a rewrite (`isRewrite`: the
 * update runs on the bible as of the part before it and replaces what the part established: rederived).
 */
export async function updateBible(input: Pick<AdvanceOptions, 'signal'> & {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  provider: Provider;
  state: BookState;
  position: number;
  isRewrite?: boolean;
}): Promise<BibleRead> {
  const { spec, state, position } = input;
  let calls = 0;
  let usage: TokenUsage | undefined;
  const step = partStep(spec, position, state.totalChapters);
  const text = position === 0 && state.characterDetails ? withoutCharacterDetails(state.content[0]!) : state.content[position]!;
  const label = stepLabel(step, state.lang, spec);
  const whole = parseBible(state.memory);
  // The planned promises (outline, brief) opened by this part join the bible (they are tracked from the part they open
  // in).
  const base = input.isRewrite ? structuredAsOf(spec, state, position - 1) : withOutlineThreads(whole, plannedThreads(spec, state), position, partsOf(spec, state));
  let next = withWriterBrief(base, writerBriefOf(spec, state.settings));
  const fold = linesToFold(next);
  const foldLines = fold.map((l) => `- ${l.label ? `${l.label}: ` : ''}${l.line}`).join('\n');
  // Within the model's window (fit.ts): the bible in the prompt trimmed, a part too long read in pieces.
  // The update is asked with the bible as of the part before this one (a rewritten part is not shown what later parts
  // established).
  // Its prompts never read the writer's voice (templates/memory.hbs, answer-again.hbs): the bible alone.
  const shown = bibleForStep(spec, state, position);
  const trimmable = shown.memory ? { bible: shown.memory } : {};
  const provider = fitting(input.provider, trimmable);
  // Older lines are folded once, with the first piece. A piece's plain request, rendered when the pieces are
  // chosen, is the one its first ask sends: rendered once.
  // By their texts, compared as strings: the first ask's text is the piece's blocks joined again, a string of its
  // own, which a Map keyed by the texts hashed whole (every character of a part) to find the few pieces there are.
  const plain: Array<{ piece: string; request: RenderedPrompt }> = [];
  const render = (piece: string, isFirm = false, isFirst = true) => {
    const kept = isFirm || !isFirst ? undefined : plain.find((p) => p.piece === piece);
    const request = kept?.request ?? renderMemoryUpdate({ spec, renderer: input.renderer, state: shown, step, text: piece, foldLines: isFirst ? foldLines : '', isFirm });
    if (!isFirm && isFirst && !kept) plain.push({ piece, request });
    return request;
  };
  const pieces = biblePieces(text, await windowOf(input.provider), render, trimmable);
  // Judged like every answer (answers/verdict.ts): it may repeat the bible and the part, never the request.
  const expect = expectationOf({ spec, renderer: input.renderer, state: shown, step, kind: 'bible', extra: () => [state.memory ?? '', shown.memory ?? '', text, foldLines] });
  const left: BibleLeft[] = [];
  for (const [index, piece] of pieces.entries()) {
    // Each piece down the ladder (ladder.ts): an answer that is not an update is asked again with that named,
    // then the piece is read in halves (each its own update, taken in in order), down to blocks of MIN_READ_WORDS.
    const blocks = blocksOf(piece);
    await climbDown<string, BibleUpdate, BibleProblem>(blocks, {
      ask: async (items, from, again) => {
        const text = items.join('\n\n');
        const request = render(text, false, index === 0 && from === 0);
        // Asked again with its problem named: the judge's own note for a wrong kind, else "not an update of the bible".
        const note = again ? (again === 'no_content' ? input.renderer.renderTemplate(ANSWER_AGAIN_TEMPLATE, { ...buildContext({ spec, state: shown, step }), againFor: 'not_bible' }) : expect.again(again)) : '';
        const asked = await askUpdate({ provider, request: note ? { ...request, user: `${request.user}\n\n${note}` } : request, expect, label, lang: state.lang, signal: input.signal, firm: () => render(text, true, index === 0 && from === 0) });
        calls += asked.calls;
        usage = addUsage(usage, asked.usage);
        return asked.update ? { answer: [asked.update] } : { problem: asked.problem! };
      },
      onHad: (_from, [update]) => {
        next = applyBibleUpdate(next, withPartLine(update!, next, label, piece), { label, lang: state.lang });
      },
      onLeft: (at, problem) => void left.push({ words: countWords(blocks[at]!), problem }),
    });
  }
  if (input.isRewrite) next = rederived(whole, next, label, position, partsOf(spec, state), state.memoryUpTo ?? position);
  // A book of a series keeps only what differs from the series before it (the rest stays the series', kept up to date
  // there).
  next = ownOnly(next, seriesOf(state));
  // The part's words are counted only for what was left unread (its step counted them already, and an update seldom
  // leaves any).
  return { memory: renderBible(next, state.lang, { omit: ['premise', 'ending'] }), calls, ...(usage ? { usage } : {}), ...(left.length ? { left: { words: left.reduce((n, l) => n + l.words, 0), of: countWords(text), problem: left[left.length - 1]!.problem } } : {}) };
}

/**
 * The update with a line for the part: an answer that kept the tables but wrote no line for the part (or one
 * under a heading the bible does not know) gets the part's opening words, so the bible still holds the part.
 */
function withPartLine(update: BibleUpdate, bible: StoryBible, label: string, text: string): BibleUpdate {
  if (update.chapterLine || bible.chapters.some((c) => c.label === label)) return update;
  const opening = text.replace(/^#{1,6}\s.*$/gm, '').replace(/\s+/g, ' ').trim();
  return opening ? { ...update, chapterLine: capWords(opening, BIBLE_LIMITS.lineWords) } : update;
}
