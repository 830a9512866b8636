// An outline's follow-up that starts again at Chapter 1 (a model's habit: asked for the missing Chapter 4 to
// Chapter 6, it writes the title, the premise and Chapters 1 to 6 again) gives the book only the chapters asked
// for: every chapter once, in order, the first answer's Chapters 1-3 kept, the follow-up's 4-6 taken. An answer
// holding none of the chapters asked is asked again. English and Malay; the AI API is the fake server taught the habit.
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, userMessageOf, type FakeOpenAI } from '../fake-openai.js';
import { isOutlineMoreRequest } from '../scripted-models.js';
import { BookSession, inMemoryProgressStore, parseSettings } from '../../engine/index.js';
import { parsedOutlineOf } from '../../engine/compile/prompt.js';
import { loadCatalog } from '../../engine/node/load.js';
import { providerFromEnv } from '../../engine/providers/index.js';

const catalog = loadCatalog({ useDiskCache: true });
const W = {
  en: {
    head: ['Title: The Lantern Shop', "Premise: Mara comes home to run her father's lantern shop."],
    chapter: 'Chapter',
    plan: (n: number, v: string) =>
      `Mara faces the ${v} test of the harbour town in chapter ${n}, and the lanterns burn on.`,
    end: 'Ending: Mara stays.',
  },
  ms: {
    head: ['Tajuk: Kedai Tanglung', 'Premis: Aisyah pulang untuk menjaga kedai tanglung ayahnya.'],
    chapter: 'Bab',
    plan: (n: number, v: string) =>
      `Aisyah menghadapi ujian ${v} pekan pelabuhan dalam bab ${n}, dan tanglung terus menyala.`,
    end: 'Pengakhiran: Aisyah kekal.',
  },
};
const entry = (lang: 'en' | 'ms', n: number, v: string) =>
  `${W[lang].chapter} ${n}: ${v === 'first' ? 'Home' : 'Again'} ${n}\n${W[lang].plan(n, v)}`;

let fake: FakeOpenAI | undefined;
afterEach(async () => fake?.close());

describe.each(['en', 'ms'] as const)('an outline follow-up that starts again at Chapter 1 (%s)', (lang) => {
  it('the book keeps Chapters 1-3 of the first answer and takes only 4-6 of the follow-up', async () => {
    let followUps = 0;
    fake = await startFakeOpenAI({
      answer: (body) => {
        const user = userMessageOf(body);
        if (isOutlineMoreRequest(user)) {
          followUps += 1;
          // The habit: the whole outline again, from its title.
          return [
            ...W[lang].head,
            '',
            ...[1, 2, 3, 4, 5, 6].map((n) => entry(lang, n, 'second')),
            '',
            W[lang].end,
          ].join('\n\n');
        }
        // The first answer stops after Chapter 3.
        return [...W[lang].head, '', ...[1, 2, 3].map((n) => entry(lang, n, 'first'))].join('\n\n');
      },
      contextTokens: 32_768,
    });
    const spec = catalog.get('romance')!;
    const provider = providerFromEnv({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL });
    const session = await BookSession.open({
      spec,
      renderer: catalog.renderer,
      provider,
      store: inMemoryProgressStore(),
      key: 'book',
      settings: parseSettings(spec, { language: lang }),
      totalChapters: 6,
      onFinished: 'keep',
    });
    await session.advance();
    expect(followUps).toBe(1);
    const outline = session.state.outline!;
    const entries = parsedOutlineOf(spec, { outline, lang }).entries;
    expect(entries.map((e) => e.number)).toEqual([1, 2, 3, 4, 5, 6]);
    // Chapters 1-3 as the first answer planned them; 4-6 from the follow-up; the title and premise once.
    expect(outline.split(W[lang].head[0]!).length - 1).toBe(1);
    expect(outline).toContain(W[lang].plan(3, 'first'));
    expect(outline).not.toContain(W[lang].plan(3, 'second'));
    expect(outline).toContain(W[lang].plan(4, 'second'));
  });
});
