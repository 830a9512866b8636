// The story bible written as Markdown in the book's language: the sections with their headings, each
// entry on a line with its cells (a character's state and the part it holds from, a thread's status and
// due part, a fact and its part), and the values later parts replaced. bible/bible.ts reads back what it writes.
import type { Lang } from '../../spec/types.js';
import type { BibleThread, StoryBible } from './types.js';
import { dueWord, sinceWord, threadStatus } from './time.js';
import { bibleWord, type BibleWord } from './words.js';

/**
 * The bible as Markdown, in the book's language. `omit` leaves sections out (a chapter's request carries
 * the premise on its own and the planned ending only near the end).
 */
export function renderBible(
  b: StoryBible,
  lang: Lang,
  opts: { omit?: ReadonlyArray<'premise' | 'ending' | 'replaced' | 'since'> } = {},
): string {
  const h = (key: BibleWord) => bibleWord(key, lang);
  const out: string[] = [];
  const add = (heading: string, lines: string[]) => {
    if (lines.length) out.push(`## ${heading}`, ...lines, '');
  };
  if (!opts.omit?.includes('premise')) add(h('premise'), b.premise ? [b.premise] : []);
  if (!opts.omit?.includes('ending')) add(h('ending'), b.ending ? [b.ending] : []);
  add(
    h('arcs'),
    b.arcs.map((a) => `- ${a.label ? `${a.label}: ` : ''}${a.line}`),
  );
  add(
    h('chapters'),
    b.chapters.map((c) => `- ${c.label ? `${c.label}: ` : ''}${c.line}`),
  );
  const since = (at: string | undefined) => (at && !opts.omit?.includes('since') ? ` | ${sinceWord(lang)} ${at}` : '');
  add(
    h('characters'),
    b.characters.map((c) => {
      const at = since(c.since);
      const row = at
        ? [c.name, c.role || '-', c.state || '-', c.lastSeen || '-'].join(' | ') + at
        : [c.name, c.role, c.state, c.lastSeen].join(' | ').replace(/( \| )+$/, '');
      return `- ${row}`;
    }),
  );
  const status = (t: BibleThread) => h(threadStatus(t)) + (t.changed ? ` ${t.changed}` : '');
  add(
    h('threads'),
    b.threads.map(
      (t) => `- ${t.thread} | ${t.opened || '-'} | ${status(t)}${t.due ? ` | ${dueWord(lang)} ${t.due}` : ''}`,
    ),
  );
  add(
    h('facts'),
    b.facts.map((f) => `- ${f}${since(b.factSince?.[f])}`),
  );
  if (!opts.omit?.includes('replaced'))
    add(
      h('replaced'),
      (b.replaced ?? []).map((r) => `- ${h(r.kind)} | ${r.subject} | ${r.value} | ${r.since || '-'} → ${r.until}`),
    );
  return out.join('\n').trim();
}
