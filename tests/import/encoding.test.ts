// A text manuscript's encoding, chosen by what most of its bytes above ASCII are: a UTF-8 novel with three
// broken bytes stays UTF-8 (each broken byte a U+FFFD, the count named in the preview and the dry run, in
// English and Malay), a file iconv wrote in Windows-1252 or Latin-1 is read as Windows-1252, and bytes that
// are no text (random bytes, random high bytes, Russian in code page 1251) are refused with a catalogue code.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImportRefusal, importRefusalMessage, manuscriptPreview, readManuscript } from '../../engine/import/index.js';
import { ImportPreviewSchema } from '../../engine/contract/index.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { CHAPTER_TITLES, gutenbergNovel } from './manuscript.js';
import { tempDir } from '../temp.js';

/** The novel with accents, curly quotes and a dash: characters above ASCII in every chapter. */
const novel = gutenbergNovel()
  .text.replace(/Margaret/g, 'Margarète')
  .replace(/"I know she'd be here," he said\./g, '“I know she’d be here,” he said — and waited.');
/** The opening of Les Misérables (1862), in the first chapter. */
const HUGO =
  'En 1815, M. Charles-François-Bienvenu Myriel était évêque de Digne. C’était un ' +
  'vieillard d’environ soixante-quinze ans ; il occupait le siège de Digne depuis 1806.';
const withHugo = novel.replace(`${CHAPTER_TITLES[0]}\n\n`, `${CHAPTER_TITLES[0]}\n\n${HUGO}\n\n`);

function iconv(text: string, to: string): Buffer {
  const made = spawnSync('iconv', ['-f', 'UTF-8', '-t', to], { input: text });
  expect(made.status, made.stderr.toString()).toBe(0);
  return made.stdout;
}

/**
 * The novel in UTF-8 with one bad byte at the start of chapters 2, 10 and 20: 0xFF, a lone continuation 0x80, a lead
 * 0xC3 before a letter.
 */
function utf8WithThreeBadBytes(): Buffer {
  let bytes = Buffer.from(novel, 'utf8');
  for (const [k, bad] of [
    [1, 0xff],
    [9, 0x80],
    [19, 0xc3],
  ] as const) {
    const at = bytes.indexOf(`${CHAPTER_TITLES[k]}\n\n`) + Buffer.byteLength(`${CHAPTER_TITLES[k]}\n\n`);
    bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from([bad]), bytes.subarray(at)]);
  }
  return bytes;
}

const read = (name: string, bytes: Uint8Array) => readManuscript(name, { bytes: new Uint8Array(bytes) });

function refusalOf(name: string, bytes: Uint8Array): ImportRefusal {
  try {
    read(name, bytes);
  } catch (error) {
    if (error instanceof ImportRefusal) return error;
    throw error;
  }
  throw new Error(`${name} was read`);
}

describe('UTF-8 with a few broken bytes stays UTF-8', () => {
  it('three broken bytes become three U+FFFD, named in the preview; every accent and quote is kept', () => {
    const manuscript = read('novel.txt', utf8WithThreeBadBytes());
    expect(manuscript.encoding).toBe('utf-8');
    expect(manuscript.replacedBytes).toBe(3);
    expect(manuscript.parts).toHaveLength(28);
    expect([1, 9, 19].map((k) => manuscript.parts[k]!.firstLine.slice(0, 10))).toEqual([
      '\uFFFDMargarète',
      '\uFFFDMargarète',
      '\uFFFDMargarète',
    ]);
    const all = manuscript.parts.map((p) => p.text).join('\n');
    expect(all.match(/\uFFFD/g)).toHaveLength(3);
    expect(all).toContain('“I know she’d be here,” he said — and waited.');
    expect(all).not.toMatch(/Ã|â€/);
    const preview = manuscriptPreview(manuscript);
    expect(preview.replacedBytes).toBe(3);
    expect(ImportPreviewSchema.parse(preview).replacedBytes).toBe(3);
  });

  it('a clean file says nothing of replaced bytes', () => {
    const manuscript = read('novel.txt', Buffer.from(novel, 'utf8'));
    expect(manuscript.encoding).toBe('utf-8');
    expect(manuscript.replacedBytes).toBeUndefined();
    expect('replacedBytes' in manuscriptPreview(manuscript)).toBe(false);
  });
});

describe('Windows-1252 and Latin-1 files, as iconv writes them', () => {
  it('WINDOWS-1252 (curly quotes and dashes too): read as windows-1252, nothing replaced', () => {
    const manuscript = read('novel-1252.txt', iconv(withHugo, 'WINDOWS-1252'));
    expect(manuscript.encoding).toBe('windows-1252');
    expect(manuscript.replacedBytes).toBeUndefined();
    expect(manuscript.parts).toHaveLength(28);
    expect(manuscript.parts[0]!.text.startsWith(`${HUGO}\n`)).toBe(true);
    expect(manuscript.parts[1]!.text).toContain('“I know she’d be here,” he said — and waited.');
    expect(manuscript.parts.map((p) => p.text).join('\n')).not.toContain('\uFFFD');
  });

  it('LATIN1: read as windows-1252 with its accents', () => {
    const latin1 = withHugo.replace(/[“”]/g, '"').replace(/’/g, "'").replace(/—/g, '-');
    const manuscript = read('novel-latin1.txt', iconv(latin1, 'LATIN1'));
    expect(manuscript.encoding).toBe('windows-1252');
    expect(manuscript.parts[0]!.text.startsWith(`${HUGO.replace(/’/g, "'")}\n`)).toBe(true);
  });
});

describe('bytes that are no text are refused', () => {
  /** The opening of Anna Karenina (1878). */
  const TOLSTOY =
    'Все счастливые семьи похожи друг на друга, каждая несчастливая семья несчастлива ' +
    'по-своему. Все смешалось в доме Облонских. Жена узнала, что муж был в связи с бывшею в ' +
    'их доме француженкою-гувернанткой, и объявила мужу, что не может жить с ним в одном доме.';

  it('4 KB of random bytes without NUL, named .txt: not a text file, its content binary data', () => {
    const refusal = refusalOf(
      'random.txt',
      randomBytes(4096).filter((b) => b !== 0),
    );
    expect(refusal.code).toBe('import_not_format');
    expect(importRefusalMessage(refusal, 'en')).toBe(
      'random.txt is not a TEXT file: its content is binary data. Karya imports .txt, .md, .docx and .epub files.',
    );
  });

  it('random bytes above ASCII with spaces among them: does not read as text, in English and Malay', () => {
    const bytes = randomBytes(4096).map((b, i) => (i % 6 === 5 ? 0x20 : b | 0x80));
    const refusal = refusalOf('high.txt', bytes);
    expect(refusal.code).toBe('import_not_text');
    expect(importRefusalMessage(refusal, 'en')).toMatch(
      new RegExp(
        /^high\.txt does not read as text: 100% of its characters are control codes, broken bytes or sym/.source +
          /bols beyond the usual alphabet.*save it as UTF-8 text/.source,
      ),
    );
    expect(importRefusalMessage(refusal, 'ms')).toMatch(
      /^high\.txt tidak dapat dibaca sebagai teks: 100% daripada aksaranya .*simpan sebagai teks UTF-8/,
    );
  });

  it(
    'Russian in code page 1251 is refused (it would read as ' +
      'accented Latin letters); the same text in UTF-8 is read',
    () => {
      const text = ['Глава 1', '', TOLSTOY, '', 'Глава 2', '', TOLSTOY].join('\n');
      expect(refusalOf('anna-1251.txt', iconv(text, 'CP1251')).code).toBe('import_not_text');
      expect(read('anna.txt', Buffer.from(text, 'utf8')).parts[0]!.text).toContain('Все счастливые семьи');
    },
  );
});

describe('karya import --dry-run names the replaced bytes', () => {
  const dir = tempDir('karya-encoding-');
  writeFileSync(path.join(dir, 'novel.txt'), utf8WithThreeBadBytes());
  writeFileSync(
    path.join(dir, 'high.txt'),
    randomBytes(4096).map((b, i) => (i % 6 === 5 ? 0x20 : b | 0x80)),
  );
  const dryRun = (...args: string[]) => runKaryaInProcess(['import', ...args, '--dry-run'], { cwd: dir });

  it('--json: replacedBytes 3; the list: a line saying so, in English and Malay', async () => {
    const json = await dryRun('novel.txt', '--json');
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ encoding: 'utf-8', replacedBytes: 3 });
    const en = await dryRun('novel.txt');
    expect(en.stdout).toContain(
      '\n  Bytes that are not valid UTF-8, each replaced with � (U+FFFD): 3. Search the chapters for � to mend them.\n',
    );
    const ms = await dryRun('novel.txt', '--lang', 'ms');
    expect(ms.stdout).toContain(
      '\n  Bait yang bukan UTF-8 sah, setiap satu diganti dengan � (U+FFFD): 3. Cari � dalam bab untuk membaikinya.\n',
    );
  });

  it('random high bytes: exit 2 with the refusal, nothing printed on stdout', async () => {
    const r = await dryRun('high.txt');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/high\.txt does not read as text: 100% of its characters/);
  });
});
