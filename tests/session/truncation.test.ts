// A part cut at the token limit (finish_reason "length") short of its words is continued and joined, on the plain
// and the streamed path; still cut after two continuations (and its extensions) it is kept but marked incomplete,
// never stored as complete. The AI API is the fake server of tests/fake-openai.ts, each answer marked with its number.

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import {
  BookSession,
  joinCut,
  parseSettings,
  type ProgressStore,
  type SavedBook,
  type StepSave,
} from '../../engine/index.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { loadCatalog } from '../../engine/node/load.js';
import { fullLength, isMalayRequest, startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { tempDir } from '../temp.js';

const catalog = loadCatalog({ useDiskCache: true });
const romance = catalog.get('romance')!;

function memoryStore() {
  const saves: StepSave[] = [];
  let book: SavedBook | null = null;
  const store: ProgressStore = {
    load: async () => book,
    saveMemory: async () => undefined,
    saveStep: async (_key, save) => {
      saves.push(save);
      book = { state: save.state, isFinished: save.isFinished, updatedAt: '' };
    },
  };
  return { store, saves };
}

const userOf = (body: Record<string, unknown> | undefined) =>
  String((body?.messages as Array<{ role: string; content: string }>)?.find((m) => m.role === 'user')?.content ?? '');

describe('truncated answers', () => {
  let fake: FakeOpenAI;
  /** Answers that come back cut: by the number of the request (0-based). */
  let cutAnswers = new Set<number>();
  /** Every answer comes back cut, until set back. */
  let isAllCut = false;
  beforeAll(async () => {
    // Answers in the book's language (every answer is language-checked); one cut at the limit is a line, short of
    // the part's words, and a whole one as long as asked.
    const line = (b: Record<string, unknown>, i: number) =>
      isMalayRequest(b)
        ? `Jawapan ${i} bermula di sini dan berterusan seketika sehingga had panjang menghentikannya`
        : `Answer ${i} begins here and goes on for a while until the limit stops it`;
    const isCut = (i: number) => isAllCut || cutAnswers.has(i);
    fake = await startFakeOpenAI({
      answer: (b, i) => (isCut(i) ? line(b, i) : fullLength(line)(b, i)),
      finishReason: (_b, i) => (isCut(i) ? 'length' : 'stop'),
    });
  });
  afterAll(() => fake.close());

  const openBook = async (lang: 'en' | 'ms' = 'en') => {
    const { store, saves } = memoryStore();
    const session = await BookSession.open({
      spec: romance,
      renderer: catalog.renderer,
      provider: providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL }),
      store,
      key: 'k',
      settings: parseSettings(romance, { language: lang }),
      totalChapters: 1,
      onFinished: 'restart',
    });
    return { session, saves };
  };

  it.each([
    ['plain', false],
    ['streamed', true],
  ])(
    '%s: a cut outline is continued once and stored whole, with the continuation asked from where it stopped',
    async (_name, isStreamed) => {
      const first = fake.generationRequests().length;
      cutAnswers = new Set([first]);
      const { session, saves } = await openBook();
      let streamed = '';
      const result = await session.advance(isStreamed ? { onDelta: (d) => (streamed += d) } : {});
      const requests = fake.generationRequests().slice(first);
      expect(requests).toHaveLength(2);
      const ask = userOf(requests[1]!.body);
      expect(ask.startsWith(userOf(requests[0]!.body))).toBe(true);
      expect(ask).toContain('Your previous answer was cut off by the length limit');
      expect(ask).toContain(`Answer ${first} begins here and goes on for a while until the limit stops it`);
      expect(result.text).toBe(
        `Answer ${first} begins here and goes on for a while until the limit stops it ` +
          `Answer ${first + 1} begins here and goes on for a while until the limit stops it`,
      );
      expect(result).toMatchObject({ isComplete: true, continuations: 1 });
      expect(saves.at(-1)).toMatchObject({ text: result.text, isComplete: true });
      if (isStreamed) expect(streamed).toBe(result.text);
    },
  );

  it(
    'a part still cut after two continuations (and its two extensions, ' +
      'each continued twice) is kept, marked incomplete, and shown so',
    async () => {
      const { session, saves } = await openBook();
      cutAnswers = new Set();
      await session.advance();
      const first = fake.generationRequests().length;
      isAllCut = true;
      const intro = await session.advance();
      isAllCut = false;
      const asked = fake
        .generationRequests()
        .slice(first)
        .map((q) => userOf(q.body));
      expect(asked).toHaveLength(9);
      // Each continuation asks for the words the part still lacks, given room for them and no more.
      const continuations = fake
        .generationRequests()
        .slice(first)
        .filter((q) => userOf(q.body).includes('Your previous answer was cut off by the length limit'));
      expect(continuations).toHaveLength(6);
      for (const q of continuations)
        expect(userOf(q.body)).toMatch(/Write about [\d,]+ more words, then stop at the end of a sentence\.$/);
      expect(intro).toMatchObject({ isComplete: false, continuations: 6, extensions: 2 });
      expect(saves.at(-1)).toMatchObject({ stepKey: 'introduction', isComplete: false });
      expect(session.view().parts).toEqual([expect.objectContaining({ kind: 'introduction', is_complete: false })]);
      cutAnswers = new Set();
      await session.advance();
      expect(session.view().parts.map((p) => p.is_complete)).toEqual([false, true]);
    },
  );

  it('a Malay book asks for the rest in Malay', async () => {
    const first = fake.generationRequests().length;
    cutAnswers = new Set([first]);
    const { session } = await openBook('ms');
    await session.advance();
    expect(userOf(fake.generationRequests()[first + 1]!.body)).toContain(
      'Jawapan anda yang sebelumnya terpotong kerana had panjang',
    );
  });
});

describe('joinCut', () => {
  it.each([
    ['The storm', 'broke at dawn.', 'The storm broke at dawn.'],
    ['The storm ', 'broke at dawn.', 'The storm broke at dawn.'],
    ['The storm', ', at last, broke.', 'The storm, at last, broke.'],
    [
      'She walked into the old house and the door closed behind her',
      'the door closed behind her with a bang.',
      'She walked into the old house and the door closed behind her with a bang.',
    ],
    ['Line one.\n\nLine two', '\n\nLine three.', 'Line one.\n\nLine two\n\nLine three.'],
    // A continuation that starts the text over: the opening once, whole or cut short by the time-out again.
    [
      'Rain fell on the harbour as the lamps came on.',
      'Rain fell on the harbour as the lamps came on. She waited.',
      'Rain fell on the harbour as the lamps came on. She waited.',
    ],
    [
      'Rain fell on the harbour as the lamps came on.',
      'Rain fell on the',
      'Rain fell on the harbour as the lamps came on.',
    ],
    [
      'Rain fell on the harbour as the lamps came on.',
      ' Rain fell on the harbour as ',
      'Rain fell on the harbour as the lamps came on.',
    ],
    // A text the time-out cut after a few words (under 20 characters), then written again from its start: once.
    ['The rain kept ', 'The rain kept falling over the harbour.', 'The rain kept falling over the harbour.'],
    ['Rain', 'Rain fell on the harbour as the lamps came on.', 'Rain fell on the harbour as the lamps came on.'],
    // ...but only whole words of it: a continuation whose first word merely begins with the text's last is joined.
    ['Rain', 'drops fell.', 'Rain drops fell.'],
    ['The', 'Then the lamps came on.', 'The Then the lamps came on.'],
    // Too little to tell: a word that happens to open the text is joined after it.
    ['Rain fell on the harbour as the lamps came on.', 'Rain', 'Rain fell on the harbour as the lamps came on. Rain'],
  ])('%j + %j', (before, after, joined) => {
    expect(joinCut(before, after)).toBe(joined);
  });
});

describe('karya generate says what was cut', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    const isIntroduction = (body: Record<string, unknown>) => /Write the introduction/.test(userOf(body));
    fake = await startFakeOpenAI({
      // Every answer to the introduction (its continuations and extensions included) is cut at the limit a few words
      // in.
      answer: (body, i) =>
        isIntroduction(body)
          ? `Answer ${i} of the book and then she`
          : fullLength((_b, n) => `Answer ${n} of the book.`)(body, i),
      finishReason: (body) => (isIntroduction(body) ? 'length' : 'stop'),
    });
  });
  afterAll(() => fake.close());

  it('marks the part with ⚠ and says it is kept incomplete; --json has complete: false', async () => {
    const dir = tempDir('karya-cut-');
    const r = await runKaryaInProcess(
      ['generate', 'romance', '--chapters', '1', '--json', '--state', path.join(dir, 'state.sqlite')],
      { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL } },
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/⚠ Introduction/);
    expect(r.stderr).toMatch(/⚠ Introduction .*ends mid-sentence/);
    expect(r.stderr).toContain(
      'Introduction is still cut off after 6 continuation(s): kept and marked incomplete (ends mid-sentence)',
    );
    const summary = JSON.parse(r.stdout) as { parts: Array<{ label: string; complete: boolean }> };
    expect(summary.parts.map((p) => [p.label, p.complete])).toEqual([
      ['Story Outline', true],
      ['Introduction', false],
      ['Chapter 1', true],
      ['Conclusion', true],
    ]);
  });
});
