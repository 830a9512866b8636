// A translation's budget of model calls (engine/budget.ts), as a writer meets it with `karya translate`: a model that
// refuses every window ends the edition after a few asks, not the whole book down the ladder, exit 1 naming the
// refusals in the writer's language; --max-calls bounds the run, whose windows had are kept for the next run; the
// plan and its bound are said before anything is asked.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { REFUSAL_TEXT, startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { underWriter } from '../scripted-models.js';
import { fakeTranslator, isTranslateRequest } from '../fake-translator.js';
import { CHAPTERS, chapterParagraphs, saveRomance, savedEdition } from './book.js';
import type { Lang } from '../../engine/index.js';
import { tempDir } from '../temp.js';

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setUp(
  lang: Lang & keyof typeof REFUSAL_TEXT,
  opts: { refuses?: boolean; isEmpty?: boolean; cannot?: string; long?: number } = {},
) {
  const translator = fakeTranslator(opts.cannot ? { cannot: opts.cannot } : {});
  fake = await startFakeOpenAI(
    underWriter(1).fakeOptions({
      reply: (body) => {
        if (opts.refuses && isTranslateRequest(body)) return { text: REFUSAL_TEXT[lang] };
        if (opts.isEmpty && isTranslateRequest(body)) return { text: '' };
        return translator.reply(body);
      },
    }),
  );
  const cwd = tempDir('karya-translate-budget-');
  const state = path.join(cwd, 'state.sqlite');
  const id = await saveRomance(state, lang, opts.long ? { long: opts.long } : {});
  const f = fake;
  const karya = (args: string[]) =>
    runKaryaInProcess([...args, '--state', state], { cwd, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: f.baseURL } });
  const asks = () => f.generationRequests().filter((r) => isTranslateRequest(r.body ?? {}));
  return { state, id, karya, asks, calls: () => f.generationRequests().length };
}

describe('karya translate within its budget of model calls', () => {
  it(
    'a model that refuses every translation: at most 24 ' + 'calls for a 5-chapter book, exit 1 naming the refusals',
    async () => {
      const { id, karya, calls } = await setUp('en', { refuses: true });
      const r = await karya(['translate', '--book', String(id), '--to', 'ms']);
      expect(r.code).toBe(1);
      expect(calls(), r.stderr).toBeLessThanOrEqual(24);
      expect(r.stderr).toMatch(
        /karya: \d+ model calls planned; the run stops at \d+ calls, or once 4 answers in a row have failed/,
      );
      expect(r.stderr).toMatch(
        new RegExp(
          /The model failed 4 times in a row \(refusals\), so the run stopped after \d+ model calls\. What/.source +
            / was done is saved and nothing undelivered is charged\./.source,
        ),
      );
      // Not a chapter after the first was asked.
      expect(r.stderr).not.toMatch(/translating Chapter 2/);
    },
  );

  it(
    'a model that answers every translation with nothing: ' + 'at most 24 calls, exit 1 naming the empty answers',
    async () => {
      const { id, karya, calls } = await setUp('en', { isEmpty: true });
      const r = await karya(['translate', '--book', String(id), '--to', 'ms']);
      expect(r.code).toBe(1);
      expect(calls(), r.stderr).toBeLessThanOrEqual(24);
      expect(r.stderr).toMatch(/The model failed 4 times in a row \(empty answers\)/);
    },
  );

  it('says the refusals in Malay to a Malay writer', async () => {
    const { id, karya, calls } = await setUp('ms', { refuses: true });
    const r = await karya(['translate', '--book', String(id), '--to', 'en']);
    expect(r.code).toBe(1);
    expect(calls()).toBeLessThanOrEqual(24);
    expect(r.stderr).toMatch(/panggilan model dirancang/);
    expect(r.stderr).toMatch(/Model gagal 4 kali berturut-turut \(penolakan\)/);
  });

  it('--max-calls 2 stops after two calls, the windows had kept; the next run asks only for the rest', async () => {
    const { state, id, karya, asks } = await setUp('en');
    const first = await karya(['translate', '--book', String(id), '--to', 'ms', '--no-bible', '--max-calls', '2']);
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/the run stops at 2 calls/);
    expect(first.stderr).toMatch(/The run stopped at its bound of 2 model calls/);
    expect(asks()).toHaveLength(2);
    const partial = (await savedEdition(state))!;
    expect(partial.state.content.filter((t) => t.trim())).toHaveLength(2);
    const second = await karya(['translate', '--book', String(id), '--to', 'ms', '--no-bible', '--json']);
    expect(second.code, second.stderr).toBe(0);
    // One window a chapter: the two had are not asked again.
    expect(asks()).toHaveLength(CHAPTERS);
    const { edition } = JSON.parse(second.stdout) as {
      edition: { calls: { planned: number; bound: number; calls: number } };
    };
    expect(edition.calls).toEqual({ planned: CHAPTERS - 2, bound: 3 * (CHAPTERS - 2) + 8, calls: CHAPTERS - 2 });
  });

  it(
    'a model that cannot translate one paragraph: it is ' + 'marked and the edition goes on to the end, not stopped',
    async () => {
      // Chapter 2 (12 paragraphs, its title asked with them) cannot have its first: halving its window down to it fails
      // four asks in a row, but only one paragraph is given up, and the windows after it are translated.
      const bad = chapterParagraphs(2, 'en', 12)[0]!;
      const { state, id, karya } = await setUp('en', { cannot: bad, long: 2 });
      const r = await karya(['translate', '--book', String(id), '--to', 'ms', '--no-bible', '--json']);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).not.toMatch(/failed 4 times in a row/);
      expect(r.stderr).toMatch(/Chapter 2: paragraph\(s\) 1 could not be translated/);
      const { edition } = JSON.parse(r.stdout) as {
        edition: { parts: Array<{ label: string; untranslated?: number[] }> };
      };
      // Every chapter asked; only Chapter 2's first paragraph left in English.
      expect(edition.parts.filter((p) => p.label.startsWith('Chapter')).map((p) => p.label)).toEqual(
        Array.from({ length: CHAPTERS }, (_, i) => `Chapter ${i + 1}`),
      );
      expect(edition.parts.filter((p) => p.untranslated?.length).map((p) => [p.label, p.untranslated])).toEqual([
        ['Chapter 2', [1]],
      ]);
      const saved = (await savedEdition(state))!;
      expect(saved.state.content.filter((t) => t.trim())).toHaveLength(CHAPTERS);
    },
  );

  it('refuses a --max-calls that is not a whole number from 1, before anything is asked', async () => {
    const { id, karya, calls } = await setUp('en');
    const r = await karya(['translate', '--book', String(id), '--to', 'ms', '--max-calls', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--max-calls: "0" is not a whole number of calls from 1 up/);
    expect(calls()).toBe(0);
  });
});
