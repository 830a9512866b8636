// `karya translate` in a small model's window, with the writer's glossary, and as a batch job: windows of whole
// paragraphs that fit (the fake server refuses any request over its window), a stop inside a part and a rerun
// that goes on from the window it stopped at (each window paid once), the writer's renderings held.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI, type FakeOpenAIOptions } from '../fake-openai.js';
import { underWriter } from '../scripted-models.js';
import { fakeTranslator, isTranslateRequest } from '../fake-translator.js';
import { CHAPTERS, chapterParagraphs, saveRomance, savedEdition } from './book.js';
import { tempDir } from '../temp.js';

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setUp(
  options: FakeOpenAIOptions & { fail?: (n: number) => boolean } = {},
  env: Record<string, string> = {},
) {
  const translator = fakeTranslator();
  let n = 0;
  fake = await startFakeOpenAI(
    underWriter(1).fakeOptions({
      ...options,
      reply: (body) => {
        if (isTranslateRequest(body) && options.fail?.(n++))
          return { status: 500, body: { error: { message: 'down' } } };
        return translator.reply(body);
      },
    }),
  );
  const cwd = tempDir('karya-translate-cli-');
  const state = path.join(cwd, 'state.sqlite');
  const id = await saveRomance(state, 'en');
  const f = fake;
  const karya = (args: string[]) =>
    runKaryaInProcess([...args, '--state', state], {
      cwd,
      env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: f.baseURL, ...env },
    });
  const asks = () => f.generationRequests().filter((r) => isTranslateRequest(r.body ?? {}));
  return { cwd, state, id, karya, asks };
}

describe('karya translate in a small window, with a glossary, in a batch', () => {
  it(
    'translates in windows that fit the model, and after a ' +
      'stop inside a part goes on from the window it stopped at',
    async () => {
      // A 900-token model: a window holds a paragraph or two beside the paragraph before it; the fake refuses anything
      // larger (HTTP 400).
      const { state, karya, asks, id } = await setUp(
        { contextTokens: 900, fail: (n) => n === 4 },
        { KARYA_CONTEXT_TOKENS: '900' },
      );
      // (The edition's story bible needs a larger window than this: it is left for later.)
      const first = await karya(['translate', '--book', String(id), '--to', 'ms', '--no-bible']);
      expect(first.code).toBe(1);
      expect(first.stderr).toMatch(/translating Chapter 2 \(window 2 of \d\)/);
      // The fifth window (Chapter 2's second) failed: Chapter 1's three windows and Chapter 2's first are saved,
      // Chapter 2
      // not finished.
      const partial = (await savedEdition(state))!;
      expect(partial.state.incompleteParts).toEqual([2]);
      const again = await karya(['translate', '--book', String(id), '--to', 'ms', '--json', '--no-bible']);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toMatch(/translating Chapter 2 \(window 2 of \d\)/);
      expect(again.stderr).not.toMatch(/translating Chapter 1|translating Chapter 2 \(window 1 of/);
      const edition = (await savedEdition(state))!;
      for (let n = 1; n <= CHAPTERS; n++)
        expect(edition.state.content[n]!.split(/\n\s*\n/)).toHaveLength(chapterParagraphs(n, 'en').length);
      expect(edition.state.incompleteParts).toBeUndefined();
      const bodies = asks().map((q) => JSON.stringify(q.body?.messages));
      // Every window answered once: the requests are the windows each run named (none asked again), and the rerun's
      // first is the one that failed. (The fixture repeats paragraphs across chapters: two windows may read alike.)
      const named = (text: string) => text.split('\n').filter((l) => /… translating Chapter/.test(l)).length;
      expect(bodies).toHaveLength(named(first.stderr) + named(again.stderr));
      expect(`${first.stderr}${again.stderr}`).not.toMatch(/asking Chapter/);
      expect(bodies[5]).toBe(bodies[4]);
      expect(asks().length).toBeGreaterThan(CHAPTERS * 2);
      expect(asks().every((q) => (q.promptTokens ?? 0) + Number(q.body?.max_tokens) <= 900)).toBe(true);
    },
  );

  it("holds the writer's renderings from --glossary, and refuses a glossary that is not a map", async () => {
    const { cwd, id, karya } = await setUp();
    writeFileSync(path.join(cwd, 'names.yaml'), 'Daniel: Danial\nDaniel Lee: Danial Lee\n');
    const r = await karya(['translate', '--book', String(id), '--to', 'ms', '--glossary', 'names.yaml', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const edition = JSON.parse(r.stdout) as { edition: { id: number } };
    expect(edition.edition.id).toBeGreaterThan(0);
    const { state } = (await savedEdition(path.join(cwd, 'state.sqlite')))!;
    const text = state.content.join('\n\n');
    expect(text).toContain('Danial');
    expect(text).not.toMatch(/\bDaniel\b/);
    writeFileSync(path.join(cwd, 'bad.yaml'), '- Daniel\n- Aisha\n');
    const bad = await karya(['translate', '--book', String(id), '--to', 'ms', '--glossary', 'bad.yaml']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('bad.yaml: a glossary is a YAML map of term: rendering');
  });

  it('runs a batch job translate: {book, to}, and refuses one with a language Karya does not write', async () => {
    const { cwd, id, karya, state } = await setUp();
    writeFileSync(path.join(cwd, 'jobs.yaml'), `- translate: {book: ${id}, to: ms}\n`);
    const r = await karya(['batch', 'jobs.yaml', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('"type":"translated"');
    expect((await savedEdition(state))!.state.lang).toBe('ms');
    writeFileSync(path.join(cwd, 'bad.yaml'), `- translate: {book: ${id}, to: fr}\n`);
    const bad = await karya(['batch', 'bad.yaml']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('translate.to: "fr" is not a language Karya writes');
  });
});

describe('karya translate before the book is read', () => {
  it(
    "speaks the source's language (the other one than --to): " +
      'an English writer asking for a Malay edition reads English',
    async () => {
      const dir = tempDir('karya-translate-usage-');
      const toMalay = await runKaryaInProcess(
        ['translate', '--book', '99', '--to', 'ms', '--state', path.join(dir, 'none.sqlite')],
        { cwd: dir, env: { OPENAI_API_KEY: 'sk-test' } },
      );
      expect(toMalay.code).toBe(2);
      expect(toMalay.stderr).toMatch(/no book 99/i);
      const toEnglish = await runKaryaInProcess(
        ['translate', '--book', '99', '--to', 'en', '--state', path.join(dir, 'none.sqlite')],
        { cwd: dir, env: { OPENAI_API_KEY: 'sk-test' } },
      );
      expect(toEnglish.code).toBe(2);
      expect(toEnglish.stderr).toContain('Tiada buku 99');
    },
  );
});
