// Story memory (issue: books that hold together): after each part the session keeps a running "story so
// far" that later chapter prompts carry, bounded however long the book. The fake AI server plays a model
// whose chapters each report one event and whose memory keeps the events it is shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookSession, parseSettings, type ProgressStore, type SavedBook } from '../../engine/index.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { loadCatalog } from '../../engine/node/load.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { isMemoryRequest, userPrompt } from '../batch/helpers.js';

const catalog = loadCatalog({ useDiskCache: true });
const CHAPTERS = 20;

function memoryStore(): ProgressStore {
  let book: SavedBook | null = null;
  return {
    load: async () => book,
    saveStep: async (_key, save) => {
      book = { state: save.state, isFinished: save.isFinished, updatedAt: '' };
    },
    saveMemory: async (_key, save) => {
      if (book) book = { ...book, state: { ...book.state, memory: save.memory, memoryUpTo: save.upTo } };
    },
  };
}

describe('story memory', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI({
      answer: (body, i) => {
        const prompt = String((body.messages as Array<{ role: string; content: string }>).at(-1)?.content ?? '');
        if (/You keep a short memory of a book|Anda menyimpan ingatan ringkas/.test(prompt)) {
          // A model that keeps every event it is shown, and nothing else.
          return `Events so far: ${[...new Set(prompt.match(/EVENT-\d+/g) ?? [])].join(', ')}.`;
        }
        if (/outline/i.test(prompt) && !/What the outline plans/.test(prompt) && i === 0) {
          return ['Title: The Long Monsoon', ...Array.from({ length: CHAPTERS }, (_, n) => `Chapter ${n + 1}: the plan for chapter ${n + 1}, PLAN-${n + 1}.`)].join('\n');
        }
        return `Part ${i}. Something happened here: EVENT-${i}. ${'The rain kept falling on the town. '.repeat(30)}`;
      },
    });
  });
  afterAll(() => fake.close());

  it(`a ${CHAPTERS}-chapter romance: each chapter's prompt carries its outline entry and events from before the previous part; late prompts stay as small as early ones`, async () => {
    const spec = catalog.get('romance')!;
    const session = await BookSession.open({
      spec, renderer: catalog.renderer, provider: providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL }), store: memoryStore(),
      key: 'memory', settings: parseSettings(spec, {}), totalChapters: CHAPTERS, onFinished: 'restart',
    });
    const chapterPrompts = new Map<number, string>();
    const eventOf = new Map<number, string>();
    while (session.next()) {
      const step = session.next()!;
      const before = fake.generationRequests().length;
      const result = await session.advance();
      const request = fake.generationRequests()[before]!;
      if (step.kind === 'chapter') {
        chapterPrompts.set(step.position, userPrompt(request));
        eventOf.set(step.position, /EVENT-\d+/.exec(result.text)![0]);
      }
      await session.remember();
    }
    expect(fake.generationRequests().filter(isMemoryRequest)).toHaveLength(CHAPTERS + 1);
    for (let k = 3; k <= CHAPTERS; k++) {
      const prompt = chapterPrompts.get(k)!;
      // This chapter's entry of the outline, not the whole outline.
      expect(prompt).toContain(`PLAN-${k}.`);
      expect(prompt).not.toContain(`PLAN-${k + 1}.`);
      // An event of chapter 1 (long before chapter k−1) reaches chapter k through the memory.
      expect(prompt).toContain(eventOf.get(1)!);
      expect(prompt).toContain(eventOf.get(k - 2)!);
    }
    const early = chapterPrompts.get(3)!.length;
    const late = chapterPrompts.get(CHAPTERS)!.length;
    expect(late).toBeLessThan(1.5 * early);
  });

  it('the memory is asked for in Malay for a Malay book, and a failed update is caught up before the next step', async () => {
    const spec = catalog.get('romance')!;
    const store = memoryStore();
    const provider = providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL });
    const open = () => BookSession.open({ spec, renderer: catalog.renderer, provider, store, key: 'ms', settings: parseSettings(spec, { language: 'ms' }), totalChapters: 2, onFinished: 'restart' });
    const session = await open();
    await session.advance();
    await session.advance();
    expect(session.needsMemory).toBe(true);
    // The process stops before the memory update; the next run catches up before writing chapter 1.
    const resumed = await open();
    expect(resumed.needsMemory).toBe(true);
    const before = fake.generationRequests().length;
    await resumed.advance();
    const [memoryCall, chapterCall] = fake.generationRequests().slice(before);
    expect(userPrompt(memoryCall!)).toContain('Anda menyimpan ingatan ringkas bagi sebuah buku');
    expect(userPrompt(chapterCall!)).toContain('Events so far:');
    expect(resumed.state.memoryUpTo).toBe(0);
  });
});
