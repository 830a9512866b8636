// `karya map --book ID [--as-of N] [--json]` of a 5-chapter romance written by `karya generate` against the fake
// server (tests/story-map-book.ts): --json lists every bible character with the part they first appear in and
// their last, Mak Som marked dead from Chapter 3, every thread with the part that opened it and its due part,
// each continuity finding in its part (as `karya generate --json` gave them on its parts); --as-of 2 holds only
// what Chapter 2 knew; the text table is in the book's language. English and Malay.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { BOOK_WORDS, storyMapBook } from '../story-map-book.js';
import { tempDir } from '../temp.js';

interface Part {
  position: number | null;
  label: string;
}
interface MapJson {
  title: string;
  as_of: Part;
  parts: Part[];
  characters: Array<{ name: string; state: string; first: Part; last: Part; gone?: Part & { state: string } }>;
  threads: Array<{ thread: string; opened: Part; due?: Part; status: string; is_overdue: boolean }>;
  facts: Array<{ fact: string }>;
  findings: Array<Part & { kind: string; detail: string; part: string }>;
}

describe.each(['en', 'ms'] as const)('karya map of a 5-chapter romance (%s)', (lang) => {
  let fake: FakeOpenAI;
  let cwd: string;
  let id: number;
  let generated: {
    parts: Array<{ label: string; continuity?: Array<{ kind: string; detail: string; part: string }> }>;
  };
  const w = BOOK_WORDS[lang];
  const ch = w.chapter;
  const karya = (args: string[]) =>
    runKaryaInProcess(args, { cwd, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL } });
  const mapOf = async (args: string[] = []): Promise<MapJson> => {
    const r = await karya(['map', '--book', String(id), '--json', ...args]);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as MapJson;
  };
  beforeAll(async () => {
    fake = await startFakeOpenAI({ answer: storyMapBook(lang), props: true, contextTokens: 32_768 });
    cwd = tempDir('karya-map-');
    const r = await karya(['generate', 'romance', '--chapters', '5', '--lang', lang, '--json', '--out', 'book.md']);
    expect(r.code, r.stderr).toBe(0);
    generated = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
    const books = await karya(['books', '--json']);
    id = (JSON.parse(books.stdout) as { books: Array<{ id: number }> }).books[0]!.id;
  });
  afterAll(async () => {
    await fake.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  it(
    '--json: every character with the part they first ' + 'appear in and their last; Mak Som dead from Chapter 3',
    async () => {
      const map = await mapOf();
      expect(map.characters.map((c) => ({ name: c.name, first: c.first.label, last: c.last.label }))).toEqual([
        // The conclusion is read into the bible too (the book's ending): those alive at the end are last seen there.
        { name: 'Aisyah', first: w.intro, last: w.concl },
        { name: 'Daniel', first: ch(1), last: w.concl },
        { name: 'Mak Som', first: w.intro, last: ch(3) },
        { name: 'Hafiz', first: ch(2), last: w.concl },
      ]);
      expect(map.characters.find((c) => c.name === 'Mak Som')!.gone).toMatchObject({
        position: 3,
        label: ch(3),
        state: w.dead,
      });
      expect(map.characters.filter((c) => c.gone).map((c) => c.name)).toEqual(['Mak Som']);
    },
  );

  it('--json: every thread with the part that opened it and its due part; the lease overdue', async () => {
    const map = await mapOf();
    const threads = Object.fromEntries(
      map.threads.map((t) => [
        t.thread,
        { opened: t.opened.label, due: t.due?.label, status: t.status, is_overdue: t.is_overdue },
      ]),
    );
    expect(threads).toEqual({
      [w.recipe]: { opened: ch(1), due: ch(4), status: 'resolved', is_overdue: false },
      [w.lease]: { opened: ch(2), due: ch(3), status: 'open', is_overdue: true },
      [w.secret]: { opened: ch(1), due: undefined, status: 'resolved', is_overdue: false },
    });
  });

  it('--json: each continuity finding in its part, as karya generate reported it on that part', async () => {
    const map = await mapOf();
    const reported = generated.parts.flatMap((p) =>
      (p.continuity ?? []).map((f) => ({ label: p.label, kind: f.kind, detail: f.detail, part: f.part })),
    );
    expect(reported.length).toBeGreaterThan(0);
    expect(map.findings.map((f) => ({ label: f.label, kind: f.kind, detail: f.detail, part: f.part }))).toEqual(
      reported,
    );
    expect(map.findings).toContainEqual(
      expect.objectContaining({ position: 4, label: ch(4), kind: 'acts_after_death', part: ch(3) }),
    );
  });

  it('--as-of 2 holds only what Chapter 2 knew', async () => {
    const map = await mapOf(['--as-of', '2']);
    expect(map.as_of).toEqual({ position: 2, label: ch(2) });
    expect(map.parts.map((p) => p.label)).toEqual([w.intro, ch(1), ch(2)]);
    expect(map.characters.map((c) => [c.name, c.last.label])).toEqual([
      ['Aisyah', ch(2)],
      ['Daniel', ch(2)],
      ['Mak Som', ch(2)],
      ['Hafiz', ch(2)],
    ]);
    expect(map.characters.find((c) => c.name === 'Mak Som')).toMatchObject({ state: w.alive });
    expect(map.characters.some((c) => c.gone)).toBe(false);
    expect(map.threads.map((t) => [t.thread, t.status, t.is_overdue])).toEqual(
      expect.arrayContaining([
        [w.recipe, 'open', false],
        [w.lease, 'open', false],
        [w.secret, 'open', false],
      ]),
    );
    expect(map.facts.map((f) => f.fact)).toEqual([`${w.cafe}: Kopi Som`, w.met]);
    expect(map.findings).toEqual([]);
  });

  it("prints a table in the book's language, and refuses a part not written or no such book (exit 2)", async () => {
    const r = await karya(['map', '--book', String(id), '--as-of', '3']);
    expect(r.code, r.stderr).toBe(0);
    const heads =
      lang === 'ms'
        ? [
            'Peta cerita: Kopi di Georgetown (setakat Bab 3)',
            'Watak',
            'Urusan dan janji cerita',
            'Fakta',
            'Dapatan kesinambungan',
          ]
        : [
            'Story map: Coffee in Georgetown (as of Chapter 3)',
            'Characters',
            'Threads and promises',
            'Facts',
            'Continuity findings',
          ];
    const lines = r.stdout.split('\n');
    for (const head of heads) expect(lines).toContain(head);
    expect(lines.find((l) => /^\s+Mak Som\s/.test(l))).toMatch(/Mak Som\s+●\s+─\s+─\s+✕$/);
    expect(r.stdout).toContain(lang === 'ms' ? 'mati atau tiada sejak Bab 3' : 'dead or absent from Chapter 3');
    const past = await karya(['map', '--book', String(id), '--as-of', '9']);
    expect(past.code).toBe(2);
    expect(past.stderr).toContain('--as-of 9');
    const none = await karya(['map', '--book', '999']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no such book');
  });
});
