// Editions in every language of the table, from the studio's side (server/routes/editions.ts), against the fake
// model taught to translate (tests/fake-translator.ts): an English book written in the studio (its chapter titles
// in its outline, as the studio's outline step gives them) is offered an edition in each other language of the
// table; its Indonesian edition carries its chapter titles translated and has its own story bible (its story map
// is not empty); a paragraph the writer changes afterwards is out of date, and "translate again" asks for it alone,
// its part charged once, cost said first.
import { describe, expect, it } from 'vitest';
import { serverOnFakeModel, signUp, type TestServer } from './helpers.js';
import { underWriter } from '../scripted-models.js';
import { fakeTranslator, titleIn } from '../fake-translator.js';
import { CHAPTERS, chapterParagraphs, romanceSaves } from '../translate/book.js';
import { langs, type Lang } from '../../engine/index.js';

const translator = fakeTranslator();
const served = serverOnFakeModel(underWriter(1).fakeOptions({ reply: (body) => translator.reply(body) }), {});

/** The romance as the studio writes one: its chapter titles in its outline, none typed for a chapter. */
function studioSaves(lang: Lang) {
  const outline = Array.from(
    { length: CHAPTERS },
    (_, i) => `Chapter ${i + 1}: ${titleIn(i, lang)}\nWhat happens in it.`,
  ).join('\n\n');
  const parts = romanceSaves(lang).map(({ title: _title, ...save }, i) => {
    const { chapterTitles: _titles, ...state } = save.state;
    return { ...save, isFirst: false, state: { ...state, outline }, ...(i === 0 ? {} : {}) };
  });
  // The outline is saved first, as the studio's outline step saves it.
  return [
    {
      ...parts[0]!,
      step: { kind: 'outline' as const },
      stepKey: 'outline',
      position: -1,
      text: outline,
      isFirst: true,
      isFinished: false,
      label: 'Outline',
      words: outline.split(/\s+/).length,
    },
    ...parts,
  ];
}

async function writerWithRomance(ts: TestServer, credits = 30) {
  const cookie = await signUp(ts);
  const id = (await ts.http.get('/api/me').set('cookie', cookie)).body.id as string;
  ts.store.run(ts.store.db.updateTable('users').set({ credits_available: credits }).where('id', '=', id));
  const bookId = await ts.ctx.repos.books.saveImport({ userId: id, key: 'romance', saves: studioSaves('en') });
  const charges = async () =>
    (await ts.ctx.repos.credits.ledger(id)).slice(1).filter((r) => r.type === 'charge').length;
  return { cookie, bookId, charges };
}

type Side = {
  parts: Array<{
    position: number;
    title: { source: string | null; edition: string | null };
    pairs: Array<{ source: string | null; edition: string | null; is_stale: boolean }>;
  }>;
  stale_paragraphs: number;
  again: { parts: number; per_part: number; total: number };
};

describe('editions in every language of the table', () => {
  it(
    'makes an Indonesian edition with its chapter titles translated and ' +
      'a story map, and translates a changed paragraph again for one part',
    async () => {
      const { ts } = served;
      const w = await writerWithRomance(ts);
      const offer = await ts.http.get(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie);
      expect(offer.status).toBe(200);
      // Every language of the table but the book's own, each with its cost before anything is charged.
      expect((offer.body.offers as Array<{ to: string }>).map((o) => o.to).sort()).toEqual(
        langs()
          .filter((l) => l !== 'en')
          .sort(),
      );
      expect(offer.body.offers.find((o: { to: string }) => o.to === 'id')).toMatchObject({
        cost: { per_part: 1, parts: CHAPTERS, total: CHAPTERS, remaining: CHAPTERS },
      });

      const made = await ts.http.post(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie).send({ to: 'id' });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect(made.body).toMatchObject({
        edition: { lang: 'id', parts_done: CHAPTERS },
        credits_charged: CHAPTERS,
        untranslated: [],
      });
      expect(await w.charges()).toBe(CHAPTERS);
      const editionId = made.body.edition.id as number;

      // Its chapter titles: the source's (from its outline), each translated into Indonesian.
      const side = (await ts.http.get(`/api/books/${editionId}/side-by-side`).set('cookie', w.cookie)).body as Side;
      expect(side.parts.map((p) => p.title)).toEqual(
        Array.from({ length: CHAPTERS }, (_, i) => ({ source: titleIn(i, 'en'), edition: titleIn(i, 'id') })),
      );
      // Every export takes them: the edition's Markdown heads each chapter with its translated title.
      const markdown = await ts.http
        .get(`/api/books/${editionId}/export`)
        .query({ format: 'md' })
        .set('cookie', w.cookie);
      expect(markdown.status).toBe(200);
      for (let i = 0; i < CHAPTERS; i++) expect(markdown.text).toContain(titleIn(i, 'id'));

      // Its own story map, read from its own text: not empty.
      const map = await ts.http.get(`/api/books/${editionId}/story-map`).set('cookie', w.cookie);
      expect(map.status).toBe(200);
      expect(map.body.characters.length).toBeGreaterThan(0);

      // The source's editions name it; the Malay one is still offered whole, the Indonesian one has nothing left to
      // pay.
      const after = await ts.http.get(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie);
      expect(after.body.editions).toEqual([expect.objectContaining({ id: editionId, lang: 'id' })]);
      expect(after.body.offers.find((o: { to: string }) => o.to === 'id').cost.remaining).toBe(0);
      expect(after.body.offers.find((o: { to: string }) => o.to === 'ms').cost.remaining).toBe(CHAPTERS);

      // The writer retitles a chapter of the edition: the view and the export take it; a chapter it lacks is refused.
      const retitled = await ts.http
        .put(`/api/books/${editionId}/edition-chapter-title`)
        .set('cookie', w.cookie)
        .send({ position: 3, title: ' Surat dari Ayah ' });
      expect([retitled.status, retitled.body]).toEqual([200, { id: editionId, position: 3, title: 'Surat dari Ayah' }]);
      expect(
        ((await ts.http.get(`/api/books/${editionId}/side-by-side`).set('cookie', w.cookie)).body as Side).parts.find(
          (p) => p.position === 3,
        )!.title.edition,
      ).toBe('Surat dari Ayah');
      expect(
        (await ts.http.get(`/api/books/${editionId}/export`).query({ format: 'md' }).set('cookie', w.cookie)).text,
      ).toContain('Surat dari Ayah');
      expect(
        (
          await ts.http
            .put(`/api/books/${editionId}/edition-chapter-title`)
            .set('cookie', w.cookie)
            .send({ position: 40, title: 'Tidak Ada' })
        ).status,
      ).toBe(404);
      expect(
        (
          await ts.http
            .put(`/api/books/${w.bookId}/edition-chapter-title`)
            .set('cookie', w.cookie)
            .send({ position: 3, title: 'Nope' })
        ).status,
      ).toBe(404);

      // The writer changes a paragraph of Chapter 2: its translation is out of date, and translating it again costs one
      // part.
      const paragraphs = chapterParagraphs(2, 'en');
      const changed = [paragraphs[0]!, chapterParagraphs(4, 'en')[1]!, ...paragraphs.slice(2)];
      expect(
        (
          await ts.http
            .put('/api/progress/romance/part')
            .set('cookie', w.cookie)
            .send({ part: { kind: 'chapter', position: 2 }, text: changed.join('\n\n') })
        ).status,
      ).toBe(200);
      const stale = (await ts.http.get(`/api/books/${editionId}/side-by-side`).set('cookie', w.cookie)).body as Side;
      expect(stale.stale_paragraphs).toBe(1);
      expect(stale.again).toEqual({ parts: 1, per_part: 1, total: 1 });

      const again = await ts.http
        .post(`/api/books/${w.bookId}/editions`)
        .set('cookie', w.cookie)
        .send({ to: 'id', again: true });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.credits_charged).toBe(1);
      expect(await w.charges()).toBe(CHAPTERS + 1);
      const fresh = (await ts.http.get(`/api/books/${editionId}/side-by-side`).set('cookie', w.cookie)).body as Side;
      expect(fresh.stale_paragraphs).toBe(0);
      expect(fresh.again.parts).toBe(0);
      const part2 = fresh.parts.find((p) => p.position === 2)!;
      // The changed paragraph is now the translation of its new source (the one it was before is gone), the others
      // kept.
      expect(part2.pairs.map((p) => p.source)).toEqual(changed);
      expect(part2.pairs[1]!.edition).toBe(stale.parts.find((p) => p.position === 4)!.pairs[1]!.edition);
      expect(part2.pairs.map((p) => p.edition).filter((_, i) => i !== 1)).toEqual(
        stale.parts
          .find((p) => p.position === 2)!
          .pairs.map((p) => p.edition)
          .filter((_, i) => i !== 1),
      );
      // Nothing out of date is left: a second "again" charges nothing.
      const twice = await ts.http
        .post(`/api/books/${w.bookId}/editions`)
        .set('cookie', w.cookie)
        .send({ to: 'id', again: true });
      expect(twice.body.credits_charged).toBe(0);
      expect(await w.charges()).toBe(CHAPTERS + 1);
    },
  );
});
