// `npm run eval`: measures whole books. With OPENAI_API_KEY or OPENAI_BASE_URL set, the model you configure
// writes them (providerFromEnv: OPENAI_BASE_URL, KARYA_MODEL, karya.config.yaml): one short book (2
// chapters) per family that has books (romance, guide), in English and Malay, with the current templates.
// Otherwise, or with `--scripted`, scripted models (tests/scripted-models.ts) answer through the fake AI
// server (tests/fake-openai.ts) on 127.0.0.1, in this process, through the engine's real OpenAI provider:
// books of 12 and 40 chapters, written once with the current templates and once with a baseline version
// (`--baseline <git ref>`, templates/ read from git), side by side. Per part it prints words against the
// target, S_l, the language and any drift, the share already written (repeated), overused phrases per
// 1,000 words (engine/session/voice/overused-words.ts: the measure the book session marks parts with) and the prompt's
// size; per book: S_l, the share of prose parts within
// ±15 % of their target, parts still short, the repeated share, overused phrases, the last chapter against
// the first, extension calls, thread recall (facts planted in the first half still in later chapters'
// requests), outline entries carried, the bible's size by chapter and the growth of a chapter's request,
// and parts kept in another language (each book written and measured in bench/eval-book.ts); then the
// continuity table (bench/continuity-eval.ts). JSON results go to bench/results/eval-<time>.json. Prints figures;
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
import { PromptRenderer, type TemplateSources } from '../engine/index.js';
import { lightFetch, loadCatalog, loadProviders, ROOT } from '../engine/node.js';
import { startFakeOpenAI } from '../tests/fake-openai.js';
import { drifter, planter, underWriter, type ScriptedModel } from '../tests/scripted-models.js';
import { sampleAccuracy, type ClassAccuracy } from '../tests/language-sample.js';
import { continuityRows, printContinuity } from './continuity-eval.js';
import type { BookRow } from './eval-report.js';
import { printTables } from './eval-tables.js';
import { writeBook } from './eval-book.js';

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
  console.log(
    'Language check on its labelled sample (tests/fixtures/language/; ' +
      'real news measured separately, see engine/session/language.ts):',
  );
  for (const c of languageAccuracy) {
    console.log(
      `  ${c.label.padEnd(12)} ${`${c.right}/${c.total}`.padStart(6)} ` +
        ` ${(100 * c.accuracy).toFixed(1).padStart(5)} %  ${c.about}`,
    );
    if (wrong)
      for (const w of c.wrong) console.log(`               told ${w.found ?? 'nothing'} (${w.kind}): ${w.text}…`);
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
    about:
      'drifter: every 3rd chapter of a Malay book in Indonesian or English in turn (of an ' +
      'English book, in Malay); asked again firmly it complies, except every 12th chapter',
    make: () =>
      drifter({
        parts: (i) => i.kind === 'chapter' && (i.chapter ?? 0) % 3 === 0,
        into: (i) => (((i.chapter ?? 0) / 3) % 2 === 1 ? 'id' : 'en'),
        stubborn: (i) => (i.chapter ?? 0) % 12 === 0,
        reverse: true,
      }),
  },
  planter: {
    about:
      'planter: writes every part at its target, plants one unique ' +
      'fact per chapter, its bible updates echo every fact shown',
    make: () => planter(),
  },
};

const catalog = loadCatalog({ useDiskCache: true });
// The configured model unless told otherwise: a key or a server in the environment means a real model.
const isConfigured = !!(process.env.OPENAI_API_KEY?.trim() || process.env.OPENAI_BASE_URL?.trim());
const isRealRun = isConfigured && !values.scripted && !values.models;
const asked = (values.models ?? (isRealRun ? 'real' : 'under60,under20,drifter,planter'))
  .split(',')
  .map((m) => m.trim())
  .filter(Boolean);
const unknown = asked.filter((m) => m !== 'real' && !(m in SCRIPTED));
if (unknown.length)
  throw new Error(`--models: unknown ${unknown.join(', ')} (known: ${[...Object.keys(SCRIPTED), 'real'].join(', ')})`);
const scriptedNames = asked.filter((m) => m in SCRIPTED);
const wantsReal = values.real || asked.includes('real');
const langs = values.lang
  .split(',')
  .map((l) => l.trim())
  .filter((l): l is 'en' | 'ms' => l === 'en' || l === 'ms');
const chapterCounts = (values.quick ? '6' : (values.chapters ?? (isRealRun ? '2' : '12,40')))
  .split(',')
  .map((c) => Number(c.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
const specs = (values.generators ?? (isRealRun ? 'romance,guide' : 'romance')).split(',').map((id) => {
  const spec = catalog.get(id.trim());
  if (!spec || spec.kind !== 'book')
    throw new Error(`--generators: "${id}" is not a book generator (karya list shows them)`);
  return spec;
});

/** The templates at a git ref, over the current ones (a template the ref lacks keeps its current text). */
function templatesAt(ref: string): { sources: TemplateSources; note: string } | { error: string } {
  try {
    const names = execFileSync('git', ['ls-tree', '-r', '--name-only', ref, '--', 'templates/'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
      .split('\n')
      .filter((n) => n.endsWith('.hbs'));
    if (!names.length) return { error: `${ref} has no templates/` };
    const sources: Record<string, string> = { ...catalog.renderer.templates };
    for (const file of names)
      sources[file.slice('templates/'.length, -'.hbs'.length)] = execFileSync('git', ['show', `${ref}:${file}`], {
        cwd: ROOT,
        encoding: 'utf8',
      });
    const kept = Object.keys(catalog.renderer.templates)
      .filter((n) => !names.includes(`templates/${n}.hbs`))
      .sort();
    return { sources, note: kept.length ? `templates ${ref} lacks, kept as they are now: ${kept.join(', ')}` : '' };
  } catch (error) {
    return { error: (error as Error).message.split('\n')[0]! };
  }
}

// ---------------------------------------------------------------------------------------------------
// The run

const versions: Array<{ name: string; renderer: PromptRenderer }> = [{ name: 'current', renderer: catalog.renderer }];
let baselineNote = '';
const baseline = values.baseline ?? (isRealRun ? 'none' : '3f3099e');
if (baseline !== 'none') {
  const at = templatesAt(baseline);
  if ('error' in at)
    console.error(
      `eval: the baseline templates at ${baseline} cannot be used (${at.error}); the current templates only`,
    );
  else {
    versions.push({ name: baseline, renderer: new PromptRenderer(at.sources) });
    baselineNote = at.note;
  }
}

// Every part's row is kept when asked for, and always for a real model's books (few, and read one by one).
const keepParts = values.parts || isRealRun;
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
            const provider = providerFromEnv(
              { OPENAI_API_KEY: 'sk-eval', OPENAI_BASE_URL: fake.baseURL, KARYA_MAX_RETRIES: '0' },
              { directChat: true, fetch: lightFetch },
            );
            rows.push(
              await writeBook({
                spec,
                model: name,
                scripted,
                provider,
                renderer: version.renderer,
                templates: version.name,
                lang,
                chapters,
                keepParts,
              }),
            );
            fakeRequests += fake.generationRequests().length;
          } finally {
            await fake.close();
          }
        }
      }
    }
  }
  if (wantsReal) {
    if (!isConfigured)
      console.error(
        'eval: a real model needs OPENAI_API_KEY or OPENAI_BASE_URL (and KARYA_MODEL for other servers); skipped',
      );
    else {
      // A local server needs no key: the SDK still wants one.
      const provider = providerFromEnv({
        ...process.env,
        OPENAI_API_KEY: process.env.OPENAI_API_KEY?.trim() || 'none',
      });
      const chapters = Math.min(...chapterCounts);
      for (const lang of langs)
        for (const version of versions)
          rows.push(
            await writeBook({
              spec,
              model: 'real',
              provider,
              renderer: version.renderer,
              templates: version.name,
              lang,
              chapters,
              keepParts,
            }),
          );
    }
  }
}
// The continuity table: the scripted continuity book always; a real model's book when one wrote the others.
const continuity = await continuityRows(
  catalog,
  langs,
  rows.some((r) => r.model === 'real'),
);
const totalSeconds = (performance.now() - runStarted) / 1000;

/** The real model as configured (names only, never keys). */
function realAbout(): string {
  return (
    `real model: ${process.env.KARYA_MODEL?.trim() || 'the default model'} ` +
    `at ${process.env.OPENAI_BASE_URL?.trim() || 'api.openai.com'} (or ` +
    `karya.config.yaml); books of ${Math.min(...chapterCounts)} chapters`
  );
}

const at = new Date().toISOString();
const results = {
  at,
  generators: specs.map((s) => s.id),
  chapters: chapterCounts,
  langs,
  templates: versions.map((v) => v.name),
  ...(baselineNote ? { baselineNote } : {}),
  models: Object.fromEntries([
    ...scriptedNames.map((m) => [m, SCRIPTED[m]!.about]),
    ...(rows.some((r) => r.model === 'real') ? [['real', realAbout()]] : []),
  ]),
  fakeRequests,
  seconds: totalSeconds,
  rows,
  continuity,
  language: languageAccuracy.map(({ label, right, total, accuracy }) => ({ label, right, total, accuracy })),
};
const dir = path.join(ROOT, 'bench', 'results');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `eval-${at.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify(results, null, 1)}\n`);

if (values.json) {
  console.log(JSON.stringify(results, null, 2));
} else {
  printTables({
    rows,
    templates: versions.map((v) => v.name),
    generators: specs.map((s) => s.id),
    models: [
      ...scriptedNames.map((m) => ({ name: m, about: SCRIPTED[m]!.about })),
      ...(rows.some((r) => r.model === 'real') ? [{ name: 'real', about: realAbout() }] : []),
    ],
    baselineNote,
  });
  console.log('');
  printContinuity(continuity);
  console.log('');
  printLanguageSample(false);
  const realRequests = rows
    .filter((r) => r.model === 'real')
    .reduce((a, r) => a + Object.values(r.requests).reduce((x, y) => x + y, 0), 0);
  const sentTo = [
    ...(scriptedNames.length ? [`${fakeRequests} requests to the fake server`] : []),
    ...(realRequests ? [`${realRequests} to the configured model`] : []),
  ].join(', ');
  console.log(
    `results: ${path.relative(process.cwd(), file)} (${rows.length} books, ${sentTo}, ${totalSeconds.toFixed(1)} s)`,
  );
}
