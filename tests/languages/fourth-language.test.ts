// A fourth language added the way a maintainer adds one: a folder of data (its table file and its words), given to
// the loader beside the repository's languages/, and no code changed. The fixture is Indonesian's files under the
// code "xx" (its table, its words, its guard as a family of its own, its generators' texts in its folder): the
// table is read whole, the generator catalog offers xx, a romance is written in it offline and kept by the language
// guard, and it exports to EPUB and Markdown; the same folder lacking one catalogue key is refused when it is read.
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureLanguages, findLanguageDrift, langs, LanguageWordsError, setLanguageSource } from '../../engine/index.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import { loadCatalog, ROOT } from '../../engine/node/load.js';
import { languageGapIssues } from '../../engine/spec/resolve-languages.js';
import { fullYaml } from '../../engine/yaml.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { epubcheck, readZip, zipText } from '../export/tools.js';

const REPO = path.join(ROOT, 'languages');

/** One language's texts of a generator, at the generator's own paths (an option by its value, a section by its id). */
function textsOf(node: unknown, code: string): unknown {
  if (Array.isArray(node)) {
    const out: Record<string, unknown> = {};
    node.forEach((e: unknown, i) => {
      const m = e as Record<string, unknown> | null;
      const key = m && typeof m === 'object' ? String(m.value ?? (typeof m.en === 'string' ? i : m.id ?? i)) : String(i);
      const texts = textsOf(e, code);
      if (texts !== undefined) out[key] = texts;
    });
    return Object.keys(out).length ? out : undefined;
  }
  if (!node || typeof node !== 'object') return undefined;
  const m = node as Record<string, unknown>;
  if (typeof m.en === 'string' || typeof m.en === 'number') {
    const own = m[code];
    const rest = Object.entries(m).filter(([k]) => !/^[a-z]{2,3}$/.test(k) && k !== 'value');
    const inner = Object.fromEntries(rest.map(([k, v]) => [k, textsOf(v, code)]).filter(([, v]) => v !== undefined));
    if (!Object.keys(inner).length) return own;
    return own === undefined ? inner : { label: own, ...inner };
  }
  const out = Object.fromEntries(Object.entries(m).map(([k, v]) => [k, textsOf(v, code)]).filter(([, v]) => v !== undefined));
  return Object.keys(out).length ? out : undefined;
}

/** The fixture: xx.yaml and xx/, made from Indonesian's files with only the code (and its family's name) changed. */
function fourthLanguage(): string {
  const dir = tempDir('karya-fourth-language-');
  const table = readFileSync(path.join(REPO, 'id.yaml'), 'utf8')
    .replace(/^code: id$/m, 'code: xx')
    .replace(/^order: \d+$/m, 'order: 0')
    .replace(/^autonym: .*$/m, 'autonym: Bahasa Xx')
    .replace(/^draft: true$/m, '')
    .replace(/^languageNames:$/m, 'languageNames:\n  xx: Bahasa Xx');
  writeFileSync(path.join(dir, 'xx.yaml'), table);
  cpSync(path.join(REPO, 'id'), path.join(dir, 'xx'), { recursive: true });
  // Its guard: a family of its own (Malay's family lists its members' markers, and this fixture edits no other
  // language). Its words are Indonesian's, which the guard would rightly find Indonesian in Malay's family: first
  // in the table (order 0), its family owns those function words, as a language with words of its own would.
  const guard = readFileSync(path.join(dir, 'xx/guard.yaml'), 'utf8');
  writeFileSync(path.join(dir, 'xx/guard.yaml'), guard.replace(/^family: .*$/m, 'family: xx-family').replace(/^markers:\n(?:(?: .*)?\n)*/m, ''));
  // Its tags: the EPUB's dc:language and Word's language are the table's.
  const publishing = readFileSync(path.join(dir, 'xx/publishing.yaml'), 'utf8');
  writeFileSync(path.join(dir, 'xx/publishing.yaml'), publishing.replace(/^  epub: id$/m, '  epub: xx').replace(/^  word: id-ID$/m, '  word: xx'));
  // Its generators' texts, in its own folder: the Indonesian text of every generator and of _shared.yaml.
  mkdirSync(path.join(dir, 'xx/generators'));
  for (const file of readdirSync(path.join(ROOT, 'generators')).filter((f) => f.endsWith('.yaml'))) {
    const texts = textsOf(fullYaml().parse(readFileSync(path.join(ROOT, 'generators', file), 'utf8')), 'id');
    if (texts !== undefined) writeFileSync(path.join(dir, 'xx/generators', file), fullYaml().stringify(texts));
  }
  return dir;
}

const readWith = (dir: string) => setLanguageSource(() => readLanguages([...languageFolders({}), dir], {}));

function refusal(dir: string): unknown {
  readWith(dir);
  try {
    ensureLanguages();
    return undefined;
  } catch (e) {
    return e;
  }
}

afterAll(() => {
  setLanguageSource(() => readLanguages());
  loadCatalog({ fresh: true });
});

describe('a fourth language, added as data', () => {
  it('is refused when one words file lacks a catalogue key, naming the language, the catalogue and the key', () => {
    // First in the file: a catalogue keeps the words a table read before gave it.
    const dir = fourthLanguage();
    const words = readFileSync(path.join(dir, 'xx/words.yaml'), 'utf8');
    expect(words).toMatch(/^chapter: /m);
    writeFileSync(path.join(dir, 'xx/words.yaml'), words.replace(/^chapter: .*\n/m, ''));
    const error = refusal(dir);
    expect(error).toBeInstanceOf(LanguageWordsError);
    expect((error as LanguageWordsError).params).toEqual({ language: 'xx', catalogue: 'words', key: 'chapter' });
    expect((error as Error).message).toContain('languages/xx/words.yaml');
  });

  const dir = fourthLanguage();

  it('is read into the table with every catalogue whole, and every generator offers it', () => {
    readWith(dir);
    ensureLanguages();
    expect(langs()).toContain('xx');
    const catalog = loadCatalog({ fresh: true });
    expect(languageGapIssues(catalog.specs)).toEqual([]);
    const romance = catalog.get('romance')!;
    expect(romance.fields.find((f) => f.role === 'language')!.options!.map((o) => o.value)).toContain('xx');
    const authored = fullYaml().parse(readFileSync(path.join(ROOT, 'generators/romance.yaml'), 'utf8')) as { title: Record<string, string> };
    expect(romance.title.xx).toBe(authored.title.id);
  });

  it('karya validate passes with it in the table', async () => {
    readWith(dir);
    const r = await runKaryaInProcess(['validate'], { env: { KARYA_LANGUAGES: dir } });
    expect(r.code, r.stderr).toBe(0);
  });

  it('writes a romance of three chapters in it offline, every paragraph kept by the guard, and exports it', async () => {
    // As a maintainer tries it: the folder named in KARYA_LANGUAGES (the export's worker reads the table from it too).
    readWith(dir);
    loadCatalog({ fresh: true });
    const cwd = tempDir('karya-fourth-book-');
    const r = await runKaryaInProcess(['generate', 'romance', '--lang', 'xx', '--chapters', '3', '--out', 'buku.md', '--state', 'state.sqlite'], { cwd, env: { KARYA_LANGUAGES: dir } });
    expect(r.code, r.stderr).toBe(0);
    const book = readFileSync(path.join(cwd, 'buku.md'), 'utf8');
    for (const n of [1, 2, 3]) expect(book).toMatch(new RegExp(`^#+ Bab ${n}\\b`, 'm'));
    const paragraphs = book.split(/\n\s*\n/).map((p) => p.trim()).filter((p) => p && !p.startsWith('#'));
    expect(paragraphs.length).toBeGreaterThan(3);
    expect(paragraphs.filter((p) => findLanguageDrift(p, 'xx'))).toEqual([]);
    const epub = await runKaryaInProcess(['generate', 'romance', '--lang', 'xx', '--chapters', '3', '--out', 'buku.epub', '--state', 'state.sqlite'], { cwd, env: { KARYA_LANGUAGES: dir } });
    expect(epub.code, epub.stderr).toBe(0);
    expect(zipText(readZip(readFileSync(path.join(cwd, 'buku.epub'))), 'OEBPS/content.opf')).toContain('<dc:language>xx</dc:language>');
    const check = await epubcheck(path.join(cwd, 'buku.epub'));
    expect(check.report).toMatch(/0 fatals \/ 0 errors/);
  }, 120_000);

});
