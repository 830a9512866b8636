// A bible that knows when: every entry carries the part it became true in, and a rewrite of chapter 3 of a
// 12-chapter book (`karya rewrite` and BookSession.rewrite, the studio's route) is sent the bible as it
// stood before chapter 3: no fact, character state or chapter line a later chapter established, while
// what chapters 1 and 2 established is there. English and Malay. The AI API is the fake server, answered by
// the scripted continuity book (tests/continuity-book.ts).

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, userMessageOf, type FakeOpenAI } from '../fake-openai.js';
import { continuityBook, CONTINUITY_PLAN } from '../continuity-book.js';
import { BookSession, inMemoryProgressStore, parseBible, parseSettings } from '../../engine/index.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { loadCatalog } from '../../engine/node/load.js';
import { tempDir } from '../temp.js';

const catalog = loadCatalog({ useDiskCache: true });
const isUpdate = (user: string) => /^(Update the story bible|Kemas kini catatan cerita)/.test(user.trim());

/** The rewrite's own request (not its bible update) among the requests since `from`. */
function rewriteRequest(fake: FakeOpenAI, from: number): string {
  const users = fake
    .generationRequests()
    .slice(from)
    .map((r) => userMessageOf(r.body ?? {}));
  const found = users.find((u) => !isUpdate(u));
  expect(found).toBeDefined();
  return found!;
}

/** What the rewrite of chapter 3 may and may not be sent. */
function expectBibleBeforeChapter3(user: string, lang: 'en' | 'ms') {
  for (let k = 3; k <= 12; k++) expect(user, `Marker ${k}`).not.toMatch(new RegExp(`Marker ${k}\\b`));
  expect(user).toContain('Marker 2');
  expect(user).toContain('Heron');
  expect(user).not.toContain('Osprey');
  expect(user).toContain(lang === 'ms' ? 'masih hidup, di kemudi' : 'alive, at the helm');
  expect(user).not.toContain(lang === 'ms' ? 'hilang dalam ribut' : 'lost in the storm');
  expect(user).not.toMatch(lang === 'ms' ? /Peristiwa Bab ([3-9]|1[0-2])\b/ : /Events of Chapter ([3-9]|1[0-2])\b/);
}

describe.each(['en', 'ms'] as const)('rewriting chapter 3 of a 12-chapter book (%s)', (lang) => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    // A 32k window (as a local server reports it), so the rewrite's long request keeps its whole bible.
    fake = await startFakeOpenAI({
      answer: continuityBook({ ...CONTINUITY_PLAN, lang }),
      props: true,
      contextTokens: 32_768,
    });
  });
  afterAll(() => fake.close());

  it('BookSession.rewrite sends the bible as of chapter 2; the book keeps its dates', async () => {
    const spec = catalog.get('romance')!;
    const provider = providerFromEnv({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL });
    const session = await BookSession.open({
      spec,
      renderer: catalog.renderer,
      provider,
      store: inMemoryProgressStore(),
      key: 'book',
      settings: parseSettings(spec, { language: lang }),
      totalChapters: 12,
      onFinished: 'keep',
    });
    while (!session.isFinished) {
      await session.advance();
      if (session.needsMemory) await session.remember();
    }
    const bible = parseBible(session.state.memory);
    expect(bible.factSince?.['Marker 7: ' + (lang === 'ms' ? 'tanda bab 7' : 'chapter token 7')]).toBe(
      lang === 'ms' ? 'Bab 7' : 'Chapter 7',
    );
    expect(bible.characters.find((c) => c.name === 'Mara')?.since).toBe(lang === 'ms' ? 'Bab 4' : 'Chapter 4');
    const from = fake.generationRequests().length;
    await session.rewrite(3);
    expectBibleBeforeChapter3(rewriteRequest(fake, from), lang);
  });

  it('karya rewrite --part chapter:3 sends the bible as of chapter 2', async () => {
    const cwd = tempDir('karya-asof-');
    const env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL };
    const made = await runKaryaInProcess(
      ['generate', 'romance', '--chapters', '12', '--lang', lang, '--out', 'book.md'],
      { cwd, env },
    );
    expect(made.code, made.stderr).toBe(0);
    const from = fake.generationRequests().length;
    const r = await runKaryaInProcess(
      ['rewrite', 'romance', '--chapters', '12', '--lang', lang, '--part', 'chapter:3'],
      { cwd, env },
    );
    expect(r.code, r.stderr).toBe(0);
    expectBibleBeforeChapter3(rewriteRequest(fake, from), lang);
  });
});
