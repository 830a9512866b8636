// `karya generate romance --lang id --chapters 3` writes an Indonesian book: offline (the demo writes Indonesian),
// and against the fake model, whose Chapter 2 comes back in Malaysian Malay the first time: Chapter 2 is asked
// again and the book holds no Malay paragraph. Indonesian must be a language of the table (while it is a draft:
// KARYA_DRAFT_LANGUAGES=1).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { PROSE_BLOCK, PROSE_SENTENCES, askedWordsOf, startFakeOpenAI, userMessageOf, writeProse, type FakeOpenAI } from '../fake-openai.js';
import { findLanguageDrift } from '../../engine/index.js';
import { INDONESIAN_SENTENCES } from '../fake-translator.js';
import { tempDir } from '../temp.js';

/** The run reads the table as this test process does (Indonesian a draft: KARYA_DRAFT_LANGUAGES=1). */
const DRAFTS = process.env.KARYA_DRAFT_LANGUAGES ? { KARYA_DRAFT_LANGUAGES: process.env.KARYA_DRAFT_LANGUAGES } : {};

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** The book's paragraphs under its chapter headings (Markdown), headings and the title left out. */
const paragraphsOf = (markdown: string) => markdown.split(/\n\s*\n/).map((p) => p.trim()).filter((p) => p && !p.startsWith('#'));

/** Paragraphs the language guard does not keep as Indonesian (Malay, English). */
const notIndonesian = (markdown: string) => paragraphsOf(markdown).filter((p) => findLanguageDrift(p, 'id'));

describe('karya generate romance --lang id --chapters 3', () => {
  it('writes an Indonesian book offline: Bab 1 to 3, every paragraph Indonesian', async () => {
    const cwd = tempDir('karya-generate-id-');
    const r = await runKaryaInProcess(['generate', 'romance', '--lang', 'id', '--chapters', '3', '--out', 'buku.md', '--state', 'state.sqlite'], { cwd, env: DRAFTS });
    expect(r.code, r.stderr).toBe(0);
    const book = readFileSync(path.join(cwd, 'buku.md'), 'utf8');
    for (const n of [1, 2, 3]) expect(book).toMatch(new RegExp(`^#+ Bab ${n}\\b`, 'm'));
    expect(book).not.toMatch(/^#+ (?:Chapter|Bahagian) /m);
    expect(notIndonesian(book)).toEqual([]);
  });

  it("asks Chapter 2 again when the model first answers it in Malaysian Malay, and the book holds no Malay paragraph", async () => {
    let malayOnce = true;
    let answers = 0;
    fake = await startFakeOpenAI({
      writeRatio: 1,
      // Chapter 2's first answer is Malaysian Malay of the length asked (kerana, bahawa, wang: not Indonesian).
      reply: (body) => {
        const asked = Number(/Tulis sekitar ([\d.]+) kata/.exec(userMessageOf(body))?.[1]?.replace(/\./g, '') ?? askedWordsOf(body));
        if (!asked) return undefined;
        if (malayOnce && /\bBab 2\b/.test(userMessageOf(body))) {
          malayOnce = false;
          return { text: writeProse(asked, PROSE_SENTENCES.ms) };
        }
        // Any other part: Indonesian prose of the length asked, each answer from its own place in the sentences.
        return { text: writeProse(asked, INDONESIAN_SENTENCES, (answers++) * PROSE_BLOCK) };
      },
    });
    const cwd = tempDir('karya-generate-id-fake-');
    const f = fake;
    const r = await runKaryaInProcess(['generate', 'romance', '--lang', 'id', '--chapters', '3', '--out', 'buku.md', '--state', 'state.sqlite'], { cwd, env: { ...DRAFTS, OPENAI_API_KEY: 'k', OPENAI_BASE_URL: f.baseURL, KARYA_MAX_RETRIES: '0' } });
    expect(r.code, r.stderr).toBe(0);
    expect(malayOnce, 'Chapter 2 was never asked in Indonesian').toBe(false);
    // The writer reads that Chapter 2 came back in Malay and was written again, in Indonesian.
    expect(r.stderr).toMatch(/Bab 2 .*bahasa: dijawab dalam bahasa Melayu \(Malaysia\), ditulis ulang dalam Bahasa Indonesia/);
    const book = readFileSync(path.join(cwd, 'buku.md'), 'utf8');
    expect(book).not.toMatch(/\b(?:kerana|bahawa|wang|sahaja)\b/);
    expect(notIndonesian(book)).toEqual([]);
  });
});
