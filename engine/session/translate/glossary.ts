// The glossary a translated edition holds fast: the book's names (the story bible's characters, the places,
// objects and invented terms its facts name) and how each is written in the other language, by default
// unchanged, with a character's gender where the bible or the writer says it. Never a dictionary word (a
// language, a people, a month, a day, a feast, a title, God: term-words.ts): a translator writes those as the
// language does. Every term of a source paragraph must stand in its translation, as the language writes a name
// (with its particles and possessives: "Aishalah", "Aisha's").
import type { Lang } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
import { type BibleCharacter, parseBible } from '../bible/light.js';
import { ENGLISH, MALAYIC } from '../reading/index.js';
import { dictionaryNames, isGenderCue, nameEndings, titles, type Gender } from './term-words.js';
import { BookEvidence, type GlossaryWhy } from './name-evidence.js';
import { langs as tableLangs } from '../../languages/index.js';
import { escapeRegExp as escape } from '../../markup.js';

export { GENDERS, type Gender } from './term-words.js';
export type { GlossaryWhy } from './name-evidence.js';

/** One term and its set rendering in the edition's language; a character's gender when known (how "dia" reads). */
export interface GlossaryEntry {
  readonly term: string;
  readonly rendering: string;
  readonly gender?: Gender;
}

export type Glossary = readonly GlossaryEntry[];

/** The most terms a glossary keeps. */
export const MAX_GLOSSARY_TERMS = 200;
/** The longest term or rendering (a name or an invented term, not a sentence). */
export const MAX_TERM_CHARS = 80;

/** A capitalised run of words ("Aisha Rahman", "Kedai Buku Lama"): a name when it is no function word. */
const NAME_RUN = /\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*/gu;
const isFunctionWord = (w: string) => ENGLISH.has(w.toLowerCase()) || MALAYIC.has(w.toLowerCase());
/** A word without its possessive and a title's stop ("Aisha's" → Aisha, "Mrs." → Mrs). */
const bare = (w: string) => w.replace(/['’]s$/u, '').replace(/\.$/, '');
const isTitle = (w: string, langs: readonly Lang[]) => langs.some((l) => titles(l).has(bare(w).toLowerCase()));
const isDictionaryWord = (w: string, langs: readonly Lang[]) =>
  isTitle(w, langs) || langs.some((l) => dictionaryNames(l).has(bare(w).toLowerCase()));

/**
 * A run of capitalised words as a name: its titles and function words off its edges; none when a dictionary word stays
 * in it.
 */
function nameOf(run: string, langs: readonly Lang[]): string | undefined {
  const words = run.split(/\s+/).map(bare);
  while (words.length && (isFunctionWord(words[0]!) || isTitle(words[0]!, langs))) words.shift();
  while (words.length && isFunctionWord(words.at(-1)!)) words.pop();
  if (!words.length || words.some((w) => isDictionaryWord(w, langs)) || words.join('').length < 3) return undefined;
  return words.join(' ');
}

/** A name written with an ending of its language ("Aisyahlah") as the name, when the text also writes it bare. */
function stemOf(name: string | undefined, text: string, langs: readonly Lang[]): string | undefined {
  if (!name) return name;
  for (const lang of langs) {
    for (const ending of nameEndings(lang)) {
      const stem = name.slice(0, -ending.length);
      if (name.endsWith(ending) && stem.replace(/\s/g, '').length >= 3 && hasTerm(text, stem)) return stem;
    }
  }
  return name;
}

/** A language's endings on a name, one or two of them (Malay "-nyalah"). */
const endingsOf = (lang: Lang | undefined) =>
  lang && nameEndings(lang).length ? `(?:${nameEndings(lang).map(escape).join('|')}){0,2}` : '';
const patterns = new Map<string, RegExp>();

/**
 * Whether `term` stands in `text` as whole words; with `lang`, also with the endings that language attaches to a
 * name (the table's nameEndings: "Aishalah yang membuka pintu" holds Aisha in Malay). Anything else after it
 * ("Aishah") is another word.
 */
export function hasTerm(text: string, term: string, lang?: Lang): boolean {
  const key = `${lang ?? ''}\u0000${term}`;
  let pattern = patterns.get(key);
  if (!pattern) {
    if (patterns.size > 2000) patterns.clear();
    pattern = new RegExp(
      `(?<![\\p{L}\\p{N}])${escape(term).replace(/\s+/g, '\\s+')}${endingsOf(lang)}(?![\\p{L}\\p{N}])`,
      'u',
    );
    patterns.set(key, pattern);
  }
  return pattern.test(text);
}

/**
 * The gender a character's bible entry says (its name's title, role and state): one gender's words and not the other's.
 */
function genderOf(c: BibleCharacter): Gender | undefined {
  const words = `${c.name} ${c.role} ${c.state}`.toLowerCase().match(/[\p{L}'’]+/gu) ?? [];
  const female = words.some((w) => isGenderCue('female', w));
  const male = words.some((w) => isGenderCue('male', w));
  return female === male ? undefined : female ? 'female' : 'male';
}

/** A glossary entry with why it is there (what `karya translate` prints and --json lists). */
export type ReasonedEntry = GlossaryEntry & { readonly why: GlossaryWhy };

/**
 * The glossary of a book from its story bible: each character's name without its title (and its first word, the
 * name the prose mostly uses) with the gender the bible says, whatever the text; the names its facts hold and the
 * names its text uses, each a name by the book's evidence (name-evidence.ts: capitalised mid-sentence, at least
 * twice for the text's, and next to never in lower case; no dictionary word of the book's language, no people's
 * word); each unchanged, with why it is there.
 * @example glossaryWithReasons(book).find((e) => e.term === 'Marilla') // { term: 'Marilla', rendering: 'Marilla', why:
 * { kind: 'text', capitalised: 41, lowercase: 0 } }
 */
export function glossaryWithReasons(
  state: Pick<BookState, 'memory' | 'content'> & { readonly lang?: Lang },
): ReasonedEntry[] {
  const langs: readonly Lang[] = state.lang ? [state.lang] : tableLangs();
  const bible = parseBible(state.memory);
  const text = state.content.join('\n\n');
  const book = new BookEvidence(text, langs);
  const terms = new Map<string, { gender?: Gender; why: GlossaryWhy }>();
  const withGender = (gender: Gender | undefined) => (gender ? { gender } : {});
  for (const c of bible.characters) {
    const words = c.name
      .replace(/\s*\(.*\)\s*$/, '')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    while (words.length > 1 && isTitle(words[0]!, langs)) words.shift();
    if (!words.length) continue;
    const gender = genderOf(c);
    terms.set(words.join(' '), { ...withGender(gender), why: { kind: 'character' } });
    const first = words[0]!;
    if (words.length > 1 && first.length >= 3 && !isFunctionWord(first))
      terms.set(first, { ...withGender(terms.get(first)?.gender ?? gender), why: { kind: 'character' } });
  }
  // A fact's names, each a name by the text's evidence too (a fact's first word is its sentence's start: "Kebun").
  for (const fact of bible.facts) {
    for (const m of fact.matchAll(NAME_RUN)) {
      const name = nameOf(m[0], langs);
      if (!name || terms.has(name) || !hasTerm(text, name)) continue;
      const evidence = book.of(name);
      if (book.isName(name, evidence, 1)) terms.set(name, { why: { kind: 'fact', ...evidence } });
    }
  }
  // Capitalised mid-sentence (not after a sentence's end, a quote's start or a heading): a name, not a sentence's
  // first word. A run of such words is one name ("Green Gables", not Gables).
  const counts = new Map<string, number>();
  for (const m of text.matchAll(/(?<![\p{L}\p{N}])\p{Lu}\p{Ll}{2,}(?:[ \t]+\p{Lu}\p{Ll}+)*/gu)) {
    if (!book.isMidSentence(m.index)) continue;
    // The tail of a run that began a sentence ("Green Gables was…" is no "Gables").
    if (/(?:^|[^\p{L}])\p{Lu}[\p{L}'’]*[ \t]+$/u.test(text.slice(Math.max(0, m.index - 40), m.index))) continue;
    const name = stemOf(nameOf(m[0], langs), text, langs);
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  for (const [name, n] of counts) {
    if (terms.has(name)) continue;
    const evidence = book.of(name, n);
    if (book.isName(name, evidence, 2)) terms.set(name, { why: { kind: 'text', ...evidence } });
  }
  return [...terms]
    .filter(([t]) => hasTerm(text, t, state.lang))
    .slice(0, MAX_GLOSSARY_TERMS)
    .map(([term, e]) => ({ term, rendering: term, ...withGender(e.gender), why: e.why }));
}

/**
 * The glossary of a book (glossaryWithReasons without the reasons): what a translation holds fast.
 * @example glossaryOf(book).find((e) => e.term === 'Aisha') // { term: 'Aisha', rendering: 'Aisha' }
 */
export function glossaryOf(state: Pick<BookState, 'memory' | 'content'> & { readonly lang?: Lang }): GlossaryEntry[] {
  return glossaryWithReasons(state).map(({ why: _why, ...entry }) => entry);
}

/**
 * A whole name's rendering governs its parts: a part ("Mei", "Daniel") left as it was, of a whole name the writer
 * renders otherwise ("Daniel Lee" → "Danial Lee"), takes the word the whole rendering puts in its place when the
 * two have as many words, stays when the rendering still holds it ("Mei Ling Tan" → "Tan Mei Ling"), and is
 * dropped otherwise (a part the rendering has no word for would contradict it). A part takes the whole's gender.
 */
export function governedByWholeNames(entries: Glossary): GlossaryEntry[] {
  const wholes = entries.filter((e) => /\s/.test(e.term) && e.rendering !== e.term);
  const out: GlossaryEntry[] = [];
  for (const e of entries) {
    const part = e.term.split(/\s+/);
    const whole =
      e.rendering === e.term ? wholes.find((w) => w !== e && indexOfWords(w.term.split(/\s+/), part) >= 0) : undefined;
    if (!whole) {
      const named = e.gender
        ? undefined
        : entries.find((w) => w !== e && w.gender && /\s/.test(w.term) && indexOfWords(w.term.split(/\s+/), part) >= 0);
      out.push(named ? { ...e, gender: named.gender! } : e);
      continue;
    }
    const from = whole.term.split(/\s+/);
    const to = whole.rendering.split(/\s+/);
    const gender = e.gender ?? whole.gender;
    const withGender = (rendering: string) => ({ term: e.term, rendering, ...(gender ? { gender } : {}) });
    if (indexOfWords(to, part) >= 0) out.push(withGender(e.term));
    else if (from.length === to.length)
      out.push(withGender(to.slice(indexOfWords(from, part), indexOfWords(from, part) + part.length).join(' ')));
  }
  return out;
}

/** Where `part` stands in `words` as a run of whole words (-1: nowhere). */
function indexOfWords(words: readonly string[], part: readonly string[]): number {
  for (let i = 0; i + part.length <= words.length; i++) if (part.every((p, k) => words[i + k] === p)) return i;
  return -1;
}

/**
 * The glossary's entries a window's text holds (each window is sent those, and checked for them); with `lang`, as that
 * language writes them.
 */
export function entriesIn(glossary: Glossary, text: string, lang?: Lang): GlossaryEntry[] {
  return glossary.filter((e) => hasTerm(text, e.term, lang));
}

/**
 * The entries a set of paragraphs holds, each with its gender when known: what a window is sent (the characters it
 * names and how "dia" reads for each, and only its terms).
 * @example termsIn(glossary, ['Aishalah yang membuka pintu.'], 'ms') // [{ term: 'Aisha', rendering: 'Aisha', gender:
 * 'female' }]
 */
export function termsIn(glossary: Glossary, paragraphs: readonly string[], lang?: Lang): GlossaryEntry[] {
  return entriesIn(glossary, paragraphs.join('\n\n'), lang);
}
