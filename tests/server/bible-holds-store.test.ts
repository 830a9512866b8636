// Credits held for an imported book's story bible (server/store/queries/bible-holds.ts) on both stores: SQLite and
// Postgres (a throw-away cluster, skipped with its reason when absent). The import is accepted in the transaction
// that checks the balance (two at once on a balance for one: one accepted, nothing of the other saved), each part is
// paid once from the hold, a part's failure or a stop gives its credits back to the hold, and settling pays for
// parts read without a charge of their own and gives the rest back with a ledger row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { BookState, StepSave } from '../../engine/index.js';
import type { Repositories } from '../../server/store/ports.js';
import type { Database } from '../../server/store/schema.js';
import { storeAdapters, type OpenedStore } from './adapters.js';

/** An imported romance of three chapters (no prologue) out of five: its bible reads chapters 1 to 3. */
const STATE: BookState = {
  generatorId: 'romance',
  settings: { language: 'en' },
  lang: 'en',
  totalChapters: 5,
  content: ['', 'Aisha opened the shop.', 'Daniel came back.', 'The ferry left.'],
  currentChapter: 3,
  isLocked: true,
  provenance: { 0: { origin: 'author' }, 1: { origin: 'author' }, 2: { origin: 'author' }, 3: { origin: 'author' } },
};
const SAVES: StepSave[] = STATE.content.map((text, position) => ({
  generatorId: 'romance',
  bookType: 'romance',
  step: position === 0 ? { kind: 'introduction', position: 0 } : { kind: 'chapter', position },
  stepKey: position === 0 ? 'introduction' : `chapter:${position}`,
  position,
  text,
  state: STATE,
  isComplete: true,
  continuations: 0,
  isFirst: position === 0,
  isFinished: false,
  keepsProgress: true,
  label: `Part ${position}`,
  words: 3,
  seconds: 0,
}));
const importOf = (userId: string, parts = 3) => ({
  userId,
  key: 'romance',
  saves: SAVES,
  generatorId: 'romance',
  promptType: 'romance',
  cost: 1,
  parts,
  lastPart: 3,
  reason: 'romance: held for the story bible of an imported book',
});

describe.each(storeAdapters)('bible holds on $name', (adapter) => {
  let opened: OpenedStore | undefined;
  let repos: Repositories;
  let db: Kysely<Database>;
  beforeAll(async () => {
    if (adapter.skip) return;
    opened = await adapter.open();
    ({ repos, db } = opened);
  });
  afterAll(() => opened?.close());
  const it_ = adapter.skip ? it.skip : it;

  let counter = 0;
  /** A free account: 10 credits. */
  const newUser = async (role: 'free' | 'admin' = 'free') =>
    (await repos.users.create({ email: `hold${++counter}@karya.test`, passwordHash: 'hash', role }))!;
  const balanceOf = async (userId: string) => (await repos.credits.balanceOf(userId))!;
  const ledgerOf = async (userId: string) => (await repos.credits.ledger(userId)).map((r) => [r.type, r.amount]);
  const generation = (id: string) =>
    db.selectFrom('generations').select(['status', 'credits_charged']).where('id', '=', id).executeTakeFirstOrThrow();
  const take = (bookId: number, position: number, mayCharge = false) =>
    repos.bibleHolds.take({
      bookId,
      position,
      mayCharge,
      reason: `romance: story bible of an imported book (Chapter ${position})`,
    });
  const charged = async (bookId: number, position: number, mayCharge = false) => {
    const taken = await take(bookId, position, mayCharge);
    if (taken.status !== 'charged') throw new Error(`expected a charge, got ${taken.status}`);
    return taken.charge;
  };

  it_(
    "accepts an import in one transaction: the book saved as the current one, the bible's cost held by one ledger row",
    async () => {
      const user = await newUser();
      const accepted = (await repos.bibleHolds.accept(importOf(user.id)))!;
      expect(accepted).toMatchObject({ balance: 7, held: 3 });
      expect(await balanceOf(user.id)).toBe(7);
      expect(await ledgerOf(user.id)).toEqual([
        ['signup', 10],
        ['charge', -3],
      ]);
      expect((await repos.credits.ledger(user.id)).at(-1)?.reason).toBe(
        'romance: held for the story bible of an imported book',
      );
      expect(await repos.books.find({ userId: user.id, id: accepted.bookId })).toMatchObject({
        isCurrent: true,
        state: { content: STATE.content },
      });
      expect(await repos.bibleHolds.find(accepted.bookId)).toMatchObject({
        held: 3,
        cost: 1,
        paidUpTo: -1,
        lastPart: 3,
        stopReason: null,
      });
    },
  );

  it_('refuses a short balance with nothing saved: no book, no ledger row', async () => {
    const user = await newUser();
    expect(await repos.bibleHolds.accept(importOf(user.id, 11))).toBeNull();
    expect(await repos.books.list({ userId: user.id })).toEqual([]);
    expect(await ledgerOf(user.id)).toEqual([['signup', 10]]);
    // The administrator always passes: nothing held when short.
    const admin = await newUser('admin');
    expect(await repos.bibleHolds.accept(importOf(admin.id, 10_000))).toMatchObject({ balance: 9999, held: 0 });
  });

  it_(
    'two imports at once on a balance that pays for one: exactly one is accepted, nothing of the other is saved',
    async () => {
      const user = await newUser();
      const answers = await Promise.all([
        repos.bibleHolds.accept(importOf(user.id, 6)),
        repos.bibleHolds.accept(importOf(user.id, 6)),
      ]);
      expect(answers.filter((a) => a !== null)).toHaveLength(1);
      expect(await repos.books.list({ userId: user.id })).toHaveLength(1);
      expect(await ledgerOf(user.id)).toEqual([
        ['signup', 10],
        ['charge', -6],
      ]);
      expect(await balanceOf(user.id)).toBe(4);
    },
  );

  it_(
    'each part is paid once from the hold; a failed one goes back to the hold; a part read and paid is free after',
    async () => {
      const user = await newUser();
      const { bookId } = (await repos.bibleHolds.accept(importOf(user.id)))!;
      const charge = await charged(bookId, 1);
      expect(charge).toMatchObject({ credits: 1, isHeld: true });
      expect(await repos.bibleHolds.find(bookId)).toMatchObject({ held: 2 });
      expect((await take(bookId, 1)).status).toBe('busy');
      await repos.generations.refund({
        userId: user.id,
        charge,
        reason: 'Refund: romance story bible (Chapter 1)',
        errorCode: 'server_error',
      });
      expect(await repos.bibleHolds.find(bookId)).toMatchObject({ held: 3, paidUpTo: -1 });
      expect(await generation(charge.generationId)).toMatchObject({ status: 'refunded' });

      const again = await charged(bookId, 1);
      await repos.books.saveMemory({ userId: user.id, key: 'romance', memory: '## Characters\n- Aisha', upTo: 1 });
      await repos.generations.commit({
        userId: user.id,
        charge: again,
        usage: { promptType: 'romance', isPart: false, metadata: { step: 'import:1' } },
      });
      expect(await repos.bibleHolds.find(bookId)).toMatchObject({ held: 2, paidUpTo: 1 });
      expect((await take(bookId, 1)).status).toBe('free');
      // Past the last part the hold covers: a part a step wrote, its bible read with the step.
      expect((await take(bookId, 4)).status).toBe('free');
      // The balance the writer sees never moved after the hold, and no row says otherwise.
      expect(await balanceOf(user.id)).toBe(7);
      expect(await ledgerOf(user.id)).toEqual([
        ['signup', 10],
        ['charge', -3],
      ]);
    },
  );

  it_(
    "with nothing held a part is charged from the balance only when asked (a step's charge and refund rows)",
    async () => {
      const user = await newUser();
      const { bookId } = (await repos.bibleHolds.accept(importOf(user.id)))!;
      expect(await repos.bibleHolds.settle({ bookId, isFinal: true, stopReason: 'failed' })).toEqual({
        paid: 0,
        released: 3,
      });
      expect(await balanceOf(user.id)).toBe(10);
      expect((await take(bookId, 1)).status).toBe('short');
      const charge = await charged(bookId, 1, true);
      expect(charge.isHeld).toBeUndefined();
      expect(await balanceOf(user.id)).toBe(9);
      await repos.generations.refund({
        userId: user.id,
        charge,
        reason: 'Refund: romance story bible (Chapter 1)',
        errorCode: 'server_error',
      });
      expect(await balanceOf(user.id)).toBe(10);
      expect(await ledgerOf(user.id)).toEqual([
        ['signup', 10],
        ['charge', -3],
        ['refund', 3],
        ['charge', -1],
        ['refund', 1],
      ]);
    },
  );

  it_(
    'a stop during a part: its credits go back to the hold, or, when the bible holds the part already, it stays paid',
    async () => {
      const user = await newUser();
      const { bookId } = (await repos.bibleHolds.accept(importOf(user.id)))!;
      const saved = await charged(bookId, 1);
      // The part's bible was saved; the stop came before its commit.
      await repos.books.saveMemory({ userId: user.id, key: 'romance', memory: '## Characters\n- Aisha', upTo: 1 });
      const cut = await charged(bookId, 2);
      await repos.generations.refundInterrupted();
      expect(await generation(saved.generationId)).toMatchObject({ status: 'succeeded', credits_charged: 1 });
      expect(await generation(cut.generationId)).toMatchObject({ status: 'refunded' });
      expect(await repos.bibleHolds.find(bookId)).toMatchObject({ held: 2, paidUpTo: 1 });
      expect(await ledgerOf(user.id)).toEqual([
        ['signup', 10],
        ['charge', -3],
      ]);
    },
  );

  it_(
    'settling pays from the hold for parts read without a charge ' +
      'of their own; the end gives back the rest and says why',
    async () => {
      const user = await newUser();
      const { bookId } = (await repos.bibleHolds.accept(importOf(user.id)))!;
      // A step read the bible up to chapter 2 before it wrote (the empty introduction costs nothing).
      await repos.books.saveMemory({
        userId: user.id,
        key: 'romance',
        memory: '## Characters\n- Aisha\n- Daniel',
        upTo: 2,
      });
      expect(await repos.bibleHolds.settle({ bookId, isFinal: false })).toEqual({ paid: 2, released: 0 });
      expect(await repos.bibleHolds.settle({ bookId, isFinal: false })).toEqual({ paid: 0, released: 0 });
      expect(await repos.bibleHolds.find(bookId)).toMatchObject({ held: 1, paidUpTo: 2, stopReason: null });
      expect(await repos.bibleHolds.open(user.id)).toEqual([{ bookId, userId: user.id, key: 'romance' }]);
      expect(await repos.bibleHolds.settle({ bookId, isFinal: true, stopReason: 'credits' })).toEqual({
        paid: 0,
        released: 1,
      });
      expect(await repos.bibleHolds.find(bookId)).toMatchObject({ held: 0, stopReason: 'credits' });
      expect(await repos.bibleHolds.open(user.id)).toEqual([]);
      expect(await balanceOf(user.id)).toBe(8);
      const rows = await repos.credits.ledger(user.id);
      expect(rows.map((r) => [r.type, r.amount])).toEqual([
        ['signup', 10],
        ['charge', -3],
        ['refund', 1],
      ]);
      expect(rows.at(-1)?.reason).toMatch(/held for the story bible of an imported book, not spent \(1 parts\)/);
    },
  );

  it_(
    "an import over a book whose bible is still held for gives the old one's credits back in the same transaction",
    async () => {
      const user = await newUser();
      const first = (await repos.bibleHolds.accept(importOf(user.id)))!;
      const second = (await repos.bibleHolds.accept(importOf(user.id)))!;
      expect(await repos.bibleHolds.find(first.bookId)).toMatchObject({ held: 0, stopReason: 'set_aside' });
      expect(await ledgerOf(user.id)).toEqual([
        ['signup', 10],
        ['charge', -3],
        ['refund', 3],
        ['charge', -3],
      ]);
      expect(second.balance).toBe(7);
      expect((await repos.bibleHolds.open(user.id)).map((h) => h.bookId)).toEqual([second.bookId]);
    },
  );
});
