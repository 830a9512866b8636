// Refusals found still English when the command line was walked in Indonesian and Malay: a command karya has not
// got, and `karya voice` given a file that is not there (said before the sample's language is known: the locale's).
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { englishLines } from './english-lines.js';

describe("the command line's refusals, in the locale's language", () => {
  it.each([
    [
      'ms',
      'ms_MY.UTF-8',
      "karya: arahan 'zzz' tidak dikenali (lihat: karya --help)",
      'karya: --voice tiada.txt: fail itu tiada; semak laluannya',
    ],
    [
      'id',
      'id_ID.UTF-8',
      "karya: perintah 'zzz' tidak dikenal (lihat: karya --help)",
      'karya: --voice tiada.txt: berkas itu tidak ada; periksa jalurnya',
    ],
  ] as const)(
    '%s: an unknown command, a voice sample not there',
    async (...row) => {
      const [, locale, command, voice] = row;
      const cwd = tempDir('karya-walk-');
      const unknown = await runKaryaInProcess(['zzz'], { env: { LC_ALL: locale }, cwd });
      expect(unknown.code).toBe(2);
      expect(unknown.stderr.trim()).toBe(command);
      const missing = await runKaryaInProcess(['voice', 'tiada.txt'], { env: { LC_ALL: locale }, cwd });
      expect(missing.code).toBe(2);
      expect(missing.stderr.trim()).toBe(voice);
      expect(englishLines(unknown.stderr + missing.stderr)).toEqual([]);
    },
    120_000,
  );
});

// Before a book's language is chosen (no --lang, no saved book), what is wrong is said in the locale's language;
// a writer who asks for an English book (--lang en) hears English.
describe("refusals before a book's language is chosen, in the locale's language", () => {
  it.each([
    [
      'ms_MY.UTF-8',
      'karya: penjana "nope" tidak dikenali; jalankan "karya list" untuk melihat',
      'karya: --chapters: "x" mestilah nombor bulat dari 1 hingga 100',
      'karya: tiada fail keadaan di .karya/state.sqlite',
    ],
    [
      'id_ID.UTF-8',
      'karya: generator "nope" tidak dikenal; jalankan "karya list" untuk melihat',
      'karya: --chapters: "x" harus bilangan bulat dari 1 sampai 100',
      'karya: tidak ada berkas status di .karya/state.sqlite',
    ],
  ] as const)(
    '%s: an unknown generator, a chapter count not a number, an export with nothing saved',
    async (locale, generator, chapters, nothingSaved) => {
      const cwd = tempDir('karya-walk-');
      const env = { LC_ALL: locale };
      const unknown = await runKaryaInProcess(['generate', 'nope'], { env, cwd });
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain(generator);
      const count = await runKaryaInProcess(['generate', 'romance', '--chapters', 'x'], { env, cwd });
      expect(count.code).toBe(2);
      expect(count.stderr).toContain(chapters);
      const exported = await runKaryaInProcess(['export', '--book', '999'], { env, cwd });
      expect(exported.code).not.toBe(0);
      expect(exported.stderr).toContain(nothingSaved);
      expect(englishLines(unknown.stderr + count.stderr + exported.stderr)).toEqual([]);
      const english = await runKaryaInProcess(['generate', 'romance', '--lang', 'en', '--chapters', 'x'], { env, cwd });
      expect(english.stderr).toContain('--chapters: "x" must be a whole number from 1 to 100');
    },
    120_000,
  );
});
