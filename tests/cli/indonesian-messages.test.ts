// What the command line says before any book is read, to a writer who asked for Indonesian (--lang id) or whose
// locale names it: an unknown generator, a manuscript that is not there, an import's generator that writes no book,
// an empty list of saved books or series, a rewrite of a single piece, each in
// Indonesian (and in Malay for a Malay writer), with no English line.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { englishLines } from './english-lines.js';

describe("the command line's first refusals, in the writer's language", () => {
  it(
    'karya generate with an unknown generator and --lang ' + 'id names it in Indonesian, with the list to look in',
    async () => {
      const r = await runKaryaInProcess(['generate', 'tidak-ada', '--lang', 'id'], { cwd: tempDir('karya-id-msg-') });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        /generator "tidak-ada" tidak dikenal; jalankan "karya list" untuk melihat \d+ generator/,
      );
      expect(englishLines(r.stderr)).toEqual([]);
    },
  );

  it('karya generate with an unknown generator and --lang ms says it in Malay', async () => {
    const r = await runKaryaInProcess(['generate', 'tiada', '--lang', 'ms'], { cwd: tempDir('karya-ms-msg-') });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/penjana "tiada" tidak dikenali; jalankan "karya list" untuk melihat \d+ penjana/);
  });

  it('karya import of a file that is not there, with --lang id, says so in Indonesian', async () => {
    const r = await runKaryaInProcess(['import', 'naskah.txt', '--lang', 'id'], { cwd: tempDir('karya-id-msg-') });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('naskah.txt: berkas itu tidak ada; periksa jalurnya');
    expect(englishLines(r.stderr)).toEqual([]);
  });

  it(
    'karya import --generator naming a single piece, with ' + '--lang id, asks for a book generator in Indonesian',
    async () => {
      const cwd = tempDir('karya-id-msg-');
      writeFileSync(path.join(cwd, 'naskah.txt'), 'Bab 1\n\nAisha menunggu hujan reda di depan toko.\n');
      const r = await runKaryaInProcess(
        ['import', 'naskah.txt', '--generator', 'book-title', '--lang', 'id', '--dry-run'],
        { cwd },
      );
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(
        '--generator: book-title menulis satu karya tunggal, bukan buku; berikan generator buku',
      );
      expect(englishLines(r.stderr)).toEqual([]);
    },
  );

  it('karya books with nothing saved, for a writer whose locale is Indonesian, says so in Indonesian', async () => {
    const cwd = tempDir('karya-id-msg-');
    const r = await runKaryaInProcess(['books', '--state', 'kosong.sqlite'], { cwd, env: { LC_ALL: 'id_ID.UTF-8' } });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^Tidak ada buku tersimpan di .*kosong\.sqlite\. Tulis satu dengan: karya generate <id>$/m,
    );
    expect(englishLines(r.stdout)).toEqual([]);
  });

  it('karya books --series naming no series, and karya rewrite of a single piece, say so in Indonesian', async () => {
    const cwd = tempDir('karya-id-msg-');
    const series = await runKaryaInProcess(['books', '--series', 'Hujan', '--state', 'kosong.sqlite'], {
      cwd,
      env: { LC_ALL: 'id_ID.UTF-8' },
    });
    expect(series.code).toBe(2);
    expect(series.stderr).toMatch(/--series: tidak ada seri bernama "Hujan" di .*kosong\.sqlite/);
    const rewrite = await runKaryaInProcess(['rewrite', 'book-title', '--lang', 'id', '--part', '1'], { cwd });
    expect(rewrite.code).toBe(2);
    expect(rewrite.stderr).toContain(
      'book-title menulis satu karya tunggal; tulis ulang dengan: karya generate book-title',
    );
    expect(englishLines(series.stderr + rewrite.stderr)).toEqual([]);
  });
});
