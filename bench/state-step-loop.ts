// The state file's writes of a 400-book batch's steps, alone (bench/results/batch-middle-2026-12-02.md): 400 books,
// each six steps and five bible updates, taken in turn across the books as a batch's 100 calls in flight take them.
// Each call keeps its answer first (its own commit, as engine/session/kept-answers.ts does it), then its save: the
// step's (header and part) or the bible's (the header's memory). `separate`: the save, then the kept answers' drop
// as a statement of its own (as before StepSave/MemorySave keptScope); `merged`: the save given keptScope, the drop
// in its transaction. Through the product's own store (server/store/state.ts, a batch's state file: WAL,
// synchronous=NORMAL) on a new file each round, in one process, the modes in turn; prints the main thread's CPU a
// call (user + system, µs) of each round and each mode's median.
// `npx tsx bench/state-step-loop.ts [rounds] [books]` (default 6 400).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BookState, StepSave } from '../engine/index.js';
import { openStateStore } from '../server/store/state.js';

const rounds = Number(process.argv[2] ?? 6);
const books = Number(process.argv[3] ?? 400);
const modes = (process.env.BENCH_STEP_MODES ?? 'separate,merged').split(',') as Array<'separate' | 'merged'>;
const STEPS = 6;

/** Prose of about `bytes` bytes, different for each (book, position) so that no page is written twice the same. */
const prose = (bytes: number, seed: string): string => {
  const sentence = `The tide came in slowly over the rocks of ${seed}, and she watched the lights of the town. `;
  return sentence.repeat(Math.ceil(bytes / sentence.length)).slice(0, bytes);
};

function stateOf(book: number, position: number, memory: string): BookState {
  return {
    generatorId: 'romance',
    settings: { tone: 'warm', length: 'long', pov: 'third' } as unknown as BookState['settings'],
    lang: 'en',
    totalChapters: 3,
    content: [],
    currentChapter: position + 1,
    characterDetails: prose(1_500, `characters ${book}`),
    isLocked: position >= 0,
    memory,
    memoryUpTo: position - 1,
  } as BookState;
}

async function round(mode: 'separate' | 'merged'): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'karya-step-loop-'));
  const state = await openStateStore({ file: path.join(dir, 'state.db'), isDurable: false });
  const store = state.progress('cli');
  const usage = () => {
    const { user, system } = process.threadCpuUsage();
    return user + system;
  };
  let calls = 0;
  let spent = 0;
  for (let s = 0; s < STEPS; s++) {
    const position = s - 1;
    for (let b = 0; b < books; b++) {
      const key = `book-${b}`;
      const text = prose(14_000, `${key} ${position}`);
      const memory = prose(6_000, `${key} memory ${position}`);
      const answer = {
        text,
        model: 'm',
        finishReason: 'stop',
        usage: { promptTokens: 3000, completionTokens: 3500, totalTokens: 6500 },
      };
      const stepScope = `step:${position}`;
      const save: StepSave = {
        generatorId: 'romance',
        bookType: 'romance',
        state: stateOf(b, position, memory),
        step: (position < 0 ? { kind: 'outline' } : { kind: 'chapter', index: position }) as StepSave['step'],
        stepKey: String(position),
        position,
        text,
        isComplete: true,
        continuations: 0,
        isFirst: s === 0,
        isFinished: s === STEPS - 1,
        keepsProgress: true,
        label: `Part ${position}`,
        words: 2_500,
        seconds: 30,
        ...(mode === 'merged' ? { keptScope: stepScope } : {}),
      };
      const from = usage();
      await store.keepAnswer!(key, { scope: stepScope, request: `r-${position}`, answer });
      await store.saveStep(key, save);
      if (mode === 'separate') await store.dropAnswers!(key, stepScope);
      calls++;
      if (position >= 0) {
        const bibleScope = `memory:${position}`;
        const bible = { ...answer, text: memory };
        await store.keepAnswer!(key, { scope: bibleScope, request: `m-${position}`, answer: bible });
        await store.saveMemory(key, {
          memory,
          upTo: position,
          ...(mode === 'merged' ? { keptScope: bibleScope } : {}),
        });
        if (mode === 'separate') await store.dropAnswers!(key, bibleScope);
        calls++;
      }
      spent += usage() - from;
    }
  }
  // Both ways leave nothing kept: what is measured is the same work.
  for (let b = 0; b < books; b++)
    if ((await store.keptAnswers!(`book-${b}`)).length) throw new Error(`${mode}: answers left kept for book-${b}`);
  await state.close();
  rmSync(dir, { recursive: true, force: true });
  return spent / calls;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const figures = new Map(modes.map((m) => [m, [] as number[]]));
await round(modes[0]!); // warm-up: the statements' code compiled
for (let r = 0; r < rounds; r++)
  for (const mode of modes) {
    const us = await round(mode);
    figures.get(mode)!.push(us);
    console.log(`round ${r + 1} ${mode}: ${us.toFixed(1)} µs a call`);
  }
for (const [mode, xs] of figures) console.log(`${mode}: median ${median(xs).toFixed(1)} µs a call (${xs.length})`);
console.log(
  `load ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
