// The optional model audit of continuity on the command line: `karya generate --continuity audit` says
// before the run how many more calls it makes (one a chapter, no extra credit), asks the model once after
// each chapter with the story bible as it stood before it, and a finding it returns ("- Mara | … | Chapter
// 4", among chatter and a think block) lands on that chapter's ⚠ line and in its --json `continuity`; a
// line not in that shape is dropped. Off by default: no audit request at all. English and Malay; the AI
// API is the fake server.

import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, userMessageOf, type FakeOpenAI } from '../fake-openai.js';
import { continuityBook, CONTINUITY_PLAN } from '../continuity-book.js';
import { tempDir } from '../temp.js';

const W = {
  en: {
    ch: (n: number) => `Chapter ${n}`,
    asks: /^Check the continuity of Chapter (\d+)/,
    none: 'NONE',
    what: 'speaks in this chapter but the bible says she drowned',
    cost: '10 more model calls (one a chapter), no extra credit',
  },
  ms: {
    ch: (n: number) => `Bab ${n}`,
    asks: /^Semak kesinambungan Bab (\d+)/,
    none: 'TIADA',
    what: 'bercakap dalam bab ini tetapi catatan cerita kata dia lemas',
    cost: '10 panggilan model tambahan (satu setiap bab), tanpa kredit tambahan',
  },
};

const audits = (fake: FakeOpenAI, asks: RegExp) =>
  fake.generationRequests().filter((r) => asks.test(userMessageOf(r.body!).trim()));

describe.each(['en', 'ms'] as const)('karya generate --continuity audit (%s)', (lang) => {
  let fake: FakeOpenAI;
  const w = W[lang];
  afterEach(() => fake.close());

  async function run(extra: string[]) {
    const book = continuityBook({ ...CONTINUITY_PLAN, lang });
    fake = await startFakeOpenAI({
      props: true,
      contextTokens: 32_768,
      answer: (body, i) => {
        const chapter = w.asks.exec(userMessageOf(body).trim())?.[1];
        if (chapter === undefined) return book(body, i);
        if (chapter !== '7') return w.none;
        return (
          `<think>Mara died in ${w.ch(4)}.</think>\nHere is what I found:\n- ` +
          `Mara | ${w.what} | ${w.ch(4)}\n- a line without cells\n- only | two\n`
        );
      },
    });
    const cwd = tempDir('karya-audit-');
    return runKaryaInProcess(
      ['generate', 'romance', '--chapters', '10', '--lang', lang, '--json', '--out', 'book.md', ...extra],
      { cwd, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL } },
    );
  }

  it('asks once a chapter, shows the cost first, and puts the finding on chapter 7 (⚠ line and --json)', async () => {
    const r = await run(['--continuity', 'audit']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stderr.split('\n');
    const costAt = lines.findIndex((l) => l.includes(w.cost));
    expect(costAt).toBeGreaterThanOrEqual(0);
    expect(costAt).toBeLessThan(lines.findIndex((l) => l.includes(w.ch(1))));
    const asked = audits(fake, w.asks);
    expect(asked).toHaveLength(10);
    // The chapter 7 audit is sent the bible as it stood before it: Mara's death is there.
    const seven = userMessageOf(asked.find((a) => w.asks.exec(userMessageOf(a.body!).trim())?.[1] === '7')!.body!);
    expect(seven).toContain('Mara');
    const detail = `Mara: ${w.what}`;
    expect(lines.find((l) => l.includes('⚠') && l.includes(w.ch(7)) && l.includes(detail))).toBeDefined();
    const json = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
    expect(json.cost).toEqual({ auditCalls: 10 });
    const part = json.parts.find((p: { label: string }) => p.label === w.ch(7));
    const found = part.continuity.filter((f: { kind: string }) => f.kind === 'audit');
    expect(found).toEqual([
      { kind: 'audit', detail, part: w.ch(4), key: expect.stringMatching(/^7:audit:[0-9a-z]+$/) },
    ]);
    const others = json.parts
      .filter((p: { label: string }) => p.label !== w.ch(7))
      .flatMap((p: { continuity?: Array<{ kind: string }> }) => p.continuity ?? []);
    expect(others.filter((f: { kind: string }) => f.kind === 'audit')).toEqual([]);
  });

  it('is off by default: no audit request and no cost line', async () => {
    const r = await run([]);
    expect(r.code, r.stderr).toBe(0);
    expect(audits(fake, w.asks)).toHaveLength(0);
    expect(r.stderr).not.toContain(w.cost);
    expect(JSON.parse(r.stdout.trim().split('\n').at(-1)!).cost).toBeUndefined();
  });
});
