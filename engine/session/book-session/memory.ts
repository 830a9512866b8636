// The story bible kept up with the book: whether a book's memory has taken in its last written part, and the
// parts it has not taken in read into it one call each, saved as they are. ../session.ts's needsMemory and remember.
import type { BookState } from '../../compile/flow.js';
import type { TokenUsage } from '../../provider.js';
import type { ResolvedSpec } from '../../spec/types.js';
import { bibleReadUpTo, updateBible, type BibleLeftPart } from '../bible/index.js';
import { memoryScope, withKeptAnswers } from '../kept-answers.js';
import type { SessionPorts } from './open.js';
import { addUsage, type AdvanceOptions } from '../step-types.js';

/**
 * True when the book's memory (the story so far) has not yet taken in its last written part. Every part written
 * is taken in, a finished book's last one too: its ending is what a series' next book, the story map as of the
 * last chapter and an edition's glossary are told.
 */
export function needsMemory(spec: ResolvedSpec, state: BookState): boolean {
  const last = state.content.length - 1;
  if (spec.kind !== 'book' || last < 0) return false;
  return (state.memoryUpTo ?? -1) < last;
}

/** The book a session holds, read and replaced as each part is taken in (a failure keeps the parts before it). */
export interface HeldBook {
  get(): BookState;
  set(state: BookState): void;
}

export type RememberOptions = Pick<AdvanceOptions, 'signal' | 'provider' | 'afterAnswer'> & { parts?: number };

/**
 * Take the parts the book's memory has not taken in into it, one call each, each saved (see BookSession.remember).
 * `parts`: at most this many parts taken in by this call (a caller that lets others in between parts).
 */
export async function rememberParts(
  ctx: { spec: ResolvedSpec; ports: SessionPorts; key: string; book: HeldBook },
  opts: RememberOptions,
): Promise<{ calls: number; usage?: TokenUsage; left?: BibleLeftPart[] }> {
  const { spec, ports, key, book } = ctx;
  let calls = 0;
  // Parts the bible could not read (wholly or in part) even in halves: skipped, named to the caller, the run going on.
  const left: BibleLeftPart[] = [];
  let usage: TokenUsage | undefined;
  const provider = opts.provider ?? ports.provider;
  for (let taken = 0; needsMemory(spec, book.get()) && taken < (opts.parts ?? Infinity); taken++) {
    const state = book.get();
    const position = (state.memoryUpTo ?? -1) + 1;
    // The update is judged like any answer (updateBible); one that fails leaves the bible as it was. A part the
    // bible had taken in before (edited since) is re-derived: only what it established is replaced.
    // An empty part (an imported book without a prologue has no introduction) has nothing to take in.
    if ((state.content[position] ?? '').trim() === '') {
      await ports.store.saveMemory(key, { memory: state.memory ?? '', upTo: position });
      book.set({ ...book.get(), memory: state.memory ?? '', memoryUpTo: position });
      continue;
    }
    const isRewrite = position <= bibleReadUpTo(spec, state);
    // Its answers kept as they arrive (kept-answers.ts): a process killed before the bible is saved is given them
    // back.
    const updated = await withKeptAnswers(
      ports.kept,
      memoryScope(position),
      { ...opts, provider },
      async (kept, keptScope) => {
        const read = await updateBible({
          spec,
          renderer: ports.renderer,
          provider: kept,
          state,
          position,
          ...(isRewrite ? { isRewrite } : {}),
          ...(opts.signal ? { signal: opts.signal } : {}),
        });
        const dropped = keptScope();
        await ports.store.saveMemory(key, {
          memory: read.memory,
          upTo: position,
          ...(dropped !== undefined ? { keptScope: dropped } : {}),
        });
        return read;
      },
    );
    calls += updated.calls;
    usage = addUsage(usage, updated.usage);
    if (updated.left) left.push({ position, ...updated.left });
    book.set({ ...book.get(), memory: updated.memory, memoryUpTo: position });
  }
  return { calls, ...(usage ? { usage } : {}), ...(left.length ? { left } : {}) };
}
