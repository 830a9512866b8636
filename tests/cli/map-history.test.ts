// A story bible that remembers the whole book: a 12-chapter romance written by `karya generate` against the fake
// server (tests/cast-book.ts), whose cast enters in Chapters 1 (Nadia, Tariq), 2 (Leila), 5 (Harun) and 9 (Mei)
// while Nadia, Tariq and the shop's sign change in every chapter. `karya map` shows each character first appearing
// in the chapter they enter; `--as-of N` lists exactly the characters met by Chapter N, with the state they had
// then; `karya rewrite --part chapter:1` sends the model a Characters section with the chapter-1 characters (and
// nobody who enters later, nor where anyone was last seen after it). English and Malay.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, userMessageOf, type FakeOpenAI } from '../fake-openai.js';
import { CAST, CAST_WORDS, castBook } from '../cast-book.js';
import { tempDir } from '../temp.js';

interface Part {
  position: number | null;
  label: string;
}
interface MapJson {
  as_of: Part;
  characters: Array<{ name: string; state: string; first: Part; last: Part }>;
  facts: Array<{ fact: string; since: Part | null; until: Part | null }>;
}

describe.each(['en', 'ms'] as const)('the story map and bible of a 12-chapter book whose cast grows (%s)', (lang) => {
  let fake: FakeOpenAI;
  let cwd: string;
  let id: number;
  const w = CAST_WORDS[lang];
  const env = () => ({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL });
  const karya = (args: string[]) => runKaryaInProcess(args, { cwd, env: env() });
  const mapOf = async (args: string[] = []): Promise<MapJson> => {
    const r = await karya(['map', '--book', String(id), '--json', ...args]);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as MapJson;
  };
  const metBy = (n: number) => CAST.filter((c) => c.at <= n).map((c) => c.name);

  beforeAll(async () => {
    fake = await startFakeOpenAI({ answer: castBook(lang), props: true, contextTokens: 32_768 });
    cwd = tempDir('karya-cast-');
    const r = await karya(['generate', 'romance', '--chapters', '12', '--lang', lang, '--out', 'book.md']);
    expect(r.code, r.stderr).toBe(0);
    const books = await karya(['books', '--json']);
    id = (JSON.parse(books.stdout) as { books: Array<{ id: number }> }).books[0]!.id;
  });
  afterAll(async () => {
    await fake.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  it("shows each character first appearing in the chapter they enter, and the lead's every state", async () => {
    const map = await mapOf();
    expect(Object.fromEntries(map.characters.map((c) => [c.name, c.first.label]))).toEqual(
      Object.fromEntries(CAST.map((c) => [c.name, w.chapter(c.at)])),
    );
    expect(map.characters.find((c) => c.name === 'Nadia')!.state).toBe(w.nadia(12));
    // The sign's value in every chapter: twelve values, each true from its chapter.
    const signs = map.facts.filter((f) => f.fact.startsWith(w.sign));
    expect(signs.map((f) => f.since?.label)).toEqual(Array.from({ length: 12 }, (_, i) => w.chapter(i + 1)));
  });

  it.each([1, 2, 4, 5, 8, 9])(
    '--as-of %i lists exactly the characters met by then, with the state they had then',
    async (n) => {
      const map = await mapOf(['--as-of', String(n)]);
      expect(map.as_of.label).toBe(w.chapter(n));
      expect(map.characters.map((c) => c.name).sort()).toEqual(metBy(n).sort());
      expect(map.characters.find((c) => c.name === 'Nadia')!.state).toBe(w.nadia(n));
      for (const c of map.characters)
        expect(c.first.label, c.name).toBe(w.chapter(CAST.find((x) => x.name === c.name)!.at));
    },
  );

  it('--as-of 1 as a table: the chapter-1 characters alone under the characters heading', async () => {
    const r = await karya(['map', '--book', String(id), '--as-of', '1']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    const from = lines.indexOf(lang === 'ms' ? 'Watak' : 'Characters');
    const rows = lines.slice(
      from + 1,
      lines.findIndex((l, i) => i > from && /^\S/.test(l)),
    );
    expect(rows.map((l) => l.trim().split(/\s{2,}|\s[●─·✕]/)[0])).toEqual(['Nadia', 'Tariq']);
  });

  it('a rewrite of Chapter 1 is sent a Characters section with the chapter-1 characters', async () => {
    const from = fake.generationRequests().length;
    const r = await karya(['rewrite', '--book', String(id), '--part', 'chapter:1']);
    expect(r.code, r.stderr).toBe(0);
    const users = fake
      .generationRequests()
      .slice(from)
      .map((q) => userMessageOf(q.body ?? {}));
    const request = users.find((u) => !w.update.test(u.trim()));
    expect(request).toBeDefined();
    const section = /## (?:Characters|Watak)\n((?:- .*\n?)+)/.exec(request!)?.[1] ?? '';
    const names = section
      .trim()
      .split('\n')
      .map((l) => l.replace(/^- /, '').split('|')[0]!.trim());
    expect(names.sort()).toEqual(['Nadia', 'Tariq']);
    expect(section).toContain(w.nadia(1));
    expect(request).not.toContain(w.nadia(2));
    // Nothing a later chapter knew: no one "last seen" in a chapter after the first.
    expect(section).not.toMatch(lang === 'ms' ? /Bab ([2-9]|1\d)\b/ : /Chapter ([2-9]|1\d)\b/);
  });
});
