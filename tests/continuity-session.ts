// The scripted continuity book (tests/continuity-book.ts) written to its end through a BookSession: a
// romance in English or Malay against the fake OpenAI server (32k window), the story bible updated after
// every part. The caller closes the fake.
import { startFakeOpenAI, type FakeOpenAI } from './fake-openai.js';
import { continuityBook, CONTINUITY_PLAN, type ContinuityPlan } from './continuity-book.js';
import { BookSession, inMemoryProgressStore, parseSettings, type Catalog } from '../engine/index.js';
import { providerFromEnv } from '../engine/providers/index.js';

export async function writeContinuityBook(input: {
  catalog: Catalog;
  lang: 'en' | 'ms';
  /** Settings besides the language (a premise, say). */
  settings?: Record<string, unknown>;
  chapterNotes?: Record<number, string>;
  /** Where the planted faults fall (CONTINUITY_PLAN's, else); 99 leaves one out. */
  plan?: Partial<Omit<ContinuityPlan, 'lang'>>;
}): Promise<{ fake: FakeOpenAI; session: BookSession }> {
  const { catalog, lang } = input;
  const fake = await startFakeOpenAI({
    answer: continuityBook({ ...CONTINUITY_PLAN, ...input.plan, lang }),
    props: true,
    contextTokens: 32_768,
  });
  const spec = catalog.get('romance')!;
  const provider = providerFromEnv({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL });
  const settings = parseSettings(spec, { language: lang, ...input.settings });
  const session = await BookSession.open({
    spec,
    renderer: catalog.renderer,
    provider,
    store: inMemoryProgressStore(),
    key: 'book',
    settings,
    totalChapters: 10,
    onFinished: 'keep',
    ...(input.chapterNotes ? { chapterNotes: input.chapterNotes } : {}),
  });
  while (!session.isFinished) {
    await session.advance();
    if (session.needsMemory) await session.remember();
  }
  return { fake, session };
}
