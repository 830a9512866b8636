// `karya generate` and the book session: a finished book or piece is never replayed (only an interrupted
// run resumes), and the state file holds saved books only, safe for several processes at once (the one
// test that spawns them; the others run the command in the test's process).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { fullLength, startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { isMemoryRequest } from '../batch/helpers.js';
import { tempDir } from '../temp.js';

const tmp = tempDir('karya-session-');

describe('karya generate writes a new book every time a run finished', () => {
  let fake: FakeOpenAI;
  let env: Record<string, string>;
  beforeAll(async () => {
    fake = await startFakeOpenAI({
      answer: fullLength((_b, i) => `Answer number ${i}. Character Details:\n- Aisha: lead\n\nThe end of part ${i}.`),
    });
    env = { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseURL };
  });
  afterAll(() => fake.close());

  it('poems twice with the same settings asks the model twice and writes two different pieces', async () => {
    const state = path.join(tmp, 'poems.sqlite');
    const before = fake.generationRequests().length;
    const first = await runKaryaInProcess(
      ['generate', 'poems', '--set', 'theme=journey', '--out', path.join(tmp, 'p1.md'), '--state', state],
      { env },
    );
    const second = await runKaryaInProcess(
      ['generate', 'poems', '--set', 'theme=journey', '--out', path.join(tmp, 'p2.md'), '--state', state],
      { env },
    );
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(fake.generationRequests().length - before).toBe(2);
    expect(second.stderr).not.toMatch(/resuming/);
    const [a, b] = [readFileSync(path.join(tmp, 'p1.md'), 'utf8'), readFileSync(path.join(tmp, 'p2.md'), 'utf8')];
    expect(a).not.toBe(b);
  });

  it('a finished romance is written again from the outline on, not served from the saved book', async () => {
    const state = path.join(tmp, 'romance.sqlite');
    const args = ['generate', 'romance', '--chapters', '1', '--state', state];
    const steps = () => fake.generationRequests().filter((r) => !isMemoryRequest(r)).length;
    const before = steps();
    const first = await runKaryaInProcess([...args, '--out', path.join(tmp, 'r1.md')], { env });
    const afterFirst = steps();
    const second = await runKaryaInProcess([...args, '--out', path.join(tmp, 'r2.md')], { env });
    expect([first.code, second.code]).toEqual([0, 0]);
    // Outline, introduction, chapter 1, conclusion: four calls each time.
    expect(afterFirst - before).toBe(4);
    expect(steps() - afterFirst).toBe(4);
    expect(second.stderr).not.toMatch(/resuming/);
    expect(readFileSync(path.join(tmp, 'r2.md'), 'utf8')).not.toBe(readFileSync(path.join(tmp, 'r1.md'), 'utf8'));
  });
});

describe('the state file', () => {
  it(
    'six `karya generate poems` started at once on a new state ' +
      'file all succeed; it holds saved books (and series) only',
    async () => {
      const state = path.join(tmp, 'fresh', 'state.sqlite');
      const runs = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          runCli(['generate', 'poems', '--out', path.join(tmp, `c${i}.md`), '--state', state]),
        ),
      );
      for (const r of runs)
        expect({ code: r.code, stderr: r.code === 0 ? '' : r.stderr }).toEqual({ code: 0, stderr: '' });
      const db = new SQLite(state, { readonly: true });
      try {
        const tables = (
          db
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            .all() as Array<{ name: string }>
        ).map((t) => t.name);
        expect(tables).not.toContain('users');
        expect(tables).toEqual(expect.arrayContaining(['book_parts', 'books']));
        // A saved book's parts and their earlier versions (karya rewrite), the writer's series of books (karya generate
        // --series)
        // each finished book's near-duplicate fingerprint (the catalogue a new book is compared with), and the answers
        // of a
        // step not saved yet (a killed run is given them back instead of paying for them again).
        expect(tables.filter((t) => !t.startsWith('karya_state_migration'))).toEqual([
          'book_fingerprints',
          'book_parts',
          'book_releases',
          'books',
          'kept_answers',
          'part_versions',
          'series',
          'series_books',
        ]);
      } finally {
        db.close();
      }
    },
  );
});
