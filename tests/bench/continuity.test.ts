// The continuity table `npm run eval` prints (bench/continuity-eval.ts): the scripted continuity book, with
// four planted contradictions (a dead captain who speaks, a changed fact, a renamed place, a promise never
// paid), caught 4 of 4 with no false alarm in English and Malay, and 2 of its 3 threads resolved by the end;
// the printed table shows caught/planted and false alarms.
import { describe, expect, it, vi } from 'vitest';
import { continuityRows, printContinuity } from '../../bench/continuity-eval.js';
import { loadCatalog } from '../../engine/node/load.js';

describe('npm run eval: the continuity table', () => {
  it(
    'catches every planted contradiction of the scripted ' + 'book with no false alarm, and prints caught/planted',
    async () => {
      const rows = await continuityRows(loadCatalog({ useDiskCache: true }), ['en', 'ms'], false);
      expect(rows.map((r) => [r.model, r.lang, r.caught, r.planted, r.falseAlarms, r.resolved, r.threads])).toEqual([
        ['scripted', 'en', 4, 4, 0, 2, 3],
        ['scripted', 'ms', 4, 4, 0, 2, 3],
      ]);
      const log = vi.spyOn(console, 'log').mockImplementation(() => {});
      printContinuity(rows);
      const printed = log.mock.calls.map((c) => String(c[0])).join('\n');
      log.mockRestore();
      expect(printed).toContain('caught/planted');
      expect(printed).toContain('false alarms');
      expect(printed).toMatch(/scripted\s+en\s+10\s+4\/4\s+0\s+2\/3/);
      expect(printed).toMatch(/scripted\s+ms\s+10\s+4\/4\s+0\s+2\/3/);
    },
    60_000,
  );
});
