// Covers honour the output: `--out X.png` writes a PNG, `--out X.jpg`/`.jpeg` a real JPEG
// (RGB), anything else exits 2 before any model call; without --out the image goes to stdout when stdout
// is not a terminal, and on a terminal the command exits 2 asking for --out (never a silent file in the
// current folder). And `--author` on `generate` and `export` reaches every export's metadata.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { loadCatalog } from '../../engine/node/load.js';
import { imageOutOrExit } from '../../cli/export-format.js';
import { CliExit } from '../../cli/util.js';
import { readZip, zipText } from '../export/tools.js';
import { tempDir } from '../temp.js';

const COVER = ['generate', 'book-cover', '--set', 'title=Orbit'];

describe('cover output', () => {
  it('--out bc.jpg writes JPEG bytes in RGB; --out bc.png a PNG', async () => {
    const cwd = tempDir('karya-cover-out-');
    const jpg = await runKaryaInProcess([...COVER, '--out', 'bc.jpg'], { cwd, env: {} });
    expect(jpg.code, jpg.stderr).toBe(0);
    const bytes = readFileSync(path.join(cwd, 'bc.jpg'));
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', space: 'srgb', channels: 3 });
    const png = await runKaryaInProcess([...COVER, '--out', 'bc.png'], { cwd, env: {} });
    expect(png.code, png.stderr).toBe(0);
    expect(readFileSync(path.join(cwd, 'bc.png')).subarray(1, 4).toString()).toBe('PNG');
  }, 60_000);

  it('--out bc.md exits 2 with a plain message before any model call, writing nothing', async () => {
    const cwd = tempDir('karya-cover-out-');
    const r = await runKaryaInProcess([...COVER, '--out', 'bc.md'], { cwd, env: {} });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('karya: --out bc.md: book-cover makes an image; name a .png, .jpg or .jpeg file');
    // The provider is chosen only after the output is settled: it never announced itself.
    expect(r.stderr).not.toContain('offline provider');
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('without --out: the image goes to stdout when it is not a terminal, and no file lands in the folder', async () => {
    const cwd = tempDir('karya-cover-out-');
    const r = await runKaryaInProcess(COVER, { cwd, env: {} });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.slice(1, 4)).toBe('PNG');
    expect(readdirSync(cwd)).toEqual([]);
  }, 60_000);

  it('without --out on a terminal: exit 2 asking for --out', () => {
    const spec = loadCatalog({ useDiskCache: false }).get('book-cover')!;
    let code: number | undefined;
    const write = process.stderr.write;
    let said = '';
    process.stderr.write = ((chunk: string) => {
      said += chunk;
      return true;
    }) as typeof process.stderr.write;
    try {
      imageOutOrExit(spec, undefined, { isStdoutTty: true, lang: 'en' });
    } catch (error) {
      if (error instanceof CliExit) code = error.exitCode;
    } finally {
      process.stderr.write = write;
    }
    expect(code).toBe(2);
    expect(said).toContain('give --out FILE.png or --out FILE.jpg');
  });
});

describe('--author on generate and export', () => {
  it('reaches the EPUB (dc:creator) and the DOCX (creator)', async () => {
    const cwd = tempDir('karya-cover-out-');
    const state = path.join(cwd, 's.sqlite');
    const made = await runKaryaInProcess(
      ['generate', 'romance', '--chapters', '1', '--out', 'book.docx', '--author', 'Siti Aminah', '--state', state],
      { cwd, env: {} },
    );
    expect(made.code, made.stderr).toBe(0);
    expect(zipText(readZip(readFileSync(path.join(cwd, 'book.docx'))), 'docProps/core.xml')).toContain(
      '<dc:creator>Siti Aminah</dc:creator>',
    );
    const exported = await runKaryaInProcess(
      ['export', 'romance', '--chapters', '1', '--out', 'book.epub', '--author', 'Siti Aminah', '--state', state],
      { cwd, env: {} },
    );
    expect(exported.code, exported.stderr).toBe(0);
    const entries = readZip(readFileSync(path.join(cwd, 'book.epub')));
    expect(zipText(entries, entries.find((e) => e.name.endsWith('.opf'))!.name)).toContain(
      '<dc:creator id="creator">Siti Aminah</dc:creator>',
    );
    expect(existsSync(path.join(cwd, 'book-cover.png'))).toBe(false);
  }, 60_000);
});
