// The story bible's update after a part: one small call (a part too long for the window read in pieces),
// judged and language-checked like every answer. An answer that is not an update (empty, of the wrong kind)
// goes down the ladder of windowed jobs (../ladder.ts): asked again with the problem named, then the piece read
// in halves, each half its own update taken in in order, down to blocks of MIN_READ_WORDS; what still cannot
// be read is skipped and named (`left`). A refusal or an answer still in another language after a firm ask
// fails the update (thrown), which is tried again before the next part: the bible is never changed by it.
// Pure of storage. One ask and the blocks the ladder halves a piece into: update-ask.ts.
import type { ResolvedSpec } from '../../spec/types.js';
import type { Provider, TokenUsage } from '../../provider.js';
import { withoutCharacterDetails, type BookState } from '../../compile/flow.js';
import {
  ANSWER_AGAIN_TEMPLATE,
  buildContext,
  renderMemoryUpdate,
  type PromptRenderer,
  type RenderedPrompt,
} from '../../compile/prompt.js';
import { climbDown } from '../ladder.js';
import { countWords } from '../../words.js';
import { writerBriefOf } from '../../compile/brief.js';
import { partStep, stepLabel } from '../../compile/labels.js';
import {
  applyBibleUpdate,
  BIBLE_LIMITS,
  capWords,
  linesToFold,
  parseBible,
  renderBible,
  withWriterBrief,
  type BibleUpdate,
  type StoryBible,
} from './bible.js';
import { askUpdate, blocksOf, type BibleProblem } from './update-ask.js';
import type { Step } from '../../compile/step.js';
import { expectationOf } from '../expectation.js';
import { biblePieces, fitting, windowOf } from '../fit.js';
import { addUsage, type AdvanceOptions } from '../step-types.js';
import { bibleForStep, structuredAsOf } from './as-of.js';
import { partsOf } from './parts-of.js';
import { rederived } from './rederive.js';
import { plannedThreads, withOutlineThreads } from './outline-threads.js';
import { ownOnly, seriesOf } from './series.js';

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

/** What updateBible is given: the book, the part at `position`, and whether it was rewritten. */
type UpdateInput = Pick<AdvanceOptions, 'signal'> & {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  provider: Provider;
  state: BookState;
  position: number;
  isRewrite?: boolean;
};

/**
 * The story bible after it took in the part at `position` (one small update call, language-checked like
 * every answer, asked again once firmly; an answer still in another language leaves the bible as it was).
 * Pure of storage. Used after each part (BookSession.remember) and after a rewrite (`isRewrite`: the
 * update runs on the bible as of the part before it and replaces what the part established: rederived).
 */
export async function updateBible(input: UpdateInput): Promise<BibleRead> {
  const { spec, state, position } = input;
  const step = partStep(spec, position, state.totalChapters);
  const text =
    position === 0 && state.characterDetails ? withoutCharacterDetails(state.content[0]!) : state.content[position]!;
  const label = stepLabel(step, state.lang, spec);
  const whole = parseBible(state.memory);
  // The planned promises (outline, brief) opened by this part join the bible (they are tracked from the part they open
  // in).
  const base = input.isRewrite
    ? structuredAsOf(spec, state, position - 1)
    : withOutlineThreads(whole, plannedThreads(spec, state), position, partsOf(spec, state));
  const read = await readPart(input, { step, text, label }, withWriterBrief(base, writerBriefOf(spec, state.settings)));
  let next = read.bible;
  if (input.isRewrite)
    next = rederived(whole, next, label, position, partsOf(spec, state), state.memoryUpTo ?? position);
  // A book of a series keeps only what differs from the series before it (the rest stays the series', kept up to date
  // there).
  next = ownOnly(next, seriesOf(state));
  const { calls, usage, left } = read;
  // The part's words are counted only for what was left unread (its step counted them already, and an update seldom
  // leaves any).
  return {
    memory: renderBible(next, state.lang, { omit: ['premise', 'ending'] }),
    calls,
    ...(usage ? { usage } : {}),
    ...(left.length
      ? {
          left: {
            words: left.reduce((n, l) => n + l.words, 0),
            of: countWords(text),
            problem: left[left.length - 1]!.problem,
          },
        }
      : {}),
  };
}

/** The part being read: its step, its text and its label. */
interface Part {
  readonly step: Step;
  readonly text: string;
  readonly label: string;
}

/**
 * The update's requests for a part: its pieces (a part too long for the window read in pieces), each piece's request
 * rendered (`render`), the answers' expectation, and the provider that trims the bible shown to fit the window.
 */
async function updateRequests(input: UpdateInput, part: Part, foldLines: string) {
  const { spec, state, position } = input;
  const { step, text } = part;
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
    const request =
      kept?.request ??
      renderMemoryUpdate({
        spec,
        renderer: input.renderer,
        state: shown,
        step,
        text: piece,
        foldLines: isFirst ? foldLines : '',
        isFirm,
      });
    if (!isFirm && isFirst && !kept) plain.push({ piece, request });
    return request;
  };
  const pieces = biblePieces(text, await windowOf(input.provider), render, trimmable);
  // Judged like every answer (answers/verdict.ts): it may repeat the bible and the part, never the request.
  const expect = expectationOf({
    spec,
    renderer: input.renderer,
    state: shown,
    step,
    kind: 'bible',
    extra: () => [state.memory ?? '', shown.memory ?? '', text, foldLines],
  });
  return { shown, provider, render, pieces, expect };
}

/**
 * The bible after it took in the part, piece by piece, each down the ladder (ladder.ts): an answer that is not an
 * update is asked again with that named, then the piece is read in halves (each its own update, taken in in order),
 * down to blocks of MIN_READ_WORDS; what still cannot be read is `left`.
 */
async function readPart(input: UpdateInput, part: Part, bible: StoryBible) {
  const { spec, state } = input;
  const { step, label } = part;
  let next = bible;
  let calls = 0;
  let usage: TokenUsage | undefined;
  const fold = linesToFold(next);
  const foldLines = fold.map((l) => `- ${l.label ? `${l.label}: ` : ''}${l.line}`).join('\n');
  const { shown, provider, render, pieces, expect } = await updateRequests(input, part, foldLines);
  const left: BibleLeft[] = [];
  for (const [index, piece] of pieces.entries()) {
    const { blocks, whole } = blocksOf(piece);
    await climbDown<string, BibleUpdate, BibleProblem>(blocks, {
      ask: async (items, from, again) => {
        // Every block: the piece's paragraphs joined once (blocksOf), not again at each ask.
        const text = items.length === blocks.length ? whole : items.join('\n\n');
        const request = render(text, false, index === 0 && from === 0);
        // Asked again with its problem named: the judge's own note for a wrong kind, else "not an update of the bible".
        const note = again
          ? again === 'no_content'
            ? input.renderer.renderTemplate(ANSWER_AGAIN_TEMPLATE, {
                ...buildContext({ spec, state: shown, step }),
                againFor: 'not_bible',
              })
            : expect.again(again)
          : '';
        const asked = await askUpdate({
          provider,
          request: note ? { ...request, user: `${request.user}\n\n${note}` } : request,
          expect,
          label,
          lang: state.lang,
          signal: input.signal,
          firm: () => render(text, true, index === 0 && from === 0),
        });
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
  return { bible: next, calls, usage, left };
}

/**
 * The update with a line for the part: an answer that kept the tables but wrote no line for the part (or one
 * under a heading the bible does not know) gets the part's opening words, so the bible still holds the part.
 */
function withPartLine(update: BibleUpdate, bible: StoryBible, label: string, text: string): BibleUpdate {
  if (update.chapterLine || bible.chapters.some((c) => c.label === label)) return update;
  const opening = text
    .replace(/^#{1,6}\s.*$/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  return opening ? { ...update, chapterLine: capWords(opening, BIBLE_LIMITS.lineWords) } : update;
}
