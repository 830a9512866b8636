// The story bible's update after a part: one small call (a part too long for the window read in pieces),
// judged and language-checked like every answer and asked again once firmly; an answer that is still not an
// update (refused, echoed, empty, in another language) fails the update, which is tried again before the
// next part: the bible is never changed by it. Pure of storage.
import type { ResolvedSpec } from '../../spec/types.js';
import type { Provider, TokenUsage } from '../../provider.js';
import { withoutCharacterDetails, type BookState } from '../../compile/flow.js';
import { renderMemoryUpdate, type PromptRenderer, type RenderedPrompt } from '../../compile/prompt.js';
import { writerBriefOf } from '../../compile/brief.js';
import { GenerationError } from '../../errors.js';
import { partStep, stepLabel } from '../../compile/labels.js';
import { applyBibleUpdate, BIBLE_LIMITS, capWords, linesToFold, parseBible, parseBibleUpdate, renderBible, withWriterBrief, type BibleUpdate, type StoryBible } from './bible.js';
import { findLanguageDrift } from '../language.js';
import { askText } from '../answers/text.js';
import { expectationOf } from '../expectation.js';
import { biblePieces, fitting, windowOf } from '../fit.js';
import { addUsage, type AdvanceOptions } from '../step-types.js';
import { bibleForStep, partsOf, structuredAsOf } from './as-of.js';
import { rederived } from './time.js';
import { plannedThreads, withOutlineThreads } from '../outline-threads.js';
import { ownOnly, seriesOf } from '../series/bible.js';

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
}): Promise<{ memory: string; calls: number; usage?: TokenUsage }> {
  const { spec, state, position } = input;
  let calls = 0;
  let usage: TokenUsage | undefined;
  const step = partStep(spec, position, state.totalChapters);
  const text = position === 0 && state.characterDetails ? withoutCharacterDetails(state.content[0]!) : state.content[position]!;
  const label = stepLabel(step, state.lang, spec);
  const whole = parseBible(state.memory);
  // The planned promises (outline, brief) opened by this part join the bible (they are tracked from the part they open in).
  const base = input.isRewrite ? structuredAsOf(spec, state, position - 1) : withOutlineThreads(whole, plannedThreads(spec, state), position, partsOf(spec, state));
  let next = withWriterBrief(base, writerBriefOf(spec, state.settings));
  const fold = linesToFold(next);
  const foldLines = fold.map((l) => `- ${l.label ? `${l.label}: ` : ''}${l.line}`).join('\n');
  // Within the model's window (fit.ts): the bible in the prompt trimmed, a part too long read in pieces.
  // The update is asked with the bible as of the part before this one (a rewritten part is not shown what later parts established).
  // Its prompts never read the writer's voice (templates/memory.hbs, answer-again.hbs): the bible alone.
  const shown = bibleForStep(spec, state, position);
  const trimmable = shown.memory ? { bible: shown.memory } : {};
  const provider = fitting(input.provider, trimmable);
  // Older lines are folded once, with the first piece. A piece's plain request, rendered when the pieces are
  // chosen, is the one its first ask sends: rendered once.
  const plain = new Map<string, RenderedPrompt>();
  const render = (piece: string, isFirm = false, isFirst = true) => {
    const request = (isFirm || !isFirst ? undefined : plain.get(piece)) ?? renderMemoryUpdate({ spec, renderer: input.renderer, state: shown, step, text: piece, foldLines: isFirst ? foldLines : '', isFirm });
    if (!isFirm && isFirst) plain.set(piece, request);
    return request;
  };
  const pieces = biblePieces(text, await windowOf(input.provider), render, trimmable);
  // Judged like every answer (answers/verdict.ts): it may repeat the bible and the part, never the request.
  const expect = expectationOf({ spec, renderer: input.renderer, state: shown, step, kind: 'bible', extra: () => [state.memory ?? '', shown.memory ?? '', text, foldLines] });
  for (const [index, piece] of pieces.entries()) {
    const ask = async (isFirm: boolean) => {
      const result = await askText(provider, { ...render(piece, isFirm, index === 0), ...(input.signal ? { signal: input.signal } : {}) }, expect);
      calls++;
      usage = addUsage(usage, result.usage);
      return result.text.trim();
    };
    // The part's own label (a guide's section name, "Sosialisasi") is the generator's word, not the answer's language.
    const driftOf = (answer: string) => findLanguageDrift(answer.split(label).join(' '), state.lang);
    let answer = await ask(false);
    const drift = answer ? driftOf(answer) : undefined;
    if (drift) {
      answer = await ask(true);
      const still = driftOf(answer);
      if (still && !input.signal?.aborted) throw new GenerationError('wrong_language', { params: { expected: still.expected, found: still.found } });
    }
    if (input.signal?.aborted) throw new GenerationError('aborted', { cause: input.signal.reason });
    // An empty update, or one with none of the bible's sections, is a failed update (never taken in silently).
    const update = answer ? parseBibleUpdate(answer, label) : undefined;
    if (!update) throw new GenerationError('no_content');
    next = applyBibleUpdate(next, withPartLine(update, next, label, piece), { label, lang: state.lang });
  }
  if (input.isRewrite) next = rederived(whole, next, label, position, partsOf(spec, state), state.memoryUpTo ?? position);
  // A book of a series keeps only what differs from the series before it (the rest stays the series', kept up to date there).
  next = ownOnly(next, seriesOf(state));
  return { memory: renderBible(next, state.lang, { omit: ['premise', 'ending'] }), calls, ...(usage ? { usage } : {}) };
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
