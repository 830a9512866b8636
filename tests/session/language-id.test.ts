// An Indonesian book whose model answers a part in Malaysian Malay: the guard is symmetric, so the part is
// asked again once with the firm Indonesian instruction (as a Malay book answered in Indonesian is), the
// Indonesian answer is kept, and the book holds no Malay paragraph. The AI API is the fake server of
// tests/fake-openai.ts (malayOnce: Chapter 2's first ask answered in Malay).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoCatalog } from '../catalog.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import {
  BookSession,
  findLanguageDrift,
  parseSettings,
  type ProgressStore,
  type SavedBook,
  type StepResult,
} from '../../engine/index.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import {
  INDONESIAN_SENTENCES,
  PROSE_BLOCK,
  isBibleRequest,
  malayOnce,
  startFakeOpenAI,
  userMessageOf,
  writeProse,
  type FakeOpenAI,
} from '../fake-openai.js';

/** Long enough that no part is extended for being short (the fake cannot read an Indonesian request's length). */
const WORDS = 3000;
/** A whole book of 3,000-word parts, each judged for its language (about 15 s alone; the machine may be shared). */
const WHOLE_BOOK_MS = 120_000;

function memoryStore(): ProgressStore & { texts: () => string[] } {
  let book: SavedBook | null = null;
  return {
    load: async () => book,
    saveStep: async (_key, save) => {
      book = { state: save.state, isFinished: save.isFinished, updatedAt: '' };
    },
    saveMemory: async () => undefined,
    texts: () => [...(book?.state.content ?? [])],
  };
}

describe('an Indonesian book answered in Malay', () => {
  let fake: FakeOpenAI;
  /** True while the session writes Chapter 2 (set around its step). */
  let writingChapter2 = false;
  let calls = 0;
  beforeAll(async () => {
    const indonesian = () => writeProse(WORDS, INDONESIAN_SENTENCES, PROSE_BLOCK * ++calls);
    fake = await startFakeOpenAI({
      answer: malayOnce((body) => writingChapter2 && !isBibleRequest(body), indonesian, WORDS),
    });
  });
  afterAll(async () => {
    await fake.close();
  });

  it(
    'asks Chapter 2 again with the firm Indonesian line, keeps the Indonesian answer, and holds no Malay paragraph',
    async () => {
      const catalog = repoCatalog();
      const spec = catalog.get('romance')!;
      const store = memoryStore();
      const session = await BookSession.open({
        spec,
        renderer: catalog.renderer,
        provider: providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL }),
        store,
        key: 'drift-id',
        settings: parseSettings(spec, { language: 'id' }),
        totalChapters: 3,
        onFinished: 'restart',
        isFresh: true,
      });
      const results: StepResult[] = [];
      for (let step = session.next(); step; step = session.next()) {
        writingChapter2 = step.kind === 'chapter' && step.position === 2;
        const before = fake.generationRequests().length;
        results.push(await session.advance());
        if (writingChapter2) {
          const asked = fake
            .generationRequests()
            .slice(before)
            .filter((r) => !isBibleRequest(r.body ?? {}))
            .map((r) => userMessageOf(r.body ?? {}));
          // The first ask and the firm one that follows it, which adds the firm line to it; no third.
          expect(asked).toHaveLength(2);
          expect(asked[1]!.length).toBeGreaterThan(asked[0]!.length);
          expect(asked[1]!.startsWith(asked[0]!)).toBe(true);
          expect(asked[1]!.slice(asked[0]!.length)).toMatch(/Bahasa Indonesia/);
        }
      }
      writingChapter2 = false;
      const chapter2 = results.find((r) => r.step.kind === 'chapter' && r.step.position === 2)!;
      expect(chapter2.languageDrift).toEqual({ expected: 'id', found: 'ms', share: 1, isResolved: true });
      expect(results.filter((r) => r !== chapter2).every((r) => r.languageDrift === undefined)).toBe(true);
      // Every part of the book is Indonesian, and none of its paragraphs reads as Malaysian Malay.
      const texts = store.texts();
      expect(texts.length).toBeGreaterThanOrEqual(3);
      for (const text of texts) {
        expect(findLanguageDrift(text, 'id')).toBeUndefined();
        for (const paragraph of text.split(/\n\s*\n/))
          expect(findLanguageDrift(paragraph, 'ms'), paragraph).not.toBeUndefined();
      }
    },
    WHOLE_BOOK_MS,
  );

  it(
    'karya generate romance --lang id --chapters 3: Chapter 2 answered ' +
      'in Malay once is asked again, and the book holds no Malay paragraph',
    async () => {
      const dir = tempDir('karya-id-drift-');
      const out = path.join(dir, 'buku.md');
      // A model that answers the first ask of Chapter 2 of an Indonesian book in Malay, every other ask in Indonesian.
      const cli = await startFakeOpenAI({
        answer: malayOnce(
          (body) => /^Tulis Bab 2\b/.test(userMessageOf(body)),
          (_b, i) => writeProse(WORDS, INDONESIAN_SENTENCES, PROSE_BLOCK * (i + 1)),
          WORDS,
        ),
      });
      try {
        const r = await runKaryaInProcess(
          [
            'generate',
            'romance',
            '--lang',
            'id',
            '--chapters',
            '3',
            '--json',
            '--out',
            out,
            '--state',
            path.join(dir, 'state.sqlite'),
          ],
          { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: cli.baseURL } },
        );
        expect(r.code, r.stderr).toBe(0);
        const chapter2 = cli
          .generationRequests()
          .map((q) => userMessageOf(q.body ?? {}))
          .filter((u) => /^Tulis Bab 2\b/.test(u));
        expect(chapter2).toHaveLength(2);
        const summary = JSON.parse(r.stdout) as { parts: Array<{ label: string; languageDrift?: unknown }> };
        expect(summary.parts.find((p) => p.label === 'Bab 2')?.languageDrift).toEqual({
          expected: 'id',
          found: 'ms',
          share: 1,
          isResolved: true,
        });
        const book = readFileSync(out, 'utf8');
        expect(findLanguageDrift(book, 'id')).toBeUndefined();
        const paragraphs = book.split(/\n\s*\n/).filter((p) => p.split(/\s+/).length >= 12);
        expect(paragraphs.length).toBeGreaterThan(10);
        for (const paragraph of paragraphs) expect(findLanguageDrift(paragraph, 'ms'), paragraph).not.toBeUndefined();
      } finally {
        await cli.close();
      }
    },
    WHOLE_BOOK_MS,
  );
});
