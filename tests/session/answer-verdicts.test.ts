// Only the book, or nothing: `karya generate romance --chapters 3 --json` in English and Malay
// against a fake model that misbehaves one way at a time (tests/fake-openai.ts habits). A refusal, the
// prompt sent back or another language is asked again once, then the command names the outcome and the part
// in the book's language and exits 1 with nothing of it kept; a fenced answer is unwrapped; a broken stream
// is never a complete part, and an answer always cut at the token limit is kept to a whole sentence near its
// target; a JSON outline or one numbered 1, 2, 2, 4 gives 3 titled chapters; a refused story-bible update is a
// failed update; an open reasoning block keeps the prose after it; an HTML page is named. No English line is printed
// during a Malay book.

import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  REFUSAL_TEXT,
  startFakeOpenAI,
  THINK_WORDS,
  type FakeOpenAI,
  type FakeOpenAIOptions,
  type Habit,
} from '../fake-openai.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { CATALOGUE, WORDS, findLanguageDrift } from '../../engine/index.js';
import { tempDir } from '../temp.js';

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

interface Part {
  label: string;
  words: number;
  complete: boolean;
  bibleUpdated?: false;
  unplanned?: number[];
}

async function generate(
  lang: 'en' | 'ms',
  habits: readonly Habit[],
  options: FakeOpenAIOptions = {},
  args: readonly string[] = [],
) {
  fake = await startFakeOpenAI({ writeRatio: 1, habits, ...options });
  const dir = tempDir('karya-verdict-');
  const r = await runKaryaInProcess(
    [
      'generate',
      'romance',
      '--lang',
      lang,
      '--chapters',
      '3',
      '--json',
      '--state',
      path.join(dir, 'state.sqlite'),
      ...args,
    ],
    {
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL },
    },
  );
  const json = r.code === 0 ? (JSON.parse(r.stdout) as { markdown: string; parts: Part[] }) : undefined;
  return { ...r, json };
}

/** Fixed stretches (4 words or more) of every English catalogue message and interface word. */
const ENGLISH_FRAGMENTS = [...Object.values(CATALOGUE), ...Object.values(WORDS)]
  .flatMap((m) => m.en!.split(/\{\w+\}/))
  .map((f) => f.trim())
  .filter((f) => f.split(/\s+/).length >= 4 && !Object.values(CATALOGUE).some((m) => m.ms!.includes(f)));

/**
 * The English lines of a Malay run's stderr: a catalogue message in English, or a line of 6 words or more judged
 * English.
 */
function englishLines(stderr: string): string[] {
  return stderr
    .split('\n')
    .filter(
      (line) =>
        ENGLISH_FRAGMENTS.some((f) => line.includes(f)) ||
        (line.split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w)).length >= 6 &&
          findLanguageDrift(line.replace(/Bab \d+|Rangka Cerita|Pengenalan|Kesimpulan/g, ''), 'ms')?.found === 'en'),
    );
}

/** What each outcome is called on the command's line, in each language. */
const NAMED = {
  refused: { en: 'The model declined to write this', ms: 'Model enggan menulis' },
  echoed: { en: 'answered with the request it was sent', ms: 'menjawab dengan permintaan yang dihantar' },
  chinese: { en: 'came back in Chinese, not English', ms: 'diterima dalam bahasa Cina, bukan Bahasa Malaysia' },
  reasoning: { en: 'spent its answer on reasoning', ms: 'menghabiskan jawapannya untuk menaakul' },
  page: { en: 'not a model answer', ms: 'bukan jawapan model' },
} as const;
const OUTLINE = { en: 'Story Outline', ms: 'Rangka Cerita' } as const;

describe.each(['en', 'ms'] as const)('answers that are not the text (%s)', (lang) => {
  it.each([
    ['refuse', 'refused'],
    ['echo', 'echoed'],
    ['chinese', 'chinese'],
    ['think-only', 'reasoning'],
    ['html', 'page'],
  ] as const)(
    '%s: asked again once, then the command names it and the part, exits 1 and keeps none of it',
    async (habit, named) => {
      const r = await generate(lang, [habit]);
      expect(r.code, r.stderr).toBe(1);
      // --json prints the failure as one object naming the part, and nothing of the refused answer.
      expect(Object.keys(JSON.parse(r.stdout))).toEqual(['error']);
      expect(JSON.parse(r.stdout).error.part).toBe('outline');
      expect(r.stderr).toContain(`karya: ${OUTLINE[lang]}: `);
      expect(r.stderr).toContain(NAMED[named][lang]);
      // The outline asked once and once again: nothing else was spent on it (the chat requests, not the init probe).
      expect(fake!.generationRequests()).toHaveLength(2);
      if (habit === 'refuse') expect(r.stderr).not.toContain(REFUSAL_TEXT[lang]);
      if (lang === 'ms') expect(englishLines(r.stderr)).toEqual([]);
    },
  );

  it('a ```markdown fence around every answer: the book has the prose and no fence line', async () => {
    const r = await generate(lang, ['fence']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json!.markdown).not.toMatch(/^\s*```/m);
    expect(r.json!.parts.every((p) => p.complete)).toBe(true);
    expect(r.json!.parts.filter((p) => p.label !== OUTLINE[lang]).every((p) => p.words > 1000)).toBe(true);
  });

  it.each([['a stream that breaks off mid-word', ['broken'] as Habit[], {}]])(
    '%s: no part that ends mid-sentence is marked complete, and the run says so',
    async (_name, habits, options) => {
      const r = await generate(lang, habits, options);
      expect(r.code, r.stderr).toBe(0);
      const parts = r.json!.parts;
      expect(parts.filter((p) => p.label !== OUTLINE[lang]).every((p) => !p.complete)).toBe(true);
      expect(r.stderr).toContain(lang === 'ms' ? 'berhenti di tengah ayat' : 'ends mid-sentence');
      // Each part asked, then continued twice (a broken stream is continued like a cut one).
      expect(
        fake!.generationRequests().filter((q) => /continue|sambung/i.test(JSON.stringify(q.body))).length,
      ).toBeGreaterThanOrEqual(8);
      if (lang === 'ms') expect(englishLines(r.stderr)).toEqual([]);
    },
  );

  it(
    'answers always cut at max_tokens (each as long as asked): ' +
      'every part kept whole near its target, not continued',
    async () => {
      const r = await generate(lang, [], { finishReason: () => 'length' as const });
      expect(r.code, r.stderr).toBe(0);
      const parts = r.json!.parts.filter((p) => p.label !== OUTLINE[lang]);
      expect(parts).toHaveLength(5);
      for (const p of parts) {
        expect(p.complete, p.label).toBe(true);
        expect(p.words, p.label).toBeGreaterThanOrEqual(0.85 * 1500);
        expect(p.words, p.label).toBeLessThanOrEqual(1.15 * 1500);
      }
      for (const body of r.json!.markdown.split(/\n## /).slice(1)) expect(body.trim()).toMatch(/[.!?]["”’]?$/);
      // Each part's answer has the words asked and ends on a full stop: nothing to cut back, nothing said to be cut.
      expect(r.stderr).not.toMatch(
        new RegExp(
          /(Introduction|Chapter \d|Conclusion|Pengenalan|Bab \d|Kesimpulan) /.source +
            /(reached the length limit|mencapai had panjang)/.source,
        ),
      );
      // Only the outline (no words to reach: a line the fake gives, cut) is continued; each part already has its words.
      const continued = fake!
        .generationRequests()
        .flatMap((q, i) =>
          /cut off by the length limit|terpotong kerana had panjang/.test(JSON.stringify(q.body)) ? [i] : [],
        );
      expect(continued).toEqual([1, 2]);
      if (lang === 'ms') expect(englishLines(r.stderr)).toEqual([]);
    },
  );

  it('an outline answered as JSON: the book has its title and 3 titled chapters', async () => {
    const r = await generate(lang, ['json-outline']);
    expect(r.code, r.stderr).toBe(0);
    const markdown = r.json!.markdown;
    expect(markdown).toMatch(lang === 'ms' ? /^# Lampu Pelabuhan/ : /^# Harbour Lights/);
    const chapter = lang === 'ms' ? 'Bab' : 'Chapter';
    const storm = lang === 'ms' ? 'Ribut' : 'Storm';
    for (const n of [1, 2, 3]) expect(markdown).toContain(`## ${chapter} ${n}: ${storm} ${n}`);
    expect(markdown).not.toContain('"chapters"');
  });

  it('an outline numbered 1, 2, 2, 4 gives 3 chapters, each with its plan, in the order written', async () => {
    const r = await generate(lang, ['outline-1224']);
    expect(r.code, r.stderr).toBe(0);
    const chapter = lang === 'ms' ? 'Bab' : 'Chapter';
    const storm = lang === 'ms' ? 'Ribut' : 'Storm';
    expect(r.json!.markdown).toContain(`## ${chapter} 1: ${storm} A`);
    expect(r.json!.markdown).toContain(`## ${chapter} 2: ${storm} B`);
    expect(r.json!.markdown).toContain(`## ${chapter} 3: ${storm} C`);
    expect(r.json!.parts.filter((p) => p.label.startsWith(chapter))).toHaveLength(3);
    expect(r.json!.parts.some((p) => p.unplanned)).toBe(false);
    // Numbered in turn: the outline was not asked for more.
    expect(
      fake!.generationRequests().filter((q) => /Continue the outline|Sambung rangka/.test(JSON.stringify(q.body))),
    ).toHaveLength(0);
  });

  it('story-bible updates answered with a refusal: failed updates, named, and no refusal in the bible', async () => {
    const r = await generate(lang, ['refuse-bible'], {}, ['--with-bible']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json!.markdown).not.toContain(REFUSAL_TEXT[lang]);
    expect(r.json!.parts.filter((p) => p.bibleUpdated === false).length).toBeGreaterThan(0);
    expect(r.stderr).toContain(
      lang === 'ms' ? 'catatan cerita tidak dapat mengambil' : 'the story bible could not take it in',
    );
    if (lang === 'ms') expect(englishLines(r.stderr)).toEqual([]);
  });

  it('a reasoning block left open: the prose after it is kept, the reasoning is not', async () => {
    const r = await generate(lang, ['open-think']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json!.markdown).not.toContain(THINK_WORDS.slice(0, 30));
    expect(r.json!.markdown).not.toContain('<think>');
    expect(r.json!.parts.filter((p) => p.label !== OUTLINE[lang]).every((p) => p.words > 1000)).toBe(true);
  });
});
