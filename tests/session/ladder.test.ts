// The one ladder of windowed jobs (engine/session/ladder.ts): a window whose answer fails is asked again with its
// problem, then cut in halves down to one item; what cannot be had alone is given up and the job goes on. Used by
// the translation's windows and the story bible read in pieces: here the ladder itself, and a book's bible update
// against a model that garbles the update of a long part.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { malayManuscript } from '../import/manuscript.js';
import { bibleRequestPart, startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { isMemoryRequest, userPrompt } from '../batch/helpers.js';
import {
  ASKS_PER_RUNG,
  BookSession,
  climbDown,
  countWords,
  inMemoryProgressStore,
  parseBible,
  parseSettings,
} from '../../engine/index.js';
import { underWriter } from '../scripted-models.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { loadCatalog } from '../../engine/node/load.js';
import { tempDir } from '../temp.js';

const catalog = loadCatalog({ useDiskCache: true });

describe('climbDown', () => {
  it(
    'asks a failing window again with its problem, then halves it; ' +
      'what one item alone cannot give is left, the rest had in order',
    async () => {
      const asks: Array<{ items: string[]; again: string | undefined }> = [];
      const had: Array<[number, string[]]> = [];
      const left: Array<[number, string]> = [];
      // A model that cannot answer for more than two items at once, and never for 'e'.
      await climbDown<string, string, string>(['a', 'b', 'c', 'd', 'e'], {
        ask: async (items, _from, again) => {
          asks.push({ items: [...items], again });
          if (items.length > 2 || items.includes('e')) return { problem: `too much: ${items.join('')}` };
          return { answer: items.map((i) => i.toUpperCase()) };
        },
        onHad: (from, answers) => void had.push([from, [...answers]]),
        onLeft: (index, problem) => void left.push([index, problem]),
      });
      expect(ASKS_PER_RUNG).toBe(2);
      // The whole window twice, the second time told why; then its first half (the longer) and second half.
      expect(asks.slice(0, 2)).toEqual([
        { items: ['a', 'b', 'c', 'd', 'e'], again: undefined },
        { items: ['a', 'b', 'c', 'd', 'e'], again: 'too much: abcde' },
      ]);
      expect(had).toEqual([
        [0, ['A', 'B']],
        [2, ['C']],
        [3, ['D']],
      ]);
      expect(left).toEqual([[4, 'too much: e']]);
    },
  );
});

describe("a book's story bible read down the ladder", () => {
  let fake: FakeOpenAI;
  /** The model garbles the bible update of a text longer than this many words (0: never). */
  let garbleOver = 0;
  beforeAll(async () => {
    fake = await startFakeOpenAI(
      underWriter(1).fakeOptions({ garblesBible: (part) => garbleOver > 0 && countWords(part) > garbleOver }),
    );
  });
  afterAll(() => fake.close());

  const open = async (key: string) => {
    const spec = catalog.get('romance')!;
    const provider = providerFromEnv({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL });
    return BookSession.open({
      spec,
      renderer: catalog.renderer,
      provider,
      store: inMemoryProgressStore(),
      key,
      settings: parseSettings(spec, {}),
      totalChapters: 3,
      onFinished: 'restart',
    });
  };

  /** The book written (outline first) until it holds `parts` parts, its bible caught up to all but the last. */
  const writtenTo = async (session: BookSession, parts: number) => {
    while (session.state.content.length < parts) {
      await session.remember();
      await session.advance();
    }
  };

  it(
    'a long part garbled whole is asked again with the problem ' +
      'named, then read in halves: the bible takes in both',
    async () => {
      const session = await open('halves');
      await writtenTo(session, 3);
      const part = session.state.content[2]!;
      // Longer than the model reads well, and long enough to halve.
      const limit = Math.floor(countWords(part) * 0.7);
      garbleOver = limit;
      const before = fake.generationRequests().length;
      try {
        const read = await session.remember();
        expect(read.left).toBeUndefined();
      } finally {
        garbleOver = 0;
      }
      const updates = fake.generationRequests().slice(before).filter(isMemoryRequest);
      const parts = updates.map((u) => bibleRequestPart(u.body!));
      expect(parts.slice(0, 2).map(countWords)).toEqual([countWords(part), countWords(part)]);
      expect(userPrompt(updates[1]!)).toContain('not an update of the story bible');
      // Then two halves, each a part of the part, together all of it, in order.
      expect(parts.length).toBe(4);
      expect(parts.slice(2).every((p) => countWords(p) <= limit)).toBe(true);
      expect(`${parts[2]}\n\n${parts[3]}`.replace(/\s+/g, ' ')).toBe(
        part
          .replace(/^#{1,6}\s.*$/gm, '')
          .trim()
          .replace(/\s+/g, ' '),
      );
      expect(session.state.memoryUpTo).toBe(2);
      expect(parseBible(session.state.memory ?? '').chapters.some((c) => c.label === 'Chapter 2')).toBe(true);
    },
  );

  it('a part that can never be read is skipped and named; the book goes on', async () => {
    const session = await open('never');
    await writtenTo(session, 2);
    // Every update of Chapter 1, whole or any piece of it, garbled.
    garbleOver = 1;
    try {
      const read = await session.remember();
      expect(read.left).toEqual([expect.objectContaining({ position: 1, problem: 'no_content' })]);
      expect(read.left![0]!.words).toBe(read.left![0]!.of);
    } finally {
      garbleOver = 0;
    }
    // Skipped, not stuck: the bible is past it and the next chapter is written and read.
    expect(session.needsMemory).toBe(false);
    await session.advance();
    const read = await session.remember();
    expect(read.left).toBeUndefined();
    expect(session.state.memoryUpTo).toBe(2);
  });
});

describe('karya import: a chapter its bible can never read', () => {
  it("is named in the writer's language and in --json; every other chapter is read and the book is saved", async () => {
    // Bab 3's every paragraph names Zarkon; every update of a text naming him, whole or in any piece, comes back empty.
    const [before, rest] = malayManuscript(5, 'roman').split('BAB III');
    const [third, after] = rest!.split('BAB IV');
    const named = third!
      .split('\n\n')
      .map((p) => (p.split(/\s+/).length > 20 ? `Zarkon menunggu di dermaga. ${p.trim()}` : p))
      .join('\n\n');
    const manuscript = `${before}BAB III${named}BAB IV${after}`;
    const fake = await startFakeOpenAI(underWriter(1).fakeOptions({ garblesBible: (part) => part.includes('Zarkon') }));
    const cwd = tempDir('karya-import-ladder-');
    try {
      writeFileSync(path.join(cwd, 'bab.txt'), manuscript);
      const r = await runKaryaInProcess(['import', 'bab.txt', '--generator', 'romance', '--json'], {
        cwd,
        env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL },
      });
      expect(r.code, r.stderr).toBe(0);
      const { book } = JSON.parse(r.stdout) as { book: { chapters: { imported: number }; bible_skipped?: string[] } };
      expect(book.chapters.imported).toBe(5);
      expect(book.bible_skipped).toEqual(['chapter:3']);
      expect(r.stderr).toContain('catatan cerita tidak dapat membaca Bab 3');
      expect(r.stderr).toContain('membaca Bab 5 ke dalam catatan cerita');
    } finally {
      rmSync(cwd, { recursive: true, force: true });
      await fake.close();
    }
  });
});
