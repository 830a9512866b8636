// The story map of a 5-chapter romance written through a BookSession against the fake server (the scripted
// book of tests/story-map-book.ts): every bible character with the part they first appear in and their last (the
// conclusion for those alive at the end: a finished book's bible reads its ending),
// Mak Som dead from Chapter 3, every thread with the part that opened it and its due part (the lease overdue),
// the facts with their span, Aisyah and Daniel's relation, each continuity finding in its part, and the map as
// of Chapter 2 holding only what Chapter 2 knew. English and Malay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { BOOK_WORDS, storyMapBook } from '../story-map-book.js';
import {
  BookSession,
  bookView,
  characterCells,
  findingCounts,
  inMemoryProgressStore,
  parseSettings,
  storyMap,
  storyMapText,
  StoryMapSchema,
  threadCells,
  type StoryMap,
} from '../../engine/index.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { storyMapHtml } from '../../engine/session/story-map/index.js';
import { loadCatalog } from '../../engine/node/load.js';

const catalog = loadCatalog({ useDiskCache: true });

describe.each(['en', 'ms'] as const)('the story map of a 5-chapter romance (%s)', (lang) => {
  let fake: FakeOpenAI;
  let session: BookSession;
  const w = BOOK_WORDS[lang];
  const ch = w.chapter;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ answer: storyMapBook(lang), props: true, contextTokens: 32_768 });
    const spec = catalog.get('romance')!;
    const provider = providerFromEnv({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL });
    session = await BookSession.open({
      spec,
      renderer: catalog.renderer,
      provider,
      store: inMemoryProgressStore(),
      key: 'book',
      settings: parseSettings(spec, { language: lang }),
      totalChapters: 5,
      onFinished: 'keep',
    });
    while (!session.isFinished) {
      await session.advance();
      if (session.needsMemory) await session.remember();
    }
  });
  afterAll(() => fake.close());

  const map = (asOf?: number) => storyMap(catalog.get('romance')!, session.state, asOf === undefined ? {} : { asOf });
  const lane = (m: StoryMap, name: string) => m.characters.find((c) => c.name === name)!;
  const thread = (m: StoryMap, name: string) => m.threads.find((t) => t.thread === name)!;

  it(
    'lists every bible character with the part they first ' +
      'appear in and their last; Mak Som is dead from Chapter 3',
    () => {
      const m = map();
      expect(StoryMapSchema.parse(m)).toEqual(m);
      expect(m.characters.map((c) => [c.name, c.first.label, c.last.label])).toEqual([
        // The conclusion is read too (a finished book's bible holds its ending): the living are last seen there.
        ['Aisyah', w.intro, w.concl],
        ['Daniel', ch(1), w.concl],
        ['Mak Som', w.intro, ch(3)],
        ['Hafiz', ch(2), w.concl],
      ]);
      expect(lane(m, 'Mak Som').gone).toMatchObject({ label: ch(3), state: w.dead });
      expect(lane(m, 'Aisyah').gone).toBeUndefined();
      // A mark at each state the bible recorded, from the part it became true.
      expect(lane(m, 'Aisyah').marks.map((k) => [k.label, k.state])).toEqual([
        [w.intro, w.aisyah[0]],
        [ch(2), w.aisyah[1]],
        [ch(4), w.aisyah[2]],
      ]);
      // In the grid, she is marked dead from Chapter 3 to the last part written.
      const columns = m.parts.map((p) => p.position);
      expect(characterCells(lane(m, 'Mak Som'), columns).map((c) => c.isGone === true)).toEqual(
        columns.map((p) => p >= 3),
      );
      expect(characterCells(lane(m, 'Hafiz'), columns).map((c) => c.isOn)).toEqual(columns.map((p) => p >= 2));
    },
  );

  it(
    'lists every thread with the part that opened it and its due ' +
      'part; the lease, due in Chapter 3 and still open, is overdue',
    () => {
      const m = map();
      expect(
        m.threads
          .map((t) => ({
            thread: t.thread,
            opened: t.opened.label,
            due: t.due?.label,
            status: t.status,
            is_overdue: t.is_overdue,
          }))
          .sort((a, b) => a.thread.localeCompare(b.thread)),
      ).toEqual(
        [
          { thread: w.recipe, opened: ch(1), due: ch(4), status: 'resolved', is_overdue: false },
          { thread: w.lease, opened: ch(2), due: ch(3), status: 'open', is_overdue: true },
          { thread: w.secret, opened: ch(1), due: undefined, status: 'resolved', is_overdue: false },
        ].sort((a, b) => a.thread.localeCompare(b.thread)),
      );
      expect(thread(m, w.recipe).closed?.label).toBe(ch(4));
      expect(thread(m, w.secret).closed?.label).toBe(ch(5));
      const cells = threadCells(
        thread(m, w.lease),
        m.parts.map((p) => p.position),
      );
      expect(cells.map((c) => c.isOverdue === true)).toEqual(m.parts.map((p) => p.position > 3));
    },
  );

  it('puts each continuity finding of the book in the cell of its part, as the book page lists them', () => {
    const m = map();
    const view = bookView(catalog.get('romance')!, session.state);
    const listed = view.parts.flatMap((p, i) =>
      (p.continuity ?? []).map((f) => ({ position: i, kind: f.kind, detail: f.detail, part: f.part })),
    );
    expect(listed.length).toBeGreaterThan(0);
    expect(m.findings.map((f) => ({ position: f.position, kind: f.kind, detail: f.detail, part: f.part }))).toEqual(
      listed,
    );
    const chapter4 = m.findings.filter((f) => f.label === ch(4));
    expect(chapter4).toContainEqual(expect.objectContaining({ kind: 'acts_after_death', part: ch(3) }));
    expect(chapter4.find((f) => f.kind === 'acts_after_death')!.detail).toContain('Mak Som');
    expect(chapter4).toContainEqual(expect.objectContaining({ kind: 'fact_changed' }));
    expect(findingCounts(m)[4]).toBe(chapter4.length);
  });

  it(
    'gives facts their span and the relation of Aisyah and ' + 'Daniel, from the fact and the states that name both',
    () => {
      const m = map();
      expect(m.facts.find((f) => f.fact === `${w.cafe}: Kopi Som`)).toMatchObject({
        since: { label: w.intro },
        until: { label: ch(4) },
      });
      expect(m.facts.find((f) => f.fact === `${w.cafe}: Kopi Aisyah`)).toMatchObject({
        since: { label: ch(4) },
        until: null,
      });
      expect(m.relations).toContainEqual({
        between: ['Aisyah', 'Daniel'],
        text: w.met,
        source: 'fact',
        since: { position: 1, label: ch(1) },
        until: null,
      });
      expect(m.relations).toContainEqual({
        between: ['Aisyah', 'Daniel'],
        text: w.aisyah[1],
        source: 'state',
        since: { position: 2, label: ch(2) },
        until: { position: 4, label: ch(4) },
      });
      expect(m.relations.some((r) => r.between.includes('Hafiz'))).toBe(false);
    },
  );

  it('as of Chapter 2 holds only what Chapter 2 knew, and says what Chapter 2 changed', () => {
    const m = map(2);
    expect(m.is_as_of).toBe(true);
    expect(m.as_of).toEqual({ position: 2, label: ch(2) });
    expect(m.parts.map((p) => p.label)).toEqual([w.intro, ch(1), ch(2)]);
    expect(lane(m, 'Mak Som')).toMatchObject({ state: w.alive, last: { label: ch(2) } });
    expect(lane(m, 'Mak Som').gone).toBeUndefined();
    expect(m.characters.map((c) => c.last.label)).toEqual([ch(2), ch(2), ch(2), ch(2)]);
    expect(m.threads.every((t) => t.status === 'open' && !t.is_overdue && !t.closed)).toBe(true);
    expect(m.facts.map((f) => f.fact)).not.toContain(`${w.cafe}: Kopi Aisyah`);
    expect(m.findings).toEqual([]);
    // Nothing a later part established (a thread's due part is what Chapter 2 already promised).
    const known = { ...m, threads: m.threads.map(({ due: _due, ...t }) => t) };
    expect(JSON.stringify(known)).not.toMatch(
      new RegExp(`${w.aisyah[2]}|Kopi Aisyah|${w.dead}|${ch(3)}|${ch(4)}|${ch(5)}`),
    );
    expect(m.threads.map((t) => t.due?.label)).toEqual(expect.arrayContaining([ch(4), ch(3)]));
    expect(m.changes.new).toEqual(
      expect.arrayContaining([
        { kind: 'character', subject: 'Hafiz', to: w.hafiz },
        { kind: 'thread', subject: w.lease, to: 'open' },
      ]),
    );
    expect(m.changes.changed).toContainEqual({
      kind: 'character',
      subject: 'Aisyah',
      from: w.aisyah[0],
      to: w.aisyah[1],
    });
    expect(m.changes.gone).toEqual([]);
  });

  it('as of Chapter 3, Mak Som is gone since Chapter 2', () => {
    const m = map(3);
    expect(m.changes.before?.label).toBe(ch(2));
    expect(m.changes.gone).toContainEqual({ kind: 'character', subject: 'Mak Som', from: w.alive, to: w.dead });
    expect(lane(m, 'Mak Som').gone?.label).toBe(ch(3));
  });

  it(
    "as a page of its own (the package's story-map.html): " + "the same table, self-contained, in the book's language",
    () => {
      const html = storyMapHtml(map());
      expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
      expect(html).toContain(`<html lang="${lang}">`);
      // No script, and nothing fetched from elsewhere: a page to print or send.
      expect(html).not.toMatch(/<script|<link|\ssrc=|url\(/i);
      expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]).every((h) => h!.startsWith('#findings-'))).toBe(
        true,
      );
      expect(html).toMatch(/<table>\s*<caption>/);
      expect([...html.matchAll(/<th scope="col">([^<]*)<\/th>/g)].map((m) => m[1]).slice(1, 7)).toEqual([
        w.intro,
        ch(1),
        ch(2),
        ch(3),
        ch(4),
        ch(5),
      ]);
      const som = /<tr><th scope="row">Mak Som<\/th>(.*?)<\/tr>/.exec(html)![1]!;
      expect([...som.matchAll(/<td( class="(\w+)")?/g)].map((m) => m[2] === 'gone').slice(0, 6)).toEqual([
        false,
        false,
        false,
        true,
        true,
        true,
      ]);
      expect(html).toContain(
        lang === 'ms'
          ? '<th scope="colgroup" colspan="8" class="group">Watak</th>'
          : '<th scope="colgroup" colspan="8" class="group">Characters</th>',
      );
      expect(html).toContain('id="findings-4"');
    },
  );

  it("as text: a table with a column per part and a row per lane, in the book's language", () => {
    const text = storyMapText(map(2));
    const words =
      lang === 'ms'
        ? { characters: 'Watak', threads: 'Urusan dan janji cerita', asOf: 'setakat Bab 2' }
        : { characters: 'Characters', threads: 'Threads and promises', asOf: 'as of Chapter 2' };
    expect(text).toContain(words.asOf);
    const lines = text.split('\n');
    expect(lines).toContain(words.characters);
    expect(lines.find((l) => l.trim().startsWith('Mak Som'))).toMatch(/Mak Som\s+●\s+─\s+─$/);
    expect(lines.find((l) => l.trim().startsWith('Hafiz'))).toMatch(/Hafiz\s+·\s+·\s+●$/);
    expect(text).not.toContain('Kopi Aisyah');
  });
});
