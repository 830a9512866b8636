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
