// The language table's files are parsed once and read back from the cache at later starts: what a start reads is
// what the YAML says, an edited file is read as edited (never an older parse), and a file broken after a clean
// read still stops the reading, naming the file and the line. Files unchanged since they were last read (names,
// sizes, times) are read back without their texts; those changed within the clock's step of it are read again.
import { cpSync, readdirSync, readFileSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LanguageWordsError } from '../../engine/index.js';
import { readLanguageFolder } from '../../engine/node/languages.js';
import { ROOT } from '../../engine/node/load.js';
import { fullYaml } from '../../engine/yaml.js';
import { tempDir } from '../temp.js';

const REPO = path.join(ROOT, 'languages');

/** A folder with Malay's table file and words, as a maintainer's KARYA_LANGUAGES folder would hold them. */
function malayFolder(): string {
  const dir = tempDir('karya-table-cache-');
  cpSync(path.join(REPO, 'ms.yaml'), path.join(dir, 'ms.yaml'));
  cpSync(path.join(REPO, 'ms'), path.join(dir, 'ms'), { recursive: true });
  return dir;
}

const parse = (file: string): unknown => fullYaml().parse(readFileSync(file, 'utf8'));

describe('the language table read again', () => {
  it('reads what the files say, the first time and from the cache after', () => {
    const dir = malayFolder();
    const first = readLanguageFolder(dir);
    const again = readLanguageFolder(dir);
    expect(again).toEqual(first);
    const [ms] = again;
    expect(ms!.data).toEqual(parse(path.join(dir, 'ms.yaml')));
    expect(ms!.words.guard).toEqual(parse(path.join(dir, 'ms', 'guard.yaml')));
    expect(ms!.words.prompts).toEqual(parse(path.join(dir, 'ms', 'prompts.yaml')));
  });

  it('reads an edited word as edited, and the file as it was once it is put back', () => {
    const dir = malayFolder();
    const book = path.join(dir, 'ms', 'book.yaml');
    const before = readFileSync(book, 'utf8');
    readLanguageFolder(dir);
    writeFileSync(book, `${before}\nextra_word: Perkataan baharu\n`);
    expect(readLanguageFolder(dir)[0]!.words.book).toMatchObject({ extra_word: 'Perkataan baharu' });
    writeFileSync(book, before);
    expect(readLanguageFolder(dir)[0]!.words.book).not.toHaveProperty('extra_word');
  });

  it('reads files settled since their last read from their stamp, and an edit after that as edited', () => {
    const dir = malayFolder();
    // Written an hour ago: older than the stamp by more than the clock's step, so the next start trusts it.
    const hourAgo = new Date(Date.now() - 3600_000);
    for (const rel of readdirSync(dir, { recursive: true }) as string[])
      if (rel.endsWith('.yaml')) utimesSync(path.join(dir, rel), hourAgo, hourAgo);
    const first = readLanguageFolder(dir);
    expect(readLanguageFolder(dir)).toEqual(first);
    const book = path.join(dir, 'ms', 'book.yaml');
    writeFileSync(book, `${readFileSync(book, 'utf8')}\nextra_word: Perkataan baharu\n`);
    expect(readLanguageFolder(dir)[0]!.words.book).toMatchObject({ extra_word: 'Perkataan baharu' });
  });

  it('reads the files again when the cache was cut short (a full disk), never a value that fails later', () => {
    const dir = malayFolder();
    const cut = Date.now() - 1000;
    const first = readLanguageFolder(dir);
    // This folder's cache file, written or read just now (another file's cut too is only a miss for it).
    const cacheDir = path.join(ROOT, '.karya', 'cache');
    const kept = readdirSync(cacheDir)
      .filter((f) => f.startsWith('languages-'))
      .map((f) => path.join(cacheDir, f))
      .filter((f) => statSync(f).mtimeMs >= cut);
    expect(kept.length).toBeGreaterThan(0);
    for (const file of kept) truncateSync(file, Math.floor(statSync(file).size * 0.6));
    const again = readLanguageFolder(dir);
    expect(again).toEqual(first);
    expect(again[0]!.words.prompts).toEqual(parse(path.join(dir, 'ms', 'prompts.yaml')));
  });

  it('stops at a file broken after it was read cleanly, naming the file and its line', () => {
    const dir = malayFolder();
    readLanguageFolder(dir);
    const book = path.join(dir, 'ms', 'book.yaml');
    writeFileSync(book, 'chapter: Bab\nchapter: Bab lagi\n');
    expect(() => readLanguageFolder(dir)).toThrow(LanguageWordsError);
    expect(() => readLanguageFolder(dir)).toThrow(`${book}:2`);
  });
});
