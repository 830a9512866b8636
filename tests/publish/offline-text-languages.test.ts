// The offline demo's text is never ready for a store, in any language: the readiness check finds it by the words
// each language's demo opens with (languages/<code>/offline-demo.yaml `mark`), so an Indonesian demo book is refused
// as English and Malay ones are, and so is one in a language added as data with a mark of its own.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setLanguageSource } from '../../engine/languages/index.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import { loadCatalog } from '../../engine/node/load.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';
import { tempDir } from '../temp.js';
import { fourthLanguage } from '../languages/fourth-language.js';

type Check = { id: string; status: string; label: string; detail?: string; fix?: string };
type ReadinessJson = { ready: boolean; channels: Record<string, { ready: boolean; checks: Check[] }> };

/** `karya publish romance` offline in a language: its readiness.json and the summary it printed. */
async function demoBook(
  lang: string,
  env: Record<string, string> = {},
): Promise<{ readiness: ReadinessJson; metadata: { description: string; language: string } }> {
  const cwd = tempDir('karya-offline-text-');
  const r = await runKaryaInProcess(
    ['publish', 'romance', '--chapters', '1', '--lang', lang, '--out', 'pkg', '--author', 'Sari Dewi', '--json'],
    { cwd, env: { ...WITHOUT_EPUBCHECK, ...env } },
  );
  expect(r.code, r.stderr).toBe(1);
  expect(existsSync(path.join(cwd, 'pkg', 'readiness.json')), r.stderr).toBe(true);
  const read = (file: string) => JSON.parse(readFileSync(path.join(cwd, 'pkg', file), 'utf8'));
  return { readiness: read('readiness.json') as ReadinessJson, metadata: read('metadata.json') };
}

/** The repository's table again (xx's words are Indonesian's: its guard would take an Indonesian book for xx). */
function restoreTable(): void {
  setLanguageSource(() => readLanguages());
  loadCatalog({ fresh: true });
}
afterAll(restoreTable);

describe('the "written by an AI model" check, in every language', () => {
  it('refuses a demo book in a fourth language added as data, found by the mark its own demo words give', async () => {
    const dir = fourthLanguage();
    const demo = path.join(dir, 'xx/offline-demo.yaml');
    // A mark no other language writes: the check knows it only from this file.
    writeFileSync(
      demo,
      readFileSync(demo, 'utf8').replace(
        /^mark: .*$/m,
        'mark: "*Tulisan latihan xx: tidak ada model AI yang menulis ini.*"',
      ),
    );
    // As a maintainer tries it: the folder named in KARYA_LANGUAGES (the package's workers read the table from it too).
    setLanguageSource(() => readLanguages([...languageFolders({}), dir], {}));
    loadCatalog({ fresh: true });
    const { readiness } = await demoBook('xx', { KARYA_LANGUAGES: dir }).finally(restoreTable);
    for (const [id, channel] of Object.entries(readiness.channels))
      expect(channel.checks.find((c) => c.id === 'offline-text')!.status, id).toBe('fail');
    expect(readiness.channels.kdp_ebook!.checks.find((c) => c.id === 'offline-text')!.detail).toMatch(
      /^teks demo luring di naskah/,
    );
  }, 120_000);

  it('refuses an Indonesian offline demo book in every channel, saying so in Indonesian', async () => {
    const { readiness, metadata } = await demoBook('id');
    expect(metadata.language).toBe('id');
    expect(readiness.ready).toBe(false);
    for (const [id, channel] of Object.entries(readiness.channels)) {
      const check = channel.checks.find((c) => c.id === 'offline-text')!;
      expect(check.status, id).toBe('fail');
      expect(channel.ready, id).toBe(false);
    }
    const kdp = readiness.channels.kdp_ebook!.checks.find((c) => c.id === 'offline-text')!;
    expect(kdp.label).toBe('ditulis oleh model AI, bukan teks demo luring');
    expect(kdp.detail).toMatch(/^teks demo luring di naskah/);
    expect(kdp.fix).toMatch(/^tulis buku dengan model AI \(bukan demo luring\), lalu buat ulang paketnya/);
  }, 120_000);
});
