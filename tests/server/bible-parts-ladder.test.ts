// An imported book's story bible read against a model that garbles the update of a long text (as real ones do
// with a long chapter read at once): the part is asked again with the problem named, then read in halves, each
// half its own update taken in in order; every part ends up read and charged once. A part that can never be read
// (every block of it garbled) is skipped: not charged, named, and the parts after it are still read.
import { describe, expect, it, vi } from 'vitest';
import { bibleSettled, serverOnFakeModel, signUp, type TestServer } from './helpers.js';
import { underWriter } from '../scripted-models.js';
import { bibleRequestPart, isBibleRequest, PROSE_SENTENCES, userMessageOf } from '../fake-openai.js';
import { isBibleUpdating } from '../../server/core/bible-catch-up.js';
import { countWords } from '../../engine/index.js';

/** A part longer than this is garbled by the model; so is any text naming NEVER_READ. */
const GARBLE_OVER_WORDS = 400;
const NEVER_READ = 'Zarkon';
let isNeverReadOn = false;

const model = underWriter(1);
const served = serverOnFakeModel(
  model.fakeOptions({
    garblesBible: (part) => countWords(part) > GARBLE_OVER_WORDS || (isNeverReadOn && part.includes(NEVER_READ)),
  }),
);

/** A Malay paragraph of `sentences` sentences from the fake's prose, starting at `from`. */
function paragraph(from: number, sentences: number): string {
  const all = PROSE_SENTENCES.ms;
  return Array.from({ length: sentences }, (_, k) => all[(from + k) % all.length]!).join(' ');
}

/**
 * Five Malay chapters: Bab 2, 3 and 4 long (over GARBLE_OVER_WORDS words), the others short; Bab 3's every paragraph
 * names NEVER_READ.
 */
function manuscript(): { text: string; chapters: string[][] } {
  const out = ['LAMPU PELABUHAN', '', 'oleh Siti Aminah', ''];
  const chapters: string[][] = [];
  const romans = ['I', 'II', 'III', 'IV', 'V'];
  for (let i = 1; i <= 5; i++) {
    const isLong = i >= 2 && i <= 4;
    const paragraphs = Array.from(
      { length: isLong ? 10 : 4 },
      (_, k) =>
        `Pada hari ` +
        `ke-${(i - 1) * 10 + k + 1}, ` +
        `${i === 3 ? `${NEVER_READ} menunggu di dermaga. ` : ''}${paragraph(i * 7 + k * 3, 5)}`,
    );
    chapters.push(paragraphs);
    out.push('', `BAB ${romans[i - 1]}`, '', `Ribut di Pelabuhan ${i}`, '', paragraphs.join('\n\n'));
  }
  return { text: out.join('\n'), chapters };
}

const upload = (ts: TestServer, cookie: string, text: string) =>
  ts.http
    .post('/api/books/import?file=bab.txt&generator=romance')
    .set('cookie', cookie)
    .set('content-type', 'application/octet-stream')
    .send(Buffer.from(text));

async function userWith(ts: TestServer, credits: number) {
  const cookie = await signUp(ts);
  const id = (await ts.http.get('/api/me').set('cookie', cookie)).body.id as string;
  ts.store.run(ts.store.db.updateTable('users').set({ credits_available: credits }).where('id', '=', id));
  const ledger = async () => (await ts.ctx.repos.credits.ledger(id)).slice(1).map((r) => [r.type, r.amount]);
  const balance = async () => (await ts.http.get('/api/me').set('cookie', cookie)).body.credits_available as number;
  return { cookie, id, ledger, balance };
}

type Part = { label: string; bible_updated?: false };

async function settled(ts: TestServer, user: { id: string; cookie: string }) {
  await vi.waitFor(() => expect(isBibleUpdating(ts.ctx, user.id, 'romance')).toBe(false), {
    timeout: 60_000,
    interval: 20,
  });
  const saved = await bibleSettled(ts, user.cookie, 'romance');
  return saved.book as unknown as { parts: Part[]; bible_notes?: string; bible_lacking?: unknown };
}

/** The bible requests since `from`, with the part each sent. */
const bibleAsks = (
  ts: { fake: { generationRequests(): Array<{ body: Record<string, unknown> | undefined }> } },
  from: number,
) =>
  ts.fake
    .generationRequests()
    .slice(from)
    .flatMap((r) =>
      r.body && isBibleRequest(r.body) ? [{ part: bibleRequestPart(r.body), user: userMessageOf(r.body) }] : [],
    );

describe("an imported book's story bible, read down the ladder", () => {
  it(
    'long chapters garbled when read whole are asked again with the ' +
      'problem named, then read in halves: every part read, each charged once',
    async () => {
      const { ts } = served;
      const { text, chapters } = manuscript();
      const words = chapters.map((c) => countWords(c.join('\n\n')));
      expect(words.filter((w) => w > GARBLE_OVER_WORDS)).toHaveLength(3);
      const user = await userWith(ts, 10);
      const before = served.fake.generationRequests().length;
      const res = await upload(ts, user.cookie, text);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const book = await settled(ts, user);
      const parts = book.parts.filter((p) => p.label.startsWith('Bab'));
      expect(parts).toHaveLength(5);
      expect(parts.every((p) => p.bible_updated !== false)).toBe(true);
      expect(book.bible_lacking).toBeUndefined();
      // Five parts, five credits: the halves of a long part cost nothing more.
      expect(await user.ledger()).toEqual([['charge', -5]]);
      expect(await user.balance()).toBe(5);
      const asks = bibleAsks(served, before);
      for (const n of [2, 3, 4]) {
        const own = asks.filter((a) => chapters[n - 1]!.includes(a.part.split(/\n\s*\n/)[0]!.trim()));
        // Asked whole, then again with the problem named (in Malay, the book's language)…
        expect(own.slice(0, 2).map((a) => countWords(a.part))).toEqual([words[n - 1], words[n - 1]]);
        expect(own.map((a) => a.user.includes('bukan kemas kini catatan cerita'))).toEqual(
          own.map((a, k) => k > 0 && own[k - 1]!.part === a.part),
        );
        // …then in halves, as far as needed: the pieces the model read, in order, are the whole chapter once.
        const read = own.filter((a) => countWords(a.part) <= GARBLE_OVER_WORDS);
        expect(read.map((a) => a.part).join('\n\n')).toBe(chapters[n - 1]!.join('\n\n'));
      }
      // The bible holds what each part established: a line for every chapter.
      for (const n of [1, 2, 3, 4, 5]) expect(book.bible_notes ?? '').toContain(`Bab ${n}`);
    },
  );

  it('a chapter that can never be read is skipped and not charged, the chapters after it still read', async () => {
    const { ts } = served;
    const user = await userWith(ts, 10);
    isNeverReadOn = true;
    try {
      const before = served.fake.generationRequests().length;
      const res = await upload(ts, user.cookie, manuscript().text);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const book = await settled(ts, user);
      expect(book.parts.filter((p) => p.label.startsWith('Bab'))).toHaveLength(5);
      // Bab 3 asked whole, again, then in halves down to the smallest block read alone (150 words: MIN_READ_WORDS),
      // each asked twice: never read.
      const bab3 = bibleAsks(served, before).filter((a) => a.part.includes(NEVER_READ));
      expect(bab3.length).toBeGreaterThan(4);
      expect(Math.min(...bab3.map((a) => countWords(a.part)))).toBeGreaterThanOrEqual(150);
      // Four parts paid, Bab 3's credit back with the unused hold.
      expect(await user.ledger()).toEqual([
        ['charge', -5],
        ['refund', 1],
      ]);
      const notes = book.bible_notes ?? '';
      for (const n of [1, 2, 4, 5]) expect(notes).toContain(`Bab ${n}`);
      expect(notes).not.toContain(NEVER_READ);
      // Named: its generation refunded with why (the answer was never an update of the bible).
      const rows = ts.store.all(
        ts.store.db
          .selectFrom('generations')
          .select(['step', 'status', 'error_code'])
          .where('user_id', '=', user.id)
          .where('status', '=', 'refunded'),
      );
      expect(rows).toEqual([{ step: 'import:3', status: 'refunded', error_code: 'no_content' }]);
    } finally {
      isNeverReadOn = false;
    }
  });
});
