// `npm run bench:checks`: the CPU each thing Karya does with one model answer costs, per answer of a part of
// about 1,500 words in a book of ten parts written before it: judging it (verdict, kind, assistant talk, wall
// split, copy of the book) and the story-bible update whose request holds it, its language, its repeats, its
// voice and overused phrases, the story bible's people, its near-duplicate fingerprint, the plain-text reader
// and the bible update's parse, and a part's checks together on one reading of it. Each is the median of rounds of many
// calls, each on an answer of its own (a
// check may keep what it read of a text), in process CPU time (another process's load does not count), printed in
// ms per answer with the goal of at most 2 ms each, and as a ratio to one plain pass over the part's words
// (countWords) measured in the same run; the machine's load is printed beside it. Then the 400-book prose batch
// against its goals (bench/batch-process.ts: middle, first call, peak memory), which these costs add up to.
import os from 'node:os';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  copiedShare,
  countWords,
  detectLanguage,
  findLanguageDrift,
  fingerprintOf,
  ignoredBible,
  judgeAnswer,
  judgeShape,
  neighbourWords,
  overusedIn,
  parseBibleUpdate,
  repeatedShare,
  shapeOf,
  splitWalls,
  textFingerprint,
  unwrapLines,
  withoutTalk,
  type BookSpec,
  type ResolvedSpec,
} from '../engine/index.js';
import { loadCatalog, ROOT } from '../engine/node.js';
import { goalLines, runBatchProcess, runLine, type BatchRun } from './batch-process.js';

const GOAL_MS = 2;
const ROUNDS = 7;

const sample = readFileSync(path.join(ROOT, 'tests', 'fixtures', 'voice', 'austen-pride-ch1.txt'), 'utf8');
const novel = readFileSync(path.join(ROOT, 'tests', 'fixtures', 'voice', 'en-long.txt'), 'utf8');
/** A part of about 1,500 words: Austen's dialogue and a novel's narration. */
const part = `${sample}\n\n${novel}\n\n${novel.slice(0, novel.indexOf('\n\n', 700))}`;
/** Ten earlier parts of the book, each its own text (the same prose with its own names). */
const earlier = Array.from({ length: 10 }, (_, i) =>
  part.replace(/Bennet/g, `Bennet${i}`).replace(/Eleanor/g, `Eleanor${i}`),
);
const bibleAnswer = [
  '## Chapter',
  'Mrs. Bennet tells her husband that Netherfield Park is let to Mr. Bingley, a single man of large fortune.',
  '## Characters',
  '- Mr. Bennet | father | sardonic, will not visit | Chapter 1',
  '- Mrs. Bennet | mother | set on marrying her daughters | Chapter 1',
  '## Open threads',
  '- whether Mr. Bennet will call on Bingley | Chapter 1 | open',
  '## Established facts',
  '- Netherfield Park is let to Mr. Bingley',
  '- the Bennets have five daughters',
].join('\n');

const catalog = loadCatalog();
const romance = catalog.get('romance') as ResolvedSpec & BookSpec;
const shape = shapeOf(romance, { kind: 'chapter' })!;
const request = { system: 'You are a novelist.', user: 'Write Chapter 11 of the romance.' };

/**
 * A story-bible update's request, as the bible template renders it: the bible so far and the part just written in it.
 */
const bibleRequest = (written: string) => ({
  system:
    'You are an expert writer and editor who writes whole books ' +
    'for authors, self-publishers, parents, teachers and learners.',
  user:
    `Update the story bible of a book (genre: Romance) that is being written.\n\nThe story ` +
    `bible so far:\n${bibleAnswer}\n\nThe part just written (Chapter 11):\n${written}\n\n` +
    `Answer in English, in exactly this shape and with no preamble:\n## Chapter\none line`,
});

/**
 * Answers each a text of its own, never read before by any check (the part with its own last line): many checks keep
 * what they read per text, and every answer of a batch is new.
 */
let answersMade = 0;
const newAnswer = () => `${part}\n\nThe lamp by the door was lit for the ${++answersMade}th time that winter.`;

/** CPU ms per call of `fn` on a new answer each call, the median of ROUNDS rounds of `n` calls. */
function cpuPerCall(fn: (answer: string) => unknown, n: number): number {
  const answer = newAnswer;
  for (let i = 0; i < 3; i++) fn(answer());
  const rounds: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) fn(answer());
    const used = process.cpuUsage(start);
    rounds.push((used.user + used.system) / 1000 / n);
  }
  return rounds.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
}

const checks: Array<[string, (answer: string) => unknown]> = [
  [
    'judge the answer (verdict, kind, talk, walls, copy)',
    (a) => judgeAnswer(a, request, { kind: 'prose', material: () => earlier, shape, earlier: () => earlier }),
  ],
  ['  kind (lines, lists, recipes, outlines)', (a) => judgeShape(a, shape)],
  ['  assistant talk', (a) => withoutTalk(a)],
  ['  wall split', (a) => splitWalls(a, shape)],
  ['  copy of the book so far (8-word runs)', (a) => copiedShare(a, earlier)],
  [
    'judge a bible update (its request holds the part)',
    (a) =>
      judgeAnswer(`${bibleAnswer}\n- ${a.slice(-40)}`, bibleRequest(a), {
        kind: 'bible',
        material: () => [a, bibleAnswer],
        ownMaterial: () => [a, bibleAnswer],
      }),
  ],
  ['language (drift from English)', (a) => findLanguageDrift(a, 'en')],
  ['language (detect)', (a) => detectLanguage(a)],
  ['repeats within the part and the book', (a) => repeatedShare(a, earlier)],
  ['voice fingerprint', (a) => fingerprintOf(a, 'en')],
  ['overused phrases', (a) => overusedIn(a, 'en')],
  ["the bible's people", (a) => ignoredBible(a, ['Elizabeth', 'Darcy'], earlier)],
  ['near-duplicate fingerprint (MinHash)', (a) => textFingerprint([a])],
  ['plain-text reader (unwrap)', (a) => unwrapLines(a)],
  ['bible update parse', () => parseBibleUpdate(bibleAnswer)],
];

const words = part.split(/\s+/).filter(Boolean).length;
process.stdout.write(
  `CPU per answer of a ${words}-word part (${earlier.length} parts before it), median of ${ROUNDS} rounds; load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n\n`,
);
const reference = cpuPerCall((a) => countWords(a), 200);
process.stdout.write(
  `${'reference: one pass over the words (countWords)'.padEnd(54)} ${reference.toFixed(3).padStart(7)} ms\n`,
);
let worst = 0;
for (const [name, fn] of checks) {
  const ms = cpuPerCall(fn, 40);
  if (!name.startsWith('  ')) worst = Math.max(worst, ms);
  process.stdout.write(
    `${name.padEnd(54)} ${ms.toFixed(3).padStart(7)} ms  ${(ms / reference).toFixed(1).padStart(6)}× ` +
      ` ${ms <= GOAL_MS ? 'holds' : `over ${GOAL_MS} ms`}\n`,
  );
}
process.stdout.write(`\nthe costliest check: ${worst.toFixed(3)} ms per answer (goal: at most ${GOAL_MS} ms each)\n`);

// The checks a part's answer meets in a step, together, on one reading of it (engine/session/reading/reading.ts:
// its runs, words and sentences read once and shared): set against the sum of their own lines above.
const together = cpuPerCall((a) => {
  const text = judgeAnswer(a, request, { kind: 'prose', material: () => earlier, shape, earlier: () => earlier }).text;
  findLanguageDrift(text, 'en');
  neighbourWords(text, 'ms');
  countWords(text);
  repeatedShare(text, earlier);
  overusedIn(text, 'en');
}, 40);
process.stdout.write(
  `${"a part's checks together, on one reading of it".padEnd(54)} ${together.toFixed(3).padStart(7)} ` +
    `ms  ${(together / reference).toFixed(1).padStart(6)}×\n`,
);

// Beside them, what they cost a batch: the 400-book prose batch as a whole process, its goals (bench/batch-process.ts
// BATCH_GOALS: the middle against the bound of its calls, the first call, the peak memory) beside its floor
// (BENCH_BATCH=0 leaves it out, BENCH_BATCH_RUNS sets the runs, 3 by default).
if (process.env.BENCH_BATCH !== '0') {
  const runs: BatchRun[] = [];
  const count = Number(process.env.BENCH_BATCH_RUNS ?? 3);
  const what = '400 books (6 steps and 5 bible updates each), prose written as asked, 200 ms a call, concurrency 100';
  process.stdout.write(`\nthe batch: ${what}, whole process, ${count} runs\n`);
  for (let i = 0; i < count; i++) {
    runs.push(await runBatchProcess({ books: 400, concurrency: 100, latencyMs: 200, prose: true }));
    process.stdout.write(`  run ${i + 1}: ${runLine(runs.at(-1)!)}\n`);
  }
  process.stdout.write(`${goalLines(runs).join('\n')}\n`);
}
