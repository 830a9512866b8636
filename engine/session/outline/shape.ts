// The outline's shape, checked before the outline is kept: one answered as JSON is read into the outline's
// own lines ("Title:", "Chapter 1: …"); one whose entries are numbered out of turn (1, 2, 2, 4) is numbered
// in the order written; the chapters it still leaves without a plan are named, so no chapter is written
// from nothing without the writer being told. Pure.
import type { Lang, ResolvedSpec } from '../../spec/types.js';
import { parseOutline, renderOutline } from '../../compile/outline.js';
import { catalogue, wordIn } from '../../languages/index.js';
import { bookWordsOf } from '../../book-words.js';
import { readingPattern } from '../../reading-words.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * The keys each outline block is found under in a JSON answer (lower case, without spaces, dashes or underscores):
 * every language's `reading.outline.json`.
 */
type JsonKey =
  | 'title'
  | 'premise'
  | 'characters'
  | 'chapters'
  | 'threads'
  | 'ending'
  | 'chapterTitle'
  | 'chapterPlan'
  | 'characterName'
  | 'characterRole'
  | 'thread'
  | 'opened'
  | 'due';

/**
 * The labels of an outline written from JSON (catalogue `outline-labels`; a chapter's word is the table's `book`
 * section's).
 */
const LABELS = catalogue('outline-labels', ['title', 'premise', 'characters', 'threads', 'ending', 'opened', 'due']);

/** The outline's labels in a language. */
function labelsIn(lang: Lang): Readonly<Record<keyof typeof LABELS | 'chapter', string>> {
  const words = Object.fromEntries(
    Object.entries(LABELS).map(([k, entry]) => [k, wordIn(entry, lang, 'outline-labels')]),
  );
  return { ...(words as Record<keyof typeof LABELS, string>), chapter: bookWordsOf(lang).chapter };
}

const norm = (key: string) => key.toLowerCase().replace(/[\s_-]+/g, '');

/** The first value of an object under one of the words of `key`. */
function pick(obj: Json, key: JsonKey): Json | undefined {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return undefined;
  const names = readingPattern(`^(?:{outline.json.${key}})$`);
  for (const [k, v] of Object.entries(obj)) if (names.test(norm(k))) return v;
  return undefined;
}

/** A value as one line of text: a string, a number, or a list of them joined. */
function textOf(value: Json | undefined): string {
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim();
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean).join(' ');
  return '';
}

const listOf = (value: Json | undefined): Json[] =>
  Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [];

/** The JSON an answer holds (alone, or in a ```json fence), or undefined when it holds none. */
function jsonOf(text: string): Json | undefined {
  const inner = text
    .trim()
    .replace(/^```[\w-]*\s*\n([\s\S]*?)\n?```\s*$/, '$1')
    .trim();
  if (!/^[[{]/.test(inner)) return undefined;
  try {
    return JSON.parse(inner) as Json;
  } catch {
    return undefined;
  }
}

/**
 * An outline answered as JSON, in the outline's own lines; undefined when the answer is not JSON (or holds
 * no chapters). Chapters are numbered in their order from `first`.
 * @example outlineFromJson('{"title":"Rain","chapters":[{"title":"Storm","summary":"Aisha runs."}]}', 'en') // 'Title:
 * Rain\n\nChapter 1: Storm\nAisha runs.'
 */
export function outlineFromJson(text: string, lang: Lang, first = 1): string | undefined {
  const json = jsonOf(text);
  if (json === undefined) return undefined;
  const L = labelsIn(lang);
  const chapters = listOf(Array.isArray(json) ? json : pick(json, 'chapters'));
  if (!chapters.length) return undefined;
  const blocks: string[] = [];
  const title = textOf(pick(json, 'title'));
  if (title) blocks.push(`${L.title}: ${title}`);
  const premise = textOf(pick(json, 'premise'));
  if (premise) blocks.push(`${L.premise}: ${premise}`);
  const characters = listOf(pick(json, 'characters'))
    .map((c) => {
      if (typeof c !== 'object' || c === null || Array.isArray(c)) return textOf(c);
      const name = textOf(pick(c, 'characterName'));
      const role = textOf(pick(c, 'characterRole'));
      return name && role ? `${name}: ${role}` : name || role;
    })
    .filter(Boolean);
  if (characters.length) blocks.push(`${L.characters}:\n${characters.map((c) => `- ${c}`).join('\n')}`);
  chapters.forEach((c, i) => {
    const isObject = typeof c === 'object' && c !== null && !Array.isArray(c);
    const head = isObject ? textOf(pick(c, 'chapterTitle')) : '';
    const plan = isObject ? textOf(pick(c, 'chapterPlan')) : textOf(c);
    blocks.push(`${L.chapter} ${first + i}: ${head || `${L.chapter} ${first + i}`}${plan ? `\n${plan}` : ''}`);
  });
  const threads = listOf(pick(json, 'threads'))
    .map((t) => {
      if (typeof t !== 'object' || t === null || Array.isArray(t)) return textOf(t);
      const what = textOf(pick(t, 'thread'));
      const opened = textOf(pick(t, 'opened'));
      const due = textOf(pick(t, 'due'));
      const chapterOf = (v: string) => (/^\d+$/.test(v) ? `${L.chapter} ${v}` : v);
      return [what, opened && `${L.opened} ${chapterOf(opened)}`, due && `${L.due} ${chapterOf(due)}`]
        .filter(Boolean)
        .join(' | ');
    })
    .filter(Boolean);
  if (threads.length) blocks.push(`${L.threads}:\n${threads.map((t) => `- ${t}`).join('\n')}`);
  const ending = textOf(pick(json, 'ending'));
  if (ending) blocks.push(`${L.ending}: ${ending}`);
  return blocks.join('\n\n');
}

/**
 * The outline with its entries numbered in the order written when it numbered them with a number twice or
 * a gap (1, 2, 2, 4 → 1, 2, 3, 4); as it came otherwise (and for fixed-section guides, found by name).
 */
export function mendedOutline(spec: Pick<ResolvedSpec, 'flow'>, text: string, lang: Lang): string {
  if (spec.flow.sections) return text;
  const { written } = parseOutline(text);
  const isInTurn = written.every((e, i) => e.number === i + 1);
  const numbers = new Set(written.map((e) => e.number));
  // In turn, or every number once (an order the outline chose): kept as written.
  if (isInTurn || (numbers.size === written.length && Math.max(...numbers) === written.length)) return text;
  return renderOutline(
    text,
    written.map((e) => ({ title: e.title ?? '', plan: e.plan })),
    lang,
  );
}

/** The chapters (1..count) the outline gives no entry, so none is written from nothing without saying so. */
export function unplannedChapters(spec: Pick<ResolvedSpec, 'flow'>, text: string, count: number): number[] {
  if (spec.flow.sections) return [];
  const found = new Set(parseOutline(text).entries.map((e) => e.number));
  return Array.from({ length: Math.max(0, count) }, (_, k) => k + 1).filter((n) => !found.has(n));
}
