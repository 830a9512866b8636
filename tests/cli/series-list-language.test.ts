// `karya series list` counts each series' books in the series' own language: a Malay or Indonesian series reads
// "2 buku", an English one "1 book".
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';

describe('karya series list', () => {
  it("counts each series' books in its own language", async () => {
    const cwd = tempDir('karya-series-list-');
    const st = ['--state', 'state.sqlite'];
    for (const [lang, series] of [
      ['ms', 'Pantai'],
      ['ms', 'Pantai'],
      ['id', 'Danau'],
      ['en', 'Harbour'],
    ] as const) {
      const made = await runKaryaInProcess(
        ['generate', 'romance', '--lang', lang, '--chapters', '1', '--series', series, ...st],
        { cwd },
      );
      expect(made.code, made.stderr).toBe(0);
    }
    const r = await runKaryaInProcess(['series', 'list', ...st], { cwd });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n').sort()).toEqual([
      'Danau  (id, 1 buku)',
      'Harbour  (en, 1 book)',
      'Pantai  (ms, 2 buku)',
    ]);
  }, 120_000);
});
