// The story bible (issue: books that keep their length and their story): after each part the session keeps a
// structured bible that later chapter prompts carry, bounded however long the book. The fake AI server plays
// a model whose chapters each report one event and whose bible updates keep the events they are shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookSession, inMemoryProgressStore, parseSettings } from '../../engine/index.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { loadCatalog } from '../../engine/node/load.js';
import { askedWordsOf, isMalayRequest, startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { isMemoryRequest, userPrompt } from '../batch/helpers.js';

const catalog = loadCatalog({ useDiskCache: true });
const CHAPTERS = 20;

describe('story memory', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI({
      answer: (body, i) => {
        const prompt = String((body.messages as Array<{ role: string; content: string }>).at(-1)?.content ?? '');
        if (/^(Update the story bible|Kemas kini catatan cerita)/.test(prompt)) {
          // A model that keeps every event it is shown: the new part's events as its line, all of them as facts.
          const shown = [...new Set(prompt.match(/EVENT-\d+/g) ?? [])];
          const part = prompt.slice(prompt.search(/The part just written|Bahagian yang baru ditulis/));
          const fresh = [...new Set(part.match(/EVENT-\d+/g) ?? [])];
          return [
            '## Chapter',
            `Events: ${fresh.join(', ')}.`,
            '## Established facts',
            ...shown.map((e) => `- ${e} happened.`),
          ].join('\n');
        }
        if (/outline/i.test(prompt) && !/What the outline plans/.test(prompt) && i === 0) {
          return [
            'Title: The Long Monsoon',
            ...Array.from(
              { length: CHAPTERS },
              (_, n) => `Chapter ${n + 1}: the plan for chapter ${n + 1}, PLAN-${n + 1}.`,
            ),
          ].join('\n');
        }
        // Parts in the book's language (every answer is language-checked).
        if (isMalayRequest(body))
          return (
            `Bahagian ${i}. Sesuatu berlaku di sini: ` +
            `EVENT-${i}. ${'Hujan terus turun di pekan itu. '.repeat(Math.ceil(askedWordsOf(body) / 6))}`
          );
        return (
          `Part ${i}. Something happened here: ` +
          `EVENT-${i}. ${'The rain kept falling on the town. '.repeat(Math.ceil(askedWordsOf(body) / 7))}`
        );
      },
    });
  });
  afterAll(() => fake.close());

  it(
    `a ${CHAPTERS}-chapter romance: each chapter's prompt carries its outline entry and events ` +
      `from before the previous part; late prompts stay as small as early ones`,
    async () => {
      const spec = catalog.get('romance')!;
      const session = await BookSession.open({
        spec,
        renderer: catalog.renderer,
        provider: providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL }),
        store: inMemoryProgressStore(),
        key: 'memory',
        settings: parseSettings(spec, {}),
        totalChapters: CHAPTERS,
        onFinished: 'restart',
      });
      const chapterPrompts = new Map<number, string>();
      const eventOf = new Map<number, string>();
      let ending = '';
      while (session.next()) {
        const step = session.next()!;
        const before = fake.generationRequests().length;
        const result = await session.advance();
        const request = fake.generationRequests()[before]!;
        if (step.kind === 'chapter') {
          chapterPrompts.set(step.position, userPrompt(request));
          eventOf.set(step.position, /EVENT-\d+/.exec(result.text)![0]);
        }
        if (step.kind === 'conclusion') ending = /EVENT-\d+/.exec(result.text)![0];
        await session.remember();
      }
      // One update a part: the introduction, every chapter and the conclusion (a finished book's bible holds its
      // ending).
      expect(fake.generationRequests().filter(isMemoryRequest)).toHaveLength(CHAPTERS + 2);
      expect(session.needsMemory).toBe(false);
      expect(session.bible()).toContain(ending);
      for (let k = 3; k <= CHAPTERS; k++) {
        const prompt = chapterPrompts.get(k)!;
        // This chapter's entry of the outline and the next one's (so it ends leading there), not the whole outline.
        expect(prompt).toContain(`PLAN-${k}.`);
        if (k < CHAPTERS) expect(prompt).toContain(`PLAN-${k + 1}.`);
        expect(prompt).not.toContain(`PLAN-${k + 2}.`);
        // An event of chapter 1 (long before chapter k−1) reaches chapter k through the story bible.
        expect(prompt).toContain(eventOf.get(1)!);
        expect(prompt).toContain(eventOf.get(k - 2)!);
      }
      const early = chapterPrompts.get(3)!.length;
      const late = chapterPrompts.get(CHAPTERS)!.length;
      expect(late).toBeLessThan(1.5 * early);
    },
  );

  it(
    'the memory is asked for in Malay for a Malay book, ' + 'and a failed update is caught up before the next step',
    async () => {
      const spec = catalog.get('romance')!;
      const store = inMemoryProgressStore();
      const provider = providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL });
      const open = () =>
        BookSession.open({
          spec,
          renderer: catalog.renderer,
          provider,
          store,
          key: 'ms',
          settings: parseSettings(spec, { language: 'ms' }),
          totalChapters: 2,
          onFinished: 'restart',
        });
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
      expect(userPrompt(memoryCall!)).toMatch(/^Kemas kini catatan cerita bagi sebuah buku/);
      expect(userPrompt(chapterCall!)).toContain('Catatan cerita setakat ini');
      expect(userPrompt(chapterCall!)).toMatch(/EVENT-\d+ happened/);
      expect(resumed.state.memoryUpTo).toBe(0);
    },
  );
});
