// A model that always stops at its token limit (the commonest habit of small local models): it writes 1.8 times
// the words asked and the server cuts every answer at the request's max_tokens, mid-sentence, with finish_reason
// "length", continuations included. `karya generate` keeps every part within ±15 % of the words asked, each ending
// on a whole sentence, in English, Malay and Indonesian, for a novel and a guide; a single piece cut at its limit
// ends on a whole sentence too; a model that stops on its own is kept as it wrote. Sentence ends are the
// language's: quotes closing after the stop, an ellipsis, abbreviations ("Dr.", "En.", "Bpk.") that end nothing.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  askedWordsOf,
  isBibleRequest,
  startFakeOpenAI,
  type FakeOpenAI,
  type FakeOpenAIOptions,
} from '../fake-openai.js';
import { BookSession, inMemoryProgressStore, parseSettings } from '../../engine/index.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { loadCatalog } from '../../engine/node/load.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { cutToWholeEnd } from '../../engine/session/follow-ups/index.js';
import '../../engine/node.js';

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** The model of the issue: it writes 1.8 times what it is asked and is cut at max_tokens, every time. */
const PAST_ITS_LIMIT: FakeOpenAIOptions = { writeRatio: 1.8, honourMaxTokens: true };

interface Part {
  label: string;
  words: number;
  complete: boolean;
  notes?: Array<{ code: string; message: string }>;
}

async function generate(
  id: string,
  lang: 'en' | 'ms' | 'id',
  options: FakeOpenAIOptions,
  args: readonly string[] = [],
) {
  fake = await startFakeOpenAI(options);
  const dir = tempDir('karya-limit-');
  const r = await runKaryaInProcess(
    ['generate', id, '--lang', lang, '--json', '--state', path.join(dir, 'state.sqlite'), ...args],
    {
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL, KARYA_DRAFT_LANGUAGES: '1' },
    },
  );
  expect(r.code, r.stderr).toBe(0);
  return { ...r, json: JSON.parse(r.stdout) as { markdown: string; parts: Part[] } };
}

/** The book's parts as the reader gets them: the text under each "## " heading. */
const bodiesOf = (markdown: string) =>
  markdown
    .split(/\n## /)
    .slice(1)
    .map((p) => p.slice(p.indexOf('\n')).trim());
const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;
/**
 * A whole sentence's end: a full stop, a question or exclamation mark or an ellipsis, and the quotes that close after
 * it.
 */
const WHOLE_END = /[.!?…]["”’»)]*$/;
/**
 * Each language's tokens per word (languages/<code>.yaml) and the word budget's headroom and overhead
 * (generators/_shared.yaml).
 */
const RATE = { en: 1.45, ms: 1.9, id: 1.8 } as const;
const sizedFor = (words: number, lang: keyof typeof RATE) => Math.ceil((words * RATE[lang] * 1.25 + 60) / 50) * 50;
const isContinuation = (body: Record<string, unknown>) =>
  /cut off by the length limit|terpotong kerana had panjang|sebelumnya terpotong/.test(JSON.stringify(body.messages));

describe.each(['en', 'ms', 'id'] as const)('a model that always stops at its token limit (%s)', (lang) => {
  it(
    'a 3-chapter romance asked at 1,500 words a part: every ' + 'part within ±15 % of it, ending on a whole sentence',
    async () => {
      const r = await generate('romance', lang, PAST_ITS_LIMIT, ['--chapters', '3']);
      const parts = r.json.parts.slice(1);
      expect(parts).toHaveLength(5);
      for (const p of parts) {
        expect(p.words, p.label).toBeGreaterThanOrEqual(1275);
        expect(p.words, p.label).toBeLessThanOrEqual(1725);
        expect(p.complete, p.label).toBe(true);
      }
      const bodies = bodiesOf(r.json.markdown);
      expect(bodies).toHaveLength(5);
      for (const body of bodies) {
        expect(countWords(body)).toBeGreaterThanOrEqual(1275);
        expect(countWords(body)).toBeLessThanOrEqual(1725);
        expect(body, body.slice(-80)).toMatch(WHOLE_END);
      }
      // What was sent: each part asked once with max_tokens for 1,500 words (the chapter preset's 3,000 at least), a
      // continuation only for a part short of its words, asking for the words left with room for them alone.
      const asked = fake!
        .generationRequests()
        .map((q) => q.body!)
        .filter((b) => !isBibleRequest(b) && askedWordsOf(b) > 0);
      const starts = asked.filter((b) => !isContinuation(b));
      expect(starts).toHaveLength(5);
      for (const b of starts) expect(b.max_tokens).toBe(Math.max(3000, sizedFor(1500, lang)));
      for (const b of asked.filter(isContinuation)) {
        expect(askedWordsOf(b)).toBeLessThan(1500 * 0.3);
        expect(b.max_tokens).toBe(sizedFor(askedWordsOf(b), lang));
      }
      expect(asked.filter(isContinuation).length).toBeLessThanOrEqual(4);
      expect(r.stderr).toContain(
        {
          en: 'Chapter 1 reached the length limit; kept up to its last whole sentence',
          ms: 'Bab 1 mencapai had panjang; disimpan sehingga ayat lengkap yang terakhir',
          id: 'Bab 1 mencapai batas panjang; disimpan sampai kalimat utuh terakhir',
        }[lang],
      );
      // --json carries it as a note with its code, as the server and the batch do.
      expect(r.json.parts.slice(1).every((p) => p.notes?.some((n) => n.code === 'answer_cut_whole'))).toBe(true);
    },
  );
});

describe('a model that always stops at its token limit, other kinds of book', () => {
  it('a 3-chapter guide: every part within ±15 % of its words, ending on a whole sentence', async () => {
    const r = await generate('guide', 'en', PAST_ITS_LIMIT, ['--chapters', '3', '--set', 'topic=baking bread at home']);
    const bodies = bodiesOf(r.json.markdown);
    expect(bodies).toHaveLength(5);
    for (const body of bodies) {
      expect(countWords(body)).toBeGreaterThanOrEqual(1275);
      expect(countWords(body)).toBeLessThanOrEqual(1725);
      expect(body, body.slice(-80)).toMatch(WHOLE_END);
    }
    expect(r.json.parts.every((p) => p.complete)).toBe(true);
  });

  it.each(['en', 'ms'] as const)(
    'a single piece (poems, %s) cut at its limit ends on a whole sentence',
    async (lang) => {
      const r = await generate('poems', lang, { writeRatio: 3, honourMaxTokens: true });
      const text = r.json.markdown.trim();
      expect(fake!.generationRequests().some((q) => isContinuation(q.body!))).toBe(true);
      expect(text, text.slice(-80)).toMatch(WHOLE_END);
      expect(r.json.parts[0]!.complete).toBe(true);
    },
  );

  it(
    'a model that stops on its own is kept as it wrote: 1.3 ' + 'times the words asked, nothing cut, no continuation',
    async () => {
      const r = await generate('romance', 'en', { writeRatio: 1.3 }, ['--chapters', '1']);
      // The chapter and the conclusion as written; the introduction with its character list after its 1,950 words.
      for (const p of r.json.parts.slice(2)) expect(p.words, p.label).toBe(1950);
      expect(r.json.parts[1]!.words).toBeGreaterThan(1950);
      expect(fake!.generationRequests().some((q) => isContinuation(q.body!))).toBe(false);
      expect(r.stderr).not.toContain('reached the length limit');
    },
  );
});

describe('an outline longer than its max_tokens', () => {
  const catalog = loadCatalog({ useDiskCache: true });
  const romance = catalog.get('romance')!;
  const userOf = (body: Record<string, unknown>) =>
    (body.messages as Array<{ role: string; content: string }>)
      .filter((m) => m.role === 'user')
      .map((m) => m.content)
      .join('\n');
  /**
   * A 12-chapter outline whose entries run to `sentences` sentences each (a model that writes far past the two to four
   * asked).
   */
  const outlineOf = (sentences: number) => {
    const trial = (n: number, k: number) =>
      `Aisha faces trial ${n}.${k} at the harbour while Daniel waits by the old shop.`;
    const entry = (n: number) =>
      `Chapter ${n}: ` + `Storm ${n}\n${Array.from({ length: sentences }, (_, k) => trial(n, k)).join(' ')}`;
    return {
      entry,
      text:
        `Title: Harbour Lights\n\nPremise: Aisha must save her father's bookshop.\n` +
        `\n${Array.from({ length: 12 }, (_, i) => entry(i + 1)).join('\n\n')}\n\nEnding: The shop is saved.`,
    };
  };
  /**
   * The model: the outline, cut at max_tokens; a continuation goes on from the ending it is shown; asked for missing
   * entries, it writes them.
   */
  const model = (outline: ReturnType<typeof outlineOf>): FakeOpenAIOptions => ({
    honourMaxTokens: true,
    answer: (body) => {
      const user = userOf(body);
      const cut = /cut off by the length limit\. It ended like this:\n"""\n([\s\S]*?)\n"""/.exec(user);
      if (cut) {
        const tail = cut[1]!.trim().slice(-60);
        return outline.text.slice(outline.text.indexOf(tail) + tail.length);
      }
      const asked = user.lastIndexOf('Your outline stopped before it was complete');
      const more = asked >= 0 ? /Chapter (\d+) to Chapter (\d+)/.exec(user.slice(asked)) : null;
      if (more)
        return Array.from({ length: Number(more[2]) - Number(more[1]) + 1 }, (_, i) =>
          outline.entry(Number(more[1]) + i),
        ).join('\n\n');
      return outline.text;
    },
  });
  const outlineStep = async (options: FakeOpenAIOptions) => {
    fake = await startFakeOpenAI(options);
    const session = await BookSession.open({
      spec: romance,
      renderer: catalog.renderer,
      provider: providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL }),
      store: inMemoryProgressStore(),
      key: 'k',
      settings: parseSettings(romance, { language: 'en' }),
      totalChapters: 12,
      onFinished: 'restart',
    });
    return session.advance();
  };

  it('cut once at its limit: continued from where it stopped, kept whole with every chapter planned', async () => {
    const result = await outlineStep(model(outlineOf(14)));
    expect(fake!.generationRequests()).toHaveLength(2);
    expect(result).toMatchObject({ isComplete: true, continuations: 1 });
    expect(result.unplanned).toBeUndefined();
    expect(result.text.trim().endsWith('Ending: The shop is saved.')).toBe(true);
  });

  it(
    'still cut after its continuations: the missing chapters ' + 'asked for, and what is kept ends on a whole sentence',
    async () => {
      const result = await outlineStep(model(outlineOf(40)));
      expect(fake!.generationRequests().length).toBeLessThanOrEqual(9);
      expect(result.text.trim()).toMatch(/[.!?]$/);
      expect(result.isComplete).toBe(true);
      expect(result.unplanned).toBeUndefined();
      // No sentence the limit cut inside it either: every paragraph but the title line ends on a full stop.
      const paragraphs = result.text
        .trim()
        .split(/\n\s*\n/)
        .slice(1);
      expect(paragraphs.filter((p) => !/[.!?]$/.test(p.trim())).map((p) => p.slice(-60))).toEqual([]);
    },
  );
});

describe('cutToWholeEnd: the last whole sentence as the language reads it', () => {
  it.each([
    ['en', 'She met Dr. Lee at the door. “Stop.” And then she', 'She met Dr. Lee at the door. “Stop.”'],
    ['en', 'He waited… She came back at last! And then she', 'He waited… She came back at last!'],
    ['en', 'Was it true? He asked Mr. Tan, who said', 'Was it true?'],
    [
      'en',
      'They met at St. Anne’s. J. K. Rowling was there. And the',
      'They met at St. Anne’s. J. K. Rowling was there.',
    ],
    ['ms', 'Dia berjumpa En. Ali di pintu. “Berhenti!” Kemudian dia', 'Dia berjumpa En. Ali di pintu. “Berhenti!”'],
    ['ms', 'Syarikat itu, Sdn. Bhd. namanya, sudah lama. Dan kemudian', 'Syarikat itu, Sdn. Bhd. namanya, sudah lama.'],
    [
      'id',
      'Dia bertemu Bpk. Budi di depan. “Jangan pergi.” Lalu dia',
      'Dia bertemu Bpk. Budi di depan. “Jangan pergi.”',
    ],
    [
      'en',
      'The moon was bright\nthe sky was grey\n\nA second stanza\nand its',
      'The moon was bright\nthe sky was grey',
    ],
  ] as const)('%s: %j', (lang, text, kept) => {
    expect(cutToWholeEnd(text, lang)).toEqual({ text: kept, isWhole: true });
  });

  it('a heading is no end: the text before it is kept', () => {
    expect(cutToWholeEnd('It rained.\n\n## Part Two\n\nShe went', 'en').text).toBe('It rained.');
  });

  it('with a target: the last end within it, or the first just past it when that falls short of 85 %', () => {
    const sentence = (n: number) => `Then ${Array.from({ length: n - 2 }, () => 'word').join(' ')} end.`;
    const text = [sentence(40), sentence(40), sentence(40), 'And then she'].join(' ');
    expect(countWords(cutToWholeEnd(text, 'en', 100).text)).toBe(80);
    expect(countWords(cutToWholeEnd(text, 'en', 90).text)).toBe(80);
    // 80 words is under 85 % of 105, and 120 is within 115 % of it; of 100, 120 is past 115 %: the 80 are kept.
    expect(countWords(cutToWholeEnd(text, 'en', 105).text)).toBe(120);
    expect(cutToWholeEnd('one long sentence and then she', 'en', 5)).toEqual({
      text: 'one long sentence and then she',
      isWhole: false,
    });
  });
});
