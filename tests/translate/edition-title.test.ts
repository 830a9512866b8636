// A translated edition's title is its own: its source's title asked of the model once when the edition is made
// (in the edition's language), kept as the source's when the answer is no title, and the writer's to change
// (karya translate --title, PUT /api/books/:id/edition-title); every export takes it (the EPUB's dc:title and
// title page), never the source's English title nor the generator's name.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, userMessageOf, type FakeOpenAI } from '../fake-openai.js';
import { underWriter } from '../scripted-models.js';
import { fakeTranslator, isTranslateRequest, translateAsk } from '../fake-translator.js';
import { saveRomance } from './book.js';
import { readZip, zipText } from '../export/tools.js';
import { tempDir } from '../temp.js';

/** The EPUB's title (dc:title) and its title page's heading. */
function epubTitles(file: string): { title: string; page: string } {
  const files = readZip(readFileSync(file));
  const opf = zipText(files, files.find((f) => f.name.endsWith('.opf'))!.name);
  const page = zipText(files, files.find((f) => f.name.endsWith('title-page.xhtml'))!.name);
  return { title: /<dc:title>([^<]*)<\/dc:title>/.exec(opf)![1]!, page: /<h1>([^<]*)<\/h1>/.exec(page)![1]! };
}

describe("a translated edition's title", () => {
  let fake: FakeOpenAI;
  let cwd: string;
  const env = () => ({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL });
  beforeAll(async () => {
    fake = await startFakeOpenAI(underWriter(1).fakeOptions({ reply: fakeTranslator().reply }));
    cwd = tempDir('karya-edition-title-');
  });
  afterAll(async () => {
    await fake.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  it(
    'is the source title in Malay, asked once when the edition ' +
      'is made; the writer changes it with karya translate --title',
    async () => {
      const state = path.join(cwd, 'state.sqlite');
      const id = await saveRomance(state, 'en', { title: 'Harbour Lights' });
      const before = fake.generationRequests().length;
      const made = await runKaryaInProcess(
        ['translate', '--book', String(id), '--to', 'ms', '--json', '--state', state],
        { cwd, env: env() },
      );
      expect(made.code, made.stderr).toBe(0);
      const edition = (JSON.parse(made.stdout) as { edition: { id: number } }).edition.id;
      // The title was asked alone, once.
      const titleAsks = fake
        .generationRequests()
        .slice(before)
        .filter(
          (r) =>
            isTranslateRequest(r.body as Record<string, unknown>) &&
            translateAsk(r.body as Record<string, unknown>).paragraphs.join('\n') === 'Harbour Lights',
        );
      expect(titleAsks).toHaveLength(1);
      expect(userMessageOf(titleAsks[0]!.body as Record<string, unknown>)).toMatch(/Terjemahkan/);

      const out = await runKaryaInProcess(
        ['export', 'romance', '--book', String(edition), '--out', 'edition.epub', '--state', state],
        { cwd, env: env() },
      );
      expect(out.code, out.stderr).toBe(0);
      expect(epubTitles(path.join(cwd, 'edition.epub'))).toEqual({ title: 'Lampu Pelabuhan', page: 'Lampu Pelabuhan' });

      // A rerun asks for no title again; --title sets the writer's own.
      const asked = fake.generationRequests().length;
      const again = await runKaryaInProcess(
        ['translate', '--book', String(id), '--to', 'ms', '--title', '  Cahaya di Pelabuhan ', '--state', state],
        { cwd, env: env() },
      );
      expect(again.code, again.stderr).toBe(0);
      expect(
        fake
          .generationRequests()
          .slice(asked)
          .filter((r) => isTranslateRequest(r.body as Record<string, unknown>)),
      ).toHaveLength(0);
      const retitled = await runKaryaInProcess(
        ['export', 'romance', '--book', String(edition), '--out', 'retitled.epub', '--state', state],
        { cwd, env: env() },
      );
      expect(retitled.code, retitled.stderr).toBe(0);
      expect(epubTitles(path.join(cwd, 'retitled.epub'))).toEqual({
        title: 'Cahaya di Pelabuhan',
        page: 'Cahaya di Pelabuhan',
      });

      // An empty title is refused, in the writer's language.
      const bad = await runKaryaInProcess(
        ['translate', '--book', String(id), '--to', 'ms', '--title', '', '--state', state],
        { cwd, env: env() },
      );
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("An edition's title is one line of 1 to 120 characters.");
    },
    240_000,
  );
});

describe('a title the model answers as no title, and a chapter title it leaves in English', () => {
  it(
    'keeps the source title marked untranslated (said at the start and in --json); ' +
      'the chapter title is named, not charged, and a rerun asks only for it',
    async () => {
      const cwd = tempDir('karya-edition-title-left-');
      const state = path.join(cwd, 'state.sqlite');
      const habits = fakeTranslator({ bookTitleAs: 'sentence', keepTitles: 'The Letter' });
      const first = await startFakeOpenAI(underWriter(1).fakeOptions({ reply: habits.reply }));
      const id = await saveRomance(state, 'en', { title: 'Harbour Lights' });
      try {
        const env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: first.baseURL };
        const made = await runKaryaInProcess(
          ['translate', '--book', String(id), '--to', 'ms', '--json', '--no-bible', '--state', state],
          { cwd, env },
        );
        expect(made.code, made.stderr).toBe(1);
        expect(made.stderr).toContain(
          'the edition\'s title: "Harbour Lights" is kept in English, marked untranslated ' +
            '(the answer was a sentence, not a title); give it one with --title',
        );
        expect(made.stderr).toContain(
          'Chapter 3: its chapter title "The Letter" could not be translated ' +
            'and is kept in English, marked untranslated; not charged',
        );
        expect(made.stderr).not.toContain('✓ Chapter 3 translated');
        const { edition } = JSON.parse(made.stdout) as {
          edition: {
            title: unknown;
            untranslated: unknown[];
            parts: Array<{ label: string; status: string; credits: number; titleUntranslated?: boolean }>;
          };
        };
        expect(edition.title).toEqual({
          text: 'Harbour Lights',
          source: 'Harbour Lights',
          translated: false,
          by: 'source',
          problem: 'sentence',
        });
        expect(edition.untranslated).toEqual([
          { what: 'title', text: 'Harbour Lights' },
          { what: 'chapter_title', position: 3, label: 'Chapter 3', text: 'The Letter' },
        ]);
        expect(edition.parts.find((p) => p.label === 'Chapter 3')).toMatchObject({
          status: 'untranslated',
          credits: 0,
          titleUntranslated: true,
        });
      } finally {
        await first.close();
      }
      // A model that translates it: the rerun asks for the chapter title alone, and the chapter is charged now.
      const good = await startFakeOpenAI(underWriter(1).fakeOptions({ reply: fakeTranslator().reply }));
      try {
        const env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: good.baseURL };
        const again = await runKaryaInProcess(
          ['translate', '--book', String(id), '--to', 'ms', '--json', '--no-bible', '--state', state],
          { cwd, env },
        );
        expect(again.code, again.stderr).toBe(0);
        const asked = good
          .generationRequests()
          .filter((r) => isTranslateRequest(r.body as Record<string, unknown>))
          .map((r) => translateAsk(r.body as Record<string, unknown>).paragraphs);
        expect(asked).toEqual([['The Letter']]);
        const { edition } = JSON.parse(again.stdout) as {
          edition: { untranslated: unknown[]; parts: Array<{ label: string; status: string; credits: number }> };
        };
        expect(edition.parts.find((p) => p.label === 'Chapter 3')).toMatchObject({ status: 'translated', credits: 1 });
        // The book's title stays the source's until the writer gives one (it is asked once, when the edition is made).
        expect(edition.untranslated).toEqual([{ what: 'title', text: 'Harbour Lights' }]);
      } finally {
        await good.close();
        rmSync(cwd, { recursive: true, force: true });
      }
    },
    240_000,
  );
});
