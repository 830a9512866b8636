// `npm run eval`: measures whole books. Scripted models (tests/scripted-models.ts: an under-writer at 60 %
// and 20 %, a drifter into Indonesian, a planter of one fact per chapter) answer through the fake AI
// server on loopback, and with `--real` (and OPENAI_API_KEY set) a real model does; books of 12 and 40
// chapters by default. Per book it prints: the length score S_l, the share of prose parts within ±15 % of
// their target, parts still short, extension calls, thread recall (facts planted in chapters of the first
// half still present in later chapters' requests), the bible's size by chapter and chapter N's request
// against chapter 5's, and parts not in the book's language; each book is written with the current
// templates and with a baseline version (`--baseline <git ref>`), side by side. JSON results go to
// bench/results/eval-<time>.json. Prints figures; asserts nothing.
//   npm run eval -- [--chapters 12,40] [--lang en,ms] [--models under60,under20,drifter,planter] [--baseline REF] [--real] [--quick] [--json]
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BookSession, PromptRenderer, bibleWords, bookLengthScore, detectLanguage, parseSettings, type ProgressStore, type SavedBook, type TemplateSources } from '../engine/index.js';
import { providerFromEnv, type Provider } from '../engine/providers/index.js';
import { loadCatalog, ROOT } from '../engine/node/load.js';
import { startFakeOpenAI, type FakeOpenAI } from '../tests/fake-openai.js';
import { chapterOfRequest, drifter, FACT_TOKEN, isBibleRequest, isExtensionRequest, planter, underWriter, userOf, type Answer } from '../tests/scripted-models.js';

const { values } = parseArgs({
  options: {
    chapters: { type: 'string', default: '12,40' },
    lang: { type: 'string', default: 'en' },
    models: { type: 'string', default: 'under60,under20,drifter,planter' },
    generator: { type: 'string', default: 'romance' },
    baseline: { type: 'string', default: '3f3099e' },
    real: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});

const MODELS: Record<string, { about: string; answer: Answer; langs?: Array<'en' | 'ms'> }> = {
  under60: { about: 'writes 60 % of every ask', answer: underWriter(0.6) },
  under20: { about: 'writes 20 % of every ask', answer: underWriter(0.2) },
  drifter: { about: "answers every 2nd chapter of a Malay book in Indonesian, Malay when told firmly", answer: drifter('id', 2), langs: ['ms'] },
  planter: { about: 'plants a unique fact per chapter; its bible updates keep every fact shown', answer: planter() },
};

const catalog = loadCatalog({ useDiskCache: true });
const spec = catalog.get(values.generator);
if (!spec || spec.kind !== 'book') throw new Error(`--generator: "${values.generator}" is not a book generator (karya list shows them)`);
const chapterCounts = (values.quick ? '6' : values.chapters).split(',').map((c) => Number(c.trim())).filter((n) => Number.isInteger(n) && n > 0);
const langs = values.lang.split(',').map((l) => l.trim()).filter((l): l is 'en' | 'ms' => l === 'en' || l === 'ms');
const modelNames = values.models.split(',').map((m) => m.trim()).filter((m) => m in MODELS);

/** The templates at a git ref, over the current ones (a name the ref lacks keeps its current text). */
function templatesAt(ref: string): { sources: TemplateSources; note: string } | undefined {
  try {
    const names = execFileSync('git', ['ls-tree', '-r', '--name-only', ref, 'templates/'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter((n) => n.endsWith('.hbs'));
    const sources: Record<string, string> = { ...catalog.renderer.templates };
    for (const file of names) sources[file.slice('templates/'.length, -'.hbs'.length)] = execFileSync('git', ['show', `${ref}:${file}`], { cwd: ROOT, encoding: 'utf8' });
    const added = Object.keys(catalog.renderer.templates).filter((n) => !names.includes(`templates/${n}.hbs`));
    return { sources, note: added.length ? `templates new since ${ref} kept as they are now: ${added.join(', ')}` : '' };
  } catch (error) {
    console.error(`eval: the baseline templates at ${ref} could not be read (${(error as Error).message.split('\n')[0]}); comparing the current templates only`);
    return undefined;
  }
}

interface BookRow {
  model: string;
  templates: 'current' | 'baseline';
  lang: string;
  chapters: number;
  score?: number;
  withinTolerance: number;
  shortParts: number;
  proseParts: number;
  extensions: number;
  /** Facts planted in the first half still in later chapters' requests (planter only). */
  threadRecall?: number;
  /** Recall, at the last chapter, of the facts planted in chapters 1–3. */
  earlyRecallAtEnd?: number;
  bibleWords: Record<string, number>;
  /** Characters of the last chapter's request over chapter 5's. */
  growth?: number;
  wrongLanguage: number;
  drifts: number;
  calls: number;
  seconds: number;
  error?: string;
}

function memoryStore(): ProgressStore {
  let book: SavedBook | null = null;
  return {
    load: async () => book,
    saveStep: async (_k, save) => {
      book = { state: save.state, isFinished: save.isFinished, updatedAt: '' };
    },
    saveMemory: async (_k, save) => {
      if (book) book = { ...book, state: { ...book.state, memory: save.memory, memoryUpTo: save.upTo } };
    },
  };
}

async function evaluate(model: string, renderer: PromptRenderer, templates: BookRow['templates'], lang: 'en' | 'ms', chapters: number, provider: Provider, fake?: FakeOpenAI): Promise<BookRow> {
  const started = performance.now();
  const first = fake?.requests.length ?? 0;
  const session = await BookSession.open({ spec: spec!, renderer, provider, store: memoryStore(), key: `${model}-${lang}-${chapters}`, settings: parseSettings(spec!, { language: lang }), totalChapters: chapters, onFinished: 'restart' });
  const parts: Array<{ words: number; target?: number; score?: number; short?: boolean; text: string }> = [];
  let extensions = 0;
  let drifts = 0;
  const bible: Record<string, number> = {};
  const mark = new Set([1, 5, 10, 20, 40, chapters]);
  try {
    while (session.next()) {
      const step = session.next()!;
      if (step.kind === 'chapter' && mark.has(step.position)) bible[`ch${step.position}`] = bibleWords(session.state.memory);
      const r = await session.advance();
      extensions += r.extensions;
      if (r.languageDrift) drifts++;
      if (r.target) parts.push({ words: r.words, target: r.target, ...(r.score !== undefined ? { score: r.score } : {}), ...(r.short ? { short: true } : {}), text: r.text });
      await session.remember();
    }
  } catch (error) {
    return { model, templates, lang, chapters, withinTolerance: 0, shortParts: 0, proseParts: parts.length, extensions, bibleWords: bible, wrongLanguage: 0, drifts, calls: 0, seconds: 0, error: (error as Error).message };
  }
  const requests = fake ? fake.requests.slice(first).filter((r) => r.path.endsWith('/chat/completions') && !(r.body?.max_tokens === 1 && !r.body?.stream)) : [];
  const chapterRequests = new Map<number, string>();
  for (const r of requests) {
    const user = userOf(r.body ?? {});
    const k = chapterOfRequest(user);
    if (k && !isExtensionRequest(user) && !isBibleRequest(user) && !chapterRequests.has(k)) chapterRequests.set(k, JSON.stringify(r.body?.messages ?? []));
  }
  // Thread recall: each fact planted in chapter k ≤ N/2 (its token), in the requests of chapters after k.
  let recall: number | undefined;
  let early: number | undefined;
  if (model === 'planter' && chapterRequests.size) {
    const last = Math.max(...chapterRequests.keys());
    const shares: number[] = [];
    for (let k = 1; k <= Math.floor(last / 2); k++) {
      const token = lang === 'ms' ? `KX-${k}-bara` : `KX-${k}-ember`;
      const later = [...chapterRequests.entries()].filter(([n]) => n > k);
      if (later.length) shares.push(later.filter(([, body]) => body.includes(token)).length / later.length);
    }
    recall = shares.length ? shares.reduce((a, b) => a + b, 0) / shares.length : undefined;
    const lastBody = chapterRequests.get(last) ?? '';
    early = [1, 2, 3].filter((k) => lastBody.includes(lang === 'ms' ? `KX-${k}-bara` : `KX-${k}-ember`)).length / 3;
    void FACT_TOKEN;
  }
  const lastChapter = chapterRequests.size ? Math.max(...chapterRequests.keys()) : 0;
  const growth = chapterRequests.has(5) && lastChapter > 5 ? chapterRequests.get(lastChapter)!.length / chapterRequests.get(5)!.length : undefined;
  const score = bookLengthScore(parts.map((p) => p.score));
  return {
    model, templates, lang, chapters,
    ...(score !== undefined ? { score } : {}),
    withinTolerance: parts.filter((p) => p.target && Math.abs(p.words / p.target - 1) <= 0.15).length / Math.max(1, parts.length),
    shortParts: parts.filter((p) => p.short).length,
    proseParts: parts.length,
    extensions,
    ...(recall !== undefined ? { threadRecall: recall } : {}),
    ...(early !== undefined ? { earlyRecallAtEnd: early } : {}),
    bibleWords: { ...bible, end: bibleWords(session.state.memory) },
    ...(growth !== undefined ? { growth } : {}),
    wrongLanguage: parts.filter((p) => { const found = detectLanguage(p.text).language; return found !== null && found !== lang; }).length,
    drifts,
    calls: requests.length,
    seconds: (performance.now() - started) / 1000,
  };
}

const baseline = templatesAt(values.baseline);
const renderers: Array<[BookRow['templates'], PromptRenderer]> = [['current', catalog.renderer], ...(baseline ? [['baseline', new PromptRenderer(baseline.sources)] as [BookRow['templates'], PromptRenderer]] : [])];
const rows: BookRow[] = [];
for (const model of modelNames) {
  const fake = await startFakeOpenAI({ answer: MODELS[model]!.answer });
  const provider = providerFromEnv({ OPENAI_API_KEY: 'sk-eval', OPENAI_BASE_URL: fake.baseURL });
  try {
    for (const lang of MODELS[model]!.langs ?? langs) {
      for (const chapters of chapterCounts) {
        for (const [name, renderer] of renderers) rows.push(await evaluate(model, renderer, name, lang, chapters, provider, fake));
      }
    }
  } finally {
    await fake.close();
  }
}
if (values.real) {
  if (!process.env.OPENAI_API_KEY) console.error('eval: --real needs OPENAI_API_KEY (and OPENAI_BASE_URL / KARYA_MODEL for other servers); skipped');
  else for (const lang of langs) rows.push(await evaluate('real', catalog.renderer, 'current', lang, Math.min(...chapterCounts), providerFromEnv()));
}

const results = { at: new Date().toISOString(), generator: spec.id, baseline: baseline ? values.baseline : null, models: Object.fromEntries(modelNames.map((m) => [m, MODELS[m]!.about])), rows };
const dir = path.join(ROOT, 'bench', 'results');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `eval-${results.at.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify(results, null, 2) + '\n');

if (values.json) {
  console.log(JSON.stringify(results, null, 2));
} else {
  const pct = (x?: number) => (x === undefined ? '-' : `${Math.round(100 * x)}%`);
  const pad = (s: string | number, n: number) => String(s).padEnd(n);
  const num = (s: string | number, n: number) => String(s).padStart(n);
  console.log(`${spec.id}, scripted models on the fake AI server${baseline ? `; templates: current vs ${values.baseline}${baseline.note ? ` (${baseline.note})` : ''}` : ''}`);
  console.log(`${pad('model', 9)} ${pad('lang', 4)} ${num('ch', 3)} ${pad('templates', 9)} ${num('S_l', 6)} ${num('±15%', 5)} ${num('short', 5)} ${num('ext', 4)} ${num('recall', 6)} ${num('early', 5)} ${pad('bible words (ch1/5/10/20/40/end)', 34)} ${num('growth', 6)} ${num('lang✗', 5)} ${num('drift', 5)} ${num('calls', 5)} ${num('time', 6)}`);
  for (const r of rows) {
    const b = r.bibleWords;
    const bible = ['ch1', 'ch5', 'ch10', 'ch20', 'ch40', 'end'].map((k) => b[k] ?? '-').join('/');
    console.log(`${pad(r.model, 9)} ${pad(r.lang, 4)} ${num(r.chapters, 3)} ${pad(r.templates, 9)} ${num(r.score?.toFixed(1) ?? '-', 6)} ${num(pct(r.withinTolerance), 5)} ${num(`${r.shortParts}/${r.proseParts}`, 5)} ${num(r.extensions, 4)} ${num(pct(r.threadRecall), 6)} ${num(pct(r.earlyRecallAtEnd), 5)} ${pad(bible, 34)} ${num(r.growth?.toFixed(2) ?? '-', 6)} ${num(r.wrongLanguage, 5)} ${num(r.drifts, 5)} ${num(r.calls, 5)} ${num(`${r.seconds.toFixed(1)}s`, 6)}${r.error ? `  error: ${r.error}` : ''}`);
  }
  console.log('');
  console.log('S_l: LongWriter length score of the book (mean over prose parts; 100 = the words asked for). ±15%: prose parts within 15 % of their target.');
  console.log('short: parts still under 0.85 of their target after up to two extensions / prose parts. ext: extension calls (part of their steps).');
  console.log('recall: planter only; for each fact planted in a chapter of the first half, the share of later chapter requests that still carry it. early: facts of chapters 1-3 in the last chapter\'s request.');
  console.log('bible words: the story bible a chapter request carries, at chapters 1, 5, 10, 20, 40 and after the last part. growth: last chapter\'s request size / chapter 5\'s.');
  console.log('lang✗: prose parts kept in another language than the book\'s. drift: parts answered in the wrong language first (asked again).');
  console.log(`results: ${path.relative(process.cwd(), file)}`);
}
