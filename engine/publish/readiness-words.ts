// How the readiness texts are said (readiness.ts, rules.ts, channels.ts make them): every label, detail and fix
// is a code and its values (ReadinessText), kept as data in readiness.json and rendered in the book's language
// there (and in the terminal), and in the studio's language in the publish panel. The words themselves are
// each rule's own (readiness/, one file a rule) and the shared pieces (readiness/shared-words.ts), gathered
// and checked for every language by the registry (readiness/index.ts). Placeholders as engine/i18n.ts fills them: {name}.
import type { Bilingual, Lang } from '../spec/types.js';
import { fillPlaceholders } from '../i18n.js';
import { READINESS_WORDS, STUDIO_WORDS } from './readiness/index.js';
import { sayer, type StoredText } from './readiness/text.js';

export { READINESS_WORDS, type ReadinessCode } from './readiness/index.js';
export { languageName, type ReadinessCheckText, type ReadinessText, type ReadinessValue, type StoredText } from './readiness/text.js';

/** A text of the catalogue: `say('bytes', { n: 12 })`. */
export const say = sayer(READINESS_WORDS);

/**
 * Who reads the words: `writer` (the studio's publish panel, readiness.json's texts said again) in the
 * writer's terms, with no command-line options, code files or config keys; `cli` the command line's own
 * words, which name its options; `batch` those of `karya batch`, where a job's fields say it too; `studio`
 * the writer's words with no file name or size either (the publish panel: STUDIO_WORDS).
 */
export type Audience = 'writer' | 'cli' | 'batch' | 'studio';

/** The command line's words: its options and files. */
const CLI_WORDS = {
  en: {
    how_author_given: 'given with --author', how_again: 'run the command again', how_finish: ' (run the same command again)',
    how_offline: ' (set OPENAI_API_KEY or an AI provider config, and run with --fresh)', how_author: 'pass --author "Your Name"',
    how_title: ' (--title and --subtitle, or "title" and "subtitle" in metadata.json)', how_title_case: 'pass {args}',
    how_categories: " (or suggest them in the generator's publish block: generators/README.md)", how_cover: ' (run the command again to make cover.jpg)',
    how_version: ' with this version of karya publish',
  },
  ms: {
    how_author_given: 'diberi dengan --author', how_again: 'jalankan arahan itu sekali lagi', how_finish: ' (jalankan arahan yang sama sekali lagi)',
    how_offline: ' (tetapkan OPENAI_API_KEY atau konfigurasi pembekal AI, dan jalankan dengan --fresh)', how_author: 'berikan --author "Nama Anda"',
    how_title: ' (--title dan --subtitle, atau "title" dan "subtitle" dalam metadata.json)', how_title_case: 'berikan {args}',
    how_categories: ' (atau cadangkannya dalam blok publish penjana: generators/README.md)', how_cover: ' (jalankan arahan itu sekali lagi untuk membuat cover.jpg)',
    how_version: ' dengan versi karya publish ini',
  },
};

/**
 * The only words that differ by audience: how the reader of a text does a thing, in the studio (`writer`:
 * no command-line option, code file or config key) or on the command line (`cli`: its options and files).
 * A text of the catalogue names them as {how_…} placeholders, so each sentence is written once; a piece
 * may carry the text's own placeholders ({title}, {args}).
 */
export const AUDIENCE_WORDS: Readonly<Record<Exclude<Audience, 'studio'>, Readonly<Record<Lang, Readonly<Record<string, string>>>>>> = {
  writer: {
    en: {
      how_author_given: 'yours', how_again: 'make the package again', how_finish: '', how_offline: '', how_author: 'type your author name in the publish panel',
      how_title: '', how_title_case: 'write the title as {title}', how_categories: '', how_cover: '', how_version: '',
    },
    ms: {
      how_author_given: 'nama anda', how_again: 'buat pakej sekali lagi', how_finish: '', how_offline: '', how_author: 'taipkan nama pengarang anda dalam panel penerbitan',
      how_title: '', how_title_case: 'tulis tajuk sebagai {title}', how_categories: '', how_cover: '', how_version: '',
    },
  },
  cli: CLI_WORDS,
  // A batch gives an author with --author or a job's `author:`; the rest is said as on the command line.
  batch: {
    en: { ...CLI_WORDS.en, how_author_given: 'given with --author or author: in the jobs file', how_author: 'pass --author "Your Name", or give the book author: "Your Name" in the jobs file' },
    ms: { ...CLI_WORDS.ms, how_author_given: 'diberi dengan --author atau author: dalam fail kerja', how_author: 'berikan --author "Nama Anda", atau berikan buku itu author: "Nama Anda" dalam fail kerja' },
  },
};

/**
 * What the studio's publish panel says instead (audience 'studio'), where the package's words name files and sizes
 * (readiness.json and the CLI's report keep them): the eBook, the cover, the description, never manuscript.epub or its bytes.
 * Each rule's own are its `studioWords` (STUDIO_WORDS); these are the shared pieces'.
 */
const WRITER_PIECES: Readonly<Record<string, Bilingual>> = {
  // A file's size says nothing to a writer.
  bytes: { en: '', ms: '' },
};

/**
 * A text in a language; a list of texts is one sentence per problem, joined with "; " (a list inside a
 * text is joined with ", "). A code the catalogue does not have (a package from a later version) is said as it is.
 */
export function readinessText(text: StoredText | readonly StoredText[], lang: Lang, audience: Audience = 'writer'): string {
  if (isList(text)) return text.map((t) => readinessText(t, lang, audience)).join('; ');
  const vars: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(text.params ?? {})) vars[name] = valueText(value, lang, audience);
  const words = (audience === 'studio' ? (STUDIO_WORDS as Record<string, Bilingual | undefined>)[text.code] ?? WRITER_PIECES[text.code] : undefined) ?? (READINESS_WORDS as Record<string, { en: string; ms: string } | undefined>)[text.code];
  // The audience's words first (a piece may hold the text's own placeholders), then the text's values.
  return words ? fillPlaceholders(fillPlaceholders(words[lang], AUDIENCE_WORDS[audience === 'studio' ? 'writer' : audience][lang]), vars) : text.code;
}

function valueText(value: unknown, lang: Lang, audience: Audience): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (Array.isArray(value)) return value.map((v) => valueText(v, lang, audience)).join(', ');
  if (value && typeof value === 'object' && typeof (value as StoredText).code === 'string') return readinessText(value as StoredText, lang, audience);
  return String(value);
}

/**
 * A check's label, detail and fix in a language, for an audience (by default the writer's words): from its
 * texts (`text`), or as kept (a package made before they were).
 */
export function checkWords(
  check: { label: string; detail?: string; fix?: string; text?: { label: StoredText; detail?: readonly StoredText[]; fix?: readonly StoredText[] } },
  lang: Lang,
  audience: Audience = 'writer',
): { label: string; detail?: string; fix?: string } {
  const { text } = check;
  if (!text) return { label: check.label, ...(check.detail !== undefined ? { detail: check.detail } : {}), ...(check.fix ? { fix: check.fix } : {}) };
  const say = (t: StoredText | readonly StoredText[]) => readinessText(t, lang, audience);
  return { label: say(text.label), ...(text.detail ? { detail: say(text.detail) } : {}), ...(text.fix ? { fix: say(text.fix) } : {}) };
}

/**
 * A check's source as a short readable link: its name (the text before the address) and the address, so
 * a page shows "KDP Help, "Metadata Guidelines for Books"" as a link rather than a raw URL.
 * @example sourceLink('KDP Help, "Metadata": https://kdp.amazon.com/x') // { text: 'KDP Help, "Metadata"', url: 'https://kdp.amazon.com/x' }
 */
export function sourceLink(source: string): { text: string; url?: string } {
  const m = /^(.*?)(?:\s*\([^()]*\))?:\s*(https:\/\/\S+)$/.exec(source.trim());
  return m ? { text: m[1]!.trim(), url: m[2]! } : { text: source };
}

function isList<T>(value: T | readonly T[]): value is readonly T[] {
  return Array.isArray(value);
}
