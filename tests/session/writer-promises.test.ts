// Promises the writer marks: a line "Promise: the missing key | due Chapter 5" ("Janji: kunci yang hilang |
// sasaran Bab 5") in the brief's premise or in a chapter's note becomes a thread with its due part. In a
// scripted 10-chapter book the promise is in chapter 5's request as due (not in chapter 4's), and, never
// paid, it is one finding (on chapter 6, not one on every later part) and overdue in the book's threads. English and
// Malay; the AI API is the fake server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMessageOf, type FakeOpenAI } from '../fake-openai.js';
import { writeContinuityBook } from '../continuity-session.js';
import type { BookSession } from '../../engine/index.js';
import { writerPromises } from '../../engine/session/bible/outline-threads.js';
import { loadCatalog } from '../../engine/node/load.js';

const catalog = loadCatalog({ useDiskCache: true });
const W = {
  en: {
    key: 'the missing key',
    line: 'Promise: the missing key | due Chapter 5',
    note: '- Promise: the brass bell | due Chapter 8',
    bell: 'the brass bell',
    ch: (n: number) => `Chapter ${n}`,
    write: (n: number) => new RegExp(`^Write Chapter ${n} of`),
    due: (t: string) => `- ${t} (due in Chapter 5)`,
    late: (t: string) => `- ${t} (was due in Chapter 5)`,
  },
  ms: {
    key: 'kunci yang hilang',
    line: 'Janji: kunci yang hilang | sasaran Bab 5',
    note: '- Janji: loceng tembaga | sasaran Bab 8',
    bell: 'loceng tembaga',
    ch: (n: number) => `Bab ${n}`,
    write: (n: number) => new RegExp(`^Tulis Bab ${n} daripada`),
    due: (t: string) => `- ${t} (sasaran Bab 5)`,
    late: (t: string) => `- ${t} (sepatutnya dalam Bab 5)`,
  },
};

describe("a promise line in the writer's text", () => {
  it('reads the thread and its due part, in English and Malay; other lines are not promises', () => {
    expect(
      writerPromises(`A lighthouse keeper's daughter.\n${W.en.line}\nPromises are hard.`, 'Introduction').map((t) => [
        t.thread,
        t.opened,
        t.due,
        t.isResolved,
      ]),
    ).toEqual([['the missing key', 'Introduction', 'Chapter 5', false]]);
    expect(
      writerPromises(`**Janji:** kunci yang hilang | sasaran Bab 5`, 'Bab 2').map((t) => [t.thread, t.opened, t.due]),
    ).toEqual([['kunci yang hilang', 'Bab 2', 'Bab 5']]);
    expect(writerPromises('Promise: a pact with no due part', 'Bab 1').map((t) => [t.thread, t.due])).toEqual([
      ['a pact with no due part', undefined],
    ]);
    expect(writerPromises('She promised: nothing', 'Chapter 1')).toEqual([]);
  });
});

describe.each(['en', 'ms'] as const)("the writer's promises in a scripted 10-chapter book (%s)", (lang) => {
  let fake: FakeOpenAI;
  let session: BookSession;
  const w = W[lang];
  beforeAll(async () => {
    ({ fake, session } = await writeContinuityBook({
      catalog,
      lang,
      settings: { premise: `A captain and her crew search the coast.\n${w.line}` },
      chapterNotes: { 3: w.note },
    }));
  });
  afterAll(() => fake.close());

  const requestOf = (n: number) =>
    fake
      .generationRequests()
      .map((r) => userMessageOf(r.body ?? {}))
      .find((u) => w.write(n).test(u))!;

  it("the premise's promise is in chapter 5's request as due and in chapter 6's as overdue, not in chapter 4's", () => {
    expect(requestOf(5)).toContain(w.due(w.key));
    expect(requestOf(6)).toContain(w.late(w.key));
    // The premise (and with it the promise line) goes with every request; the due line only from chapter 5.
    expect(requestOf(4)).not.toContain(w.due(w.key));
  });

  it(
    'never paid, it is one finding on chapter 6 and overdue in the ' +
      "book's threads; the chapter note's promise opens in chapter 3",
    () => {
      const view = session.view();
      const overdueOn = view.parts
        .filter((p) => p.continuity?.some((f) => f.kind === 'thread_overdue' && f.detail.includes(w.key)))
        .map((p) => p.label);
      expect(overdueOn).toEqual([w.ch(6)]);
      expect(overdueOn).not.toContain(w.ch(5));
      expect(view.threads).toContainEqual({
        thread: w.key,
        opened: view.parts[0]!.label,
        due: w.ch(5),
        status: 'open',
        is_overdue: true,
      });
      expect(view.threads?.find((t) => t.thread === w.bell)).toMatchObject({ opened: w.ch(3), due: w.ch(8) });
    },
  );
});
