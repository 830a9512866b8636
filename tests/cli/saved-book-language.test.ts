// What karya rewrite, karya map and karya generate --book say about a saved Malay or Indonesian book its writer named
// wrongly
// (a part not written yet, a part that is not one, a finished book to continue, other settings than the saved
// book's, a story map as of a part not written), in the book's language: its writer reads no English line.
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { expectRefusals, savedBooks, stoppedRomance } from './stopped-book.js';

const LINES = {
  ms: {
    notWritten:
      'karya: --part chapter:1: bahagian buku romance ini belum ditulis (1 ' +
      'bahagian sudah ditulis); tulis bahagian itu dahulu dengan karya generate',
    unknown: 'karya: --part "bab:1": dijangka salah satu daripada introduction, chapter:1 hingga chapter:2, conclusion',
    mapAsOf: 'karya: --as-of 9: buku ini mempunyai bahagian 0 hingga 2 yang telah ditulis (0 pengenalan, N bab N)',
    finished: 'karya: --book {finished}: buku ini sudah siap; eksport dengan karya export --book {finished}',
    noneSaved:
      'karya: tiada buku romance yang disimpan dengan tetapan ini dalam state.sqlite; ' +
      'tulis buku itu dahulu dengan: karya generate romance --lang ms --chapters 3',
  },
  id: {
    notWritten:
      'karya: --part chapter:1: bagian buku romance ini belum ditulis ' +
      '(1 bagian sudah); tulis bagian itu dulu dengan karya generate',
    unknown: 'karya: --part "bab:1": seharusnya salah satu dari introduction, chapter:1 sampai chapter:2, conclusion',
    mapAsOf: 'karya: --as-of 9: buku ini memiliki bagian 0 sampai 2 yang sudah ditulis (0 pendahuluan, N bab N)',
    finished: 'karya: --book {finished}: buku ini sudah selesai; ekspor dengan karya export --book {finished}',
    noneSaved:
      'karya: tidak ada buku romance tersimpan dengan pengaturan ini di state.sqlite; ' +
      'tulis buku itu dulu dengan: karya generate romance --lang id --chapters 3',
  },
} as const;

describe('a saved book named wrongly, in another language than English', () => {
  for (const lang of ['ms', 'id'] as const) {
    it(`is told in the book's language (${lang})`, async () => {
      // A book of 2 chapters stops after its introduction (the third model call is refused); one of 1 chapter is
      // finished.
      const stopped = await stoppedRomance(lang, 2, 'karya-saved-book-');
      const { cwd, st } = stopped;
      const made = await runKaryaInProcess(['generate', 'romance', '--lang', lang, '--chapters', '1', ...st], { cwd });
      expect(made.code, made.stderr).toBe(0);
      const books = await savedBooks(stopped);
      const [open, finished] = [books.find((b) => !b.finished)!.id, books.find((b) => b.finished)!.id];
      const runs = {
        notWritten: ['rewrite', 'romance', '--lang', lang, '--chapters', '2', '--part', 'chapter:1', ...st],
        unknown: ['rewrite', '--book', String(open), '--part', 'bab:1', ...st],
        // The finished 1-chapter book has parts 0 to 2 (introduction, chapter 1, conclusion).
        mapAsOf: ['map', '--book', String(finished), '--as-of', '9', ...st],
        finished: ['generate', 'romance', '--book', String(finished), ...st],
        noneSaved: ['rewrite', 'romance', '--lang', lang, '--chapters', '3', '--part', 'chapter:1', ...st],
      };
      await expectRefusals(cwd, runs, (what) =>
        LINES[lang][what].replaceAll('{open}', String(open)).replaceAll('{finished}', String(finished)),
      );
    }, 120_000);
  }
});
