// Outline more: an outline that left chapters without an entry (cut at its budget, or a model that stopped
// early) is asked for the missing ones, at most MAX_EXTENSIONS times, so every chapter gets its plan. One still
// cut after its continuations is taken back to its last whole sentence first: the entries asked for follow a
// whole one, never a sentence the limit cut. An answer that starts again at Chapter 1 (a model's habit) gives only the
// chapters asked for; one that holds none of them is asked again (the next round).
import { parsedOutlineOf, renderOutlineMore } from '../../compile/prompt.js';
import { conclusionPosition } from '../../spec/conclusion.js';
import type { FollowUp } from './answer.js';
import { MAX_EXTENSIONS } from './extend-short.js';
import { outlineFromJson } from '../outline/index.js';
import { cutToWholeEnd } from './whole-end.js';
import { numberHeadOf, wordHeadOf } from '../../compile/outline-lines.js';

export const outlineMore: FollowUp = async (ctx, draft) => {
  const { spec, state, step } = ctx;
  if (step.kind !== 'outline' || spec.kind !== 'book' || spec.flow.sections) return draft;
  const chapters = conclusionPosition(spec.flow, state.totalChapters) - 1;
  let { text, isComplete } = draft;
  if (!isComplete) text = cutToWholeEnd(text, state.lang).text.trimEnd();
  for (let i = 0; i < MAX_EXTENSIONS && !ctx.signal?.aborted; i++) {
    const found = new Set(
      parsedOutlineOf(spec, { outline: text, lang: state.lang }).entries.map((e: { number: number }) => e.number),
    );
    const missing = Array.from({ length: chapters }, (_, k) => k + 1).filter((n) => !found.has(n));
    if (!missing.length || !found.size) break;
    const more = await ctx.extend(
      renderOutlineMore({ spec, renderer: ctx.renderer, state, soFar: text, from: missing[0]!, to: chapters }),
      '\n\n',
      text,
    );
    if (!more.text) break;
    const asked = askedEntries(outlineFromJson(more.text, state.lang, missing[0]) ?? more.text, new Set(missing));
    if (!asked) continue;
    text = `${text}\n\n${asked}`;
    isComplete = more.isComplete;
  }
  return { text, isComplete };
};

/** The chapter number an outline line heads ("Chapter 3: …", "Bab Tiga", "3. …"), or undefined. */
const headNumber = (line: string): number | undefined => (wordHeadOf(line) ?? numberHeadOf(line))?.number;

/**
 * A follow-up's entries for the chapters asked for: the answer as it came when every entry it heads is one asked
 * for; else (it started again at Chapter 1, or wandered) only the asked entries and what follows them (threads, the
 * conclusion's line), its title and premise again left out. '' when it holds none of the chapters asked for.
 */
export function askedEntries(answer: string, asked: ReadonlySet<number>): string {
  const lines = answer.split('\n');
  const heads = lines.map(headNumber);
  if (heads.every((n) => n === undefined || asked.has(n))) return answer.trim();
  let keep = false;
  const kept = lines.filter((line, i) => {
    const n = heads[i];
    if (n !== undefined) keep = asked.has(n);
    return keep;
  });
  return kept.join('\n').trim();
}
