// `karya validate [dir]`: load and check every generator and template, and the language table: every language
// (a draft too, with KARYA_DRAFT_LANGUAGES=1) worded whole, each catalogue text and rule text it lacks named (all
// of them, not the first a start stops at);
// `file: path: message` lines on error, exit 1. The one command that checks a language a maintainer adds.
import path from 'node:path';
import { catalogOrExit, info } from '../util.js';
import { EXIT, exitOnFailure, CliExit } from '../errors.js';
import {
  SpecError,
  catalogueGaps,
  checkLanguagesWhole,
  generatorLanguageGaps,
  langs,
  languageName,
  languageTable,
  listIn,
  registryGaps,
} from '../../engine/index.js';
import { coverData, CoverDataError, loadProviders, loadPublishFiles, type CoverIssue } from '../../engine/node.js';
import type { Lang, ResolvedSpec, SpecIssue } from '../../engine/index.js';
import { writerLang } from '../langs.js';
import { toolWord } from '../tools-words.js';
import { yamlProblemIn } from '../yaml-words.js';

/** Every catalogue's and registry's text a language of the table lacks, as `file: key: message` lines. */
async function languageTableGaps(lang: Lang): Promise<string[]> {
  // The catalogues register as their modules load: load every module that words something (the server's, the CLI's,
  // the commands' loaded only when they run: batch, serve, publish, export, audiobook, …).
  await Promise.all([
    loadPublishFiles(),
    loadProviders(),
    import('../../server/index.js'),
    import('../translate-words.js'),
    import('./voice.js'),
    import('./series.js'),
    import('../batch-words.js'),
    import('../serve-words.js'),
    import('../publish-words.js'),
    import('../export-words.js'),
    import('../audiobook-words.js'),
    import('../brief-words.js'),
    import('../progress-words.js'),
    import('../saved-book-words.js'),
    import('../source-words.js'),
    import('../run-budget.js'),
  ]);
  const codes = langs();
  return [
    ...catalogueGaps(codes).map((g) =>
      toolWord('gapCatalogue', lang, {
        file: `languages/${g.language}/${g.catalogue}.yaml`,
        key: g.key,
        lang: g.language,
        catalogue: g.catalogue,
      }),
    ),
    ...registryGaps(codes).map((g) =>
      toolWord('gapRules', lang, {
        file: `languages/${g.lang}/${g.registry.replace(/\s+/g, '-')}.yaml`,
        key: `${g.rule}.${g.key}`,
        lang: g.lang,
        registry: g.registry,
      }),
    ),
  ];
}

const isMap = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
/** A plural text: its forms by Intl's plural categories ({one, other}), one text in a language without them. */
const PLURAL = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
const isPlural = (v: unknown) => isMap(v) && Object.keys(v).every((k) => PLURAL.has(k));
const isText = (v: unknown) =>
  (typeof v === 'string' && v.trim() !== '') ||
  (isPlural(v) && typeof (v as Record<string, unknown>).other === 'string');

/** Every language's keys of a file, merged: the keys some language words (a map's inside it). */
function merged(values: readonly unknown[]): unknown {
  const maps = values.filter((v) => isMap(v) && !isPlural(v)) as Record<string, unknown>[];
  if (!maps.length) return values.find((v) => v !== undefined);
  const keys = [...new Set(maps.flatMap((m) => Object.keys(m)))];
  return Object.fromEntries(keys.map((k) => [k, merged(maps.map((m) => m[k]))]));
}

/**
 * The keys (a.b for a nested one) `reference` has and `own` does not word: a text missing or empty, a list or map
 * missing.
 */
function pathsLacking(reference: unknown, own: unknown, prefix = ''): string[] {
  if (!isMap(reference)) return [];
  return Object.entries(reference).flatMap(([key, value]) => {
    const there = isMap(own) ? own[key] : undefined;
    const at = `${prefix}${key}`;
    if (isMap(value) && !isPlural(value))
      return isMap(there) && !isPlural(there) ? pathsLacking(value, there, `${at}.`) : [at];
    if (Array.isArray(value)) return Array.isArray(there) && there.length > 0 ? [] : [at];
    return isText(there) ? [] : [at];
  });
}

/**
 * The studio's words a language of the table lacks (its catalogues, languages/<code>/studio-*.yaml, registered by the
 * studio's pages, not by this process): each key another language words, named with the file and the key, as the
 * studio's build would refuse it.
 */
function studioGaps(lang: Lang): string[] {
  const codes = langs();
  const files = codes.map((code) => languageTable(code).files);
  const catalogues = [...new Set(files.flatMap((f) => Object.keys(f)))]
    .filter((name) => name.startsWith('studio-'))
    .sort();
  return catalogues.flatMap((name) => {
    const reference = merged(files.map((f) => f[name]));
    return codes.flatMap((code, i) =>
      pathsLacking(reference, files[i]![name]).map((key) =>
        toolWord('gapStudio', lang, { file: `languages/${code}/${name}.yaml`, key, lang: code, catalogue: name }),
      ),
    );
  });
}

/** Each language's name as `lang` writes it, its code beside it, joined as `lang` joins a list. */
const namedIn = (codes: readonly Lang[], lang: Lang) =>
  listIn(
    codes.map((code) => `${languageName(code, lang)} (${code})`),
    lang,
    'and',
  );

/** Each text a generator lacks in a language of the table, as `file: path: message` in the writer's language. */
function generatorGaps(specs: readonly ResolvedSpec[], lang: Lang): SpecIssue[] {
  return generatorLanguageGaps(specs).map((g) => ({
    file: g.file,
    path: g.path,
    message: toolWord('gapGenerator', lang, {
      code: g.lang,
      language: languageName(g.lang, lang),
      generator: g.generator,
      languages: g.offers.length ? namedIn(g.offers, lang) : toolWord('gapGeneratorNone', lang),
    }),
  }));
}

/**
 * The typographic covers' words (generators/_covers.yaml, a language's own from its folder) a language lacks, said in
 * `lang`.
 */
function coverGaps(lang: Lang): string[] {
  try {
    coverData();
    return [];
  } catch (error) {
    if (!(error instanceof CoverDataError)) throw error;
    return error.issues.map(({ file, path: at, kind, params, yaml }) => {
      const named: Record<string, string> =
        kind === 'noText' ? { code: params.lang!, language: languageName(params.lang!, lang) } : {};
      const problem: Record<string, string> = yaml ? { problem: yamlProblemIn(yaml, lang) } : {};
      return toolWord(COVER_WORDS[kind], lang, { file, path: at || file, ...params, ...named, ...problem });
    });
  }
}
const COVER_WORDS = {
  unreadable: 'coverUnreadable',
  noText: 'coverNoText',
  noDefault: 'coverNoDefault',
  unknownKey: 'coverUnknownKey',
  colour: 'coverColour',
  oneOf: 'coverOneOf',
  missing: 'coverMissing',
  text: 'coverText',
  map: 'coverMap',
  list: 'coverList',
  number: 'coverNumber',
  trueFalse: 'coverTrueFalse',
  empty: 'coverEmpty',
  badKey: 'coverBadKey',
  invalid: 'coverInvalid',
} as const satisfies Record<CoverIssue['kind'], Parameters<typeof toolWord>[0]>;

export async function validateCommand(dir: string | undefined, opts: { templates?: string }): Promise<void> {
  const generatorsDir = dir ? path.resolve(dir) : undefined;
  const templatesDir = opts.templates ? path.resolve(opts.templates) : undefined;
  const catalog = catalogOrExit({ generatorsDir, templatesDir, isValidating: true });
  // Every text a language of the table lacks is named, the table's first, then the generators'.
  // Said in the maintainer's language (their locale's), English when the table lacks it.
  const lang = writerLang();
  const words = [...(await languageTableGaps(lang)), ...studioGaps(lang), ...coverGaps(lang)];
  for (const line of words) info(line);
  // A generator lacking a text for a language still serves the others; validate names each gap.
  const gaps = generatorGaps(catalog.specs, lang);
  if (gaps.length) exitOnFailure(new SpecError(gaps), lang, { expects: ['spec'] });
  if (words.length) {
    info(`karya: ${toolWord(words.length === 1 ? 'gapsMissing_one' : 'gapsMissing', lang, { n: words.length })}`);
    throw new CliExit(EXIT.failed);
  }
  // The table was read without stopping at its first missing text (cli/main.ts), so that each is named above; none
  // is, so it is read again as a start reads it: anything else a start refuses stops validate the same way.
  checkLanguagesWhole();
  process.stdout.write(
    `${toolWord('validOk', lang, { generators: catalog.specs.length, langs: langs().join(', ') })}\n`,
  );
}
