// The story bible written as Markdown in the book's language: the sections with their headings, each
// entry on a line with its cells (a character's state and the part it holds from, a thread's status and
// due part, a fact and its part), and the values later parts replaced. bible/bible.ts reads back what it writes.
import type { Lang } from '../../spec/types.js';
import type { BibleThread, Replaced, StoryBible } from './types.js';
import { dueWord, sinceWord, threadStatus, type ThreadStatus } from './time.js';

/** Section headings as the bible is written, by language. */
const HEADINGS: Record<Lang, Record<'premise' | 'ending' | 'chapters' | 'arcs' | 'characters' | 'threads' | 'facts' | 'replaced', string>> = {
  en: { premise: 'Premise', ending: 'Planned ending', chapters: 'Chapters so far', arcs: 'Earlier arcs', characters: 'Characters', threads: 'Open threads', facts: 'Established facts', replaced: 'Replaced' },
  ms: { premise: 'Premis', ending: 'Pengakhiran yang dirancang', chapters: 'Bab setakat ini', arcs: 'Arka terdahulu', characters: 'Watak', threads: 'Urusan belum selesai', facts: 'Fakta yang ditetapkan', replaced: 'Sudah berubah' },
};

/**
 * The bible as Markdown, in the book's language. `omit` leaves sections out (a chapter's request carries
 * the premise on its own and the planned ending only near the end).
 */
export function renderBible(b: StoryBible, lang: Lang, opts: { omit?: ReadonlyArray<'premise' | 'ending' | 'replaced' | 'since'> } = {}): string {
  const h = HEADINGS[lang];
  const out: string[] = [];
  const add = (heading: string, lines: string[]) => {
    if (lines.length) out.push(`## ${heading}`, ...lines, '');
  };
  if (!opts.omit?.includes('premise')) add(h.premise, b.premise ? [b.premise] : []);
  if (!opts.omit?.includes('ending')) add(h.ending, b.ending ? [b.ending] : []);
  add(h.arcs, b.arcs.map((a) => `- ${a.label ? `${a.label}: ` : ''}${a.line}`));
  add(h.chapters, b.chapters.map((c) => `- ${c.label ? `${c.label}: ` : ''}${c.line}`));
  const since = (at: string | undefined) => (at && !opts.omit?.includes('since') ? ` | ${sinceWord(lang)} ${at}` : '');
  add(h.characters, b.characters.map((c) => `- ${since(c.since) ? [c.name, c.role || '-', c.state || '-', c.lastSeen || '-'].join(' | ') + since(c.since) : [c.name, c.role, c.state, c.lastSeen].join(' | ').replace(/( \| )+$/, '')}`));
  const status = (t: BibleThread) => STATUS_WORDS[lang][threadStatus(t)] + (t.changed ? ` ${t.changed}` : '');
  add(h.threads, b.threads.map((t) => `- ${t.thread} | ${t.opened || '-'} | ${status(t)}${t.due ? ` | ${dueWord(lang)} ${t.due}` : ''}`));
  add(h.facts, b.facts.map((f) => `- ${f}${since(b.factSince?.[f])}`));
  if (!opts.omit?.includes('replaced')) add(h.replaced, (b.replaced ?? []).map((r) => `- ${KIND_WORDS[lang][r.kind]} | ${r.subject} | ${r.value} | ${r.since || '-'} → ${r.until}`));
  return out.join('\n').trim();
}

const STATUS_WORDS: Record<Lang, Record<ThreadStatus, string>> = {
  en: { open: 'open', advanced: 'advanced', resolved: 'resolved', dropped: 'dropped' },
  ms: { open: 'terbuka', advanced: 'berkembang', resolved: 'selesai', dropped: 'digugurkan' },
};
const KIND_WORDS: Record<Lang, Record<Replaced['kind'], string>> = {
  en: { character: 'character', fact: 'fact', thread: 'thread' },
  ms: { character: 'watak', fact: 'fakta', thread: 'urusan' },
};

