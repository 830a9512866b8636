// How the readiness texts are said (readiness.ts, rules.ts, channels.ts make them): every label, detail and fix
// is a code and its values (ReadinessText), kept as data in readiness.json and rendered in the book's language
// there (and in the terminal), and in the studio's language in the publish panel. The words themselves are
// each rule's own (readiness/, one file a rule) and the shared pieces (readiness/shared-words.ts), gathered
// and checked for every language by the registry (readiness/index.ts). Placeholders as engine/i18n.ts fills them:
// {name}.
import type { Lang } from '../spec/types.js';
import { fillPlaceholders } from '../i18n.js';
import { catalogue, ensureLanguages, onLanguagesLoaded, wordIn, type Worded } from '../languages/index.js';
import { bookLanguageName } from './language-data.js';
import { READINESS_WORDS, STUDIO_WORDS } from './readiness/index.js';
import { namedLanguage, sayer, type StoredText } from './readiness/text.js';

export { READINESS_WORDS, type ReadinessCode } from './readiness/index.js';
export {
  languageName,
  type ReadinessCheckText,
  type ReadinessText,
  type ReadinessValue,
  type StoredText,
} from './readiness/text.js';

/** A text of the catalogue: `say('bytes', { n: 12 })`. */
export const say = sayer(READINESS_WORDS);

/**
 * Who reads the words: `writer` (the studio's publish panel, readiness.json's texts said again) in the
 * writer's terms, with no command-line options, code files or config keys; `cli` the command line's own
 * words, which name its options; `batch` those of `karya batch`, where a job's fields say it too; `studio`
 * the writer's words with no file name or size either (the publish panel: STUDIO_WORDS).
 */
export type Audience = 'writer' | 'cli' | 'batch' | 'studio';

/**
 * How the reader of a text does a thing, by audience: `writer.*` in the studio (no command-line option, code file
 * or config key), `cli.*` on the command line (its options and files), `batch.*` what `karya batch` says otherwise
 * (a job's `author:` too; the rest as on the command line). Another language's are in
 * languages/<code>/readiness-how.yaml.
 */
const HOW = catalogue('readiness-how', [
  'cli.how_author_given',
  'cli.how_again',
  'cli.how_finish',
  'cli.how_offline',
  'cli.how_author',
  'cli.how_title',
  'cli.how_title_case',
  'cli.how_categories',
  'cli.how_cover',
  'cli.how_version',
  'batch.how_author_given',
  'batch.how_author',
  'writer.how_author_given',
  'writer.how_again',
  'writer.how_author',
  'writer.how_title_case',
]);

/** The pieces the studio and the package leave empty for the writer: a thing the writer does not do there. */
const WRITER_SILENT = ['how_finish', 'how_offline', 'how_title', 'how_categories', 'how_cover', 'how_version'] as const;

/**
 * The only words that differ by audience: how the reader of a text does a thing. A text of the catalogue names
 * them as {how_…} placeholders, so each sentence is written once; a piece may carry the text's own placeholders
 * ({title}, {args}).
 */
export function audienceWords(audience: Audience, lang: Lang): Readonly<Record<string, string>> {
  // Read the table first: a table read anew drops the words kept from the one before (below).
  ensureLanguages();
  const key = `${audience} ${lang}`;
  let words = audiences.get(key);
  if (!words) audiences.set(key, (words = Object.freeze(wordsFor(audience, lang))));
  return words;
}

/** Each audience's words in each language, as the table read last words them (every readiness text asks for them). */
const audiences = new Map<string, Readonly<Record<string, string>>>();
onLanguagesLoaded(() => audiences.clear(), { eachLanguage: true });

function wordsFor(audience: Audience, lang: Lang): Record<string, string> {
  const of = (prefix: string) =>
    Object.fromEntries(
      Object.entries(HOW)
        .filter(([k]) => k.startsWith(`${prefix}.`))
        .map(([k, v]) => [k.slice(prefix.length + 1), wordIn(v, lang, 'readiness-how')]),
    );
  if (audience === 'cli') return of('cli');
  if (audience === 'batch') return { ...of('cli'), ...of('batch') };
  return { ...Object.fromEntries(WRITER_SILENT.map((k) => [k, ''])), ...of('writer') };
}

/**
 * What the studio's publish panel says instead (audience 'studio'), where the package's words name files and sizes
 * (readiness.json and the CLI's report keep them): the eBook, the cover, the description, never manuscript.epub or its
 * bytes.
 * Each rule's own are its `studioWords` (STUDIO_WORDS); a file's size says nothing to a writer, in any language.
 */
const STUDIO_SILENT: ReadonlySet<string> = new Set(['bytes']);

/**
 * A text's words in a language: a book language's name from the table, else the catalogue's (the studio's own first).
 */
function wordsOf(code: string, lang: Lang, audience: Audience): string | undefined {
  const named = namedLanguage(code);
  if (named) return bookLanguageName(named, lang);
  if (audience === 'studio' && STUDIO_SILENT.has(code)) return '';
  const words =
    (audience === 'studio' ? (STUDIO_WORDS as Record<string, Worded | undefined>)[code] : undefined) ??
    (READINESS_WORDS as Record<string, Worded | undefined>)[code];
  return words ? wordIn(words, lang, 'readiness') : undefined;
}

/**
 * A text in a language; a list of texts is one sentence per problem, joined with "; " (a list inside a
 * text is joined with ", "). A code the catalogue does not have (a package from a later version) is said as it is.
 */
export function readinessText(
  text: StoredText | readonly StoredText[],
  lang: Lang,
  audience: Audience = 'writer',
): string {
  if (isList(text)) return text.map((t) => readinessText(t, lang, audience)).join('; ');
  const vars: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(text.params ?? {})) vars[name] = valueText(value, lang, audience);
  const words = wordsOf(text.code, lang, audience);
  // The audience's words first (a piece may hold the text's own placeholders), then the text's values.
  return words !== undefined
    ? fillPlaceholders(fillPlaceholders(words, audienceWords(audience, lang)), vars)
    : text.code;
}

function valueText(value: unknown, lang: Lang, audience: Audience): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (Array.isArray(value)) return value.map((v) => valueText(v, lang, audience)).join(', ');
  if (value && typeof value === 'object' && typeof (value as StoredText).code === 'string')
    return readinessText(value as StoredText, lang, audience);
  return String(value);
}

/**
 * A check's label, detail and fix in a language, for an audience (by default the writer's words): from its
 * texts (`text`), or as kept (a package made before they were).
 */
export function checkWords(
  check: {
    label: string;
    detail?: string;
    fix?: string;
    text?: { label: StoredText; detail?: readonly StoredText[]; fix?: readonly StoredText[] };
  },
  lang: Lang,
  audience: Audience = 'writer',
): { label: string; detail?: string; fix?: string } {
  const { text } = check;
  if (!text)
    return {
      label: check.label,
      ...(check.detail !== undefined ? { detail: check.detail } : {}),
      ...(check.fix ? { fix: check.fix } : {}),
    };
  const say = (t: StoredText | readonly StoredText[]) => readinessText(t, lang, audience);
  return {
    label: say(text.label),
    ...(text.detail ? { detail: say(text.detail) } : {}),
    ...(text.fix ? { fix: say(text.fix) } : {}),
  };
}

/**
 * A check's source as a short readable link: its name (the text before the address) and the address, so
 * a page shows "KDP Help, "Metadata Guidelines for Books"" as a link rather than a raw URL.
 * @example sourceLink('KDP Help, "Metadata": https://kdp.amazon.com/x') // { text: 'KDP Help, "Metadata"', url:
 * 'https://kdp.amazon.com/x' }
 */
export function sourceLink(source: string): { text: string; url?: string } {
  const m = /^(.*?)(?:\s*\([^()]*\))?:\s*(https:\/\/\S+)$/.exec(source.trim());
  return m ? { text: m[1]!.trim(), url: m[2]! } : { text: source };
}

function isList<T>(value: T | readonly T[]): value is readonly T[] {
  return Array.isArray(value);
}
