// The answer is the part that was asked for: `karya generate romance --chapters 3 --json` in English
// and Malay against a fake model that answers the first ask of Chapter 2 with the wrong kind of text (and the
// second ask well), or every ask of it in one wrong way. A paragraph the model writes as an assistant is taken out
// and named; a recipe, a list of chapter titles, bullets and a table or Chapter 1 word for word is asked again and
// the second answer is Chapter 2; a wall of text is split into paragraphs; an answer stopped by the provider's
// content filter fails the step naming the filter; a stream that stalls past KARYA_TIMEOUT_MS keeps its opening
// once, is not complete and is named as the time-out.

import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PROSE_BLOCK,
  PROSE_SENTENCES,
  askedWordsOf,
  isMalayRequest,
  startFakeOpenAI,
  userMessageOf,
  writeProse,
  type FakeOpenAI,
  type FakeOpenAIOptions,
} from '../fake-openai.js';
import { AI_PARAGRAPH, RECIPE, type WrongKind } from '../wrong-kind.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

interface Note {
  code: string;
  message: string;
}
interface Part {
  label: string;
  words: number;
  complete: boolean;
  notes?: Note[];
  timedOut?: true;
  continuity?: Array<{ kind: string; detail: string }>;
}

async function generate(lang: 'en' | 'ms' | 'id', options: FakeOpenAIOptions, env: Record<string, string> = {}) {
  fake = await startFakeOpenAI({ writeRatio: 1, ...options });
  const dir = tempDir('karya-kind-');
  const r = await runKaryaInProcess(
    ['generate', 'romance', '--lang', lang, '--chapters', '3', '--json', '--state', path.join(dir, 'state.sqlite')],
    {
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL, ...env },
    },
  );
  const json = r.code === 0 ? (JSON.parse(r.stdout) as { markdown: string; parts: Part[] }) : undefined;
  return { ...r, json };
}

const CHAPTER = { en: 'Chapter', ms: 'Bab' } as const;
/**
 * The stalled stream's words before it stalls, and its stall, well past the time-out (KARYA_TIMEOUT_MS) that stops it.
 * The time-out leaves a loaded machine time to read the words sent at once (a step's three asks wait it out each).
 */
const BURST_WORDS = 8;
const TIMEOUT_MS = 2_000;
const STALL_MS = 10_000;
const OUTLINE = {
  en:
    'Title: Harbour Lights\n\nChapter 1: Dawn\nAisha opens the shop.\n\nChapter ' +
    '2: Rain\nA letter comes for Aisha.\n\nChapter 3: Night\nThe shop is saved.',
  ms:
    'Tajuk: Lampu Pelabuhan\n\nBab 1: Subuh\nAisyah membuka kedai itu.\n\nBab 2: ' +
    'Hujan\nSepucuk surat tiba untuk Aisyah.\n\nBab 3: Malam\nKedai itu diselamatkan.',
} as const;

/** A chapter's text as the book shows it: from its heading to the next one. */
function chapterText(markdown: string, lang: 'en' | 'ms', n: number): string {
  const start = markdown.search(new RegExp(`^## ${CHAPTER[lang]} ${n}\\b.*$`, 'm'));
  expect(start, `no ${CHAPTER[lang]} ${n} in the book`).toBeGreaterThanOrEqual(0);
  const body = markdown.slice(start).replace(/^.*\n/, '');
  const next = body.search(/^## /m);
  return (next < 0 ? body : body.slice(0, next)).trim();
}

const partOf = (parts: Part[], lang: 'en' | 'ms', n: number) => parts.find((p) => p.label === `${CHAPTER[lang]} ${n}`)!;
/** The first asks of Chapter 2 (not its continuations), in order. */
const chapterTwoAsks = () =>
  fake!
    .generationRequests()
    .map((q) => userMessageOf(q.body ?? {}))
    .filter(
      (u) =>
        /Write Chapter 2 of|Tulis Bab 2 daripada/.test(u) && !/cut off|terpotong|so far is|setakat ini ialah/.test(u),
    );

/** How the outcome asked again is named on the part, in each language. */
const NAMED = {
  recipe: { en: 'a recipe', ms: 'resipi' },
  'chapter-titles': { en: 'an outline of chapter titles', ms: 'rangka tajuk bab' },
  'bullets-table': { en: 'a list or a table, not prose', ms: 'senarai atau jadual, bukan prosa' },
  'copy-chapter-1': { en: 'a copy of an earlier part', ms: 'salinan bahagian yang lebih awal' },
} as const;

describe.each(['en', 'ms'] as const)('Chapter 2 answered with the wrong kind of text (%s)', (lang) => {
  it(
    'an "As an AI language model…" paragraph inside good ' + 'prose: taken out of the book, the part says so, complete',
    async () => {
      const r = await generate(lang, { wrongKind: 'ai-paragraph' });
      expect(r.code, r.stderr).toBe(0);
      expect(r.json!.markdown).not.toContain(AI_PARAGRAPH[lang].slice(0, 30));
      const part = partOf(r.json!.parts, lang, 2);
      expect(part.complete).toBe(true);
      expect(part.notes?.map((n) => n.code)).toEqual(['answer_talk_removed']);
      expect(r.stderr).toContain(part.notes![0]!.message);
      expect(chapterTwoAsks()).toHaveLength(1);
    },
  );

  it.each(['recipe', 'chapter-titles', 'bullets-table', 'copy-chapter-1'] as const)(
    '%s: asked again once, none of it in the book, Chapter 2 is the second answer',
    async (kind: WrongKind) => {
      const r = await generate(lang, { wrongKind: kind });
      expect(r.code, r.stderr).toBe(0);
      const markdown = r.json!.markdown;
      const two = chapterText(markdown, lang, 2);
      // Two asks of Chapter 2: the second carries the firm note.
      const asks = chapterTwoAsks();
      expect(asks).toHaveLength(2);
      expect(asks[1]).not.toBe(asks[0]);
      expect(markdown).not.toContain(RECIPE[lang].split('\n')[1]);
      expect(markdown).not.toMatch(/^\s*[-*]\s|^\s*\d+\.\s|^\|/m);
      // The second answer: prose of the length asked, none of Chapter 1 in it.
      expect(two.split(/\s+/).length).toBeGreaterThan(1200);
      const one = chapterText(markdown, lang, 1);
      for (const paragraph of one.split(/\n\s*\n/))
        expect(markdown.split(paragraph).length - 1, paragraph.slice(0, 40)).toBe(1);
      const part = partOf(r.json!.parts, lang, 2);
      expect(part.complete).toBe(true);
      expect(part.notes?.[0]?.code).toBe('answer_asked_again');
      expect(part.notes![0]!.message).toContain(NAMED[kind as keyof typeof NAMED][lang]);
    },
  );

  it(
    "every character renamed: asked again once with the bible's names, " +
      'then kept with a continuity finding naming the absent and the new',
    async () => {
      const r = await generate(lang, { wrongKind: 'renamed' });
      expect(r.code, r.stderr).toBe(0);
      expect(chapterTwoAsks()).toHaveLength(2);
      const names = lang === 'ms' ? 'Aisyah, Daniel' : 'Aisha, Daniel';
      expect(chapterTwoAsks()[1]).toContain(names);
      const part = partOf(r.json!.parts, lang, 2);
      expect(part.notes?.map((n) => n.code)).toEqual(['answer_asked_again']);
      const finding = part.continuity?.find((f) => f.kind === 'ignores_bible');
      const said = (
        lang === 'ms'
          ? /^Mengabaikan catatan cerita: (.+) tiada; (.+) baharu$/
          : /^Ignores the story bible: (.+) absent; (.+) new$/
      ).exec(finding?.detail ?? '');
      expect(said?.[1]).toBe(names);
      expect(said?.[2]?.split(', ').sort()).toEqual(['Farid', 'Marcus', 'Priya']);
      expect(r.stderr).toContain(`⚠ ${`${CHAPTER[lang]} 2`.padEnd(24)} ${finding!.detail}`);
      // The chapters that keep the book's people have no such finding.
      expect(
        r.json!.parts.filter((p) => p.continuity?.some((f) => f.kind === 'ignores_bible')).map((p) => p.label),
      ).toEqual([`${CHAPTER[lang]} 2`]);
    },
  );

  it('4,000 words on one line: kept, split into paragraphs at sentence ends, and the part says so', async () => {
    const r = await generate(lang, {
      wrongKind: 'wall',
      writeRatio: (body) => (/Write Chapter 2 of|Tulis Bab 2 daripada/.test(userMessageOf(body)) ? 2.7 : 1),
    });
    expect(r.code, r.stderr).toBe(0);
    const two = chapterText(r.json!.markdown, lang, 2);
    const paragraphs = two.split(/\n\s*\n/);
    expect(paragraphs.length).toBeGreaterThanOrEqual(20);
    for (const p of paragraphs) {
      expect(p.split(/\s+/).length).toBeLessThan(400);
      expect(p).toMatch(/[.!?]$/);
    }
    const part = partOf(r.json!.parts, lang, 2);
    expect(part.notes?.map((n) => n.code)).toEqual(['answer_wall_split']);
    expect(chapterTwoAsks()).toHaveLength(1);
  });

  it(
    'every answer of Chapter 2 stopped with finish_reason ' +
      'content_filter: the step fails naming the filter, nothing of it kept',
    async () => {
      const r = await generate(lang, { wrongKind: 'content-filter' });
      expect(r.code).toBe(1);
      // --json prints the failure as one object naming the part, and nothing of the filtered text.
      expect(JSON.parse(r.stdout).error).toMatchObject({ code: 'filtered', part: 'chapter:2' });
      expect(r.stderr).toContain(`karya: ${CHAPTER[lang]} 2: `);
      expect(r.stderr).toContain(
        lang === 'ms' ? 'Penapis kandungan perkhidmatan AI' : "The AI service's content filter",
      );
      expect(chapterTwoAsks()).toHaveLength(2);
    },
  );

  it(
    'a stream that stalls past KARYA_TIMEOUT_MS: the opening ' +
      'stands once, the part is not complete, the time-out is named',
    async () => {
      // Every ask of Chapter 2 starts the chapter over, sends its first words at once and then stalls: each is stopped
      // by the time-out with those words. (A trickle of a word every 150 ms against 900 ms left the words that came to
      // the machine's load: at load ~15 a first ask got 3 words, and the opening stood twice.)
      const isTwo = (body: Record<string, unknown>) =>
        /Write Chapter 2 of|Tulis Bab 2 daripada/.test(userMessageOf(body));
      const wordsSent = new WeakMap<Record<string, unknown>, number>();
      const stall = (body: Record<string, unknown>) => {
        const n = wordsSent.get(body) ?? 0;
        wordsSent.set(body, n + 1);
        return n < BURST_WORDS ? 0 : STALL_MS;
      };
      const opening = (body: Record<string, unknown>) =>
        writeProse(1500, PROSE_SENTENCES[isMalayRequest(body) ? 'ms' : 'en'], 5 * PROSE_BLOCK);
      const r = await generate(
        lang,
        {
          answer: (body, i) =>
            isTwo(body)
              ? opening(body)
              : writeProse(askedWordsOf(body), PROSE_SENTENCES[isMalayRequest(body) ? 'ms' : 'en'], i * PROSE_BLOCK) ||
                OUTLINE[isMalayRequest(body) ? 'ms' : 'en'],
          streamDelayMs: (body) => (isTwo(body) ? stall(body) : 0),
        },
        { KARYA_TIMEOUT_MS: String(TIMEOUT_MS) },
      );
      expect(r.code, r.stderr).toBe(0);
      const two = chapterText(r.json!.markdown, lang, 2);
      const first = PROSE_SENTENCES[lang][0]!.split(' ').slice(0, 3).join(' ');
      expect(two.startsWith(first) || two.includes(first)).toBe(true);
      expect(two.split(first).length - 1).toBe(1);
      const part = partOf(r.json!.parts, lang, 2);
      expect(part.complete).toBe(false);
      expect(part.timedOut).toBe(true);
      expect(part.notes?.map((n) => n.code)).toEqual(['answer_timed_out_cut']);
      expect(r.stderr).toContain(lang === 'ms' ? 'tamat masa' : 'time-out');
      expect(r.stderr).not.toContain(lang === 'ms' ? 'mencapai had panjang' : 'reached the length limit');
    },
  );
});

// The fake model answers an Indonesian book's Chapter 2 with the same wrong kinds, written in Indonesian.
describe('Chapter 2 of an Indonesian book answered with the wrong kind of text', () => {
  const NAMED_ID = {
    recipe: 'resep',
    'chapter-titles': 'kerangka judul bab',
    'bullets-table': 'daftar atau tabel, bukan prosa',
  } as const;
  const partTwo = (parts: Part[]) => parts.find((p) => p.label === 'Bab 2')!;
  const asksOfTwo = () =>
    fake!
      .generationRequests()
      .map((q) => userMessageOf(q.body ?? {}))
      .filter((u) => /Tulis Bab 2 dari /.test(u) && !/terpotong|sejauh ini berjumlah/.test(u));

  it(
    'an "Sebagai model bahasa AI…" paragraph inside good prose: ' +
      'taken out of the book, the part says so in Indonesian',
    async () => {
      const r = await generate('id', { wrongKind: 'ai-paragraph' });
      expect(r.code, r.stderr).toBe(0);
      expect(r.json!.markdown).not.toContain(AI_PARAGRAPH.id.slice(0, 30));
      const part = partTwo(r.json!.parts);
      expect(part.complete).toBe(true);
      expect(part.notes?.map((n) => n.code)).toEqual(['answer_talk_removed']);
      expect(asksOfTwo()).toHaveLength(1);
    },
  );

  it.each(['recipe', 'chapter-titles', 'bullets-table'] as const)(
    '%s in Indonesian: asked again once, none of it in the book, named in Indonesian',
    async (kind) => {
      const r = await generate('id', { wrongKind: kind });
      expect(r.code, r.stderr).toBe(0);
      expect(asksOfTwo()).toHaveLength(2);
      const markdown = r.json!.markdown;
      expect(markdown).not.toContain(RECIPE.id.split('\n')[1]);
      expect(markdown).not.toMatch(/^\s*[-*]\s|^\s*\d+\.\s|^\|/m);
      const part = partTwo(r.json!.parts);
      expect(part.complete).toBe(true);
      expect(part.notes?.[0]?.code).toBe('answer_asked_again');
      expect(part.notes![0]!.message).toContain(NAMED_ID[kind]);
    },
  );
});
