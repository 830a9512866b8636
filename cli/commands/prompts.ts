// `karya prompts <id>`: the exact messages a step would send (system and user, with the story bible and
// the plan as they would be), without calling the model: the maintainer's way to read and review a
// generator's prompts. The book is the saved one of these settings (the local state file, opened only if
// it exists) or, with none saved, a scripted one: the offline provider (local, deterministic, no network)
// writes the parts before the step, and the session keeps its bible as a real run would. No provider is
// ever built from the environment, so no request leaves the process whatever keys are set.
import { existsSync } from 'node:fs';
import { BookSession, planSteps, renderPrompt, startBook, stepKey, type BookState, type ProgressStore, type SavedBook, type Step } from '../../engine/index.js';
import { createOfflineProvider } from '../../engine/providers/index.js';
import { chatBody } from '../../engine/providers/openai.js';
import { openStateFile } from '../../server/store/state.js';
import { catalogOrExit, specOrExit, fail, info } from '../util.js';
import { settingsFromOptions, progressKey } from '../settings.js';
import { CLI_USER, DEFAULT_STATE } from './generate.js';

export interface PromptsOptions {
  set: string[];
  lang?: string;
  chapters?: string;
  step?: string;
  state?: string;
  json?: boolean;
}

/** A progress store in memory (the scripted book is never saved). */
function memoryStore(): ProgressStore {
  let book: SavedBook | null = null;
  return {
    load: async () => book,
    saveStep: async (_key, save) => {
      book = { state: save.state, isFinished: save.isFinished, updatedAt: '' };
    },
    saveMemory: async (_key, save) => {
      if (book) book = { ...book, state: { ...book.state, memory: save.memory, memoryUpTo: save.upTo } };
    },
  };
}

/** The saved book of these settings, read without creating a state file; null when there is none. */
async function savedBook(statePath: string, key: string): Promise<BookState | null> {
  if (!existsSync(statePath)) return null;
  const stateFile = await openStateFile(statePath);
  try {
    const saved = await stateFile.load(CLI_USER, key);
    return saved && (saved.state.content.length > 0 || saved.state.outline !== undefined) ? saved.state : null;
  } finally {
    await stateFile.close();
  }
}

/** The book as it stood just before `step`: parts from the step's position on are left out. */
function before(state: BookState, step: Step): BookState {
  if (step.kind === 'outline') return { ...state, content: [], currentChapter: 0, isLocked: false, outline: undefined as never };
  if (!('position' in step)) return { ...state, content: [], currentChapter: 0 };
  const kept = state.content.slice(0, step.position);
  const memoryUpTo = state.memoryUpTo !== undefined ? Math.min(state.memoryUpTo, step.position - 1) : undefined;
  return { ...state, content: kept, currentChapter: step.position, isLocked: step.position > 0, ...(memoryUpTo !== undefined && memoryUpTo >= 0 ? { memoryUpTo } : {}) };
}

export async function promptsCommand(id: string, opts: PromptsOptions): Promise<void> {
  const catalog = catalogOrExit();
  const spec = specOrExit(catalog, id);
  const { settings, totalChapters } = settingsFromOptions(spec, opts);
  const total = startBook({ spec, settings, totalChapters }).totalChapters;
  const steps = planSteps(spec, total);
  const keys = steps.map(stepKey);
  // "conclusion" names the conclusion whatever its position; "chapter:N" a chapter.
  const wanted = opts.step === 'conclusion' ? steps.find((s) => s.kind === 'conclusion') : opts.step ? steps.find((s) => stepKey(s) === opts.step) : undefined;
  if (opts.step && !wanted) {
    const chapters = steps.filter((s) => s.kind === 'chapter');
    const names = [...new Set(steps.map((s) => (s.kind === 'chapter' ? 'chapter' : s.kind)))].map((k) =>
      k === 'chapter' ? (chapters.length > 1 ? `chapter:1…chapter:${chapters.length}` : 'chapter:1') : k,
    );
    fail(`--step: "${opts.step}" is not a step of this ${spec.kind === 'book' ? `${total}-chapter book` : `${spec.id} output`} (${names.join(', ')})`);
  }

  const statePath = opts.state ?? DEFAULT_STATE;
  const key = progressKey(spec, settings, total);
  const saved = spec.kind === 'book' ? await savedBook(statePath, key) : null;
  let state: BookState;
  let step: Step;
  let source: 'saved' | 'scripted';
  if (saved) {
    source = 'saved';
    const session = await BookSession.open({ spec, renderer: catalog.renderer, provider: createOfflineProvider(), store: { load: async () => ({ state: saved, isFinished: false, updatedAt: '' }), saveStep: async () => undefined, saveMemory: async () => undefined }, key, settings, totalChapters: total, onFinished: 'keep' });
    step = wanted ?? session.next() ?? steps[steps.length - 1]!;
    const nextKey = session.next() ? stepKey(session.next()!) : null;
    state = nextKey === stepKey(step) ? session.state : before(session.state, step);
    info(`karya: rendered from the saved book in ${statePath} (${nextKey === stepKey(step) ? 'its next step' : nextKey ? `as it stood before ${stepKey(step)}; its next step is ${nextKey}` : 'finished; as it stood before this step'})`);
  } else {
    source = 'scripted';
    step = wanted ?? steps[0]!;
    // A scripted book up to the step: the offline provider writes the parts before it, the session keeps the bible.
    const session = await BookSession.open({ spec, renderer: catalog.renderer, provider: createOfflineProvider(), store: memoryStore(), key, settings, totalChapters: total, onFinished: 'restart' });
    const target = stepKey(step);
    while (session.next() && stepKey(session.next()!) !== target) {
      await session.advance();
      await session.remember();
    }
    if (session.needsMemory) await session.remember();
    state = session.state;
    if (spec.kind === 'book' && keys.indexOf(target) > 0) info(`karya: no saved book with these settings; rendered from a scripted book (offline demo parts before ${target})`);
  }

  const prompt = renderPrompt({ spec, renderer: catalog.renderer, state, step });
  const label = (spec.kind === 'book' ? stepKey(step) : step.kind);
  // An image step sends its prompt to the image model; a text step the chat messages below.
  const body = spec.kind === 'image'
    ? { messages: [{ role: 'user' as const, content: prompt.user }], max_tokens: 0, temperature: 0, presence_penalty: 0, frequency_penalty: 0 }
    : chatBody(prompt, '(model)');
  const messages = body.messages.filter((m) => m.role !== 'system' || m.content !== '');
  if (opts.json) {
    process.stdout.write(JSON.stringify({
      generator: spec.id, step: label, lang: state.lang, source, messages: messages.map((m) => ({ role: m.role, content: m.content })),
      max_tokens: body.max_tokens, temperature: body.temperature, presence_penalty: body.presence_penalty, frequency_penalty: body.frequency_penalty,
    }, null, 2) + '\n');
    return;
  }
  const out = [`# ${spec.id} · ${prompt.meta.stepLabel} (${label}) · ${state.lang} · max_tokens ${body.max_tokens} · temperature ${body.temperature} · ${source} book`, ''];
  for (const m of messages) out.push(`--- ${m.role} ---`, m.content, '');
  process.stdout.write(out.join('\n'));
}
