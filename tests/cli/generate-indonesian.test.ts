// `karya generate romance --lang id --chapters 3` writes an Indonesian book: offline (the demo writes Indonesian),
// and against the fake model (which reads Indonesian prompts as a model does: the words and the part asked,
// answered in Indonesian prose), whose Chapter 2 comes back in Malaysian Malay the first time: Chapter 2 is
// asked again and the book holds no Malay paragraph.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import {
  PROSE_SENTENCES,
  askedWordsOf,
  startFakeOpenAI,
  userMessageOf,
  writeProse,
  type FakeOpenAI,
} from '../fake-openai.js';
import { findLanguageDrift } from '../../engine/index.js';
import { tempDir } from '../temp.js';
import { englishLines } from './english-lines.js';

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** The book's paragraphs under its chapter headings (Markdown), headings and the title left out. */
const paragraphsOf = (markdown: string) =>
  markdown
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p && !p.startsWith('#'));

/** Paragraphs the language guard does not keep as Indonesian (Malay, English). */
const notIndonesian = (markdown: string) => paragraphsOf(markdown).filter((p) => findLanguageDrift(p, 'id'));

describe('karya generate romance --lang id --chapters 3', () => {
  it('writes an Indonesian book offline: Bab 1 to 3, every paragraph Indonesian', async () => {
    const cwd = tempDir('karya-generate-id-');
    const r = await runKaryaInProcess(
      ['generate', 'romance', '--lang', 'id', '--chapters', '3', '--out', 'buku.md', '--state', 'state.sqlite'],
      { cwd },
    );
    expect(r.code, r.stderr).toBe(0);
    const book = readFileSync(path.join(cwd, 'buku.md'), 'utf8');
    for (const n of [1, 2, 3]) expect(book).toMatch(new RegExp(`^#+ Bab ${n}\\b`, 'm'));
    expect(book).not.toMatch(/^#+ (?:Chapter|Bahagian) /m);
    expect(notIndonesian(book)).toEqual([]);
    // Every line the writer reads is Indonesian (the offline provider's note, each part's words and marks).
    expect(r.stderr).toMatch(/^ {2}✓ Bab 1 +\d+ kata/m);
    expect(englishLines(r.stderr)).toEqual([]);
  }, 120_000);

  it(
    'asks Chapter 2 again when the model first answers it in ' +
      'Malaysian Malay, and the book holds no Malay paragraph',
    async () => {
      let malayOnce = true;
      fake = await startFakeOpenAI({
        // Every part: the fake's Indonesian prose of the length asked.
        writeRatio: 1,
        // But Chapter 2's first answer is Malaysian Malay of the length asked (kerana, bahawa, wang: not Indonesian).
        reply: (body) => {
          if (!malayOnce || !/Tulis Bab 2 dari/.test(userMessageOf(body)) || !askedWordsOf(body)) return undefined;
          malayOnce = false;
          return { text: writeProse(askedWordsOf(body), PROSE_SENTENCES.ms) };
        },
      });
      const cwd = tempDir('karya-generate-id-fake-');
      const f = fake;
      const r = await runKaryaInProcess(
        ['generate', 'romance', '--lang', 'id', '--chapters', '3', '--out', 'buku.md', '--state', 'state.sqlite'],
        { cwd, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: f.baseURL } },
      );
      expect(r.code, r.stderr).toBe(0);
      expect(malayOnce, 'Chapter 2 was never asked in Indonesian').toBe(false);
      // The writer reads that Chapter 2 came back in Malay and was written again, in Indonesian.
      expect(r.stderr).toMatch(
        /Bab 2 .*bahasa: dijawab dalam bahasa Melayu \(Malaysia\), ditulis ulang dalam Bahasa Indonesia/,
      );
      // The model wrote the words each part asked ("Tulis sekitar 1500 kata"): no part was short or extended.
      expect(r.stderr).not.toMatch(/pendek|diperpanjang/);
      const book = readFileSync(path.join(cwd, 'buku.md'), 'utf8');
      // The introduction's character list (under the heading its prompt asks for) is kept out of the book's text.
      expect(book).not.toMatch(/Tokoh:/);
      expect(book).not.toMatch(/\b(?:kerana|bahawa|wang|sahaja)\b/);
      expect(notIndonesian(book)).toEqual([]);
    },
  );
});
