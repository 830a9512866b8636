// `npm run eval`: measures whole books. With OPENAI_API_KEY or OPENAI_BASE_URL set, the model you configure
// writes them (providerFromEnv: OPENAI_BASE_URL, KARYA_MODEL, karya.config.yaml): one short book (2
// chapters) per family that has books (romance, guide), in English and Malay, with the current templates.
// Otherwise, or with `--scripted`, scripted models (tests/scripted-models.ts) answer through the fake AI
// server (tests/fake-openai.ts) on 127.0.0.1, in this process, through the engine's real OpenAI provider:
// books of 12 and 40 chapters, written once with the current templates and once with a baseline version
// (`--baseline <git ref>`, templates/ read from git), side by side. Per part it prints words against the
// target, S_l, the language and any drift, the share already written (repeated), overused phrases per
// 1,000 words (engine/session/voice-overused-words.ts: the measure the book session marks parts with) and the prompt's size; per book: S_l, the share of prose parts within
// ±15 % of their target, parts still short, the repeated share, overused phrases, the last chapter against
// the first, extension calls, thread recall (facts planted in the first half still in later chapters'
// requests), outline entries carried, the bible's size by chapter and the growth of a chapter's request,
// and parts kept in another language; then the continuity table (bench/continuity-eval.ts). JSON results go to bench/results/eval-<time>.json. Prints figures;
// asserts nothing.
// Every run ends with the language check's accuracy on its labelled sample (tests/fixtures/language/,
// per class); `--language` prints only that, with the samples told wrong.
//   npm run eval -- [--scripted] [--models under60,under20,drifter,planter,real] [--lang en,ms] [--chapters 12,40]
//                   [--generators romance] [--baseline REF|none] [--real] [--quick] [--parts] [--json]
//   npm run eval -- --language [--json]
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import {
  BookSession, GenerationError, PromptRenderer, bibleWords, bookLengthScore, countWords, detectLanguage, parseSettings, LONG_RATIO, SHORT_RATIO,
  inMemoryProgressStore, overusedIn, type ResolvedSpec, type Settings, type TemplateSources, withoutCharacterDetails,
} from '../engine/index.js';
import { loadProviders, type Provider, type TextRequest } from '../engine/node.js';
import { lightFetch } from '../engine/node.js';
import { loadCatalog, ROOT } from '../engine/node.js';
import { startFakeOpenAI } from '../tests/fake-openai.js';
import { describeRequest, drifter, outlineEntry, planter, plantedFact, underWriter, type RequestInfo, type ScriptedModel } from '../tests/scripted-models.js';
import { sampleAccuracy, type ClassAccuracy } from '../tests/language-sample.js';
import { continuityRows, printContinuity } from './continuity-eval.js';

const { providerFromEnv } = await loadProviders();

const { values } = parseArgs({
  options: {
    models: { type: 'string' },
    lang: { type: 'string', default: 'en,ms' },
    chapters: { type: 'string' },
    generators: { type: 'string' },
    baseline: { type: 'string' },
    real: { type: 'boolean', default: false },
    scripted: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    parts: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    language: { type: 'boolean', default: false },
  },
});

// ---------------------------------------------------------------------------------------------------
// The language check on its labelled sample (engine/session/language.ts, tests/fixtures/language/)

const languageAccuracy: ClassAccuracy[] = sampleAccuracy();

/** One line per class of the labelled sample: told right / samples, the share; with `wrong`, the samples told wrong. */
function printLanguageSample(wrong: boolean): void {
  console.log('Language check on its labelled sample (tests/fixtures/language/; real news measured separately, see engine/session/language.ts):');
  for (const c of languageAccuracy) {
    console.log(`  ${c.label.padEnd(12)} ${`${c.right}/${c.total}`.padStart(6)}  ${(100 * c.accuracy).toFixed(1).padStart(5)} %  ${c.about}`);
    if (wrong) for (const w of c.wrong) console.log(`               told ${w.found ?? 'nothing'} (${w.kind}): ${w.text}…`);
  }
}

if (values.language) {
  if (values.json) console.log(JSON.stringify(languageAccuracy, null, 2));
  else printLanguageSample(true);
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------------
// What is run

/** The scripted models, each made afresh for every book (they record what they planted). */
const SCRIPTED: Record<string, { about: string; make: () => ScriptedModel }> = {
  under60: { about: 'under-writer 0.6: writes 60 % of every ask (parts and extensions)', make: () => underWriter(0.6) },
  under20: { about: 'under-writer 0.2: writes 20 % of every ask', make: () => underWriter(0.2) },
  drifter: {
    about: 'drifter: every 3rd chapter of a Malay book in Indonesian or English in turn (of an English book, in Malay); asked again firmly it complies, except every 12th chapter',
    make: () => drifter({
      parts: (i) => i.kind === 'chapter' && (i.chapter ?? 0) % 3 === 0,
      into: (i) => ((i.chapter ?? 0) / 3) % 2 === 1 ? 'id' : 'en',
      stubborn: (i) => (i.chapter ?? 0) % 12 === 0,
      reverse: true,
    }),
  },
  planter: { about: 'planter: writes every part at its target, plants one unique fact per chapter, its bible updates echo every fact shown', make: () => planter() },
};

const catalog = loadCatalog({ useDiskCache: true });
// The configured model unless told otherwise: a key or a server in the environment means a real model.
const isConfigured = !!(process.env.OPENAI_API_KEY?.trim() || process.env.OPENAI_BASE_URL?.trim());
const isRealRun = isConfigured && !values.scripted && !values.models;
const asked = (values.models ?? (isRealRun ? 'real' : 'under60,under20,drifter,planter')).split(',').map((m) => m.trim()).filter(Boolean);
const unknown = asked.filter((m) => m !== 'real' && !(m in SCRIPTED));
if (unknown.length) throw new Error(`--models: unknown ${unknown.join(', ')} (known: ${[...Object.keys(SCRIPTED), 'real'].join(', ')})`);
const scriptedNames = asked.filter((m) => m in SCRIPTED);
const wantsReal = values.real || asked.includes('real');
const langs = values.lang.split(',').map((l) => l.trim()).filter((l): l is 'en' | 'ms' => l === 'en' || l === 'ms');
const chapterCounts = (values.quick ? '6' : values.chapters ?? (isRealRun ? '2' : '12,40')).split(',').map((c) => Number(c.trim())).filter((n) => Number.isInteger(n) && n > 0);
const specs = (values.generators ?? (isRealRun ? 'romance,guide' : 'romance')).split(',').map((id) => {
  const spec = catalog.get(id.trim());
  if (!spec || spec.kind !== 'book') throw new Error(`--generators: "${id}" is not a book generator (karya list shows them)`);
  return spec;
});

/** The templates at a git ref, over the current ones (a template the ref lacks keeps its current text). */
function templatesAt(ref: string): { sources: TemplateSources; note: string } | { error: string } {
  try {
    const names = execFileSync('git', ['ls-tree', '-r', '--name-only', ref, '--', 'templates/'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
      .split('\n').filter((n) => n.endsWith('.hbs'));
    if (!names.length) return { error: `${ref} has no templates/` };
    const sources: Record<string, string> = { ...catalog.renderer.templates };
    for (const file of names) sources[file.slice('templates/'.length, -'.hbs'.length)] = execFileSync('git', ['show', `${ref}:${file}`], { cwd: ROOT, encoding: 'utf8' });
    const kept = Object.keys(catalog.renderer.templates).filter((n) => !names.includes(`templates/${n}.hbs`)).sort();
    return { sources, note: kept.length ? `templates ${ref} lacks, kept as they are now: ${kept.join(', ')}` : '' };
  } catch (error) {
    return { error: (error as Error).message.split('\n')[0]! };
  }
}

// ---------------------------------------------------------------------------------------------------
// One book

interface PartRow {
  label: string;
  /** Words of the part as the engine measures it (an introduction without its character list). */
  words: number;
  target?: number;
  score?: number;
  extensions: number;
  continuations: number;
  short?: true;
  long?: true;
  /** The language the kept text was found in (null: too little to tell). */
  found: string | null;
  /** The first answer came back in this language and the part was asked again. */
  drift?: string;
  /** The share of its words already written earlier in the part or the book (engine/session/repeat.ts). */
  repeated: number;
  /** Overused phrases (engine/session/voice-overused-words.ts: the measure the book session marks parts with) per 1,000 words. */
  overused: number;
  /** o200k tokens of the part's own request (system and user). */
  promptTokens?: number;
  /** The chapter's number (chapters only). */
  chapter?: number;
}

interface BookRow {
  model: string;
  generator: string;
  templates: string;
  lang: 'en' | 'ms';
  chapters: number;
  /** S_l of the book: the mean of its prose parts' scores. */
  score?: number;
  proseParts: number;
  /** Prose parts within ±15 % of their target. */
  withinTolerance: number;
  /** Parts still under 0.85 × their target after their extensions. */
  shortParts: number;
  longParts: number;
  /** The share of the book's prose words already written earlier (word-weighted over its parts). */
  repeated?: number;
  /** Overused phrases (engine/session/voice-overused-words.ts: the measure the book session marks parts with) per 1,000 words of prose. */
  overused?: number;
  /** The last chapter against the first: words and repeated share. */
  firstLast?: { firstWords: number; lastWords: number; firstRepeated: number; lastRepeated: number };
  /** Length extension calls (requests that asked for "N more words"). */
  extensions: number;
  continuations: number;
  /** Planter only: for each fact planted in chapter k ≤ N/2, the share of chapter requests after k that carry it; the mean. */
  threadRecall?: number;
  /** Planter only: the facts of chapters 1–3 in chapter N's request. */
  earlyRecallAtEnd?: number;
  /** Chapters whose request carries their own outline entry (scripted outlines). */
  entriesCarried?: number;
  /** Words of the story bible shown in chapter k's request ("ch1", "ch5", …, "max"). */
  bibleWords: Record<string, number>;
  /** o200k tokens of the system and user messages of chapter 5's and chapter N's requests, and their ratio. */
  requestTokens: { ch5?: number; last?: number; growth?: number };
  /** Prose parts whose kept text is in another language than the book's. */
  wrongLanguage: number;
  /** Parts whose first answer was in another language (written again with the firm language line). */
  drifts: number;
  /** Requests by what they asked (outline, part, extension, continuation, firm, memory, other). */
  requests: Record<string, number>;
  seconds: number;
  parts?: PartRow[];
  error?: string;
  /** The step that failed because its answer, asked again, was still in another language (the book stops there). */
  languageFailed?: string;
}

/** Settings for an evaluation book: the defaults, the language, and each required text field's placeholder. */
function evalSettings(spec: ResolvedSpec, lang: 'en' | 'ms'): Settings {
  const raw: Record<string, unknown> = {};
  for (const f of spec.fields) {
    if (f.role === 'language') raw[f.name] = lang;
    else if (f.required && f.type === 'text' && !f.default) raw[f.name] = (f.placeholder?.[lang] ?? 'x').replace(/^(e\.g\.|cth\.)\s*/i, '');
  }
  return parseSettings(spec, raw);
}


/** A request as sent, with what it asks for (read from its text, as the scripted models read it). */
interface SentRequest {
  request: TextRequest;
  info: RequestInfo;
}

/** The provider, with every request it is given kept in order. */
function recording(provider: Provider): { provider: Provider; sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  return {
    sent,
    provider: {
      ...provider,
      generateText: (request) => {
        const body = { messages: [{ role: 'system', content: request.system }, { role: 'user', content: request.user }], max_tokens: request.maxTokens };
        sent.push({ request, info: describeRequest(body) });
        return provider.generateText(request);
      },
    },
  };
}

const BIBLE_AT = [1, 5, 10, 20, 40];
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : undefined);

async function writeBook(input: { spec: ResolvedSpec; model: string; scripted?: ScriptedModel; provider: Provider; renderer: PromptRenderer; templates: string; lang: 'en' | 'ms'; chapters: number }): Promise<BookRow> {
  const { spec, lang, chapters } = input;
  const started = performance.now();
  const { provider, sent } = recording(input.provider);
  const parts: PartRow[] = [];
  /** Chapter k's own first request (its system and user text) and the bible the session held when it was sent. */
  const chapterRequests = new Map<number, { text: string; bible: string }>();
  const row: BookRow = {
    model: input.model, generator: spec.id, templates: input.templates, lang, chapters, proseParts: 0, withinTolerance: 0, shortParts: 0, longParts: 0,
    extensions: 0, continuations: 0, bibleWords: {}, requestTokens: {}, wrongLanguage: 0, drifts: 0, requests: {}, seconds: 0,
  };
  try {
    const session = await BookSession.open({
      spec, renderer: input.renderer, provider, store: inMemoryProgressStore(), key: `eval-${input.model}-${spec.id}-${lang}-${chapters}`,
      settings: evalSettings(spec, lang), ...(spec.flow.sections ? {} : { totalChapters: chapters }), onFinished: 'restart',
    });
    while (session.next()) {
      const step = session.next()!;
      const bible = session.state.memory ?? '';
      const before = sent.length;
      const result = await session.advance().catch((error: unknown) => {
        // A step still in another language when asked again fails (as the studio shows it): the book stops there.
        if (error instanceof GenerationError && error.code === 'wrong_language') row.languageFailed = `${session.label(step)}: ${error.params?.found} twice`;
        throw error;
      });
      const own = sent.slice(before).find((s) => s.request.meta?.stepKind !== 'memory');
      if (step.kind === 'chapter' && !step.section && own) chapterRequests.set(step.position, { text: `${own.request.system}\n${own.request.user}`, bible });
      if (result.target) {
        const found = detectLanguage(result.text).language;
        // Measured as the engine measures a part: an introduction without its character list.
        const text = step.kind === 'introduction' && spec.flow.characterDetails ? withoutCharacterDetails(result.text) : result.text;
        const prose = countWords(text);
        const short = result.short ?? (prose < SHORT_RATIO * result.target ? true : undefined);
        const long = result.long ?? (prose > LONG_RATIO * result.target ? true : undefined);
        parts.push({
          label: result.label, words: prose, target: result.target, ...(result.score !== undefined ? { score: result.score } : {}),
          extensions: result.extensions ?? 0, continuations: result.continuations, ...(short ? { short } : {}), ...(long ? { long } : {}), found,
          ...(result.languageDrift ? { drift: result.languageDrift.found } : {}),
          repeated: result.repeated ?? 0, overused: result.overused?.perThousand ?? overusedIn(text, lang).perThousand,
          ...(own ? { promptTokens: encode(`${own.request.system}\n${own.request.user}`).length } : {}),
          ...(step.kind === 'chapter' ? { chapter: step.position } : {}),
        });
      }
      await session.remember();
    }
  } catch (error) {
    if (!row.languageFailed) row.error = (error as Error).message;
  }
  // Length.
  const score = bookLengthScore(parts.map((p) => p.score));
  if (score !== undefined) row.score = score;
  row.proseParts = parts.length;
  row.withinTolerance = parts.filter((p) => p.target && Math.abs(p.words / p.target - 1) <= 0.15).length / Math.max(1, parts.length);
  row.shortParts = parts.filter((p) => p.short).length;
  const proseWords = parts.reduce((a, p) => a + p.words, 0);
  if (proseWords) {
    row.repeated = parts.reduce((a, p) => a + p.repeated * p.words, 0) / proseWords;
    row.overused = parts.reduce((a, p) => a + (p.overused * p.words) / 1000, 0) * (1000 / proseWords);
  }
  const chapterParts = parts.filter((p) => p.chapter !== undefined);
  const [first, lastChapter] = [chapterParts[0], chapterParts.at(-1)];
  if (first && lastChapter) row.firstLast = { firstWords: first.words, lastWords: lastChapter.words, firstRepeated: first.repeated, lastRepeated: lastChapter.repeated };
  row.longParts = parts.filter((p) => p.long).length;
  for (const s of sent) {
    const kind = s.request.meta?.stepKind === 'memory' ? 'memory' : s.info.follow ?? (s.info.kind === 'other' ? 'other' : s.info.kind === 'outline' ? 'outline' : 'part');
    row.requests[kind] = (row.requests[kind] ?? 0) + 1;
  }
  row.extensions = row.requests.extension ?? 0;
  row.continuations = row.requests.continuation ?? 0;
  // Thread recall: each fact planted in chapter k ≤ N/2, in the requests of chapters k+1 … N.
  const written = [...chapterRequests.keys()].sort((a, b) => a - b);
  const last = written.at(-1) ?? 0;
  if (input.scripted?.planted.size) {
    const tokenOf = (k: number) => input.scripted!.planted.get(k)?.token ?? plantedFact(k, lang).token;
    const shares: number[] = [];
    for (let k = 1; k <= Math.floor(last / 2); k++) {
      const later = written.filter((j) => j > k);
      if (later.length) shares.push(later.filter((j) => chapterRequests.get(j)!.text.includes(tokenOf(k))).length / later.length);
    }
    const recall = mean(shares);
    if (recall !== undefined) row.threadRecall = recall;
    const early = [1, 2, 3].filter((k) => k < last);
    if (early.length) row.earlyRecallAtEnd = early.filter((k) => chapterRequests.get(last)!.text.includes(tokenOf(k))).length / early.length;
  }
  // Every chapter its outline entry (the scripted outline's entries open with a sentence naming their title).
  if (input.scripted && written.length) {
    row.entriesCarried = written.filter((k) => chapterRequests.get(k)!.text.includes(outlineEntry(k, lang).opening)).length / written.length;
  }
  // The bible a chapter's request shows, and the growth of the request.
  let max = 0;
  for (const k of written) {
    const { text, bible } = chapterRequests.get(k)!;
    const shown = bible.trim() && text.includes(bible.trim()) ? bibleWords(bible) : 0;
    max = Math.max(max, shown);
    if (BIBLE_AT.includes(k) || k === last) row.bibleWords[`ch${k}`] = shown;
  }
  row.bibleWords.max = max;
  const tokens = (k: number) => (chapterRequests.has(k) ? encode(chapterRequests.get(k)!.text).length : undefined);
  const ch5 = tokens(5);
  const lastTokens = last > 5 ? tokens(last) : undefined;
  row.requestTokens = { ...(ch5 ? { ch5 } : {}), ...(lastTokens ? { last: lastTokens } : {}), ...(ch5 && lastTokens ? { growth: lastTokens / ch5 } : {}) };
  // Language.
  row.wrongLanguage = parts.filter((p) => p.found !== null && p.found !== lang).length;
  row.drifts = parts.filter((p) => p.drift).length;
  row.seconds = (performance.now() - started) / 1000;
  if (values.parts || isRealRun) row.parts = parts;
  return row;
}

// ---------------------------------------------------------------------------------------------------
// The run

const versions: Array<{ name: string; renderer: PromptRenderer }> = [{ name: 'current', renderer: catalog.renderer }];
let baselineNote = '';
const baseline = values.baseline ?? (isRealRun ? 'none' : '3f3099e');
if (baseline !== 'none') {
  const at = templatesAt(baseline);
  if ('error' in at) console.error(`eval: the baseline templates at ${baseline} cannot be used (${at.error}); the current templates only`);
  else {
    versions.push({ name: baseline, renderer: new PromptRenderer(at.sources) });
    baselineNote = at.note;
  }
}

const rows: BookRow[] = [];
const runStarted = performance.now();
let fakeRequests = 0;
for (const spec of specs) {
  for (const name of scriptedNames) {
    for (const lang of langs) {
      for (const chapters of chapterCounts) {
        for (const version of versions) {
          const scripted = SCRIPTED[name]!.make();
          const fake = await startFakeOpenAI(scripted.fakeOptions());
          try {
            const provider = providerFromEnv({ OPENAI_API_KEY: 'sk-eval', OPENAI_BASE_URL: fake.baseURL, KARYA_MAX_RETRIES: '0' }, { directChat: true, fetch: lightFetch });
            rows.push(await writeBook({ spec, model: name, scripted, provider, renderer: version.renderer, templates: version.name, lang, chapters }));
            fakeRequests += fake.generationRequests().length;
          } finally {
            await fake.close();
          }
        }
      }
    }
  }
  if (wantsReal) {
    if (!isConfigured) console.error('eval: a real model needs OPENAI_API_KEY or OPENAI_BASE_URL (and KARYA_MODEL for other servers); skipped');
    else {
      // A local server needs no key: the SDK still wants one.
      const provider = providerFromEnv({ ...process.env, OPENAI_API_KEY: process.env.OPENAI_API_KEY?.trim() || 'none' });
      const chapters = Math.min(...chapterCounts);
      for (const lang of langs) for (const version of versions) rows.push(await writeBook({ spec, model: 'real', provider, renderer: version.renderer, templates: version.name, lang, chapters }));
    }
  }
}
// The continuity table: the scripted continuity book always; a real model's book when one wrote the others.
const continuity = await continuityRows(catalog, langs, rows.some((r) => r.model === 'real'));
const totalSeconds = (performance.now() - runStarted) / 1000;

/** The real model as configured (names only, never keys). */
function realAbout(): string {
  return `real model: ${process.env.KARYA_MODEL?.trim() || 'the default model'} at ${process.env.OPENAI_BASE_URL?.trim() || 'api.openai.com'} (or karya.config.yaml); books of ${Math.min(...chapterCounts)} chapters`;
}

const at = new Date().toISOString();
const results = {
  at, generators: specs.map((s) => s.id), chapters: chapterCounts, langs, templates: versions.map((v) => v.name), ...(baselineNote ? { baselineNote } : {}),
  models: Object.fromEntries([...scriptedNames.map((m) => [m, SCRIPTED[m]!.about]), ...(rows.some((r) => r.model === 'real') ? [['real', realAbout()]] : [])]),
  fakeRequests, seconds: totalSeconds, rows, continuity,
  language: languageAccuracy.map(({ label, right, total, accuracy }) => ({ label, right, total, accuracy })),
};
const dir = path.join(ROOT, 'bench', 'results');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `eval-${at.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify(results, null, 1)}\n`);

if (values.json) {
  console.log(JSON.stringify(results, null, 2));
} else {
  printTables();
  console.log('');
  printContinuity(continuity);
  console.log('');
  printLanguageSample(false);
  const realRequests = rows.filter((r) => r.model === 'real').reduce((a, r) => a + Object.values(r.requests).reduce((x, y) => x + y, 0), 0);
  const sentTo = [...(scriptedNames.length ? [`${fakeRequests} requests to the fake server`] : []), ...(realRequests ? [`${realRequests} to the configured model`] : [])].join(', ');
  console.log(`results: ${path.relative(process.cwd(), file)} (${rows.length} books, ${sentTo}, ${totalSeconds.toFixed(1)} s)`);
}

/** Per part of each book: words against the target, S_l, language and drift, repeated share, overused phrases, prompt tokens. */
function printParts(): void {
  console.log('');
  console.log(`${'book'.padEnd(34)} ${'part'.padEnd(16)} ${'words'.padStart(6)} ${'target'.padStart(6)} ${'S_l'.padStart(5)} ${'lang'.padStart(7)} ${'rep'.padStart(4)} ${'over/k'.padStart(6)} ${'prompt'.padStart(6)}`);
  for (const r of rows) {
    for (const p of r.parts ?? []) {
      const lang = `${p.found ?? '-'}${p.drift ? ` (${p.drift}→${r.lang})` : ''}`;
      console.log(`${`${r.model} ${r.generator} ${r.lang} ${r.templates}`.padEnd(34)} ${p.label.slice(0, 16).padEnd(16)} ${String(p.words).padStart(6)} ${String(p.target ?? '-').padStart(6)} ${(p.score?.toFixed(1) ?? '-').padStart(5)} ${lang.padStart(7)} ${`${Math.round(100 * p.repeated)}%`.padStart(4)} ${p.overused.toFixed(2).padStart(6)} ${String(p.promptTokens ?? '-').padStart(6)}`);
    }
  }
}

function printTables(): void {
  const pct = (x?: number) => (x === undefined ? '-' : `${Math.round(100 * x)}%`);
  const fix = (x?: number, d = 1) => (x === undefined ? '-' : x.toFixed(d));
  const pad = (s: string | number, n: number) => String(s).padEnd(n);
  const num = (s: string | number, n: number) => String(s).padStart(n);
  const names = versions.map((v) => v.name);
  /** A figure for each template version, side by side: "96.3 | 71.0". */
  const pair = (cells: string[], width: number) => cells.map((c) => num(c, width)).join(' |');
  const groups = new Map<string, BookRow[]>();
  for (const r of rows) {
    const key = `${r.model}\u0000${r.generator}\u0000${r.lang}\u0000${r.chapters}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const of = (group: BookRow[], f: (r: BookRow) => string) => names.map((n) => {
    const r = group.find((x) => x.templates === n);
    return r ? (r.error ? 'error' : f(r)) : '';
  });
  const w = names.length;
  const col = (title: string, width: number) => num(title, width * w + 2 * (w - 1));
  const models = `${pad('model', 9)} ${pad('book', 10)} ${pad('lang', 4)} ${num('ch', 3)}`;
  const real = rows.some((r) => r.model === 'real');
  console.log(`${specs.map((s) => s.id).join(', ')} books through the engine's OpenAI provider: ${scriptedNames.length ? 'scripted models on the fake AI server (127.0.0.1)' : ''}${scriptedNames.length && real ? ' and ' : ''}${real ? 'a real model' : ''}.`);
  console.log(`Each figure: ${names.join(' | ')} templates${baselineNote ? ` (${baselineNote})` : ''}.`);
  console.log('');
  console.log(`${models} ${col('S_l', 5)} ${col('±15%', 4)} ${col('short', 5)} ${col('ext', 4)} ${col('recall', 4)} ${col('early', 4)} ${col('entries', 4)} ${col('lang✗', 3)} ${col('drift', 3)} ${col('calls', 4)}`);
  for (const group of groups.values()) {
    const r0 = group[0]!;
    console.log(`${pad(r0.model, 9)} ${pad(r0.generator, 10)} ${pad(r0.lang, 4)} ${num(r0.chapters, 3)} ${pair(of(group, (r) => fix(r.score)), 5)} ${pair(of(group, (r) => pct(r.withinTolerance)), 4)} ${pair(of(group, (r) => `${r.shortParts}/${r.proseParts}`), 5)} ${pair(of(group, (r) => String(r.extensions)), 4)} ${pair(of(group, (r) => pct(r.threadRecall)), 4)} ${pair(of(group, (r) => pct(r.earlyRecallAtEnd)), 4)} ${pair(of(group, (r) => pct(r.entriesCarried)), 4)} ${pair(of(group, (r) => String(r.wrongLanguage)), 3)} ${pair(of(group, (r) => String(r.drifts)), 3)} ${pair(of(group, (r) => String(Object.values(r.requests).reduce((a, b) => a + b, 0))), 4)}`);
  }
  console.log('');
  console.log(`${models} ${col('rep', 4)} ${col('over/k', 6)} ${col('ch1 words', 9)} ${col('chN words', 9)} ${col('ch1 rep', 7)} ${col('chN rep', 7)}`);
  for (const group of groups.values()) {
    const r0 = group[0]!;
    const fl = (f: (x: NonNullable<BookRow['firstLast']>) => string) => (r: BookRow) => (r.firstLast ? f(r.firstLast) : '-');
    console.log(`${pad(r0.model, 9)} ${pad(r0.generator, 10)} ${pad(r0.lang, 4)} ${num(r0.chapters, 3)} ${pair(of(group, (r) => pct(r.repeated)), 4)} ${pair(of(group, (r) => fix(r.overused, 2)), 6)} ${pair(of(group, fl((x) => String(x.firstWords))), 9)} ${pair(of(group, fl((x) => String(x.lastWords))), 9)} ${pair(of(group, fl((x) => pct(x.firstRepeated))), 7)} ${pair(of(group, fl((x) => pct(x.lastRepeated))), 7)}`);
  }
  if (rows.some((r) => r.parts)) printParts();
  console.log('');
  console.log(`${models} ${pad('templates', 9)} ${BIBLE_AT.map((k) => num(`ch${k}`, 5)).join(' ')} ${num('last', 5)} ${num('max', 5)}  ${num('tok ch5', 7)} ${num('tok chN', 7)} ${num('N/5', 5)} ${num('time', 6)}`);
  for (const group of groups.values()) {
    for (const r of group) {
      const b = r.bibleWords;
      const lastKey = `ch${r.chapters}`;
      console.log(`${pad(r.model, 9)} ${pad(r.generator, 10)} ${pad(r.lang, 4)} ${num(r.chapters, 3)} ${pad(r.templates, 9)} ${BIBLE_AT.map((k) => num(b[`ch${k}`] ?? '-', 5)).join(' ')} ${num(b[lastKey] ?? '-', 5)} ${num(b.max ?? '-', 5)}  ${num(r.requestTokens.ch5 ?? '-', 7)} ${num(r.requestTokens.last ?? '-', 7)} ${num(fix(r.requestTokens.growth, 2), 5)} ${num(`${r.seconds.toFixed(1)}s`, 6)}${r.error ? `  error: ${r.error}` : ''}${r.languageFailed ? `  stopped: ${r.languageFailed}` : ''}`);
    }
  }
  console.log('');
  console.log('Models:');
  for (const m of scriptedNames) console.log(`  ${pad(m, 8)} ${SCRIPTED[m]!.about}`);
  if (real) console.log(`  ${pad('real', 8)} ${realAbout()}`);
  console.log('Figures (each for the current templates | the baseline\'s):');
  console.log('  S_l      LongWriter length score of the book: mean over its prose parts (100 = the words asked for; 0 at 4× or ⅓ of them).');
  console.log('  ±15%     share of prose parts within 15 % of their target.   short: parts still under 0.85 × target after their extensions / prose parts.');
  console.log('  ext      length-extension requests ("Write about N more words"; at most two a part).   calls: requests of the book (bible updates included).');
  console.log('  recall   planter only: for each fact planted in a chapter k ≤ N/2, the share of chapter requests after k that carry its token; the mean.');
  console.log('  early    planter only: share of the facts of chapters 1–3 in chapter N\'s request.   entries: chapters whose request carries their own outline entry.');
  console.log('  lang✗    prose parts kept in another language than the book\'s.   drift: parts whose first answer was in another language (asked again firmly).');
  console.log('  stopped  a step whose answer was still in another language when asked again: it fails (wrong_language) and the book stops there.');
  console.log('  rep      share of the prose words already written earlier in the part or the book (8-word runs; a part at 20 % or more is marked "repeats").');
  console.log('  over/k   overused phrases (engine/session/voice-overused-words.ts, the measure the book session marks parts with) per 1,000 words.   ch1/chN: the first chapter against the last: words and repeated share.');
  console.log('  chK      words of the story bible shown in chapter K\'s request (last: chapter N; max: the largest).   tok: o200k tokens of a chapter\'s request; N/5: chapter N\'s over chapter 5\'s.');
}
