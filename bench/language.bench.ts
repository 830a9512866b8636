// `npm run bench:language`: what the language check costs a step. Every written part is checked
// (engine/session/language.ts findLanguageDrift), so it must stay a small multiple of reading the text
// once. The reference, in the same run: one pass over the same chapter that lower-cases it, splits it
// into words and looks each word up in a Set (the least any word-based check does). Prints the median
// time of each over several rounds and their ratio, with the machine's load; asserts nothing.
// The figures used to be timed assertions in tests/session/language*.test.ts; noisy machines made those flaky.
import os from 'node:os';
// The language table is read from languages/ (the Node door sets its source), as every Node caller reads it.
import '../engine/node.js';
import { countWords, findLanguageDrift } from '../engine/index.js';
import { readSample } from '../tests/language-sample.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Milliseconds per call of `fn`, median of `rounds` rounds of `calls` calls (after a warm-up round). */
function perCall(fn: () => unknown, rounds = 9, calls = 100): number {
  for (let i = 0; i < calls; i++) fn();
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t = performance.now();
    for (let i = 0; i < calls; i++) fn();
    times.push((performance.now() - t) / calls);
  }
  return median(times);
}

const paragraphs = (label: 'ms' | 'id' | 'en') => readSample(label).map((s) => s.text);
/** About 1,500 words of one class of the labelled sample, as one chapter. */
function chapterOf(label: 'ms' | 'id' | 'en'): string {
  const source = paragraphs(label);
  const out: string[] = [];
  for (let i = 0, words = 0; words < 1500; i++) {
    const p = source[i % source.length]!;
    out.push(p);
    words += countWords(p);
  }
  return out.join('\n\n');
}

const vocabulary = new Set(paragraphs('ms').join(' ').toLowerCase().split(/\s+/).slice(0, 500));
const readOnce = (text: string) => {
  let hits = 0;
  for (const word of text.toLowerCase().split(/\s+/)) if (vocabulary.has(word)) hits++;
  return hits;
};

console.log(
  `bench:language on ${os.cpus().length} cores, Node ${process.version}; load ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
for (const [label, asked] of [
  ['ms', 'ms'],
  ['id', 'ms'],
  ['en', 'ms'],
  ['en', 'en'],
] as const) {
  const chapter = chapterOf(label);
  const words = countWords(chapter);
  const check = perCall(() => findLanguageDrift(chapter, asked));
  const reference = perCall(() => readOnce(chapter));
  console.log(
    `${label} text asked in ${asked} (${words} words): check ${check.toFixed(3)} ms, ` +
      `one read ${reference.toFixed(3)} ms, ratio ${(check / reference).toFixed(1)}×`,
  );
}
