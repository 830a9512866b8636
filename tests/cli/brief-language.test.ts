// What karya generate says about a Malay or Indonesian book's --brief and --chapters (a brief it cannot read, one
// with no setting, a heading that names none, a chapter note past the book's end, a chapter count out of range) is
// in the book's language, a wrong heading answered with the headings in that language: its writer reads no English.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { englishLines } from './english-lines.js';

const LINES = {
  ms: {
    unreadable: 'karya: --brief tiada.md: tidak dapat dibaca (ENOENT); berikan laluan fail Markdown',
    empty:
      'karya: --brief kosong.md: tiada tetapan ditemui; tulis satu tajuk ' +
      'bagi setiap tetapan, contohnya "# Premis" dengan teksnya di bawah',
    heading:
      'karya: --brief tajuk.md: tajuk "Cuaca" tidak menamakan mana-mana tetapan romance (tajuk: ' +
      'Bahasa, Jenis Romantik, Tahap Keintiman, Gaya Plot, Latar, Konflik Utama, Bilangan Bab, ' +
      'Tajuk Kerja, Premis, Watak Utama, Sudut Pandangan, Kala, Tajuk Bab (pilihan))',
    beyond: 'karya: --brief nota.md: "Bab 5" mempunyai nota, tetapi buku ini hanya mempunyai 2 bab',
    chapters:
      'karya: --chapters: "dua" mestilah nombor bulat dari 1 hingga 100, ditulis dengan digit biasa (seperti 12)',
  },
  id: {
    unreadable: 'karya: --brief tiada.md: tidak dapat dibaca (ENOENT); berikan jalur berkas Markdown',
    empty:
      'karya: --brief kosong.md: tidak ada pengaturan yang ditemukan; tulis satu ' +
      'judul untuk setiap pengaturan, misalnya "# Premis" dengan teksnya di bawahnya',
    heading:
      'karya: --brief tajuk.md: judul "Cuaca" tidak menamai pengaturan romance mana pun (judul: ' +
      'Bahasa, Jenis Romansa, Tingkat Keintiman, Gaya Alur, Latar, Konflik Utama, Jumlah Bab, ' +
      'Judul Sementara, Premis, Tokoh Utama, Sudut Pandang, Kala, Judul Bab (opsional))',
    beyond: 'karya: --brief nota.md: "Bab 5" memiliki catatan, tetapi buku ini hanya memiliki 2 bab',
    chapters:
      'karya: --chapters: "dua" harus bilangan bulat dari 1 sampai 100, ditulis dengan angka biasa (seperti 12)',
  },
} as const;

describe("a Malay or Indonesian book's brief and chapter count, refused", () => {
  for (const lang of ['ms', 'id'] as const) {
    it(`is told in the book's language (${lang})`, async () => {
      const cwd = tempDir(`karya-brief-${lang}-`);
      writeFileSync(path.join(cwd, 'kosong.md'), '\n\n');
      writeFileSync(path.join(cwd, 'tajuk.md'), '# Premis\nDua sahabat membuka kedai.\n\n# Cuaca\nHujan.\n');
      writeFileSync(
        path.join(cwd, 'nota.md'),
        '# Premis\nDua sahabat membuka kedai.\n\n## Nota bab\nBab 5: Aisyah pulang.\n',
      );
      const generate = (...more: string[]) => [
        'generate',
        'romance',
        '--lang',
        lang,
        '--state',
        'state.sqlite',
        ...more,
      ];
      const runs = {
        unreadable: generate('--brief', 'tiada.md'),
        empty: generate('--brief', 'kosong.md'),
        heading: generate('--brief', 'tajuk.md'),
        beyond: generate('--brief', 'nota.md', '--chapters', '2'),
        chapters: generate('--chapters', 'dua'),
      };
      for (const [what, args] of Object.entries(runs) as [keyof typeof runs, string[]][]) {
        const r = await runKaryaInProcess(args, { cwd });
        expect(r.code, `${what}: ${r.stderr}`).toBe(2);
        expect(r.stderr.trim().split('\n'), what).toEqual([LINES[lang][what]]);
        expect(englishLines(r.stderr), what).toEqual([]);
      }
    }, 120_000);
  }
});
