// The README's quick start on a fresh clone (offline provider, no API key) writes a first book without a
// warning: every part's line is ✓, no line is ⚠, and in --json every part repeats less than a fifth of
// its words (the repetition check marks a part ⚠ "repeats" from 0.2), in English and in Malay.

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';

const QUICK_START = ['generate', 'romance', '--chapters', '3', '--out', 'book.md'];
/** The parts of a 3-chapter romance: outline, introduction, three chapters, conclusion. */
const PARTS = {
  en: ['Story Outline', 'Introduction', 'Chapter 1', 'Chapter 2', 'Chapter 3', 'Conclusion'],
  ms: ['Rangka Cerita', 'Pengenalan', 'Bab 1', 'Bab 2', 'Bab 3', 'Kesimpulan'],
};

describe('the quick start writes a first book without warnings', () => {
  for (const lang of ['en', 'ms'] as const) {
    it(`${lang}: every part line is ✓, none is ⚠, and --json parts repeat under 0.2`, { timeout: 60_000 }, async () => {
      const cwd = tempDir(`karya-quick-${lang}-`);
      const args = lang === 'en' ? QUICK_START : [...QUICK_START, '--lang', 'ms'];
      const r = await runKaryaInProcess(args, { cwd });
      expect(r.code, r.stderr).toBe(0);
      const partLines = r.stderr.split('\n').filter((line) => /^\s+\S \S.* \d+ (?:words|perkataan)/.test(line));
      expect(partLines.map((line) => line.trim().split(/\s{2,}/)[0])).toEqual(PARTS[lang].map((label) => `✓ ${label}`));
      expect(r.stderr).not.toContain('⚠');

      const json = await runKaryaInProcess([...args, '--fresh', '--json'], { cwd });
      expect(json.code, json.stderr).toBe(0);
      const parts = (JSON.parse(json.stdout) as { parts: Array<{ label: string; repeated?: number }> }).parts.filter(
        (p) => p.repeated !== undefined,
      );
      expect(parts.map((p) => p.label)).toEqual(PARTS[lang].slice(1));
      for (const part of parts) expect(part.repeated, part.label).toBeLessThan(0.2);
    });
  }
});
