// `karya translate` against models that cannot answer a window as asked: one that merges two paragraphs of every
// window longer than three (what models do most on long windows), every time, and one that never translates one
// paragraph. The window is asked again, then cut in halves down to one paragraph; the edition finishes with every
// source paragraph accounted for; a paragraph that cannot be had is kept as its source, marked, named, not charged,
// the run goes on to the book's end (exit 1), and a rerun asks only for that paragraph.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { underWriter } from '../scripted-models.js';
import {
  contextOfAsk,
  fakeTranslator,
  isAskedAgain,
  isTranslateRequest,
  translateAsk,
  type TranslatorOptions,
} from '../fake-translator.js';
import { CHAPTERS, chapterParagraphs, saveRomance, savedEdition } from './book.js';
import type { Lang } from '../../engine/index.js';
import { tempDir } from '../temp.js';

interface Edition {
  edition: {
    credits: number;
    parts: Array<{ position: number; status: string; credits: number; paragraphs: number; untranslated?: number[] }>;
  };
}

let fake: FakeOpenAI | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/**
 * The romance in English (or `lang`), a fake translator taught `options` (changed with `teach`), `karya` run against
 * both.
 */
async function setUp(options: TranslatorOptions, lang: Lang = 'en') {
  let translator = fakeTranslator(options);
  fake = await startFakeOpenAI(underWriter(1).fakeOptions({ reply: (body) => translator.reply(body) }));
  const cwd = tempDir('karya-translate-ladder-');
  dirs.push(cwd);
  const state = path.join(cwd, 'state.sqlite');
  const id = await saveRomance(state, lang);
  const f = fake;
  const karya = (args: string[]) =>
    runKaryaInProcess([...args, '--state', state], { cwd, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: f.baseURL } });
  const asks = () =>
    f
      .generationRequests()
      .filter((r) => isTranslateRequest(r.body ?? {}))
      .map((r) => r.body ?? {});
  return { state, id, karya, asks, teach: (o: TranslatorOptions) => void (translator = fakeTranslator(o)) };
}

/** A chapter's paragraphs as the edition holds them. */
const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

describe('karya translate down the ladder', () => {
  it(
    'finishes against a model that merges two paragraphs of every ' +
      'window longer than three: each such window asked twice, then halved',
    async () => {
      const { state, id, karya, asks } = await setUp({ mergeOver: 3 });
      const r = await karya(['translate', '--book', String(id), '--to', 'ms', '--json', '--no-bible']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/asking Chapter 1 \(window 1 of 1\) again: it had 4 paragraphs for 5 source paragraphs/);
      expect(r.stderr).toMatch(/translating Chapter 1, paragraphs 1–2 \(window 1 of 1\)/);
      const { edition } = JSON.parse(r.stdout) as Edition;
      expect(edition.credits).toBe(CHAPTERS);
      const saved = (await savedEdition(state))!;
      expect(saved.state.provenance?.[1]?.untranslated).toBeUndefined();
      // Every source paragraph accounted for: one translation each, none left as its source.
      for (let n = 1; n <= CHAPTERS; n++) {
        const source = chapterParagraphs(n, 'en');
        const kept = paragraphsOf(saved.state.content[n]!);
        expect(kept).toHaveLength(source.length);
        kept.forEach((p, i) => expect(p).not.toBe(source[i]));
        expect(saved.state.chapterTitles?.[n]).toBeTruthy();
      }
      // Each window of more than three (a chapter's title and its paragraphs) asked, asked again, then halved;
      // no window of three or fewer asked twice: split as far as needed, no further.
      const sizes = asks().map((b) => ({ size: translateAsk(b).paragraphs.length, isAgain: isAskedAgain(b) }));
      const long = sizes.filter((s) => s.size > 3);
      expect([long.filter((s) => !s.isAgain).length, long.filter((s) => s.isAgain).length]).toEqual([
        CHAPTERS,
        CHAPTERS,
      ]);
      expect(sizes.filter((s) => s.size <= 3).every((s) => !s.isAgain)).toBe(true);
      // Every chapter is 4 to 6 items: its window asked twice, then two halves of at most three.
      expect(sizes).toHaveLength(4 * CHAPTERS);
    },
  );

  it('splits down to one paragraph when every window of more than one is merged', async () => {
    const { state, id, karya, asks } = await setUp({ mergeOver: 1 });
    // Every window down to single paragraphs takes about twelve asks a window, four times the run's default bound
    // (engine/budget.ts): the writer allows it with --max-calls.
    const r = await karya(['translate', '--book', String(id), '--to', 'ms', '--no-bible', '--max-calls', '200']);
    expect(r.code, r.stderr).toBe(0);
    const saved = (await savedEdition(state))!;
    for (let n = 1; n <= CHAPTERS; n++)
      expect(paragraphsOf(saved.state.content[n]!)).toHaveLength(chapterParagraphs(n, 'en').length);
    // The windows kept are single paragraphs (or a chapter's title alone).
    const answered = asks().filter((b) => translateAsk(b).paragraphs.length === 1);
    const items = Array.from({ length: CHAPTERS }, (_, i) => chapterParagraphs(i + 1, 'en').length + 1).reduce(
      (a, b) => a + b,
      0,
    );
    expect(answered).toHaveLength(items);
  });

  it(
    'keeps a paragraph the model never translates as its source, ' +
      'marked; goes on to the end; a rerun asks only for it',
    async () => {
      // Chapter 3's second paragraph, which no other chapter repeats.
      const stuck = chapterParagraphs(3, 'en')[1]!;
      expect([1, 2, 4, 5].some((n) => chapterParagraphs(n, 'en').includes(stuck))).toBe(false);
      const { state, id, karya, asks, teach } = await setUp({ cannot: stuck });
      const r = await karya(['translate', '--book', String(id), '--to', 'ms', '--json', '--no-bible']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        'karya: Chapter 3: paragraph(s) 2 could not be translated (paragraph 2 was left ' +
          'as its source was, untranslated.) and are kept in English, marked untranslated.',
      );
      expect(r.stderr).toContain('Run the same command again to ask for only what is left (1 paragraph(s))');
      const { edition } = JSON.parse(r.stdout) as Edition;
      // The chapters after it are translated and charged; Chapter 3 is not charged.
      expect(edition.parts.slice(1).map((p) => [p.status, p.credits])).toEqual([
        ['translated', 1],
        ['translated', 1],
        ['untranslated', 0],
        ['translated', 1],
        ['translated', 1],
      ]);
      expect(edition.parts[3]!.untranslated).toEqual([2]);
      const saved = (await savedEdition(state))!;
      expect(saved.state.provenance?.[3]?.untranslated).toEqual([1]);
      const chapter3 = paragraphsOf(saved.state.content[3]!);
      expect(chapter3).toHaveLength(chapterParagraphs(3, 'en').length);
      expect(chapter3[1]).toBe(stuck);
      chapter3
        .filter((_, i) => i !== 1)
        .forEach((p, i) => expect(p).not.toBe(chapterParagraphs(3, 'en').filter((_, j) => j !== 1)[i]));
      for (const n of [4, 5])
        expect(paragraphsOf(saved.state.content[n]!)).toHaveLength(chapterParagraphs(n, 'en').length);

      // Run again against the same model: only that paragraph is asked (asked and asked again), still left.
      const before = asks().length;
      const again = await karya(['translate', '--book', String(id), '--to', 'ms', '--no-bible']);
      expect(again.code).toBe(1);
      expect(
        asks()
          .slice(before)
          .map((b) => translateAsk(b).paragraphs),
      ).toEqual([[stuck], [stuck]]);
      expect(again.stderr).toMatch(/remaining: 1|1 still to pay/);

      // A model that can: one request, that paragraph alone with the paragraph before it as context; the part is
      // charged now.
      teach({});
      const last = asks().length;
      const done = await karya(['translate', '--book', String(id), '--to', 'ms', '--json', '--no-bible']);
      expect(done.code, done.stderr).toBe(0);
      const rerun = asks().slice(last);
      expect(rerun).toHaveLength(1);
      expect(translateAsk(rerun[0]!).paragraphs).toEqual([stuck]);
      expect(contextOfAsk(rerun[0]!).source).toBe(chapterParagraphs(3, 'en')[0]);
      expect(contextOfAsk(rerun[0]!).translation).toBe(chapter3[0]);
      expect((JSON.parse(done.stdout) as Edition).edition.credits).toBe(1);
      const whole = (await savedEdition(state))!;
      expect(whole.state.provenance?.[3]?.untranslated).toBeUndefined();
      expect(paragraphsOf(whole.state.content[3]!)[1]).not.toBe(stuck);
      expect(paragraphsOf(whole.state.content[3]!)).toHaveLength(chapterParagraphs(3, 'en').length);
    },
  );

  it('tells a Malay writer what is left in Malay', async () => {
    const stuck = chapterParagraphs(3, 'ms')[1]!;
    const { karya, id } = await setUp({ cannot: stuck }, 'ms');
    const r = await karya(['translate', '--book', String(id), '--to', 'en', '--no-bible']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(
        /karya: Bab 3: perenggan [\d, ]+ tidak dapat diterjemah \(.+\) dan dikekalkan dalam bahasa Melay/.source +
          /u, ditanda tidak diterjemah\./.source,
      ),
    );
    expect(r.stderr).toMatch(/Jalankan arahan yang sama sekali lagi untuk meminta yang tinggal sahaja/);
  });
});
