// Settings from the command line (--set, --lang, --chapters), checked by the engine before anything is
// spent, and the key under which a book's progress is saved.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import {
  MAX_CHAPTER_NOTE_CHARS,
  chapterCount,
  conclusionPosition,
  fieldType,
  minChapters,
  parseBriefMarkdown,
  parseSettings,
  isLang,
  withLanguage,
  word,
  catalogueMessage,
  type Lang,
  type ResolvedSpec,
  type Settings,
} from '../engine/index.js';
import { fail, info, CliExit, wholeNumber } from './util.js';
import { exitOnFailure } from './errors.js';
import { messagesLang, notOneOfLangs, writerLang } from './langs.js';
import { briefWord } from './brief-words.js';

export interface SettingsOptions {
  set: string[];
  /** A Markdown brief file (`--brief`): one heading per setting. */
  brief?: string;
  lang?: string;
  chapters?: string;
}

/** Turn --set/--lang/--chapters into validated settings and a chapter count, or exit 2 naming the field. */
export function settingsFromOptions(
  spec: ResolvedSpec,
  opts: SettingsOptions,
  where = '',
): { settings: Settings; totalChapters?: number; chapterNotes?: Record<number, string>; avoid?: string[] } {
  // The language the book is asked in, for what is said about its brief and chapters before its settings are read;
  // a book whose language the writer has not chosen yet hears it in the one their locale names.
  const choosesLanguage = spec.fields.some((f) => f.role === 'language');
  const asked = isLang(opts.lang) ? opts.lang : choosesLanguage ? writerLang() : spec.fixedLanguage;
  const brief = opts.brief !== undefined ? briefSettings(spec, opts.brief, where, asked) : undefined;
  const raw: Record<string, unknown> = { ...brief?.values };
  for (const pair of opts.set ?? []) {
    const eq = pair.indexOf('=');
    if (eq < 1) fail(`${where}${briefWord('setPair', asked, { pair: JSON.stringify(pair) })}`);
    const name = pair.slice(0, eq).trim();
    const field = spec.fields.find((f) => f.name === name);
    raw[name] = field ? fieldType(field).parseText(pair.slice(eq + 1), field) : pair.slice(eq + 1);
  }
  const chosen = withLanguage(spec, raw, opts.lang);
  // A generator of one language asked for another: said in the one asked for (the writer's).
  if (!chosen.ok)
    fail(
      chosen.problem === 'not_a_language'
        ? `${where}${notOneOfLangs('--lang', String(opts.lang))}`
        : `${where}--lang: ${catalogueMessage(chosen.code, asked, chosen.params)}`,
    );
  let settings: Settings;
  try {
    settings = parseSettings(spec, chosen.settings);
  } catch (error) {
    exitOnFailure(error, messagesLang(opts.lang), { expects: ['settings'], where });
    throw error;
  }
  let totalChapters: number | undefined;
  if (opts.chapters !== undefined) {
    const n = wholeNumber(opts.chapters);
    const min = minChapters(spec.flow);
    if (n === undefined || n < min || n > 100)
      fail(`${where}${briefWord('chaptersRange', asked, { value: opts.chapters, min })}`);
    const chaptersField = spec.fields.find((f) => f.role === 'chapters');
    if (spec.kind !== 'book') info(`karya: ${briefWord('chaptersSingle', asked, { id: spec.id })}`);
    else if (!chaptersField)
      info(`karya: ${briefWord('chaptersFixed', asked, { id: spec.id, n: spec.flow.sections?.length ?? 0 })}`);
    else {
      totalChapters = n;
      settings = { ...settings, [chaptersField.name]: n };
    }
  }
  const notes = brief?.chapterNotes ?? {};
  if (Object.keys(notes).length) {
    // A note goes to its chapter's request: the chapter must be one the book has.
    const chapters =
      spec.kind === 'book' && !spec.flow.sections
        ? conclusionPosition(spec.flow, totalChapters ?? chapterCount(spec, settings)) - 1
        : 0;
    const file = opts.brief!;
    for (const [n, note] of Object.entries(notes)) {
      const beyond = chapters ? 'noteBeyond' : 'noteNoChapters';
      if (Number(n) > chapters) fail(`${where}${briefWord(beyond, asked, { file, n, chapters, id: spec.id })}`);
      const length = note.length;
      if (length > MAX_CHAPTER_NOTE_CHARS)
        fail(`${where}${briefWord('noteLong', asked, { file, n, length, max: MAX_CHAPTER_NOTE_CHARS })}`);
    }
  }
  return {
    settings,
    ...(totalChapters !== undefined ? { totalChapters } : {}),
    ...(Object.keys(notes).length ? { chapterNotes: notes } : {}),
    ...(brief?.avoid.length ? { avoid: brief.avoid } : {}),
  };
}

/** The largest brief file read (a brief is a page or two; the fields themselves are bounded too). */
const MAX_BRIEF_BYTES = 64 * 1024;

/** The settings a Markdown brief gives, or exit 2 saying what is wrong with the file. */
function briefSettings(
  spec: ResolvedSpec,
  file: string,
  where: string,
  lang: Lang,
): { values: Record<string, unknown>; chapterNotes: Record<number, string>; avoid: string[] } {
  let text: string;
  try {
    const size = statSync(file).size;
    if (size > MAX_BRIEF_BYTES)
      fail(
        `${where}${briefWord('briefLarge', lang, { file, kb: Math.ceil(size / 1024), max: MAX_BRIEF_BYTES / 1024 })}`,
      );
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof CliExit) throw error;
    fail(
      `${where}${briefWord('briefUnreadable', lang, { file, code: (error as NodeJS.ErrnoException).code ?? 'error' })}`,
    );
  }
  const { values, unknown, chapterNotes, avoid } = parseBriefMarkdown(spec, text);
  if (unknown.length) {
    // The headings in the book's language (the brief takes a setting's label in any language of the table).
    const headings = spec.fields
      .filter((f) => f.type === 'text' || f.type === 'textarea' || f.type === 'select')
      .map((f) => f.label[lang] ?? f.label.en);
    const named = { file, heading: unknown[0]!, id: spec.id, headings: headings.join(', ') };
    fail(`${where}${briefWord('headingUnknown', lang, named)}`);
  }
  if (!Object.keys(values).length && !Object.keys(chapterNotes).length && !avoid.length)
    fail(`${where}${briefWord('briefEmpty', lang, { file })}`);
  return { values, chapterNotes, avoid };
}

export { formatSettingsIssue } from './errors.js';

/** The key under which the CLI saves a book: the same generator and settings resume the same book. */
export function progressKey(spec: ResolvedSpec, settings: Settings, totalChapters: number): string {
  // A preset's field left empty (the book brief) leaves the key as it was before the field existed, so books
  // saved before the brief still resume.
  const unset = new Set(
    spec.fields
      .filter((f) => f.fromPreset && (settings[f.name] === '' || settings[f.name] === undefined))
      .map((f) => f.name),
  );
  const canonical = JSON.stringify([
    spec.id,
    totalChapters,
    Object.keys(settings)
      .filter((k) => !unset.has(k))
      .sort()
      .map((k) => [k, settings[k]]),
  ]);
  return `${spec.id}:${createHash('sha256').update(canonical).digest('hex').slice(0, 16)}`;
}

/**
 * What `--chapters N` makes of a book whose conclusion takes the last chapter's place (horror, sci-fi,
 * mystery thriller…), said once before the book is written; undefined for every other book.
 */
export function chapterRuleNote(spec: ResolvedSpec, totalChapters: number, lang: Lang = 'en'): string | undefined {
  if (spec.kind !== 'book' || spec.flow.sections || spec.flow.conclusion !== 'replaces-last') return undefined;
  return `karya: ${word('conclusionAsLast', lang, { id: spec.id, n: totalChapters, before: totalChapters - 1 })}`;
}

/**
 * The `karya generate` line that writes the book these options name (`karya generate <id>` with no generator named),
 * for what is said when no saved book is found.
 */
export function generateCommandLine(id: string | undefined, opts: SettingsOptions): string {
  if (id === undefined) return 'karya generate <id>';
  const sets = opts.set.map((s) => ` --set ${s}`).join('');
  const lang = opts.lang ? ` --lang ${opts.lang}` : '';
  const chapters = opts.chapters ? ` --chapters ${opts.chapters}` : '';
  return `karya generate ${id}${sets}${lang}${chapters}`;
}
