// An Indonesian writer reads `karya publish` in Indonesian (karya generate: tests/cli/generate-indonesian.test.ts):
// every line the run prints on
// stderr (its parts, each package part and why one had no step, what each cost, the package's cost, the
// readiness) has no English sentence in it. Names stay as they are: the book's title, generator ids, file
// paths, flags, the stores' names and the titles of their help pages (quoted or linked).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { englishLines } from './english-lines.js';

describe('an Indonesian run of karya publish', () => {
  it(
    'karya publish romance --lang id prints no English line: its ' +
      'parts, the package parts without a step, the costs, the readiness',
    async () => {
      const cwd = tempDir('karya-publish-id-');
      const r = await runKaryaInProcess(
        ['publish', 'romance', '--lang', 'id', '--chapters', '3', '--out', 'paket', '--state', 'state.sqlite'],
        { cwd },
      );
      // No author name given: the package is made, not ready (exit 1), and says so in Indonesian.
      expect(r.code, r.stderr).toBe(1);
      expect(readdirSync(path.join(cwd, 'paket'))).toContain('manuscript.epub');
      expect(r.stderr).toMatch(/^ {2}– halaman hak cipta +menunggu nama pengarang \(--author\) \(tanpa langkah\)$/m);
      expect(r.stderr).toMatch(/^ {2}– judul +milik buku itu sendiri \(tanpa langkah\)$/m);
      expect(r.stderr).toMatch(/^ {2}✓ sampul +book-cover +6 kredit/m);
      expect(r.stderr).toMatch(
        /^karya: biaya paket \d+ kredit: buku \d+ kredit \(\d+ bagian\), penerbitan \d+ kredit \(/m,
      );
      expect(r.stderr).toMatch(/^karya: penyedia|^karya: OPENAI_API_KEY/m);
      expect(englishLines(r.stderr)).toEqual([]);
    },
    240_000,
  );

  it('finds the English lines it is meant to find', () => {
    expect(
      englishLines(
        [
          "  – title            the book's own (no step)",
          'karya: the package cost 15 credits: the book 6 credits (6 parts)',
          '  – judul            milik buku itu sendiri (tanpa langkah)',
          '        perbaiki: baca KDP Help, "Supported Languages" ' +
            '(eBook and paperback lists): https://kdp.amazon.com/x',
        ].join('\n'),
      ),
    ).toEqual([
      "  – title            the book's own (no step)",
      'karya: the package cost 15 credits: the book 6 credits (6 parts)',
    ]);
  });
});
