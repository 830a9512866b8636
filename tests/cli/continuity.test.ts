// Continuity on the command line: `karya generate --json` of the scripted 10-chapter book (the captain Mara
// dies in chapter 4 and speaks in chapter 7) prints a ⚠ line for chapter 7 naming Mara and chapter 4 and
// carries it in the part's `continuity` in --json; the promise due in chapter 5 is overdue in the summary
// and the --json threads; `karya rewrite --part chapter:4 --note "Mara lives."` lists the later chapters
// that mention her to check against it. English and Malay. The AI API is the fake server.

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { continuityBook, CONTINUITY_PLAN } from '../continuity-book.js';
import { tempDir } from '../temp.js';

const W = {
  en: {
    ch: (n: number) => `Chapter ${n}`,
    map: 'the stolen map',
    acts: 'speaks or acts',
    check: 'check against the rewritten Chapter 4',
    note: 'Mara lives.',
    resolved: '2 of 3 promises resolved',
  },
  ms: {
    ch: (n: number) => `Bab ${n}`,
    map: 'peta yang dicuri',
    acts: 'bercakap atau bertindak',
    check: 'semak dengan Bab 4 yang ditulis semula',
    note: 'Mara masih hidup.',
    resolved: '2 daripada 3 janji diselesaikan',
  },
};

describe.each(['en', 'ms'] as const)('karya generate and rewrite report continuity (%s)', (lang) => {
  let fake: FakeOpenAI;
  let cwd: string;
  const w = W[lang];
  const env = () => ({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL });
  let generated: { code: number; stdout: string; stderr: string };
  beforeAll(async () => {
    fake = await startFakeOpenAI({
      answer: continuityBook({ ...CONTINUITY_PLAN, lang }),
      props: true,
      contextTokens: 32_768,
    });
    cwd = tempDir('karya-continuity-');
    generated = await runKaryaInProcess(
      ['generate', 'romance', '--chapters', '10', '--lang', lang, '--json', '--out', 'book.md'],
      { cwd, env: env() },
    );
  });
  afterAll(() => fake.close());

  it('chapter 7 gets a ⚠ line naming Mara and chapter 4, and its --json part carries the finding', () => {
    expect(generated.code, generated.stderr).toBe(0);
    const line = generated.stderr.split('\n').find((l) => l.includes('⚠') && l.includes(w.ch(7)) && l.includes(w.acts));
    expect(line).toBeDefined();
    expect(line).toContain('Mara');
    expect(line).toContain(w.ch(4));
    const json = JSON.parse(generated.stdout.trim().split('\n').at(-1)!);
    const part = json.parts.find((p: { label: string }) => p.label === w.ch(7));
    expect(part.continuity).toContainEqual(expect.objectContaining({ kind: 'acts_after_death', part: w.ch(4) }));
    const six = json.parts.find((p: { label: string }) => p.label === w.ch(6));
    expect(six.continuity).toContainEqual(expect.objectContaining({ kind: 'fact_changed', part: w.ch(2) }));
  });

  it('the summary and --json threads report the promise due in chapter 5 as overdue', () => {
    expect(generated.stderr).toContain(w.resolved);
    expect(generated.stderr).toMatch(new RegExp(`⚠.*"${w.map}" \\(${w.ch(5)}\\)`));
    const json = JSON.parse(generated.stdout.trim().split('\n').at(-1)!);
    expect(json.threads).toContainEqual({
      thread: w.map,
      opened: w.ch(2),
      due: w.ch(5),
      status: 'open',
      is_overdue: true,
    });
  });

  it('karya prompts --step chapter:5 shows the promise due in chapter 5, as the session sends it', async () => {
    const r = await runKaryaInProcess(
      ['prompts', 'romance', '--chapters', '10', '--lang', lang, '--step', 'chapter:5'],
      { cwd, env: env() },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(lang === 'ms' ? `- ${w.map} (sasaran Bab 5)` : `- ${w.map} (due in Chapter 5)`);
    expect(r.stdout).not.toMatch(/Marker [5-9]\b|Marker 10\b/);
  });

  it(
    'karya rewrite of chapter 4 lists chapters 5, 7 and 9 ' + '(which mention Mara) to check, in the CLI and --json',
    async () => {
      const r = await runKaryaInProcess(
        ['rewrite', 'romance', '--chapters', '10', '--lang', lang, '--part', 'chapter:4', '--note', w.note, '--json'],
        { cwd, env: env() },
      );
      expect(r.code, r.stderr).toBe(0);
      for (const n of [5, 7, 9]) expect(r.stderr).toMatch(new RegExp(`⚠ ${w.ch(n)}\\s+${w.check}`));
      expect(r.stderr).not.toMatch(new RegExp(`⚠ ${w.ch(6)}\\s`));
      const json = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
      expect(json.check).toEqual([5, 7, 9].map((n) => ({ part: w.ch(n), check_against: w.ch(4) })));
    },
  );
});
