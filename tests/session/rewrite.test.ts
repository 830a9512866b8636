// Rewrite and write again from the command line: `karya rewrite romance --part chapter:2
// --note "…"` on a finished book sends one request that carries the note, the chapter's plan from the
// outline and its current text; `karya export` then shows a new chapter 2 and every other part unchanged; the
// story bible is brought up to date; without --note the part is written again. Bad --part values and parts
// not written yet exit 2 before any request. The AI API is the fake server of tests/fake-openai.ts: each answer
// is marked with the request it answers, so the test can tell the old text from the new.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { fullLength, startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { isMemoryRequest, userPrompt } from '../batch/helpers.js';
import { tempDir } from '../temp.js';

const isOutline = (user: string) => /^(Create a detailed (story )?outline|Hasilkan rangka)/.test(user);
const isBibleUpdate = (user: string) => /^(Update the story bible|Kemas kini catatan cerita)/.test(user);

/** Outlines with a recognisable plan per chapter; every other answer starts with a mark naming the request. */
function answer(body: Record<string, unknown>, index: number): string {
  const user = (body.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'user')!.content;
  if (isOutline(user)) {
    const n = Number(/Chapter 1 to Chapter (\d+)/.exec(user)?.[1] ?? 3);
    return ['Title: The Lantern Shop', "Premise: Aisha reopens her late father's lantern shop.", '']
      .concat(
        Array.from(
          { length: n },
          (_, k) =>
            `Chapter ${k + 1}: Lantern ${k + 1}\nPLAN-${k + 1}: Aisha mends ` +
            `lantern number ${k + 1} and learns one more of her father's secrets.\n`,
        ),
        ['Ending: Aisha lights every lantern on the harbour.'],
      )
      .join('\n');
  }
  if (isBibleUpdate(user))
    return `## Chapter\nAisha mended a lantern (answer-${index}).\n## Characters\n- Aisha | shopkeeper | hopeful | now`;
  return `Answer-${index} begins. Aisha walked to the harbour at dawn, holding the lantern close.`;
}

describe('karya rewrite', () => {
  let fake: FakeOpenAI;
  let cwd: string;
  const env = () => ({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL });
  const exported = async (name: string) => {
    const r = await runKaryaInProcess(['export', 'romance', '--chapters', '3', '--out', name], { cwd, env: env() });
    expect(r.code, r.stderr).toBe(0);
    return readFileSync(path.join(cwd, name), 'utf8');
  };
  /** The book's parts as exported, by heading. */
  const partsOf = (markdown: string) =>
    Object.fromEntries(
      markdown
        .split(/^## /m)
        .slice(1)
        .map((block) => [block.split('\n')[0]!.trim(), block.split('\n').slice(1).join('\n').trim()]),
    );

  beforeAll(async () => {
    fake = await startFakeOpenAI({ answer: fullLength(answer) });
    cwd = tempDir('karya-rewrite-');
    const r = await runKaryaInProcess(['generate', 'romance', '--chapters', '3', '--out', 'book.md'], {
      cwd,
      env: env(),
    });
    expect(r.code, r.stderr).toBe(0);
  });
  afterAll(() => fake.close());

  it(
    '--note: one request with the note, the plan and the current ' +
      'text; export shows a new chapter 2, the other parts unchanged',
    async () => {
      const before = partsOf(await exported('before.md'));
      const headings = Object.keys(before);
      const chapter2 = headings.find((h) => /^Chapter 2\b/.test(h))!;
      expect(chapter2).toBeDefined();
      const from = fake.generationRequests().length;
      const note = 'Make the ending darker and give Aisha more dialogue.';
      const r = await runKaryaInProcess(
        ['rewrite', 'romance', '--chapters', '3', '--part', 'chapter:2', '--note', note],
        { cwd, env: env() },
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/Chapter 2.*words \(was \d+\)/);
      const sent = fake.generationRequests().slice(from);
      const asks = sent.filter((q) => !isMemoryRequest(q)).map(userPrompt);
      expect(asks.length).toBeGreaterThanOrEqual(1);
      const ask = asks[0]!;
      expect(ask).toContain(note);
      expect(ask).toContain('PLAN-2');
      expect(ask).toContain(before[chapter2]!.slice(0, 80));
      expect(ask).toMatch(/^Write Chapter 2 of 3/);
      // The bible was brought up to date with the new text.
      expect(sent.filter(isMemoryRequest).length).toBe(1);

      const after = partsOf(await exported('after.md'));
      expect(Object.keys(after)).toEqual(headings);
      expect(after[chapter2]).not.toBe(before[chapter2]);
      for (const h of headings.filter((x) => x !== chapter2)) expect(after[h], h).toBe(before[h]);
    },
  );

  it('without --note the part is written again; the introduction and the conclusion can be rewritten too', async () => {
    const before = partsOf(await exported('b2.md'));
    const from = fake.generationRequests().length;
    const r = await runKaryaInProcess(['rewrite', 'romance', '--chapters', '3', '--part', 'conclusion'], {
      cwd,
      env: env(),
    });
    expect(r.code, r.stderr).toBe(0);
    const ask = fake
      .generationRequests()
      .slice(from)
      .filter((q) => !isMemoryRequest(q))
      .map(userPrompt)[0]!;
    expect(ask).toMatch(/^Write the conclusion/);
    expect(ask).toContain('the writer wants it written again');
    expect(ask).not.toContain("The writer's note");
    const after = partsOf(await exported('a2.md'));
    const changed = Object.keys(after).filter((h) => after[h] !== before[h]);
    expect(changed).toEqual([Object.keys(after).at(-1)]);
  });

  it('a bad --part, a part not written yet, or a missing book exits 2 before any request', async () => {
    const from = fake.generationRequests().length;
    const bad = await runKaryaInProcess(['rewrite', 'romance', '--chapters', '3', '--part', 'chapter:9'], {
      cwd,
      env: env(),
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('expected one of introduction, chapter:1 to chapter:3, conclusion');
    // Keys that are no part of a book, or no step key at all, are refused the same way.
    for (const part of ['chapter:two', 'chapter:0', 'chapter:1:2', 'outline', 'conclusion:9', 'epilogue']) {
      const r = await runKaryaInProcess(['rewrite', 'romance', '--chapters', '3', '--part', part], { cwd, env: env() });
      expect(r.code, part).toBe(2);
      expect(r.stderr, part).toContain(
        `--part "${part}": expected one of introduction, chapter:1 to chapter:3, conclusion`,
      );
    }
    const other = await runKaryaInProcess(['rewrite', 'romance', '--chapters', '5', '--part', 'chapter:1'], {
      cwd,
      env: env(),
    });
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('no saved romance book with these settings');
    const long = await runKaryaInProcess(
      ['rewrite', 'romance', '--chapters', '3', '--part', 'chapter:1', '--note', 'x'.repeat(1001)],
      { cwd, env: env() },
    );
    expect(long.code).toBe(2);
    expect(fake.generationRequests().length).toBe(from);
  });
});
