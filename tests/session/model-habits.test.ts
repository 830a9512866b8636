// A real model's habits kept out of the book: `karya generate romance --chapters 2` in English and
// Malay against the fake model with chatter (preamble, rule, heading after it, sign-off), a <think> block,
// or one passage looped to reach the length (tests/fake-openai.ts habits).

import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, THINK_WORDS, type FakeOpenAI } from '../fake-openai.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

interface Generated {
  markdown: string;
  parts: Array<{ label: string; words: number; repeated?: number }>;
  stderr: string;
}

async function generate(
  lang: 'en' | 'ms',
  habits: ReadonlyArray<'chatter' | 'think' | 'loop'>,
  writeRatio = 0.6,
): Promise<Generated> {
  fake = await startFakeOpenAI({ habits, writeRatio });
  const dir = tempDir('karya-habits-');
  const r = await runKaryaInProcess(
    ['generate', 'romance', '--lang', lang, '--chapters', '2', '--json', '--state', path.join(dir, 'state.sqlite')],
    { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL } },
  );
  expect(r.code, r.stderr).toBe(0);
  const json = JSON.parse(r.stdout) as { markdown: string; parts: Generated['parts'] };
  return { markdown: json.markdown, parts: json.parts, stderr: r.stderr };
}

/** The book's text under each `## ` heading. */
const sections = (markdown: string) =>
  markdown
    .split(/^## .*$/m)
    .slice(1)
    .map((s) => s.trim());

describe.each(['en', 'ms'] as const)('a chatty model (%s)', (lang) => {
  it('writes a book with no chatter line, no stray rule and one heading per part, extensions included', async () => {
    const { markdown, parts } = await generate(lang, ['chatter']);
    expect(fake!.generationRequests().some((r) => /more words|patah perkataan lagi/.test(JSON.stringify(r.body)))).toBe(
      true,
    );
    expect(markdown).not.toMatch(/^(Sure|Here's|Tentu|Berikut|I hope|Let me know|Semoga|Beritahu)/m);
    expect(markdown).not.toMatch(/^\s*---\s*$/m);
    expect(markdown).not.toMatch(/^# (Chapter|Bab) /m);
    // The outline is not printed: one `##` heading for each prose part.
    const headings = markdown.match(/^## .*$/gm) ?? [];
    expect(headings).toHaveLength(parts.filter((p) => p.repeated !== undefined).length);
  });
});

describe.each(['en', 'ms'] as const)('a reasoning model (%s)', (lang) => {
  it('leaves no trace of its think blocks, and their words are not counted', async () => {
    const { markdown, parts } = await generate(lang, ['think']);
    expect(markdown).not.toMatch(/<\/?think>/);
    expect(markdown).not.toContain(THINK_WORDS.slice(0, 30));
    const prose = parts.filter((p) => p.repeated !== undefined);
    expect(sections(markdown)).toHaveLength(prose.length);
    // Chapters and conclusion: their words are the printed words (the introduction also counts its character list).
    sections(markdown).forEach(
      (text, i) => i > 0 && expect(prose[i]!.words).toBe(text.split(/\s+/).filter(Boolean).length),
    );
  });
});

describe.each(['en', 'ms'] as const)('a looping model (%s)', (lang) => {
  it('gives parts repeated ≥ 0.5 and no ✓ on their lines', async () => {
    const { parts, stderr } = await generate(lang, ['loop'], 1);
    const prose = parts.filter((p) => p.repeated !== undefined);
    expect(prose.length).toBeGreaterThanOrEqual(3);
    for (const p of prose) {
      expect(p.repeated).toBeGreaterThanOrEqual(0.5);
      expect(stderr).not.toMatch(new RegExp(`✓ ${p.label}`));
      expect(stderr).toMatch(new RegExp(`⚠ ${p.label}.*${lang === 'ms' ? 'berulang' : 'repeats'}`));
    }
  });
});

describe("the writer's text is never taken (issue 41)", () => {
  it(
    'a cookbook chapter whose text begins "### Coconut Rice for ' +
      'Two" keeps that line and its bold label in the Markdown',
    async () => {
      fake = await startFakeOpenAI({
        writeRatio: 1,
        answer: (body) =>
          /Write Chapter 1 /.test(JSON.stringify(body))
            ? '### Coconut Rice for Two\n\n**Ingredients**\n\n- 1 cup jasmine rice\n- 1 cup coconut ' +
              'milk\n\nRinse the rice until the water runs clear, then simmer it in the coconut milk.'
            : 'The kitchen is where the family gathers, and every recipe here is meant to be shared at the table.',
      });
      const dir = tempDir('karya-cookbook-');
      const r = await runKaryaInProcess(
        ['generate', 'cookbook', '--chapters', '2', '--json', '--state', path.join(dir, 'state.sqlite')],
        { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL } },
      );
      expect(r.code, r.stderr).toBe(0);
      const { markdown } = JSON.parse(r.stdout) as { markdown: string };
      expect(markdown).toMatch(/^### Coconut Rice for Two$/m);
      expect(markdown).toMatch(/^\*\*Ingredients\*\*$/m);
    },
  );
});

describe('an extension that repeats the part', () => {
  it('is asked again once with a note, then not joined: the part stays short with its passage once', async () => {
    const passage =
      'Aisha waited at the harbour for the ferry that never came, ' +
      'counting the gulls above the pier until the light went grey.';
    fake = await startFakeOpenAI({
      answer: (body) =>
        /Write (?:Chapter \d+|the introduction|the conclusion)|more words/i.test(JSON.stringify(body))
          ? `${passage}\n\n${passage}`
          : 'Title: Harbour\nPremise: Aisha waits.\n\nChapter 1: The Ferry\nShe ' +
            'waits.\n\nChapter 2: The Gulls\nShe counts.\n\nEnding: It comes.',
    });
    const dir = tempDir('karya-repeat-ext-');
    const r = await runKaryaInProcess(
      ['generate', 'romance', '--chapters', '2', '--json', '--state', path.join(dir, 'state.sqlite')],
      { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL } },
    );
    expect(r.code, r.stderr).toBe(0);
    const noted = fake
      .generationRequests()
      .filter((q) => JSON.stringify(q.body).includes('repeated text that is already written'));
    expect(noted.length).toBeGreaterThan(0);
    const { markdown, parts } = JSON.parse(r.stdout) as {
      markdown: string;
      parts: Array<{ label: string; short?: true }>;
    };
    const chapter1 = sections(markdown)[1]!;
    expect(chapter1.split(passage).length - 1).toBe(2);
    expect(parts.find((p) => p.label.startsWith('Chapter 1'))?.short).toBe(true);
  });
});
