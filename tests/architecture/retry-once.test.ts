// One module defines retrying (engine/retry.ts: its `retry` loop and its rule of what is worth another try): no
// other loop in the engine, the server or the command counts attempts. A loop that asks again for a product's
// reason (the ladder's second ask) is written as two steps, or through `retry` too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './graph.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The lines that count attempts: a loop over them, a counter of them stepped, or one compared with a limit. */
export function attemptCounting(text: string): string[] {
  const patterns = [
    // for (let attempt = 1; …), while (!read && attempts < LIMIT) (a layout run again until its page count settles is
    // no retry)
    /\b(for|while)\s*\(.*\b\w*(attempts?|retries|retryCount)\b/i,
    // attempt++, ++attempts, statusRetries++, attempts += 1 (a counter of the code's own; not a tally's field,
    // `totals.retries++`)
    /(?<![.\w])\w*(attempts?|retries)\s*(\+\+|\+=\s*1\b)/i,
    /(\+\+|--)\s*\w*(attempts?|retries)\b/i,
    // attempt >= 5, attempts < PAID_ATTEMPTS
    /(?<![.\w])\w*attempts?\s*(<=?|>=?)\s*\w/i,
  ];
  return text
    .split('\n')
    .flatMap((line, i) => (patterns.some((p) => p.test(line)) ? [`${i + 1}: ${line.trim()}`] : []));
}

describe('one retry module', () => {
  it('no loop outside engine/retry.ts counts attempts', () => {
    const files = sourceFiles(ROOT, ['engine', 'server', 'cli']).filter((f) => f !== 'engine/retry.ts');
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) =>
      attemptCounting(readFileSync(path.join(ROOT, f), 'utf8')).map((l) => `${f}:${l}`),
    );
    expect(
      found,
      'retry through retry() (engine/retry.ts), with the one rule retryKindOf or a reason of its own',
    ).toEqual([]);
  });

  it('finds the attempt-counting loops it is there to find, and leaves tallies and layouts alone', () => {
    const loops = [
      'for (let attempt = 1; ; attempt++) {',
      'while (!read && attempts < PAID_ATTEMPTS && !signal.aborted) {',
      '      statusRetries++;',
      '      if (!isUniqueViolation(error) || attempt >= 5) throw error;',
      'for (let tries = 0; tries < 6; tries++) {',
      'run.totals.retries++;',
      'const notice = { attempt: n, of };',
      'if (job.retryCount >= job.retryLimit) await giveUp(job);',
    ].join('\n');
    expect(attemptCounting(loops).map((l) => l.split(':')[0])).toEqual(['1', '2', '3', '4']);
  });
});
