// Continuity a reader can trust, through the book session and its view (what the server serves and the
// studio shows): in a scripted 10-chapter book where chapter 4 records the captain Mara's death and chapter 7
// has her speak, chapter 7 carries a finding naming Mara and chapter 4; the ship's name chapter 2 set and
// chapter 6 changed is flagged on chapter 6; the promise due in chapter 5 and never paid is one finding on
// chapter 6 (not one on every later part) and overdue in the book's threads. Rewriting chapter 4 so Mara lives
// re-derives its bible:
// the later chapters that mention her are listed to check against it, and chapter 7's finding is gone.
// English and Malay. The AI API is the fake server answered by tests/continuity-book.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMessageOf, type FakeOpenAI } from '../fake-openai.js';
import { writeContinuityBook } from '../continuity-session.js';
import type { BookSession, BookView } from '../../engine/index.js';
import { outlineThreads } from '../../engine/session/bible/outline-threads.js';
import { loadCatalog } from '../../engine/node/load.js';

const catalog = loadCatalog({ useDiskCache: true });
const W = {
  en: { ch: (n: number) => `Chapter ${n}`, end: 'Conclusion', map: 'the stolen map' },
  ms: { ch: (n: number) => `Bab ${n}`, end: 'Kesimpulan', map: 'peta yang dicuri' },
};

const partOf = (view: BookView, label: string) => view.parts.find((p) => p.label === label)!;

describe.each(['en', 'ms'] as const)('continuity of a scripted 10-chapter book (%s)', (lang) => {
  let fake: FakeOpenAI;
  let session: BookSession;
  const w = W[lang];
  beforeAll(async () => {
    ({ fake, session } = await writeContinuityBook({ catalog, lang }));
  });
  afterAll(() => fake.close());

  it('chapter 7, where the dead captain speaks, names Mara and chapter 4; no other part has such a finding', () => {
    const view = session.view();
    const found = partOf(view, w.ch(7)).continuity?.filter((f) => f.kind === 'acts_after_death') ?? [];
    expect(found).toHaveLength(1);
    expect(found[0]!.part).toBe(w.ch(4));
    expect(found[0]!.detail).toContain('Mara');
    expect(found[0]!.detail).toContain(w.ch(4));
    expect(found[0]!.detail).toMatch(lang === 'ms' ? /bercakap atau bertindak/ : /speaks or acts/);
    // Chapters 5 and 9 only remember her: no finding.
    const others = view.parts.filter(
      (p) => p.label !== w.ch(7) && p.continuity?.some((f) => f.kind === 'acts_after_death'),
    );
    expect(others.map((p) => p.label)).toEqual([]);
  });

  it('the fact chapter 2 set and chapter 6 changed is flagged on chapter 6, naming chapter 2 and both values', () => {
    const view = session.view();
    const changed = partOf(view, w.ch(6)).continuity?.filter((f) => f.kind === 'fact_changed') ?? [];
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ part: w.ch(2) });
    expect(changed[0]!.detail).toContain('Heron');
    expect(changed[0]!.detail).toContain('Osprey');
  });

  it(
    'the promise due in chapter 5 and never paid is one finding, on ' +
      "chapter 6, and overdue in the book's threads; paid ones are not",
    () => {
      const view = session.view();
      const overdueOn = view.parts
        .filter((p) => p.continuity?.some((f) => f.kind === 'thread_overdue' && f.detail.includes(w.map)))
        .map((p) => p.label);
      expect(overdueOn).toEqual([w.ch(6)]);
      expect(overdueOn).not.toContain(w.ch(5));
      const threads = view.threads ?? [];
      expect(threads.find((t) => t.thread === w.map)).toMatchObject({ due: w.ch(5), status: 'open', is_overdue: true });
      expect(threads.filter((t) => t.is_overdue).map((t) => t.thread)).toEqual([w.map]);
      expect(threads.filter((t) => t.status === 'resolved')).toHaveLength(2);
    },
  );

  it("a thread due in chapter 5 is in chapter 5's request as due, and in chapter 6's as overdue; not before", () => {
    const requestOf = (n: number) =>
      fake
        .generationRequests()
        .map((r) => userMessageOf(r.body ?? {}))
        .find((u) => new RegExp(lang === 'ms' ? `^Tulis Bab ${n} daripada` : `^Write Chapter ${n} of`).test(u))!;
    const heading = lang === 'ms' ? 'Janji cerita yang perlu dilunaskan' : 'Promises of the story due in this part';
    expect(requestOf(5)).toContain(heading);
    expect(requestOf(5)).toContain(lang === 'ms' ? `- ${w.map} (sasaran Bab 5)` : `- ${w.map} (due in Chapter 5)`);
    expect(requestOf(6)).toContain(
      lang === 'ms' ? `- ${w.map} (sepatutnya dalam Bab 5)` : `- ${w.map} (was due in Chapter 5)`,
    );
    expect(requestOf(4)).not.toContain(w.map + (lang === 'ms' ? ' (sasaran' : ' (due'));
    // The letter, due in 3 and paid in 3, is due in chapter 3's request and in no later one.
    expect(requestOf(3)).toContain(
      lang === 'ms' ? 'surat bermeterai (sasaran Bab 3)' : 'the sealed letter (due in Chapter 3)',
    );
    expect(requestOf(4)).not.toMatch(/sealed letter \(|surat bermeterai \(/);
  });

  it("the outline's promises are read from its Threads block, which no chapter's plan takes in", () => {
    const threads = outlineThreads(session.state.outline);
    expect(threads.map((t) => [t.thread, t.opened, t.due])).toEqual([
      [w.map, w.ch(2), w.ch(5)],
      [lang === 'ms' ? 'surat bermeterai' : 'the sealed letter', w.ch(1), w.ch(3)],
      [lang === 'ms' ? 'hutang Yusuf' : "Yusuf's debt", w.ch(2), w.ch(8)],
    ]);
    const last = session.view().chapters?.find((c) => c.number === 10);
    expect(last?.plan).not.toMatch(/stolen map|peta yang dicuri/);
  });

  it(
    'after rewriting chapter 4 so Mara lives: the later chapters ' +
      'that mention her are to check, chapter 7 has no finding',
    async () => {
      const from = fake.generationRequests().length;
      const result = await session.rewrite(4, { note: lang === 'ms' ? 'Mara masih hidup.' : 'Mara lives.' });
      expect(result.bibleCalls).toBe(1);
      // The re-run update is asked with the bible as of chapter 3: Mara alive, nothing from chapter 4 on.
      const update = fake
        .generationRequests()
        .slice(from)
        .map((r) => userMessageOf(r.body ?? {}))
        .find((u) => /^(Update the story bible|Kemas kini catatan cerita)/.test(u))!;
      expect(update).not.toMatch(/Marker [4-9]\b|Marker 10\b/);
      const view = session.view();
      const toCheck = view.parts.filter((p) => p.check_against).map((p) => [p.label, p.check_against]);
      expect(toCheck).toEqual([5, 7, 9].map((n) => [w.ch(n), w.ch(4)]));
      expect(partOf(view, w.ch(7)).continuity?.some((f) => f.kind === 'acts_after_death') ?? false).toBe(false);
      // The other findings still stand: the book's text and the rest of its bible are as they were.
      expect(partOf(view, w.ch(6)).continuity?.some((f) => f.kind === 'fact_changed')).toBe(true);
    },
  );
});
