// Typical mistakes of a writer whose locale is Indonesian, said in Indonesian with no --lang: importing a file that
// is not a book, or one that is not there; a translation of a book that is not there (before any book is read, in
// the writer's language, not the table's first).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { englishLines } from './english-lines.js';

const INDONESIAN = { LC_ALL: 'id_ID.UTF-8' };

describe("an Indonesian writer's mistakes, in Indonesian", () => {
  it('import of a non-book file and of a missing one; translate of no book', async () => {
    const cwd = tempDir('karya-locale-leftovers-');
    writeFileSync(path.join(cwd, 'gambar.bin'), 'bukan buku');
    const runs = [
      await runKaryaInProcess(['import', 'gambar.bin'], { env: INDONESIAN, cwd }),
      await runKaryaInProcess(['import', 'tiada.epub'], { env: INDONESIAN, cwd }),
      await runKaryaInProcess(['translate', '--book', '1', '--to', 'fr'], { env: INDONESIAN, cwd }),
      await runKaryaInProcess(['translate', '--book', '1', '--to', 'ms'], { env: INDONESIAN, cwd }),
    ];
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2, 2]);
    expect(runs[0]!.stderr).toContain('karya: gambar.bin: Karya mengimpor berkas');
    expect(runs[1]!.stderr).toContain('karya: tiada.epub: berkas itu tidak ada; periksa jalurnya');
    expect(runs[2]!.stderr).toContain('karya: Tidak ada buku 1');
    expect(runs[3]!.stderr).toContain('karya: Tidak ada buku 1');
    expect(englishLines(runs.map((r) => r.stderr).join(''))).toEqual([]);
  }, 120_000);
});
