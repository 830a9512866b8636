// `karya prompts <id>`: the exact messages a step would send (system and user, with the story bible and
// the plan as they would be), without calling the model: the maintainer's way to read and review a
// generator's prompts. The book is the saved one of these settings (the local state file, opened only if
// it exists) or, with none saved, a scripted one: the offline provider (local, deterministic, no network)
// writes the parts before the step, and the session keeps its bible as a real run would. No provider is
// ever built from the environment, so no request leaves the process whatever keys are set.
import {
  BookSession,
  inMemoryProgressStore,
  stepsFor,
  renderPrompt,
  startBook,
  stateForStep,
  stepKey,
  stepPosition,
  type BookState,
  type Lang,
  type ResolvedSpec,
  type SavedBook,
  type Step,
} from '../../engine/index.js';
import { loadProviders } from '../../engine/node.js';

const { createOfflineProvider, chatBody, imageBody } = await loadProviders();
import { catalogOrExit, specOrExit, fail, info, CLI_USER } from '../util.js';
import { askedLang } from '../langs.js';
import { promptsWord } from '../prompts-words.js';
import { settingsFromOptions, progressKey } from '../settings.js';
import { cliStateOf, hasBooks, openCliState, type CliState } from '../state.js';

export interface PromptsOptions {
  set: string[];
  lang?: string;
  chapters?: string;
  step?: string;
  state?: string;
  json?: boolean;
}

/** The model field of the printed bodies: the model is the provider config's, which this command never reads. */
const NO_MODEL = '';

/** A step as `--step` names it: `outline`, `introduction`, `chapter:3`, `conclusion`, `single`, `image`. */
function stepName(step: Step): string {
  return step.kind === 'conclusion' ? 'conclusion' : stepKey(step);
}

/**
 * The `--step` values of a plan, for the message of a bad one: "outline, introduction, chapter:1…chapter:12,
 * conclusion".
 */
function stepNames(steps: readonly Step[]): string {
  const chapters = steps.filter((s) => s.kind === 'chapter');
  const names: string[] = [];
  for (const s of steps) {
    if (s.kind !== 'chapter') names.push(stepName(s));
    else if (s === chapters[0])
      names.push(chapters.length > 1 ? `${stepName(s)}…${stepName(chapters[chapters.length - 1]!)}` : stepName(s));
  }
  return names.join(', ');
}

/** The saved book of these settings, read without creating a state file; null when there is none. */
async function savedBook(place: CliState, key: string): Promise<SavedBook | null> {
  if (!hasBooks(place)) return null;
  const stateFile = await openCliState(place);
  try {
    const saved = await stateFile.repos.books.load({ userId: CLI_USER, key });
    return saved && (saved.state.content.length > 0 || saved.state.outline !== undefined) ? saved : null;
  } finally {
    await stateFile.close();
  }
}

/**
 * The saved book as the prompt of `step` reads it when the step is not its next one: the parts from the
 * step's position on are left out (so "how the last part ended" is the part before it). Before the
 * introduction nothing of the book exists but its settings; later, its bible stays as saved.
 */
function atStep(state: BookState, step: Step): BookState {
  const { outline, memory, memoryUpTo, characterDetails, ...rest } = state;
  const position = 'position' in step ? step.position : 0;
  if (step.kind === 'outline' || position === 0) {
    return {
      ...rest,
      ...(step.kind !== 'outline' && outline !== undefined ? { outline } : {}),
      content: [],
      currentChapter: 0,
      isLocked: false,
    };
  }
  return {
    ...state,
    content: state.content.slice(0, position),
    currentChapter: position,
    isLocked: true,
    ...(memoryUpTo !== undefined ? { memoryUpTo: Math.min(memoryUpTo, position - 1) } : {}),
  };
}

/** "its story bible as saved (up to chapter:4)", for the notes. */
function bibleNote(spec: ResolvedSpec, state: BookState, lang: Lang): string {
  if (!state.memory || state.memoryUpTo === undefined) return promptsWord('noBible', lang);
  const part = stepsFor(spec, state.totalChapters).find((s) => 'position' in s && s.position === state.memoryUpTo);
  return promptsWord('bibleUpTo', lang, {
    step: part ? stepName(part) : promptsWord('partN', lang, { n: state.memoryUpTo }),
  });
}

/** The step and the state it is rendered from, with a note saying which state that is. */
function fromSaved(
  session: BookSession,
  wanted: Step | undefined,
  steps: readonly Step[],
  statePath: string,
  lang: Lang,
): { step: Step; state: BookState; note: string } {
  const { spec } = session;
  const saved = session.state;
  const next = session.next();
  const where = promptsWord('savedIn', lang, { path: statePath });
  // A finished book: `karya generate` would start it again, so its first step is the one it would send next.
  const step = wanted ?? next ?? steps[0]!;
  if (next && stepKey(next) === stepKey(step)) {
    const lag = session.needsMemory ? promptsWord('bibleLags', lang) : '';
    return { step, state: saved, note: promptsWord('nextStep', lang, { where, lag }) };
  }
  const state = atStep(saved, step);
  const status = next
    ? promptsWord('nextIs', lang, { step: stepName(next) })
    : promptsWord(wanted ? 'finished' : 'finishedRestart', lang);
  const position = 'position' in step ? step.position : 0;
  const vars = { where, status, step: stepName(step) };
  if (step.kind === 'outline' || position === 0)
    return { step, state, note: promptsWord(state.outline !== undefined ? 'beforeOutline' : 'before', lang, vars) };
  if (position > saved.content.length) {
    const n = saved.content.length;
    return {
      step,
      state,
      note: promptsWord(n === 1 ? 'asItStands_one' : 'asItStands', lang, {
        ...vars,
        n,
        bible: bibleNote(spec, state, lang),
      }),
    };
  }
  const later = saved.memoryUpTo !== undefined && saved.memoryUpTo >= position;
  return {
    step,
    state,
    note: promptsWord(later ? 'partsBeforeLater' : 'partsBefore', lang, {
      ...vars,
      bible: bibleNote(spec, saved, lang),
    }),
  };
}

/** The request the step sends, without its model: printed whole, its messages, and its settings for the header. */
function requestOf(
  spec: ResolvedSpec,
  prompt: ReturnType<typeof renderPrompt>,
  step: Step,
): {
  printed: Record<string, unknown>;
  messages: ReadonlyArray<{ role: string; content: string }>;
  settings: string[];
} {
  if (step.kind === 'image') {
    // A cover sends its prompt to the image model: one prompt, no chat messages, no token limit.
    const {
      model: _model,
      prompt: text,
      ...image
    } = imageBody({ prompt: prompt.user, size: spec.image?.size ?? '1024x1024' }, NO_MODEL);
    const messages = [{ role: 'prompt', content: text }];
    return {
      printed: { messages, ...image },
      messages,
      settings: [`size ${image.size}`, `quality ${image.quality}`, `style ${image.style}`],
    };
  }
  const { model: _model, ...body } = chatBody(prompt, NO_MODEL);
  return {
    printed: body,
    messages: body.messages,
    settings: [
      `max_tokens ${body.max_tokens}`,
      `temperature ${body.temperature}`,
      `presence_penalty ${body.presence_penalty}`,
      `frequency_penalty ${body.frequency_penalty}`,
    ],
  };
}

export async function promptsCommand(id: string, opts: PromptsOptions): Promise<void> {
  const catalog = catalogOrExit();
  const lang = askedLang(opts.lang);
  const spec = specOrExit(catalog, id, lang);
  const { settings, totalChapters } = settingsFromOptions(spec, opts);
  const total = startBook({ spec, settings, totalChapters }).totalChapters;
  const steps = stepsFor(spec, total);
  // "conclusion" names the conclusion whatever its position (its stored key, "conclusion:13", is taken too).
  const wanted =
    opts.step === undefined ? undefined : steps.find((s) => stepName(s) === opts.step || stepKey(s) === opts.step);
  if (opts.step !== undefined && !wanted) {
    const vars = { value: opts.step, total, id: spec.id, steps: stepNames(steps) };
    fail(promptsWord(spec.kind === 'book' ? 'notBookStep' : 'notOutputStep', lang, vars));
  }

  const place = cliStateOf(opts.state);
  const statePath = place.where;
  const key = progressKey(spec, settings, total);
  const saved = spec.kind === 'book' ? await savedBook(place, key) : null;
  const offline = createOfflineProvider();
  let state: BookState;
  let step: Step;
  let source: 'saved' | 'scripted';
  if (saved) {
    source = 'saved';
    // Opened from a store that saves nothing: the state file is only read.
    const session = await BookSession.open({
      spec,
      renderer: catalog.renderer,
      provider: offline,
      key,
      settings,
      totalChapters: total,
      onFinished: 'keep',
      store: { load: async () => saved, saveStep: async () => undefined, saveMemory: async () => undefined },
    });
    const at = fromSaved(session, wanted, steps, statePath, lang);
    ({ step, state } = at);
    info(`karya: ${at.note}`);
  } else {
    source = 'scripted';
    step = wanted ?? steps[0]!;
    // A scripted book up to the step: the offline provider writes the parts before it, the session keeps the bible.
    const session = await BookSession.open({
      spec,
      renderer: catalog.renderer,
      provider: offline,
      store: inMemoryProgressStore(),
      key,
      settings,
      totalChapters: total,
      onFinished: 'restart',
    });
    const target = stepKey(step);
    while (session.next() && stepKey(session.next()!) !== target) {
      await session.advance();
      await session.remember();
    }
    state = session.state;
    if (spec.kind === 'book' && steps.indexOf(step) > 0)
      info(`karya: ${promptsWord('scripted', lang, { step: stepName(step) })}`);
  }

  // As the session sends it: the bible as of the part before the step, with the promises due in it.
  const prompt = renderPrompt({
    spec,
    renderer: catalog.renderer,
    state: stateForStep(spec, state, stepPosition(step)),
    step,
  });
  const name = stepName(step);
  const header = [`# ${spec.id}`, `${prompt.meta.stepLabel} (${name})`, state.lang];
  const { printed, messages, settings: sent } = requestOf(spec, prompt, step);
  header.push(...sent);
  if (opts.json) {
    process.stdout.write(
      JSON.stringify({ generator: spec.id, step: name, lang: state.lang, source, ...printed }, null, 2) + '\n',
    );
    return;
  }
  header.push(`${source}${spec.kind === 'book' ? ' book' : ''}`);
  const out = [header.join(' · '), ''];
  for (const m of messages) out.push(`--- ${m.role} ---`, m.content, '');
  process.stdout.write(out.join('\n'));
}
