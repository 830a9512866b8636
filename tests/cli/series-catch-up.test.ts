// A series book started on the command line catches up the book before it first, as POST /series/:id/next does:
// book 1's story-bible update of its conclusion (where Mak Som dies and Daniel leaves) fails when it is written,
// so its bible stops before it; `karya generate --series` for book 2 asks for that update again before anything
// else, and book 2's first chapter is written knowing how book 1 ended.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess, type InProcessRun } from '../karya-in-process.js';
import { isBibleRequest, startFakeOpenAI, userMessageOf, type FakeOpenAI } from '../fake-openai.js';
import { seriesModel } from '../series-book.js';
import { tempDir } from '../temp.js';

const SERIES = 'Penang Bakery';
/** An update of book 1's conclusion: the one part an update names neither as a chapter nor as the introduction. */
const isBook1Conclusion = (user: string) =>
  /\[B1\]/.test(user) && !/\((Chapter|Bab) \d+\)|\((Introduction|Pengenalan)\)/.test(user);

describe('karya generate --series: the book before is caught up first', () => {
  let fake: FakeOpenAI;
  let cwd: string;
  let isConclusionFailing = true;
  const run = (args: string[]) =>
    runKaryaInProcess(args, { cwd, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL } });
  const book = (n: number) =>
    run(['generate', 'romance', '--chapters', '3', '--series', SERIES, '--json', '--out', `book${n}.md`]);
  let first: InProcessRun;
  let second: InProcessRun;
  let prompts: string[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAI({
      answer: seriesModel().answer,
      contextTokens: 32_768,
      // The provider refuses book 1's last update while it is written (a request it cannot take), not later.
      reply: (body) =>
        isConclusionFailing && isBibleRequest(body) && isBook1Conclusion(userMessageOf(body))
          ? { status: 400, body: { error: { message: 'invalid request', type: 'invalid_request_error' } } }
          : undefined,
    });
    cwd = tempDir('karya-series-catch-up-');
    first = await book(1);
    isConclusionFailing = false;
    const from = fake.generationRequests().length;
    second = await book(2);
    prompts = fake
      .generationRequests()
      .slice(from)
      .map((q) => userMessageOf(q.body ?? {}));
  }, 240_000);
  afterAll(() => fake.close());

  it('book 1 is written though its last update failed, and book 2 starts', () => {
    expect(first.code, first.stderr).toBe(0);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(`book 2 of the series "${SERIES}"`);
  });

  it("asks for book 1's conclusion update again before book 2's first request", () => {
    const update = prompts.findIndex(isBook1Conclusion);
    expect(update).toBeGreaterThanOrEqual(0);
    const firstOfBook2 = prompts.findIndex((p) => p.startsWith('Create a detailed story outline'));
    expect(update).toBeLessThan(firstOfBook2);
  });

  it("book 2's first chapter knows how book 1 ended: Mak Som dead, Daniel gone to London", () => {
    const chapter1 = prompts.find((p) => p.startsWith('Write Chapter 1 of 3'));
    expect(chapter1).toBeDefined();
    expect(chapter1).toMatch(/Mak Som \| her aunt \| dead, passed away in her sleep \| Book 1, Conclusion/);
    expect(chapter1).toMatch(/Daniel \| her rival \| left for London \| Book 1, Conclusion/);
  });
});
