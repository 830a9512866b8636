// `npm run eval`: writes one short book per family that has books (fiction: romance, nonfiction: guide),
// in each language asked for, with whatever provider the environment configures (the offline one when
// OPENAI_API_KEY is unset), and prints per part: words against the target and LongWriter's length score
// S_l, the language found and any drift (a part written again), the share of repeated sentences and the
// prompt's size; then one line per book. Prints figures; asserts nothing.
//   npm run eval -- [--generators romance,guide] [--lang en,ms] [--chapters 2] [--json]
import { parseArgs } from 'node:util';
import { BookSession, bookLengthScore, detectLanguage, parseSettings, type ResolvedSpec, type Settings, type StepResult } from '../engine/index.js';
import { providerFromEnv, type Provider } from '../engine/providers/index.js';
import type { TextRequest } from '../engine/providers/types.js';
import { loadCatalog } from '../engine/node/load.js';

const { values } = parseArgs({
  options: {
    generators: { type: 'string', default: 'romance,guide' },
    lang: { type: 'string', default: 'en,ms' },
    chapters: { type: 'string', default: '2' },
    json: { type: 'boolean', default: false },
  },
});

interface PartRow {
  book: string;
  lang: string;
  part: string;
  words: number;
  target?: number;
  score?: number;
  /** The language the kept text is in (null: too short to tell). */
  found: string | null;
  drift: string;
  repeated: number;
  /** Characters of the system and user prompt of the part's first call. */
  promptChars: number;
  calls: number;
}

/** Sentences of a part, normalised (case, spacing, punctuation); fragments under four words left out. */
function sentencesOf(text: string): string[] {
  return text
    .replace(/[#>*_`]/g, ' ')
    .split(/(?<=[.!?…])\s+|\n+/)
    .map((s) => s.toLowerCase().replace(/[^\p{L}\p{N}\s]/gu, '').replace(/\s+/g, ' ').trim())
    .filter((s) => s.split(' ').length >= 4);
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

/** The provider, with every request it is given kept in order (to measure prompts). */
function recording(provider: Provider): { provider: Provider; requests: TextRequest[] } {
  const requests: TextRequest[] = [];
  return { requests, provider: { ...provider, generateText: (r) => (requests.push(r), provider.generateText(r)) } };
}

async function evaluateBook(spec: ResolvedSpec, lang: 'en' | 'ms', chapters: number, base: Provider): Promise<{ rows: PartRow[]; results: StepResult[]; seconds: number }> {
  const { provider, requests } = recording(base);
  const session = await BookSession.open({
    spec, renderer: catalog.renderer, provider, store: { load: async () => null, saveStep: async () => undefined, saveMemory: async () => undefined },
    key: `eval-${spec.id}-${lang}`, settings: evalSettings(spec, lang), ...(spec.flow.sections ? {} : { totalChapters: chapters }), onFinished: 'restart',
  });
  const seen = new Set<string>();
  const rows: PartRow[] = [];
  const results: StepResult[] = [];
  const started = performance.now();
  while (session.next()) {
    const before = requests.length;
    const result = await session.advance();
    const own = requests.slice(before).filter((r) => r.meta?.stepKind !== 'memory');
    results.push(result);
    const sentences = sentencesOf(result.text);
    let repeats = 0;
    for (const s of sentences) {
      if (seen.has(s)) repeats++;
      seen.add(s);
    }
    const d = result.languageDrift;
    rows.push({
      book: spec.id, lang, part: result.label, words: result.words,
      ...(result.target ? { target: result.target, score: result.score } : {}),
      found: detectLanguage(result.text).language,
      drift: d ? `${d.found}→${d.isResolved ? d.expected : `still ${d.found}`}` : '',
      repeated: sentences.length ? repeats / sentences.length : 0,
      promptChars: own[0] ? own[0].system.length + own[0].user.length : 0,
      calls: own.length,
    });
    await session.remember();
  }
  return { rows, results, seconds: (performance.now() - started) / 1000 };
}

const catalog = loadCatalog({ useDiskCache: true });
const provider = providerFromEnv();
const langs = values.lang.split(',').map((l) => l.trim()).filter((l): l is 'en' | 'ms' => l === 'en' || l === 'ms');
const chapters = Math.max(1, Number(values.chapters) || 2);
const specs = values.generators.split(',').map((id) => {
  const spec = catalog.get(id.trim());
  if (!spec || spec.kind !== 'book') throw new Error(`--generators: "${id}" is not a book generator (karya list shows them)`);
  return spec;
});

const pad = (s: string | number, n: number) => String(s).padEnd(n);
const num = (s: string | number, n: number) => String(s).padStart(n);
const books: Array<{ book: string; lang: string; parts: number; score?: number; drifts: number; repeated: number; maxPrompt: number; calls: number; seconds: number }> = [];
const allRows: PartRow[] = [];
if (!values.json) {
  console.log(`provider: ${provider.name}${provider.isOffline ? ' (offline demo text: figures show the harness, not a model)' : ''}; ${chapters} chapter(s) a book`);
  console.log(`${pad('book', 22)} ${pad('part', 30)} ${num('words', 6)} ${num('target', 6)} ${num('S_l', 6)}  ${pad('lang', 4)} ${pad('drift', 12)} ${num('repeat', 6)} ${num('prompt', 7)} ${num('≈tok', 5)} ${num('calls', 5)}`);
}
for (const spec of specs) {
  for (const lang of langs) {
    const { rows, results, seconds } = await evaluateBook(spec, lang, chapters, provider);
    allRows.push(...rows);
    const sentences = results.reduce((n, r) => n + sentencesOf(r.text).length, 0);
    const repeats = rows.reduce((n, r, i) => n + r.repeated * sentencesOf(results[i]!.text).length, 0);
    const score = bookLengthScore(rows.map((r) => r.score));
    books.push({
      book: `${spec.id} (${lang})`, lang, parts: rows.length, ...(score !== undefined ? { score } : {}), drifts: rows.filter((r) => r.drift).length,
      repeated: sentences ? repeats / sentences : 0, maxPrompt: Math.max(...rows.map((r) => r.promptChars)), calls: rows.reduce((n, r) => n + r.calls, 0), seconds,
    });
    if (values.json) continue;
    for (const r of rows) {
      console.log(`${pad(`${spec.id} (${lang})`, 22)} ${pad(r.part.slice(0, 30), 30)} ${num(r.words, 6)} ${num(r.target ?? '-', 6)} ${num(r.score?.toFixed(1) ?? '-', 6)}  ${pad(r.found ?? '?', 4)} ${pad(r.drift || '-', 12)} ${num(`${Math.round(100 * r.repeated)}%`, 6)} ${num(r.promptChars, 7)} ${num(Math.ceil(r.promptChars / 4), 5)} ${num(r.calls, 5)}`);
    }
  }
}
if (values.json) {
  console.log(JSON.stringify({ provider: provider.name, chapters, books, parts: allRows }, null, 2));
} else {
  console.log('');
  console.log(`${pad('book', 22)} ${num('parts', 5)} ${num('S_l', 6)} ${num('drifts', 6)} ${num('repeat', 6)} ${num('max prompt', 10)} ${num('calls', 5)} ${num('time', 7)}`);
  for (const b of books) {
    console.log(`${pad(b.book, 22)} ${num(b.parts, 5)} ${num(b.score?.toFixed(1) ?? '-', 6)} ${num(b.drifts, 6)} ${num(`${Math.round(100 * b.repeated)}%`, 6)} ${num(b.maxPrompt, 10)} ${num(b.calls, 5)} ${num(`${b.seconds.toFixed(1)}s`, 7)}`);
  }
  console.log('');
  console.log('S_l: LongWriter length score (100 = the words asked for; 0 at 4× or ⅓ of them). drift: the language a part came back in → after one regeneration.');
  console.log('repeat: share of a part\'s sentences already written earlier in the book. prompt: characters of the part\'s first call (system + user); ≈tok = chars/4.');
}
