// What karya generate and karya export say of an option given wrongly (--format, --out, --author, --continuity,
// --series, --voice book:ID) to the writer of a Malay or Indonesian book: in the book's language (the one --lang
// asks for, or the saved book's), one line, no English.
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { englishLines } from './english-lines.js';

const FORMATS = 'md, epub, docx, pdf';
const LONG = 'A'.repeat(101);

const LINES = {
  ms: {
    formatUnknown: `--format: "rtf" bukan salah satu daripada ${FORMATS}`,
    outUnknown:
      `--out buku.rtf: format tidak dapat dikenal pasti daripada sambungannya; gunakan salah ` +
      `satu daripada ${FORMATS} (.md, .epub, .docx, .pdf), atau --format md|epub|docx|pdf`,
    savedFormat: `--format: "rtf" bukan salah satu daripada ${FORMATS}`,
    savedAuthor: '--author: paling banyak 100 aksara (diberi 101)',
    formatNeedsOut: '--format epub: namakan fail dengan --out FILE (hanya Markdown dihantar ke stdout)',
    author: '--author: paling banyak 100 aksara (diberi 101)',
    continuity: '--continuity: "selalu" bukan checks atau audit',
    seriesOrBook: '--series: berikan --series atau --book, bukan kedua-duanya (buku yang disimpan kekal dalam sirinya)',
    seriesPiece: '--series: poems menulis satu karya tunggal; hanya buku yang membentuk siri',
    seriesFresh: '--series: buku siri disambung dari tempat ia berhenti; jangan gunakan --fresh',
    voiceNoBook: '--voice book:1: tiada buku sedemikian dalam tiada.sqlite (karya books menyenaraikannya)',
    voiceNoParts:
      '--voice book:99: tiada buku sedemikian yang mempunyai bahagian ' +
      'bertulis dalam state.sqlite (karya books menyenaraikannya)',
    voiceChapters:
      '--voice book:1:5-6: buku ini mempunyai bab 1 hingga 1; berikan bab dalam julat itu, contohnya book:1:1-1',
  },
  id: {
    formatUnknown: `--format: "rtf" bukan salah satu dari ${FORMATS}`,
    outUnknown:
      `--out buku.rtf: format tidak bisa diketahui dari ekstensinya; gunakan salah ` +
      `satu dari ${FORMATS} (.md, .epub, .docx, .pdf), atau --format md|epub|docx|pdf`,
    savedFormat: `--format: "rtf" bukan salah satu dari ${FORMATS}`,
    savedAuthor: '--author: paling banyak 100 karakter (diberikan 101)',
    formatNeedsOut: '--format epub: beri nama berkasnya dengan --out FILE (hanya Markdown yang dikirim ke stdout)',
    author: '--author: paling banyak 100 karakter (diberikan 101)',
    continuity: '--continuity: "selalu" bukan checks atau audit',
    seriesOrBook: '--series: berikan --series atau --book, jangan keduanya (buku yang tersimpan tetap dalam serinya)',
    seriesPiece: '--series: poems menulis satu karya tunggal; hanya buku yang membentuk seri',
    seriesFresh: '--series: buku seri dilanjutkan dari tempat terakhirnya; jangan pakai --fresh',
    voiceNoBook: '--voice book:1: tidak ada buku itu di tiada.sqlite (karya books menampilkan daftarnya)',
    voiceNoParts:
      '--voice book:99: tidak ada buku itu dengan bagian yang sudah ' +
      'ditulis di state.sqlite (karya books menampilkan daftarnya)',
    voiceChapters:
      '--voice book:1:5-6: buku ini memiliki bab 1 sampai 1; berikan bab di dalam rentang itu, misalnya book:1:1-1',
  },
} as const;

describe('an option given wrongly, in another language than English', () => {
  for (const lang of ['ms', 'id'] as const) {
    it(`is told in the book's language (${lang})`, async () => {
      const cwd = tempDir(`karya-option-language-${lang}-`);
      const st = ['--state', 'state.sqlite'];
      // A saved book of 1 chapter (the offline provider writes it): book 1.
      const made = await runKaryaInProcess(['generate', 'romance', '--lang', lang, '--chapters', '1', ...st], { cwd });
      expect(made.code, made.stderr).toBe(0);
      const book = ['romance', '--lang', lang, '--chapters', '1'];
      const runs = {
        formatUnknown: ['export', ...book, '--format', 'rtf', ...st],
        outUnknown: ['export', ...book, '--out', 'buku.rtf', ...st],
        // A book by its id takes no --lang: its own language is read.
        savedFormat: ['export', '--book', '1', '--format', 'rtf', ...st],
        savedAuthor: ['export', '--book', '1', '--author', LONG, '--out', 'buku.md', ...st],
        formatNeedsOut: ['generate', ...book, '--format', 'epub', ...st],
        author: ['generate', ...book, '--author', LONG, ...st],
        continuity: ['generate', ...book, '--continuity', 'selalu', ...st],
        seriesOrBook: ['generate', 'romance', '--lang', lang, '--series', 'Pantai', '--book', '1', ...st],
        seriesPiece: ['generate', 'poems', '--lang', lang, '--series', 'Pantai', ...st],
        seriesFresh: ['generate', ...book, '--series', 'Pantai', '--fresh', ...st],
        voiceNoBook: ['generate', ...book, '--voice', 'book:1', '--state', 'tiada.sqlite'],
        voiceNoParts: ['generate', ...book, '--voice', 'book:99', ...st],
        voiceChapters: ['generate', ...book, '--voice', 'book:1:5-6', ...st],
      };
      for (const [what, args] of Object.entries(runs) as [keyof typeof runs, string[]][]) {
        const r = await runKaryaInProcess(args, { cwd });
        expect(r.code, `${what}: ${r.stderr}`).toBe(2);
        expect(r.stderr.trim().split('\n'), what).toEqual([`karya: ${LINES[lang][what]}`]);
        expect(englishLines(r.stderr), what).toEqual([]);
      }
    }, 120_000);
  }
});
