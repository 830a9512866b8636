// `karya publish romance --book EDITION --bilingual`: the Malay edition of an English romance packaged as a
// dual-language book, as the publish panel makes it (one path: buildKdpPackage). Its EPUB prints each English
// paragraph followed by its Malay translation, each in its language; the paperback interior runs the same pairs;
// readiness.json lists how a store takes a book in two languages. A book that is no edition is refused with exit 2
// before anything is written.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseDocument, DomUtils } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { underWriter } from '../scripted-models.js';
import { fakeTranslator } from '../fake-translator.js';
import { CHAPTERS, chapterParagraphs, saveRomance, savedBook } from '../translate/book.js';
import { readZip, runTool, zipText } from '../export/tools.js';
import { tempDir } from '../temp.js';

function paragraphs(xhtml: string): Array<{ lang: string | undefined; text: string }> {
  const dom = parseDocument(xhtml, { xmlMode: true });
  return DomUtils.findAll((e) => e.name === 'p', dom.children).map((p) => ({
    lang: p.attribs.lang,
    text: DomUtils.textContent(p).trim(),
  }));
}
const firstWords = (text: string, n: number) => text.split(/\s+/).slice(0, n).join(' ');

describe('karya publish --bilingual', () => {
  let fake: FakeOpenAI;
  let cwd: string;
  let state: string;
  let source: number;
  let edition: number;
  const env = () => ({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL });

  beforeAll(async () => {
    fake = await startFakeOpenAI(underWriter(1).fakeOptions({ reply: fakeTranslator().reply }));
    cwd = tempDir('karya-publish-bilingual-');
    state = path.join(cwd, 'state.sqlite');
    source = await saveRomance(state, 'en', { isWhole: true });
    const made = await runKaryaInProcess(
      ['translate', '--book', String(source), '--to', 'ms', '--json', '--state', state],
      { cwd, env: env() },
    );
    expect(made.code, made.stderr).toBe(0);
    edition = (JSON.parse(made.stdout) as { edition: { id: number } }).edition.id;
  }, 120_000);
  afterAll(async () => {
    await fake.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  it('refuses a book that is no edition with exit 2, naming it, and writes nothing', async () => {
    const out = await runKaryaInProcess(
      ['publish', 'romance', '--book', String(source), '--bilingual', '--out', 'refused', '--state', state],
      { cwd, env: env() },
    );
    expect(out.code, out.stderr).toBe(2);
    expect(out.stderr).toContain(`Book ${source} is not a translated edition`);
    expect(existsSync(path.join(cwd, 'refused', 'manuscript.epub'))).toBe(false);
  });

  it(
    'packages the edition with its source: the EPUB and the paperback ' +
      'alternate the two languages, readiness has the bilingual rule',
    async () => {
      const out = await runKaryaInProcess(
        [
          'publish',
          'romance',
          '--book',
          String(edition),
          '--bilingual',
          '--author',
          'Siti Aminah',
          '--out',
          'pkg',
          '--state',
          state,
        ],
        { cwd, env: env() },
      );
      expect([0, 1], out.stderr).toContain(out.code);
      const dir = path.join(cwd, 'pkg');
      const files = readZip(readFileSync(path.join(dir, 'manuscript.epub')));
      const names = files
        .filter((f) => /part-\d+\.xhtml$/.test(f.name))
        .map((f) => f.name)
        .sort();
      for (let n = 1; n <= CHAPTERS; n++) {
        const got = paragraphs(zipText(files, names[n]!));
        const english = chapterParagraphs(n, 'en');
        expect(got).toHaveLength(english.length * 2);
        english.forEach((text, i) => {
          expect(got[2 * i]).toEqual({ lang: 'en', text });
          expect(got[2 * i + 1]!.lang).toBe('ms');
          expect(got[2 * i + 1]!.text).not.toBe(text);
        });
      }
      // The paperback interior: chapter 1's English paragraphs each followed by the Malay one the edition holds.
      const text = (await runTool('pdftotext', [path.join(dir, 'paperback-interior.pdf'), '-'])).stdout
        .replace(/-\n/g, '')
        .replace(/\s+/g, ' ');
      const malay = (await savedBook(state, edition))!.state.content[1]!.split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean);
      let at = 0;
      chapterParagraphs(1, 'en').forEach((en, i) => {
        const e = text.indexOf(firstWords(en, 6), at);
        expect(e, `paragraph ${i + 1} in English`).toBeGreaterThanOrEqual(0);
        const m = text.indexOf(firstWords(malay[i]!, 4), e);
        expect(m, `paragraph ${i + 1} in Malay after its English`).toBeGreaterThan(e);
        at = m;
      });
      const readiness = JSON.parse(readFileSync(path.join(dir, 'readiness.json'), 'utf8')) as {
        channels: Record<string, { checks: Array<{ id: string; status: string }> }>;
      };
      for (const channel of Object.values(readiness.channels))
        expect(channel.checks.map((c) => c.id)).toContain('bilingual-language');
      expect(readiness.channels.kdp_ebook!.checks.find((c) => c.id === 'bilingual-language')!.status).toBe('warn');
    },
    240_000,
  );
});
