// A fourth language added the way a maintainer adds one: a folder of data (its table file and its words), given to
// the loader beside the repository's languages/, and no code changed. The fixture is Indonesian's files under the
// code "xx" (its table, its words, its guard as a family of its own, its generators' texts in its folder): the
// table is read whole, the generator catalog offers xx, a romance is written in it offline and kept by the language
// guard, and it exports to EPUB and Markdown; the same folder lacking one catalogue key is refused when it is read.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ensureLanguages,
  findLanguageDrift,
  langs,
  LanguageWordsError,
  setLanguageSource,
} from '../../engine/index.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import { loadCatalog, ROOT } from '../../engine/node/load.js';
import { generatorLanguageGaps } from '../../engine/spec/resolve-languages.js';
import { fullYaml } from '../../engine/yaml.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { fourthLanguage } from './fourth-language.js';
import { startTestServer } from '../server/helpers.js';
import { epubcheck, readZip, zipText } from '../export/tools.js';

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
    expect(generatorLanguageGaps(catalog.specs)).toEqual([]);
    const romance = catalog.get('romance')!;
    expect(romance.fields.find((f) => f.role === 'language')!.options!.map((o) => o.value)).toContain('xx');
    const authored = fullYaml().parse(readFileSync(path.join(ROOT, 'generators/romance.yaml'), 'utf8')) as {
      title: Record<string, string>;
    };
    expect(romance.title.xx).toBe(authored.title.id);
  });

  it('karya validate passes with it in the table', async () => {
    readWith(dir);
    const r = await runKaryaInProcess(['validate'], { env: { KARYA_LANGUAGES: dir } });
    expect(r.code, r.stderr).toBe(0);
  });

  it(
    'writes a romance of three chapters in it offline, ' + 'every paragraph kept by the guard, and exports it',
    async () => {
      // As a maintainer tries it: the folder named in KARYA_LANGUAGES (the export's worker reads the table from it
      // too).
      readWith(dir);
      loadCatalog({ fresh: true });
      const cwd = tempDir('karya-fourth-book-');
      const r = await runKaryaInProcess(
        ['generate', 'romance', '--lang', 'xx', '--chapters', '3', '--out', 'buku.md', '--state', 'state.sqlite'],
        { cwd, env: { KARYA_LANGUAGES: dir } },
      );
      expect(r.code, r.stderr).toBe(0);
      const book = readFileSync(path.join(cwd, 'buku.md'), 'utf8');
      for (const n of [1, 2, 3]) expect(book).toMatch(new RegExp(`^#+ Bab ${n}\\b`, 'm'));
      const paragraphs = book
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter((p) => p && !p.startsWith('#'));
      expect(paragraphs.length).toBeGreaterThan(3);
      expect(paragraphs.filter((p) => findLanguageDrift(p, 'xx'))).toEqual([]);
      const epub = await runKaryaInProcess(
        ['generate', 'romance', '--lang', 'xx', '--chapters', '3', '--out', 'buku.epub', '--state', 'state.sqlite'],
        { cwd, env: { KARYA_LANGUAGES: dir } },
      );
      expect(epub.code, epub.stderr).toBe(0);
      expect(zipText(readZip(readFileSync(path.join(cwd, 'buku.epub'))), 'OEBPS/content.opf')).toContain(
        '<dc:language>xx</dc:language>',
      );
      const check = await epubcheck(path.join(cwd, 'buku.epub'));
      expect(check.report).toMatch(/0 fatals \/ 0 errors/);
    },
    120_000,
  );

  it(
    'a generator lacking one of its texts is refused in it, not a ' +
      'crash: the list says so and --lang names the languages it offers',
    async () => {
      const lacking = fourthLanguage();
      const romance = path.join(lacking, 'xx/generators/romance.yaml');
      writeFileSync(romance, readFileSync(romance, 'utf8').replace(/^title: .*\n/m, ''));
      readWith(lacking);
      const catalog = loadCatalog({ fresh: true });
      const server = await startTestServer({ catalog });
      try {
        const { generators } = (await server.http.get('/api/generators').expect(200)).body as {
          generators: { id: string; refusedLanguages?: string[] }[];
        };
        expect(generators.find((g) => g.id === 'romance')!.refusedLanguages).toEqual(['xx']);
        expect(generators.find((g) => g.id === 'poems')!.refusedLanguages).toBeUndefined();
      } finally {
        await server.close();
      }
      const r = await runKaryaInProcess(['generate', 'romance', '--lang', 'xx', '--chapters', '3'], {
        cwd: tempDir('karya-fourth-refused-'),
        env: { KARYA_LANGUAGES: lacking },
      });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/"xx".*\ben, ms, id\b/);
      expect(r.stderr).not.toMatch(/\bat \S+:\d+:\d+/);
    },
    60_000,
  );
});
