// Passage tools: a passage the writer selects in a written part, reworked by one model call:
// rewritten (with a note, or in a tone), expanded, shortened or described with the senses. The request is
// the part's own (its plan, the brief, the story bible) with the words around the passage
// (templates/passage.hbs); the answer is cleaned to the text only and language-checked like any part. Pure
// of storage: the caller charges the call, and on Keep puts the answer in (keepPassage) and keeps the
// part's earlier text as a version.
import { firstWords, lastWords } from '../../words.js';
import type { ResolvedSpec } from '../../spec/types.js';
import { type Provider, type TextRequest, type TokenUsage, countWords } from '../../provider.js';
import { type LanguageRetry, SessionError } from '../step-types.js';
import { type AnswerNotes, askText } from '../answers/index.js';
import type { BookState } from '../../compile/flow.js';
import {
  buildContext,
  chapterTitleOf,
  continuationOf,
  FIRM_LANGUAGE_TEMPLATE,
  renderPassage,
  type PassageAsk,
  type PromptRenderer,
  type RenderedPrompt,
} from '../../compile/prompt.js';
import { partStep } from '../../compile/labels.js';
import type { Step } from '../../compile/step.js';
import { GenerationError } from '../../errors.js';
import { EditError, MAX_REWRITE_NOTE_CHARS, checkPartSeen, partText } from '../edits/index.js';
import { expectationOf } from '../expectation.js';
import { fitting } from '../fit.js';
import { stateForStep } from '../bible/index.js';
import { trimmableOf } from '../run-step.js';
import { answerWhole, firmLanguage, type Tally } from '../follow-ups/index.js';
import { MAX_PASSAGE_CHARS, PASSAGE_TONES, type PassageAction, type PassageTone } from '../passage-kinds.js';
import { wordIn } from '../../languages/index.js';
import { readingPattern } from '../../reading-words.js';

export { PASSAGE_TONE_IDS, type PassageAction, type PassageTone } from '../passage-kinds.js';

/** The words either side of the passage that go with the request. */
const AROUND_WORDS = 150;

/**
 * The passage of a part: its text (as the book view gives it) from `start` to `end` (characters), as the writer saw it.
 */
export interface PassageRef {
  position: number;
  start: number;
  end: number;
  /** The passage's text when it was selected: a part edited since is refused, not reworked elsewhere. */
  text: string;
  /** The hash of the part's text the writer selected in (the book view's `hash`): another text is refused. */
  hash?: string;
}

export interface PassageRequest extends PassageRef {
  action: PassageAction;
  note?: string;
  tone?: PassageTone;
}

export interface PassageAnswer {
  /** The new passage: the text only. */
  text: string;
  words: number;
  usage?: TokenUsage;
  /** Continuation calls made (0 when the first answer was whole), as a step reports them. */
  continuations: number;
  /** The answer came back in another language and was asked again (resolved), as a step reports it. */
  languageDrift?: LanguageRetry;
  /** What was done to its answers (assistant paragraphs out, asked again and why), as a step reports it. */
  answerNotes?: AnswerNotes;
  /** Its answer stopped at the time-out (what came is kept, continued once). */
  isTimedOut?: true;
}

/**
 * The part's text (as the book view gives it) with the passage checked against it: the part is the one the
 * writer selected in (its hash), the passage stands at its offsets, not too long, not blank. A stale place is
 * refused (`part_changed`), never looked for elsewhere: the same words often stand in several paragraphs.
 */
export function checkPassagePlace(spec: ResolvedSpec, state: BookState, ref: PassageRef): string {
  if (spec.kind !== 'book' || state.content[ref.position] === undefined)
    throw new SessionError('step_not_allowed', { next: String(ref.position) });
  const part = partText(spec, state, ref.position);
  if (ref.end - ref.start > MAX_PASSAGE_CHARS) throw new EditError('passage_too_long', { max: MAX_PASSAGE_CHARS });
  checkPartSeen(spec, state, ref.position, ref.hash, 'part_changed');
  if (ref.start < 0 || ref.end <= ref.start || part.slice(ref.start, ref.end) !== ref.text || !ref.text.trim())
    throw new EditError('part_changed');
  return part;
}

const wordsBefore = (text: string, n: number) => lastWords(text, n, '… ');
const wordsAfter = (text: string, n: number) => firstWords(text, n);

/**
 * A passage answer without the wrappers askText leaves (a code fence, triple or whole-text quotes); its chatter askText
 * takes off.
 */
export function cleanPassage(answer: string): string {
  let text = answer
    .trim()
    .replace(/^```[a-z]*\n?|\n?```$/g, '')
    .trim();
  text = text.replace(readingPattern(String.raw`^(?:{outline.announcer})[^\n]*:\s*\n+`), '').trim();
  text = text.replace(/^"""\s*|\s*"""$/g, '').trim();
  if (/^["“][^"”]*["”]$/.test(text)) text = text.slice(1, -1).trim();
  return text;
}

/**
 * The words the answer is asked for: the passage's, doubled for Expand, halved for Shorten (at least
 * PASSAGE_FLOOR_WORDS).
 */
const wordsFor = (action: PassageAction, words: number) =>
  Math.max(
    PASSAGE_FLOOR_WORDS,
    Math.round(
      action === 'expand'
        ? words * 2.2
        : action === 'shorten'
          ? words * 0.6
          : action === 'describe'
            ? words * 1.6
            : words * 1.2,
    ),
  );
/** The fewest words a passage answer is asked for: a phrase of a few words is rewritten as a sentence or two. */
export const PASSAGE_FLOOR_WORDS = 30;
/**
 * The most words a passage answer may have: twice what was asked, and a sentence or two more; past it, asked again
 * once, then refused.
 */
export const mostPassageWords = (asked: number) => asked * 2 + 40;

/**
 * Rework a passage of a written part (one call; a cut answer is kept as it came). An answer in another
 * language than the book's fails with `wrong_language`; an empty one with `no_content`.
 */
export async function reworkPassage(input: {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  provider: Provider;
  state: BookState;
  request: PassageRequest;
  signal?: AbortSignal;
  onDelta?: (delta: string) => void;
  /** Told of each retry of a call (a rate limit, a dropped connection), as a step's and write-more's are. */
  onRetry?: TextRequest['onRetry'];
}): Promise<PassageAnswer> {
  const { spec, state, request } = input;
  const part = checkPassagePlace(spec, state, request);
  const note = (request.note ?? '').trim();
  if (note.length > MAX_REWRITE_NOTE_CHARS) throw new EditError('note_too_long', { max: MAX_REWRITE_NOTE_CHARS });
  const step = partStep(spec, request.position, state.totalChapters);
  // The book as it stood when the part was written: the part's plan and the bible up to it.
  const before = stateForStep(
    spec,
    { ...state, content: state.content.slice(0, request.position), currentChapter: request.position },
    request.position,
    { cast: true },
  );
  const title = chapterTitleOf(spec, state, step);
  const ask: PassageAsk = {
    passageAsk: request.action,
    passageBefore: wordsBefore(part.slice(0, request.start), AROUND_WORDS),
    passageText: request.text.trim(),
    passageAfter: wordsAfter(part.slice(request.end), AROUND_WORDS),
    passageNote: note,
    passageTone:
      request.action === 'rewrite' && request.tone
        ? wordIn(PASSAGE_TONES[request.tone], state.lang, 'passage-tones')
        : '',
  };
  const asked = wordsFor(request.action, countWords(request.text));
  const promptOf = (found?: number) =>
    renderPassage({
      spec,
      renderer: input.renderer,
      state: before,
      step,
      ...(title ? { chapterTitle: title } : {}),
      ask: { ...ask, ...(found ? { passageWordsFound: found } : {}) },
      words: asked,
    });
  const prompt = promptOf();
  const { write, tally } = passageWriter(input, { before, step, title, part, note, prompt });
  let result = await write(prompt, input.onDelta);
  if (input.signal?.aborted) throw new GenerationError('aborted', { cause: input.signal.reason });
  // An answer far longer than the selection asked for (the whole part again, say) is asked for again once with its
  // length said, then refused: never offered to keep, nothing charged (as an answer in another language is).
  const found = countWords(cleanPassage(result.text));
  if (found > mostPassageWords(asked)) {
    result = await write(promptOf(found), undefined);
    if (input.signal?.aborted) throw new GenerationError('aborted', { cause: input.signal.reason });
    const again = countWords(cleanPassage(result.text));
    if (again > mostPassageWords(asked))
      throw new GenerationError('passage_answer_too_long', { params: { words: String(again), asked: String(asked) } });
  }
  const text = cleanPassage(result.text);
  if (!text) throw new GenerationError('no_content');
  return {
    text,
    words: countWords(text),
    continuations: tally.continuations,
    ...(tally.usage ? { usage: tally.usage } : {}),
    ...(tally.languageDrift ? { languageDrift: tally.languageDrift } : {}),
    ...(tally.notes ? { answerNotes: tally.notes } : {}),
    ...(tally.isTimedOut ? { isTimedOut: true as const } : {}),
  };
}

/**
 * How reworkPassage asks: the call judged, fitted to the window, continued once when cut, and in the book's language
 * (`tally` counts what it took).
 */
function passageWriter(
  input: Parameters<typeof reworkPassage>[0],
  ctx: { before: BookState; step: Step; title: string | undefined; part: string; note: string; prompt: RenderedPrompt },
): { write: ReturnType<typeof firmLanguage>; tally: Tally } {
  const { spec, state } = input;
  const { before, step, title, part, note, prompt } = ctx;
  // Like every call: the text only (askText), within the model's window (the bible trimmed first), and an
  // answer cut at the token limit continued once, as a part is.
  const provider = fitting(input.provider, trimmableOf(spec, before, step));
  // Judged like every answer (answers/verdict.ts): a refused or echoed passage fails (and is not charged); it may
  // repeat the part and the passage.
  const expect = expectationOf({
    spec,
    renderer: input.renderer,
    state: before,
    step,
    kind: 'prose',
    extra: () => [part, note, ...(title ? [title] : [])],
  });
  const call = (req: RenderedPrompt, onDelta?: (delta: string) => void) =>
    askText(
      provider,
      {
        ...req,
        ...(input.signal ? { signal: input.signal } : {}),
        ...(input.onRetry ? { onRetry: input.onRetry } : {}),
        ...(onDelta ? { onDelta } : {}),
      },
      expect,
    );
  const continuation = (soFar: string): RenderedPrompt =>
    continuationOf({ renderer: input.renderer, prompt, ctx: buildContext({ spec, state: before, step }), soFar });
  // In the book's language, as every answer (follow-ups/firm-language.ts): asked again once firmly, then refused;
  // a generator with `flow.languageCheck: false` is not checked.
  const tally: Tally = { continuations: 0 };
  const write = firmLanguage({
    write: (req, onDelta) => answerWhole(call, req, continuation, onDelta, 1),
    lang: state.lang,
    isChecked: spec.flow.languageCheck !== false,
    // The passage again, not the whole part: the firm line names what the request asks for.
    firmLine: () =>
      input.renderer.renderTemplate(FIRM_LANGUAGE_TEMPLATE, {
        ...buildContext({ spec, state: before, step }),
        isPassage: true,
      }),
    ...(input.signal ? { signal: input.signal } : {}),
    tally,
  });
  return { write, tally };
}

/**
 * The part's text (as the book view gives it) with the passage replaced by `text` (Keep); refused when the part changed
 * since.
 */
export function keepPassage(spec: ResolvedSpec, state: BookState, ref: PassageRef, text: string): string {
  const part = checkPassagePlace(spec, state, ref);
  return `${part.slice(0, ref.start)}${text.trim()}${part.slice(ref.end)}`;
}
