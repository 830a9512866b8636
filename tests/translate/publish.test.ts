// A translated edition published honestly: its EPUB passes epubcheck with dc:language the edition's, names the
// AI translation as a contributor (MARC relator trl) and on its copyright page with the source's title and
// author; its package's metadata and readiness list carry KDP's translation disclosure.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { underWriter } from '../scripted-models.js';
import { fakeTranslator } from '../fake-translator.js';
import { saveRomance } from './book.js';
import { epubcheck, readZip, zipText } from '../export/tools.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';
import { tempDir } from '../temp.js';

describe('a translated edition, published', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI(underWriter(1).fakeOptions({ reply: fakeTranslator().reply }));
  });
  afterAll(() => fake.close());

  for (const [from, to, said, copyright] of [
    [
      'en',
      'ms',
      'diterjemah daripada bahasa Inggeris oleh AI',
      'Diterjemah daripada bahasa Inggeris oleh AI dengan Karya',
    ],
    ['ms', 'en', 'translated from Malay by AI', 'Translated from Malay by AI with Karya'],
  ] as const) {
    it(
      `the ${to} edition's EPUB passes epubcheck with dc:language ${to} ` +
        `and says it is translated; its readiness lists the disclosure`,
      async () => {
        const cwd = tempDir('karya-translate-publish-');
        const state = path.join(cwd, 'state.sqlite');
        const id = await saveRomance(state, from, { isWhole: true });
        const env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL };
        const made = await runKaryaInProcess(
          ['translate', '--book', String(id), '--to', to, '--json', '--state', state],
          { cwd, env },
        );
        expect(made.code, made.stderr).toBe(0);
        const edition = (JSON.parse(made.stdout) as { edition: { id: number } }).edition.id;
        const out = await runKaryaInProcess(
          [
            'export',
            'romance',
            '--book',
            String(edition),
            '--out',
            'edition.epub',
            '--author',
            'Siti Aminah',
            '--state',
            state,
          ],
          { cwd, env },
        );
        expect(out.code, out.stderr).toBe(0);
        const file = path.join(cwd, 'edition.epub');
        const check = await epubcheck(file);
        expect(check.code, check.report).toBe(0);
        const files = readZip(readFileSync(file));
        const opf = zipText(files, files.find((f) => f.name.endsWith('.opf'))!.name);
        expect(opf).toContain(`<dc:language>${to}</dc:language>`);
        expect(opf).toMatch(/<dc:contributor id="translator">[^<]+<\/dc:contributor>/);
        expect(opf).toContain('<meta refines="#translator" property="role" scheme="marc:relators">trl</meta>');
        const page = zipText(files, files.find((f) => f.name.endsWith('copyright.xhtml'))!.name);
        expect(page).toContain(copyright);
        expect(page).toContain('Siti Aminah');

        const pkg = await runKaryaInProcess(
          [
            'publish',
            'romance',
            '--book',
            String(edition),
            '--out',
            'pkg',
            '--author',
            'Siti Aminah',
            '--state',
            state,
          ],
          { cwd, env: { ...env, ...WITHOUT_EPUBCHECK } },
        );
        // The package is written (exit 0 when every channel is ready, 1 when one is not: the fake's description and
        // cover are
        // no book's).
        expect([0, 1], pkg.stderr).toContain(pkg.code);
        const metadata = JSON.parse(readFileSync(path.join(cwd, 'pkg', 'metadata.json'), 'utf8')) as {
          language: string;
          aiContent: { translations: string; translatedFrom: string };
        };
        expect(metadata).toMatchObject({ language: to, aiContent: { translations: 'ai', translatedFrom: from } });
        const readiness = readFileSync(path.join(cwd, 'pkg', 'readiness.json'), 'utf8');
        expect(readiness).toContain(said);
        // The stores' language lists are read for the edition's language.
        const channels = (JSON.parse(readiness) as { channels: Record<string, { checks: Array<{ id: string }> }> })
          .channels;
        expect(channels.kdp_ebook!.checks.some((c) => c.id === 'language')).toBe(true);
        expect(channels.kdp_ebook!.checks.some((c) => c.id === 'ai-disclosure')).toBe(true);
        // Four commands and a JVM (epubcheck): more than the default 30 s on a loaded 2-core machine.
      },
      120_000,
    );
  }
});
