// A book's edition in the other language from the studio's side (server/routes/editions.ts), against the fake
// model taught to translate (tests/fake-translator.ts): the cost said before, each part charged once as a step
// and given back when it cannot be had, a second start going on from where the first stopped, the glossary read
// from the story bible and written by the writer within its limits, the edition listed with its source, its
// paragraphs beside the source's with those a later change to the source put out of date marked.
import { describe, expect, it } from 'vitest';
import { serverOnFakeModel, parseEvents, signUp, type TestServer } from './helpers.js';
import { underWriter } from '../scripted-models.js';
import { fakeTranslator, isTranslateRequest, type TranslatorOptions } from '../fake-translator.js';
import { CHAPTERS, chapterParagraphs, romanceSaves } from '../translate/book.js';
import type { Lang } from '../../engine/index.js';

let translator = fakeTranslator();
let isDown = false;
const options = underWriter(1).fakeOptions({
  reply: (body) => {
    if (isTranslateRequest(body) && isDown) return { status: 500, body: { error: { message: 'down' } } };
    return translator.reply(body);
  },
});
const served = serverOnFakeModel(options, {});

const teach = (options: TranslatorOptions = {}) => {
  translator = fakeTranslator(options);
  isDown = false;
};

/** A writer with `credits` credits and the 5-chapter romance in `lang` as their current romance. */
async function writerWithRomance(ts: TestServer, lang: Lang, credits = 20) {
  const cookie = await signUp(ts);
  const id = (await ts.http.get('/api/me').set('cookie', cookie)).body.id as string;
  ts.store.run(ts.store.db.updateTable('users').set({ credits_available: credits }).where('id', '=', id));
  const bookId = await ts.ctx.repos.books.saveImport({ userId: id, key: 'romance', saves: romanceSaves(lang) });
  const charges = async () =>
    (await ts.ctx.repos.credits.ledger(id)).slice(1).filter((r) => r.type === 'charge').length;
  const refunds = async () =>
    (await ts.ctx.repos.credits.ledger(id)).slice(1).filter((r) => r.type === 'refund').length;
  return { cookie, id, bookId, charges, refunds };
}

describe('an edition in the other language, made from the studio', () => {
  it(
    'says the cost before, charges each part once, lists the edition ' +
      "with its source and pairs its paragraphs with the source's",
    async () => {
      const { ts } = served;
      teach();
      const w = await writerWithRomance(ts, 'en');
      const before = await ts.http.get(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie);
      expect(before.status).toBe(200);
      expect(before.body).toMatchObject({
        book: { id: w.bookId, lang: 'en' },
        editions: [],
        offer: {
          to: 'ms',
          cost: { per_part: 1, parts: CHAPTERS, total: CHAPTERS, remaining: CHAPTERS },
          is_running: false,
        },
      });
      expect(before.body.offer.glossary_terms).toBeGreaterThanOrEqual(2);
      expect(await w.charges()).toBe(0);

      const res = await ts.http
        .post(`/api/books/${w.bookId}/editions`)
        .set('cookie', w.cookie)
        .set('accept', 'text/event-stream')
        .send({ to: 'ms' });
      expect(res.status).toBe(200);
      const events = parseEvents(res.text);
      const parts = events
        .filter((e) => e.event === 'part')
        .map((e) => e.data as { status: string; credits: number; parts_done: number });
      expect(parts.map((p) => [p.status, p.credits])).toEqual(Array(CHAPTERS).fill(['translated', 1]));
      expect(parts.at(-1)!.parts_done).toBe(CHAPTERS);
      expect(events.some((e) => e.event === 'progress')).toBe(true);
      const done = events.at(-1)!;
      expect(done.event).toBe('done');
      const edition = done.data as {
        edition: { id: number; lang: string; parts_done: number };
        credits_charged: number;
        credits_available: number;
      };
      expect(edition).toMatchObject({
        edition: { lang: 'ms', parts_done: CHAPTERS, stale_paragraphs: 0 },
        credits_charged: CHAPTERS,
        credits_available: 20 - CHAPTERS,
      });
      expect(await w.charges()).toBe(CHAPTERS);

      // My Books shows both, the edition marked as an edition of its source; the source's editions name it.
      const books = (await ts.http.get('/api/books').set('cookie', w.cookie)).body.books as Array<{
        id: number;
        lang: string;
        edition_of?: { id: number };
      }>;
      expect(books.find((b) => b.id === w.bookId)!.edition_of).toBeUndefined();
      expect(books.find((b) => b.id === edition.edition.id)).toMatchObject({
        lang: 'ms',
        edition_of: { id: w.bookId },
      });
      const after = await ts.http.get(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie);
      expect(after.body.editions).toEqual([
        expect.objectContaining({ id: edition.edition.id, lang: 'ms', parts_done: CHAPTERS }),
      ]);
      expect(after.body.offer.cost.remaining).toBe(0);

      // Side by side: every source paragraph with its translation, none out of date; the view says the parts are
      // translations.
      const side = await ts.http.get(`/api/books/${edition.edition.id}/side-by-side`).set('cookie', w.cookie);
      expect(side.status).toBe(200);
      expect(side.body.source).toMatchObject({ id: w.bookId, lang: 'en' });
      expect(side.body.parts).toHaveLength(CHAPTERS);
      for (const [i, part] of (
        side.body.parts as Array<{ pairs: Array<{ source: string; edition: string; is_stale: boolean }> }>
      ).entries()) {
        expect(part.pairs.map((p) => p.source)).toEqual(chapterParagraphs(i + 1, 'en'));
        expect(part.pairs.every((p) => p.edition && !p.is_stale)).toBe(true);
      }
      // A second start of a whole edition charges nothing.
      const again = await ts.http.post(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie).send({ to: 'ms' });
      expect(again.status).toBe(200);
      expect(again.body.credits_charged).toBe(0);
      expect(await w.charges()).toBe(CHAPTERS);
    },
  );

  it(
    'marks the translation of the source paragraph a sentence was added to out of ' +
      'date, and only it (the next as may be affected); the writer retitles the edition',
    async () => {
      const { ts } = served;
      teach();
      const w = await writerWithRomance(ts, 'ms');
      const made = await ts.http.post(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie).send({ to: 'en' });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const paragraphs = chapterParagraphs(2, 'ms');
      const changed = [paragraphs[0]!, `${paragraphs[1]!} Hujan turun lagi.`, ...paragraphs.slice(2)];
      const edit = await ts.http
        .put('/api/progress/romance/part')
        .set('cookie', w.cookie)
        .send({ part: { kind: 'chapter', position: 2 }, text: changed.join('\n\n') });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      const side = await ts.http.get(`/api/books/${made.body.edition.id}/side-by-side`).set('cookie', w.cookie);
      const part2 = (
        side.body.parts as Array<{
          position: number;
          pairs: Array<{ is_stale: boolean; is_affected: boolean }>;
          stale: number;
        }>
      ).find((p) => p.position === 2)!;
      expect(part2.pairs.map((p) => p.is_stale)).toEqual(paragraphs.map((_, i) => i === 1));
      // The paragraph after it was translated with the changed one as its context: a softer mark.
      expect(part2.pairs.map((p) => p.is_affected)).toEqual(paragraphs.map((_, i) => i === 2));
      expect(side.body.stale_paragraphs).toBe(1);
      expect(
        (await ts.http.get(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie)).body.editions[0]
          .stale_paragraphs,
      ).toBe(1);

      // The writer retitles the edition; the view (and every export) takes the title. The source is no edition to
      // retitle.
      const titled = await ts.http
        .put(`/api/books/${made.body.edition.id}/edition-title`)
        .set('cookie', w.cookie)
        .send({ title: ' The Harbour at Dusk ' });
      expect([titled.status, titled.body]).toEqual([200, { id: made.body.edition.id, title: 'The Harbour at Dusk' }]);
      expect(
        (await ts.http.get(`/api/books/${made.body.edition.id}/side-by-side`).set('cookie', w.cookie)).body.edition
          .title,
      ).toBe('The Harbour at Dusk');
      expect(
        (await ts.http.put(`/api/books/${w.bookId}/edition-title`).set('cookie', w.cookie).send({ title: 'Nope' }))
          .status,
      ).toBe(404);
      expect(
        (
          await ts.http
            .put(`/api/books/${made.body.edition.id}/edition-title`)
            .set('cookie', w.cookie)
            .send({ title: '   ' })
        ).status,
      ).toBe(400);

      // The edition is a book of its own: continued, it is the current romance, edited as any book; the link holds.
      const editionId = made.body.edition.id as number;
      expect((await ts.http.post(`/api/books/${editionId}/continue`).set('cookie', w.cookie)).status).toBe(200);
      const mine = 'The rain fell again over the harbour, and Daniel did not move.';
      const own = await ts.http
        .put('/api/progress/romance/part')
        .set('cookie', w.cookie)
        .send({ part: { kind: 'chapter', position: 1 }, text: mine });
      expect(own.status, JSON.stringify(own.body)).toBe(200);
      const again = await ts.http.get(`/api/books/${editionId}/side-by-side`).set('cookie', w.cookie);
      expect(again.body.edition).toMatchObject({ id: editionId, is_current: true });
      // Its source has no conclusion, so neither has it: it is finished as it is, to publish with nothing written for
      // it.
      expect((await ts.http.get('/api/books/romance/publish').set('cookie', w.cookie)).body.is_finished).toBe(true);
      expect(again.body.parts[0].pairs[0].edition).toBe(mine);
      // Its view on the generator page says its source.
      const view = await ts.http.get('/api/progress/romance').set('cookie', w.cookie);
      expect(view.body.book.edition_of).toMatchObject({ id: w.bookId, lang: 'ms', edition_id: editionId });
      const listed = (await ts.http.get('/api/books').set('cookie', w.cookie)).body.books as Array<{
        id: number;
        edition_of?: { id: number };
      }>;
      expect(listed.find((b) => b.id === editionId)!.edition_of?.id).toBe(w.bookId);
      // Started again, the edition is found under its new key: nothing is translated or charged twice.
      const charges = await w.charges();
      const rerun = await ts.http.post(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie).send({ to: 'en' });
      expect([rerun.status, rerun.body.credits_charged]).toEqual([200, 0]);
      expect(await w.charges()).toBe(charges);
    },
  );

  it(
    "goes on past paragraphs that cannot be had, gives back their parts' " +
      'charges, and a second start asks only for them, paying each part once',
    async () => {
      const { ts } = served;
      // Chapter 3's second paragraph never comes back translated (it is kept as its source, marked). A model that fails
      // every ask is stopped by the run's budget instead (tests/server/edition-budget.test.ts).
      teach({ cannot: chapterParagraphs(3, 'en')[1]! });
      const w = await writerWithRomance(ts, 'en');
      // The writer's studio speaks Indonesian: the dialog's sentences name the parts in its words ("Bab 3"), not the
      // English book's "Chapter 3".
      expect((await ts.http.put('/api/me/lang').set('cookie', w.cookie).send({ lang: 'id' })).status).toBe(200);
      const first = await ts.http
        .post(`/api/books/${w.bookId}/editions`)
        .set('cookie', w.cookie)
        .set('accept', 'text/event-stream')
        .send({ to: 'ms' });
      expect(first.status).toBe(200);
      const events = parseEvents(first.text);
      const named = [
        ...new Set(
          events
            .filter((e) => e.event === 'progress' || e.event === 'part')
            .map((e) => (e.data as { label: string }).label),
        ),
      ];
      expect(named).toEqual(['Bab 1', 'Bab 2', 'Bab 3', 'Bab 4', 'Bab 5']);
      // The run went to the book's end: every part after the first one left was asked too.
      expect(events.filter((e) => e.event === 'part').map((e) => (e.data as { status: string }).status)).toEqual([
        'translated',
        'translated',
        'untranslated',
        'translated',
        'translated',
      ]);
      const done = events.at(-1)!;
      expect(done.event).toBe('done');
      const answer = done.data as {
        credits_charged: number;
        untranslated: Array<{ position: number; paragraphs: number[] }>;
        edition: { id: number; parts_done: number };
      };
      expect(answer.credits_charged).toBe(4);
      expect(answer.untranslated).toEqual([{ position: 3, label: 'Bab 3', paragraphs: [2] }]);
      expect(answer.edition.parts_done).toBe(4);
      // Charged as each part started; the part left given back.
      expect([await w.charges(), await w.refunds()]).toEqual([5, 1]);
      const side = await ts.http.get(`/api/books/${answer.edition.id}/side-by-side`).set('cookie', w.cookie);
      const part3 = (
        side.body.parts as Array<{
          position: number;
          label: Record<string, string>;
          pairs: Array<{ source: string; edition: string; is_untranslated: boolean }>;
        }>
      ).find((p) => p.position === 3)!;
      // Each book's heading in its own language, and the page's (Indonesian) for its sentences.
      expect(part3.label).toEqual({ source: 'Chapter 3', edition: 'Bab 3', page: 'Bab 3' });
      for (const pair of part3.pairs.filter((p) => p.is_untranslated)) expect(pair.edition).toBe(pair.source);
      expect(side.body.untranslated_paragraphs).toBe(1);
      const offer = (await ts.http.get(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie)).body.offer;
      expect(offer.cost.remaining).toBe(1);

      // The model down as the paragraphs left are asked again: that part's charge is given back too.
      isDown = true;
      const down = await ts.http.post(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie).send({ to: 'ms' });
      expect(down.status).toBeGreaterThanOrEqual(500);
      expect([await w.charges(), await w.refunds()]).toEqual([6, 2]);

      teach();
      const rest = await ts.http.post(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie).send({ to: 'ms' });
      expect(rest.status, JSON.stringify(rest.body)).toBe(200);
      expect(rest.body.credits_charged).toBe(1);
      expect(rest.body.untranslated).toEqual([]);
      expect(rest.body.edition.parts_done).toBe(CHAPTERS);
      // Only the paragraphs left were asked, each alone.
      expect(translator.asks()).toBe(1);
      // Charged parts less refunded ones: each part paid once.
      expect((await w.charges()) - (await w.refunds())).toBe(CHAPTERS);
    },
  );

  it(
    'names a chapter title the model leaves in English as left, gives ' +
      "back its part's charge, and a second start asks only for it",
    async () => {
      const { ts } = served;
      teach({ keepTitles: 'The Letter' });
      const w = await writerWithRomance(ts, 'en');
      // In a Malay studio the part left is named in Malay.
      expect((await ts.http.put('/api/me/lang').set('cookie', w.cookie).send({ lang: 'ms' })).status).toBe(200);
      const first = await ts.http.post(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie).send({ to: 'ms' });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.credits_charged).toBe(4);
      expect(first.body.untranslated).toEqual([
        { position: 3, label: 'Bab 3', paragraphs: [], chapter_title: 'The Letter' },
      ]);
      expect([await w.charges(), await w.refunds()]).toEqual([5, 1]);
      teach();
      const rest = await ts.http.post(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie).send({ to: 'ms' });
      expect(rest.status, JSON.stringify(rest.body)).toBe(200);
      expect(rest.body.credits_charged).toBe(1);
      expect(rest.body.untranslated).toEqual([]);
      // Only the title was asked, alone.
      expect(translator.asks()).toBe(1);
      expect((await w.charges()) - (await w.refunds())).toBe(CHAPTERS);
    },
  );

  it(
    'stops at a part the balance cannot pay (402), and refuses the ' +
      'wrong language, an edition of an edition and a second run at once',
    async () => {
      const { ts } = served;
      teach();
      const w = await writerWithRomance(ts, 'en', 2);
      const short = await ts.http.post(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie).send({ to: 'ms' });
      expect(short.status).toBe(402);
      expect(short.body.error.code).toBe('insufficient_credits');
      expect(await w.charges()).toBe(2);
      const same = await ts.http.post(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie).send({ to: 'en' });
      expect([same.status, same.body.error.code]).toEqual([400, 'edition_wrong_language']);
      const bad = await ts.http.post(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie).send({ to: 'fr' });
      expect(bad.status).toBe(400);
      const editionId = (await ts.ctx.repos.editions(w.id).find({ sourceId: w.bookId, lang: 'ms' }))!.editionId!;
      const ofEdition = await ts.http
        .post(`/api/books/${editionId}/editions`)
        .set('cookie', w.cookie)
        .send({ to: 'en' });
      expect([ofEdition.status, ofEdition.body.error.code]).toEqual([409, 'translate_is_edition']);
      expect((await ts.http.get(`/api/books/${editionId}/editions`).set('cookie', w.cookie)).body.offer).toBeNull();

      // Two starts at once: the second is refused while the first runs.
      ts.store.run(ts.store.db.updateTable('users').set({ credits_available: 20 }).where('id', '=', w.id));
      const stream = await fetch(`${ts.url}/api/books/${w.bookId}/editions`, {
        method: 'POST',
        headers: { cookie: w.cookie, 'content-type': 'application/json', accept: 'text/event-stream', origin: ts.url },
        body: JSON.stringify({ to: 'ms' }),
      });
      expect(stream.status).toBe(200);
      const reader = stream.body!.getReader();
      await reader.read();
      const second = await ts.http.post(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie).send({ to: 'ms' });
      expect([second.status, second.body.error.code]).toEqual([409, 'edition_running']);
      // It says when to try again: the first run's lease ends within a few heartbeats of its process stopping (20 s by
      // default).
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(20);
      while (!(await reader.read()).done);
      // The run's lease is let go at its end: the edition is no longer being made.
      expect((await ts.http.get(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie)).body.offer.is_running).toBe(
        false,
      );
      // Another user's book is not found.
      const other = await signUp(ts);
      expect((await ts.http.get(`/api/books/${w.bookId}/editions`).set('cookie', other)).status).toBe(404);
    },
  );

  it('holds a glossary changed while the edition is made from the next part on', async () => {
    const { ts } = served;
    teach();
    const w = await writerWithRomance(ts, 'en');
    options.latencyMs = 150;
    try {
      const stream = await fetch(`${ts.url}/api/books/${w.bookId}/editions`, {
        method: 'POST',
        headers: { cookie: w.cookie, 'content-type': 'application/json', accept: 'text/event-stream', origin: ts.url },
        body: JSON.stringify({ to: 'ms' }),
      });
      const reader = stream.body!.getReader();
      await reader.read();
      expect((await ts.http.get(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie)).body.offer.is_running).toBe(
        true,
      );
      const saved = await ts.http
        .put(`/api/books/${w.bookId}/editions/ms/glossary`)
        .set('cookie', w.cookie)
        .send({
          terms: [
            { term: 'Aisha', rendering: 'Aisha' },
            { term: 'Daniel', rendering: 'Danial' },
          ],
        });
      expect(saved.status).toBe(200);
      while (!(await reader.read()).done);
    } finally {
      options.latencyMs = 0;
    }
    const editionId = (await ts.ctx.repos.editions(w.id).find({ sourceId: w.bookId, lang: 'ms' }))!.editionId!;
    const side = await ts.http.get(`/api/books/${editionId}/side-by-side`).set('cookie', w.cookie);
    const texts = (side.body.parts as Array<{ pairs: Array<{ edition: string }> }>).map((p) =>
      p.pairs.map((x) => x.edition).join(' '),
    );
    // The first part was under way with the glossary as it was; the last one holds the writer's rendering.
    expect(texts[0]).not.toMatch(/Danial/);
    expect(texts.at(-1)).toMatch(/Danial/);
    expect(texts.at(-1)).not.toMatch(/Daniel/);
  });

  it(
    'reads the glossary from the story bible, keeps the ' + "writer's within its limits, and holds the edition to it",
    async () => {
      const { ts } = served;
      teach();
      const w = await writerWithRomance(ts, 'en');
      const url = `/api/books/${w.bookId}/editions/ms/glossary`;
      const read = await ts.http.get(url).set('cookie', w.cookie);
      expect(read.status).toBe(200);
      expect(read.body.is_writers).toBe(false);
      expect(read.body.terms).toEqual(
        expect.arrayContaining([
          { term: 'Aisha', rendering: 'Aisha' },
          { term: 'Daniel', rendering: 'Daniel' },
        ]),
      );
      for (const terms of [
        Array.from({ length: 201 }, (_, i) => ({ term: `Name${i}`, rendering: `Name${i}` })),
        [{ term: '', rendering: 'x' }],
        [{ term: 'Daniel', rendering: 'a'.repeat(81) }],
        [
          { term: 'Daniel', rendering: 'Danial' },
          { term: 'Daniel', rendering: 'Daniyal' },
        ],
      ]) {
        const refused = await ts.http.put(url).set('cookie', w.cookie).send({ terms });
        expect(refused.status, JSON.stringify(terms).slice(0, 60)).toBe(400);
      }
      expect(
        (await ts.http.put(`/api/books/${w.bookId}/editions/en/glossary`).set('cookie', w.cookie).send({ terms: [] }))
          .status,
      ).toBe(400);
      const terms = [
        ...(read.body.terms as Array<{ term: string; rendering: string }>).filter((t) => t.term !== 'Daniel'),
        { term: 'Daniel', rendering: 'Danial' },
      ];
      const saved = await ts.http.put(url).set('cookie', w.cookie).send({ terms });
      expect(saved.status).toBe(200);
      expect((await ts.http.get(url).set('cookie', w.cookie)).body).toMatchObject({ is_writers: true, terms });
      const made = await ts.http.post(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie).send({ to: 'ms' });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const side = await ts.http.get(`/api/books/${made.body.edition.id}/side-by-side`).set('cookie', w.cookie);
      const text = JSON.stringify(
        side.body.parts.map((p: { pairs: Array<{ edition: string }> }) => p.pairs.map((x) => x.edition)),
      );
      expect(text).toMatch(/Danial/);
      expect(text).not.toMatch(/Daniel/);
    },
  );

  it(
    'keeps no control or bidirectional character of a glossary ' +
      'the writer saves (a U+202E would turn a rendering round)',
    async () => {
      const { ts } = served;
      teach();
      const w = await writerWithRomance(ts, 'en');
      const saved = await ts.http
        .put(`/api/books/${w.bookId}/editions/ms/glossary`)
        .set('cookie', w.cookie)
        .send({ terms: [{ term: 'Dan\u200Biel', rendering: '\u202Elaina\u202CD' }] });
      expect(saved.status).toBe(200);
      const read = await ts.http.get(`/api/books/${w.bookId}/editions/ms/glossary`).set('cookie', w.cookie);
      expect(read.body.terms).toEqual([{ term: 'Daniel', rendering: 'lainaD' }]);
    },
  );
});
