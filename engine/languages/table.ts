// The language table: every language Karya writes and speaks, read from data (languages/<code>.yaml and the
// catalogue words in languages/<code>/, each file parsed by table-file.ts), never from code that compares codes.
// The pure engine holds the table; who reads the files sets the source (engine/node/languages.ts on Node, the
// studio's bundle in the browser), and the table is read on first use, or at start by `ensureLanguages()` so a bad
// file fails the start.
import { LanguageWordsError } from './errors.js';
import { parseTable, type LanguageSource, type LanguageTable } from './table-file.js';
import type { Lang } from '../spec/types.js';
export type { Lang } from '../spec/types.js';
export type { LanguageSource, LanguageTable } from './table-file.js';

type Section = { name: string; parse: (raw: unknown, table: LanguageTable) => unknown };

/**
 * What the source knows of the sections parsed before from the same files by the same code (Node's: a file kept in
 * .karya/cache under the files' and the bundle's keys): a section parsed whole there is parsed again here per
 * language at its first use, not at the start (a parse is a function of the files and the code, so it cannot fail
 * now). A table never parsed whole this way (an edit, a new build, code run from source) is parsed at the start, and
 * a broken one fails there as before.
 */
export interface SectionChecks {
  /**
   * True when the section `name` was parsed for every language of these files by this code without an error (or the
   * check `name` of checkOnce passed).
   */
  has(name: string): boolean;
  /** Keeps the sections just parsed for every language (or the checks just passed) without an error. */
  add(names: readonly string[]): void;
}

const tables = new Map<Lang, LanguageTable>();
const sectionParsers: Section[] = [];
const sectionValues = new Map<string, Map<Lang, unknown>>();
type Hook = { run: (sources: readonly LanguageSource[]) => void; eachLanguage: boolean };
const onLoad: Hook[] = [];
/**
 * Who reads the files, kept in the global symbol registry: a second copy of this module (a bundle, a test that
 * evaluates its modules anew) reads the same source.
 */
const SOURCE = Symbol.for('karya.languages.source');
/** Whether a reading of the table checks every catalogue whole (the studio's bundle was checked when it was built). */
const CHECKED = Symbol.for('karya.languages.checked');
/**
 * Set while `karya validate` lists every text a language lacks (whileWordsUnchecked): words are then not checked as
 * read.
 */
const LISTING = Symbol.for('karya.languages.listingGaps');
/**
 * Words a bundle placed beside the code that registers them (the studio's build puts each catalogue's words, every
 * language's, in the chunk of the module that registers it: studio/scripts/language-table.ts), by file name, then
 * language code. Read where the source's own files lack that file; Node's loader places none.
 */
const BESIDE = Symbol.for('karya.languages.besideCode');
/** The source's SectionChecks for what it read (setLanguageSource's `checks`). */
const CHECKS = Symbol.for('karya.languages.sectionChecks');
type SourceSlot = {
  [SOURCE]?: () => readonly LanguageSource[];
  [CHECKS]?: ((sources: readonly LanguageSource[]) => SectionChecks | undefined) | undefined;
  [CHECKED]?: boolean;
  [LISTING]?: boolean;
  [BESIDE]?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
};

/**
 * A words file (`studio-admin`) of a language, as a bundle placed it beside the code that reads it (BESIDE), if it did.
 */
export function wordsBesideCode(name: string, code: Lang): unknown {
  const beside = (globalThis as SourceSlot)[BESIDE];
  return beside && Object.hasOwn(beside, name) ? beside[name]![code] : undefined;
}
let loaded = false;

const codes: Lang[] = [];
/**
 * Every language code, in the table's order: the table is read the first time anything of it is looked at (a
 * module that reads it while it loads reads the files then, so the source must be set before: engine/node.ts does).
 */
export const LANGS: readonly Lang[] = new Proxy(codes, {
  get(target, key, receiver) {
    ensureLanguages();
    return Reflect.get(target, key, receiver) as unknown;
  },
});

/**
 * Who reads the table's files: Node's loader or the studio's bundle. Setting it again replaces the table on next use.
 * `checkWords: false` (the studio's bundle, whose words the build checked) reads the words without checking them whole.
 * `checks`: what the source knows of the sections parsed before from what it read (SectionChecks), if anything.
 */
export function setLanguageSource(
  read: () => readonly LanguageSource[],
  {
    checkWords = true,
    checks,
  }: { checkWords?: boolean; checks?: (sources: readonly LanguageSource[]) => SectionChecks | undefined } = {},
): void {
  (globalThis as SourceSlot)[SOURCE] = read;
  (globalThis as SourceSlot)[CHECKED] = checkWords;
  (globalThis as SourceSlot)[CHECKS] = checks;
  loaded = false;
}

/**
 * `run` with the table read without checking its words whole (`karya validate` names every text a language lacks,
 * where a start stops at the first; bin/karya.js sets the same before the command's modules read the table). The
 * table is read anew before and after.
 */
export async function whileWordsUnchecked<T>(run: () => Promise<T>): Promise<T> {
  const slot = globalThis as SourceSlot;
  const before = slot[LISTING];
  slot[LISTING] = true;
  loaded = false;
  try {
    return await run();
  } finally {
    slot[LISTING] = before;
    loaded = false;
  }
}

/** The table read again as a start reads it, its words checked whole: throws naming the file and key it refuses. */
export function checkLanguagesWhole(): void {
  const slot = globalThis as SourceSlot;
  const before = slot[LISTING];
  slot[LISTING] = false;
  isCheckingWhole = true;
  try {
    load();
  } finally {
    slot[LISTING] = before;
    isCheckingWhole = false;
  }
}

/** Set while checkLanguagesWhole reads the table: every section is parsed then, whatever was parsed before. */
let isCheckingWhole = false;

/** True unless the source said its words were checked before (when it was built): a reading then checks none. */
export function wordsChecked(): boolean {
  return (globalThis as SourceSlot)[CHECKED] !== false && (globalThis as SourceSlot)[LISTING] !== true;
}

/**
 * Something that must see each language as the table is read (the catalogues fill their words this way). It runs
 * once every language's words are there (a guard compiled across a family reads them all); one that takes each
 * language's words as they come, `eachLanguage`, also runs while some are still to be fetched (`LanguageSource.later`).
 */
export function onLanguagesLoaded(
  hook: (sources: readonly LanguageSource[]) => void,
  { eachLanguage = false }: { eachLanguage?: boolean } = {},
): void {
  // Run before it is kept: a hook that fails on the table already read (a registry refused for a missing word) is
  // not kept, so a later read of the table (a language added, the order changed) does not fail for a refused thing.
  if (loaded && (eachLanguage || isWhole())) hook(lastSources);
  onLoad.push({ run: hook, eachLanguage });
}

const isWhole = (): boolean => ![...tables.values()].some((t) => t.later);

let lastSources: readonly LanguageSource[] = [];
/** The source's SectionChecks for the table as read, when its sections may be parsed at their first use. */
let checks: SectionChecks | undefined;

function load(): void {
  const source = (globalThis as SourceSlot)[SOURCE];
  if (!source)
    throw new LanguageWordsError(
      { language: '*', catalogue: 'languages', key: '*' },
      'no language table: nothing set the source of languages/ (engine/node/languages.ts on Node)',
    );
  const sources = source();
  const parsed = sources.map(parseTable).sort((a, b) => a.order - b.order || a.code.localeCompare(b.code));
  tables.clear();
  sectionValues.clear();
  for (const t of parsed) tables.set(t.code, t);
  codes.splice(0, codes.length, ...parsed.map((t) => t.code));
  lastSources = sources;
  // Only a start's reading of words (not validate's listing, nor its check of the whole) nor a bundle's words placed
  // beside its code.
  const slot = globalThis as SourceSlot;
  checks = wordsChecked() && !isCheckingWhole && !slot[BESIDE] ? slot[CHECKS]?.(sources) : undefined;
  loaded = true;
  try {
    const parsedNow = sectionParsers.filter((s) => !readSection(s));
    if (parsedNow.length) checks?.add(parsedNow.map((s) => s.name));
    const whole = isWhole();
    for (const hook of onLoad) if (whole || hook.eachLanguage) hook.run(sources);
  } catch (e) {
    // A table refused is not kept half read: the next look at it reads it again and names the same file and key,
    // rather than failing on a section that was never read.
    loaded = false;
    throw e;
  }
}

/**
 * A section's values for every language, parsed now; or, when the source says it parsed it before (checks), left to
 * be parsed per language at first use (sectionValue). True when left.
 */
function readSection(s: Section): boolean {
  const values = new Map<Lang, unknown>();
  sectionValues.set(s.name, values);
  if (checks?.has(s.name)) return true;
  for (const t of tables.values()) if (!t.later) values.set(t.code, parseSection(s, t));
  return false;
}

/** A section is written in the table file, or in a file of its own in the language's folder (a long one: prompts). */
const parseSection = (s: Section, t: LanguageTable): unknown =>
  s.parse(t.raw[s.name] ?? t.files[s.name] ?? wordsBesideCode(s.name, t.code), t);

/**
 * Runs `check` of the table as read (a catalogue's words whole, the guard's families), unless the source says it
 * passed before on the same files by the same code (SectionChecks, under `name`): a check of the files and the code
 * alone cannot fail where it passed. One that passes is kept; one that throws throws as always.
 */
export function checkOnce(name: string, check: () => void): void {
  if (checks?.has(name)) return;
  check();
  checks?.add([name]);
}

/** True when something has said where the table's files are (Node's loader, the studio's bundle). */
export function hasLanguageSource(): boolean {
  return (globalThis as SourceSlot)[SOURCE] !== undefined;
}

/** Read the table now if it has not been read: a start calls this so a bad file or a missing word stops it there. */
export function ensureLanguages(): void {
  if (!loaded) load();
}

/** Every language code, in the table's order. */
export function langs(): readonly Lang[] {
  ensureLanguages();
  return codes;
}

/** The languages whose words are checked whole: every one but a draft. */
export function checkedLangs(): readonly Lang[] {
  ensureLanguages();
  return codes.filter((code) => !tables.get(code)!.draft);
}

/** True when `code` is a language of the table. */
export function isLang(code: unknown): code is Lang {
  ensureLanguages();
  return typeof code === 'string' && tables.has(code);
}

/** A language's table. @throws when the table has no such language (check with `isLang` at the boundary first). */
export function languageTable(code: Lang): LanguageTable {
  ensureLanguages();
  const t = tables.get(code);
  if (!t)
    throw new LanguageWordsError(
      { language: code, catalogue: 'languages', key: 'code' },
      `"${code}" is not a language of the table (${codes.join(', ')})`,
    );
  return t;
}

/**
 * A language's name in another's words (`languageName('id', 'ms')` → `bahasa Indonesia`); a language the
 * writer's language does not name is called by its own name.
 */
export function languageName(code: Lang, inLang: Lang): string {
  return languageTable(inLang).languageNames[code] ?? languageTable(code).autonym;
}

/**
 * A section of every table file that one module owns and reads (`guard`, `prompts`, `stores`): parsed and
 * checked for every language when the table is read, so a table missing it fails the start.
 * @example const guardOf = defineSection('guard', parseGuard); guardOf('ms').markers
 */
export function defineSection<T>(name: string, parse: (raw: unknown, table: LanguageTable) => T): (code: Lang) => T {
  const s: Section = { name, parse };
  sectionParsers.push(s);
  if (loaded && !readSection(s)) checks?.add([name]);
  return (code) => {
    ensureLanguages();
    const values = sectionValues.get(name)!;
    if (values.has(code)) return values.get(code) as T;
    const table = languageTable(code);
    if (table.later)
      throw new LanguageWordsError(
        { language: code, catalogue: name, key: '*' },
        `the words of "${code}" are not read yet (${name})`,
      );
    // Left by readSection: parsed whole before from these files by this code.
    const value = parseSection(s, table) as T;
    values.set(code, value);
    return value;
  };
}
