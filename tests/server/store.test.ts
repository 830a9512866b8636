// The repositories through their ports (server/store/ports.ts), one shared suite run on every adapter
// (SQLite, and Postgres on a throw-away cluster, tests/postgres.ts): each use case is atomic inside
// (check and deduct, charge with its generation row, a reset token used once) and every method answers
// a Promise.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import type { Repositories } from '../../server/store/ports.js';
import type { Database } from '../../server/store/schema.js';
import { openDatabase } from '../../server/store/sqlite/connect.js';
import { sqliteRepositories, Store } from '../../server/store/sqlite/index.js';
import { storeAdapters as adapters, type OpenedStore as Opened } from './adapters.js';
import type { BookState, StepSave } from '../../engine/index.js';

it('the SQLite repositories are made once per store', async () => {
  const database = await openDatabase(':memory:');
  const store = new Store(database.db, database.sqlite);
  expect(sqliteRepositories(store)).toBe(sqliteRepositories(store));
  await database.close();
});

describe.each(adapters)('store on $name', (adapter) => {
  let repos: Repositories;
  let db: Kysely<Database>;
  let opened: Opened | undefined;
  beforeAll(async () => {
    if (adapter.skip) return;
    opened = await adapter.open();
    ({ repos, db } = opened);
  });
  afterAll(() => opened?.close());
  const it_ = adapter.skip ? it.skip : it;

  let counter = 0;
  async function newUser(role: 'free' | 'admin' = 'free') {
    counter += 1;
    const user = await repos.users.create({ email: `Store${counter}@Karya.test `, passwordHash: 'hash', role });
    if (!user) throw new Error('user not created');
    return user;
  }

  describe('users', () => {
    it_('creates with the role credits and a signup ledger row; the e-mail is normalised and unique', async () => {
      const user = await newUser();
      expect(user).toMatchObject({ email: `store${counter}@karya.test`, role: 'free', credits_available: 10 });
      expect(
        await repos.users.create({ email: user.email.toUpperCase(), passwordHash: 'x', role: 'pro' }),
      ).toBeUndefined();
      expect((await repos.credits.ledger(user.id)).map((r) => [r.type, r.amount, r.new_balance])).toEqual([
        ['signup', 10, 10],
      ]);
    });

    it_('promotes the administrator account once', async () => {
      const user = await newUser();
      expect(await repos.users.promoteToAdmin({ email: user.email, reason: 'test' })).toMatchObject({
        role: 'admin',
        credits_available: 9999,
      });
      expect(await repos.users.promoteToAdmin({ email: user.email, reason: 'test' })).toBeUndefined();
      expect(await repos.users.promoteToAdmin({ email: 'nobody@karya.test', reason: 'test' })).toBeUndefined();
    });

    it_(
      'takes an account over as the administrator: a new password hash, its sessions, reset tokens and API keys ended',
      async () => {
        const user = await newUser();
        await repos.auth.createSession({
          tokenHash: `over-${user.id}`,
          userId: user.id,
          isRemembered: false,
          expiresAt: Date.now() + 60_000,
        });
        await repos.auth.createPasswordReset({
          tokenHash: `reset-${user.id}`,
          userId: user.id,
          expiresAt: Date.now() + 60_000,
        });
        await repos.apiKeys.create({
          userId: user.id,
          name: 'robot',
          keyHash: `key-${user.id}`,
          prefix: 'karya_x',
          maxKeys: 5,
        });
        const taken = await repos.users.takeOverAsAdmin({
          email: user.email,
          passwordHash: 'operator',
          reason: 'test',
        });
        expect(taken).toMatchObject({
          user: { id: user.id, role: 'admin', credits_available: 9999 },
          sessions: 1,
          apiKeys: 1,
        });
        expect(await repos.auth.passwordHashOf(user.id)).toBe('operator');
        expect(await repos.auth.findSession(`over-${user.id}`)).toBeNull();
        expect(await repos.auth.resetPassword({ tokenHash: `reset-${user.id}`, hash: 'theirs' })).toBeNull();
        expect(await repos.apiKeys.authenticate(`key-${user.id}`)).toBeNull();
        // Already the administrator: the password is replaced again, the credits stay as they are.
        await repos.credits.setBalance({ userId: user.id, credits: 42, reason: 'test' });
        expect(
          await repos.users.takeOverAsAdmin({ email: user.email, passwordHash: 'again', reason: 'test' }),
        ).toMatchObject({ user: { role: 'admin', credits_available: 42 }, sessions: 0, apiKeys: 0 });
        expect(await repos.auth.passwordHashOf(user.id)).toBe('again');
        expect(
          await repos.users.takeOverAsAdmin({ email: 'nobody@karya.test', passwordHash: 'x', reason: 'test' }),
        ).toBeUndefined();
      },
    );

    it_('tells change listeners once per user after the change is committed, until unsubscribed', async () => {
      const user = await newUser();
      const other = await newUser();
      const seen: string[] = [];
      const unsubscribe = await repos.users.onChange((id) => seen.push(id));
      await repos.users.setRole({ userId: user.id, role: 'pro', reason: 'test' });
      // Listeners run after the commit. SQLite: after the synchronous block, so not yet here. Postgres: by
      // NOTIFY, which the server sends at the commit, so it may arrive before the commit's own answer.
      if (adapter.name === 'sqlite') expect(seen).toEqual([]);
      await vi.waitFor(() => expect(seen).toEqual([user.id]));
      unsubscribe();
      await repos.users.updateProfile({ userId: user.id, bio: 'B' });
      // A second listener seeing a later change proves the first one would have seen this one.
      const later: string[] = [];
      const unsubscribeLater = await repos.users.onChange((id) => later.push(id));
      await repos.users.updateProfile({ userId: other.id, bio: 'C' });
      await vi.waitFor(() => expect(later).toContain(other.id));
      unsubscribeLater();
      expect(seen).toEqual([user.id]);
    });

    it_('deleting a user tells the listeners and removes their books, sessions and history', async () => {
      const user = await newUser();
      const seen: string[] = [];
      const unsubscribe = await repos.users.onChange((id) => seen.push(id));
      await repos.auth.createSession({
        tokenHash: `del-${user.id}`,
        userId: user.id,
        isRemembered: false,
        expiresAt: Date.now() + 60_000,
      });
      expect(await repos.users.delete(user.id)).toBe(true);
      expect(await repos.users.delete(user.id)).toBe(false);
      await vi.waitFor(() => expect(seen).toContain(user.id));
      unsubscribe();
      expect(await repos.auth.findSession(`del-${user.id}`)).toBeNull();
      expect(await repos.users.findById(user.id)).toBeUndefined();
    });
  });

  describe('credits', () => {
    it_('charge checks and deducts: never below zero, one ledger row per charge', async () => {
      const user = await newUser();
      expect(await repos.credits.charge({ userId: user.id, amount: 4, reason: 'a', reference: 'r1' })).toEqual({
        previous: 10,
        next: 6,
      });
      expect(await repos.credits.charge({ userId: user.id, amount: 7, reason: 'b' })).toBeNull();
      expect(await repos.credits.balanceOf(user.id)).toBe(6);
      expect(await repos.credits.charge({ userId: 'missing', amount: 1, reason: 'c' })).toBeNull();
      expect(await repos.credits.balanceOf('missing')).toBeUndefined();
      await expect(repos.credits.charge({ userId: user.id, amount: -5, reason: 'd' })).rejects.toThrow(RangeError);
      const charges = (await repos.credits.ledger(user.id)).filter((r) => r.type === 'charge');
      expect(charges.map((r) => [r.amount, r.previous_balance, r.new_balance, r.reference])).toEqual([
        [-4, 10, 6, 'r1'],
      ]);
    });

    it_('concurrent charges on a balance of 5 grant exactly 5', async () => {
      const user = await newUser();
      await repos.credits.setBalance({ userId: user.id, credits: 5, reason: 'race' });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => repos.credits.charge({ userId: user.id, amount: 1, reason: `race ${i}` })),
      );
      expect(results.filter((r) => r !== null)).toHaveLength(5);
      expect(await repos.credits.balanceOf(user.id)).toBe(0);
    });
  });

  describe('generations', () => {
    const step = { generatorId: 'poems', step: 'single', cost: 2, reason: 'poems: Poem' };
    const statusOf = (id: string) =>
      db
        .selectFrom('generations')
        .select(['status', 'credits_charged', 'error_code'])
        .where('id', '=', id)
        .executeTakeFirst();

    it_('start charges and records a running generation; null when short, the admin passes charged 0', async () => {
      const user = await newUser();
      await repos.credits.setBalance({ userId: user.id, credits: 3, reason: 'test' });
      const charge = (await repos.generations.start({ userId: user.id, ...step }))!;
      expect(charge.credits).toBe(2);
      expect(await statusOf(charge.generationId)).toEqual({ status: 'running', credits_charged: 2, error_code: null });
      expect(await repos.generations.start({ userId: user.id, ...step })).toBeNull();
      expect(await repos.credits.balanceOf(user.id)).toBe(1);

      const admin = await newUser('admin');
      await repos.credits.setBalance({ userId: admin.id, credits: 0, reason: 'test' });
      expect((await repos.generations.start({ userId: admin.id, ...step }))?.credits).toBe(0);
    });

    it_(
      'refund gives the charge back and marks the generation refunded (failed when nothing was charged)',
      async () => {
        const user = await newUser();
        const charge = (await repos.generations.start({ userId: user.id, ...step }))!;
        await repos.generations.refund({ userId: user.id, charge, reason: 'Refund: test', errorCode: 'timeout' });
        expect(await repos.credits.balanceOf(user.id)).toBe(10);
        expect(await statusOf(charge.generationId)).toEqual({
          status: 'refunded',
          credits_charged: 2,
          error_code: 'timeout',
        });
        const free = (await repos.generations.start({ userId: user.id, ...step, cost: 0 }))!;
        await repos.generations.refund({ userId: user.id, charge: free, reason: 'Refund: test', errorCode: 'timeout' });
        expect((await statusOf(free.generationId))?.status).toBe('failed');
      },
    );

    it_('commit writes history, usage and the part count, and marks the generation succeeded', async () => {
      const user = await newUser();
      const charge = (await repos.generations.start({ userId: user.id, ...step }))!;
      await repos.generations.commit({
        userId: user.id,
        charge,
        history: { title: 'Poem', contentType: 'poem', content: 'Roses', generatorId: 'poems' },
        usage: { promptType: 'poem', metadata: { generator: 'poems', words: 1 }, isPart: true },
      });
      expect((await statusOf(charge.generationId))?.status).toBe('succeeded');
      expect((await repos.users.findById(user.id))?.total_usage).toBe(1);
      const [item] = (await repos.history.list({ userId: user.id, limit: 10 })).items;
      expect(item).toMatchObject({ title: 'Poem', content_type: 'poem' });
      expect(item).not.toHaveProperty('content');
      expect((await repos.history.get({ userId: user.id, id: item!.id }))?.content).toBe('Roses');
      const usage = await db.selectFrom('usage_records').selectAll().where('user_id', '=', user.id).execute();
      expect(usage.map((u) => [u.prompt_type, u.credits_used, JSON.parse(u.metadata)])).toEqual([
        ['poem', 2, { generator: 'poems', words: 1 }],
      ]);
    });

    it_("commit keeps the step's part of the saved book in the same transaction", async () => {
      const user = await newUser();
      const charge = (await repos.generations.start({
        userId: user.id,
        ...step,
        generatorId: 'romance',
        step: 'introduction',
      }))!;
      const save: StepSave = {
        generatorId: 'romance',
        bookType: 'romance',
        step: { kind: 'introduction', position: 0 },
        stepKey: 'introduction',
        position: 0,
        text: 'Once upon a time',
        state: {
          generatorId: 'romance',
          settings: {},
          lang: 'en',
          totalChapters: 3,
          content: ['Once upon a time'],
          currentChapter: 1,
          isLocked: true,
        },
        isComplete: true,
        continuations: 0,
        isFirst: true,
        isFinished: false,
        keepsProgress: true,
        label: 'Introduction',
        words: 4,
        seconds: 0.1,
      };
      await repos.generations.commit({
        userId: user.id,
        charge,
        book: { key: 'romance', save },
        history: { title: 'Romance: Introduction', contentType: 'romance', content: save.text, generatorId: 'romance' },
        usage: { promptType: 'romance', metadata: {}, isPart: true },
      });
      expect((await repos.books.load({ userId: user.id, key: 'romance' }))?.state).toMatchObject({
        content: ['Once upon a time'],
        currentChapter: 1,
      });
      expect((await statusOf(charge.generationId))?.status).toBe('succeeded');
    });

    it_('refundInterrupted refunds every running generation once', async () => {
      const user = await newUser();
      const charge = (await repos.generations.start({ userId: user.id, ...step }))!;
      expect(await repos.generations.refundInterrupted()).toBeGreaterThanOrEqual(1);
      expect(await statusOf(charge.generationId)).toMatchObject({ status: 'refunded', error_code: 'interrupted' });
      expect(await repos.credits.balanceOf(user.id)).toBe(10);
      expect(await repos.generations.refundInterrupted()).toBe(0);
    });
  });

  describe('books', () => {
    const finishedSave = (text: string): StepSave => ({
      generatorId: 'poems',
      bookType: 'poems',
      step: { kind: 'introduction', position: 0 },
      stepKey: 'introduction',
      position: 0,
      text,
      state: {
        generatorId: 'poems',
        settings: { topic: 'sea' },
        lang: 'ms',
        totalChapters: 0,
        content: [text],
        currentChapter: 1,
        isLocked: true,
        memory: 'so far',
        memoryUpTo: 0,
      },
      isComplete: true,
      continuations: 0,
      isFirst: true,
      isFinished: true,
      keepsProgress: true,
      label: 'Poem',
      words: 1,
      seconds: 0.1,
    });
    const commitBook = async (userId: string, text: string) => {
      const charge = (await repos.generations.start({
        userId,
        generatorId: 'poems',
        step: 'introduction',
        cost: 1,
        reason: 'poems',
      }))!;
      await repos.generations.commit({
        userId,
        charge,
        book: { key: 'poems', save: finishedSave(text) },
        history: { title: 'Poem', contentType: 'poem', content: text, generatorId: 'poems' },
        usage: { promptType: 'poem', metadata: {}, isPart: true },
      });
    };

    const unfinishedSave = (text: string): StepSave => ({
      generatorId: 'romance',
      bookType: 'romance',
      step: { kind: 'outline' },
      stepKey: 'outline',
      position: -1,
      text,
      state: {
        generatorId: 'romance',
        settings: {},
        lang: 'en',
        totalChapters: 3,
        outline: text,
        content: [],
        currentChapter: 0,
        isLocked: false,
      },
      isComplete: true,
      continuations: 0,
      isFirst: true,
      isFinished: false,
      keepsProgress: true,
      label: 'Outline',
      words: 1,
      seconds: 0.1,
    });
    const commitOutline = async (userId: string, text: string) => {
      const charge = (await repos.generations.start({
        userId,
        generatorId: 'romance',
        step: 'outline',
        cost: 1,
        reason: 'romance',
      }))!;
      await repos.generations.commit({
        userId,
        charge,
        book: { key: 'romance', save: unfinishedSave(text) },
        usage: { promptType: 'romance', metadata: {}, isPart: true },
      });
    };

    it_(
      'an import is saved in one go: the book there before is kept, every part and its authorship saved, a new id',
      async () => {
        const user = await newUser();
        await commitOutline(user.id, 'Chapter 1: The Harbour');
        const before = (await repos.books.list({ userId: user.id }))[0]!;
        const state: BookState = {
          generatorId: 'romance',
          settings: { language: 'en' },
          lang: 'en',
          totalChapters: 3,
          content: ['', 'Aisha opened the shop.', 'Daniel came back.'],
          currentChapter: 3,
          isLocked: true,
          chapterTitles: { 1: 'The Shop', 2: 'The Ferry' },
          provenance: { 0: { origin: 'author' }, 1: { origin: 'author' }, 2: { origin: 'author' } },
        };
        const saves: StepSave[] = state.content.map((text, position) => ({
          generatorId: 'romance',
          bookType: 'romance',
          step: position === 0 ? { kind: 'introduction', position: 0 } : { kind: 'chapter', position },
          stepKey: position === 0 ? 'introduction' : `chapter:${position}`,
          position,
          text,
          state,
          isComplete: true,
          continuations: 0,
          ...(state.chapterTitles?.[position] ? { title: state.chapterTitles[position] } : {}),
          isFirst: position === 0,
          isFinished: false,
          keepsProgress: true,
          label: `Part ${position}`,
          words: 3,
          seconds: 0,
        }));
        const id = await repos.books.saveImport({ userId: user.id, key: 'romance', saves });
        expect(id).not.toBe(before.id);
        const loaded = (await repos.books.load({ userId: user.id, key: 'romance' }))!;
        expect(loaded.state).toMatchObject({
          content: state.content,
          chapterTitles: { 1: 'The Shop', 2: 'The Ferry' },
          provenance: { 0: { origin: 'author' }, 1: { origin: 'author' }, 2: { origin: 'author' } },
          currentChapter: 3,
          totalChapters: 3,
        });
        expect(loaded.state.outline).toBeUndefined();
        const listed = await repos.books.list({ userId: user.id });
        expect(listed.map((b) => [b.id, b.isCurrent])).toEqual(
          expect.arrayContaining([
            [id, true],
            [before.id, false],
          ]),
        );
      },
    );

    it_(
      'Start New keeps the book under the same id (finished or not); packages stay with it; only the owner reaches it',
      async () => {
        const user = await newUser();
        const stranger = await newUser();
        await commitBook(user.id, 'Laut');
        const loaded = (await repos.books.load({ userId: user.id, key: 'poems' }))!;
        expect(loaded).toMatchObject({
          isFinished: true,
          bookType: 'poems',
          state: { content: ['Laut'], lang: 'ms', settings: { topic: 'sea' }, memory: 'so far', memoryUpTo: 0 },
        });
        expect(loaded.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
        const [current] = await repos.books.list({ userId: user.id });
        expect(current).toMatchObject({ isCurrent: true, bookType: 'poems', isFinished: true });
        const bookId = (await repos.books.findBookId({ userId: user.id, key: 'poems' }))!;
        expect(bookId).toBe(current!.id);
        const report = { created_at: '2026-01-01T00:00:00.000Z' } as never;
        expect(await repos.books.savePackage({ userId: stranger.id, bookId, zip: new Uint8Array([1]), report })).toBe(
          false,
        );
        expect(await repos.books.savePackage({ userId: user.id, bookId, zip: new Uint8Array([1, 2, 3]), report })).toBe(
          true,
        );
        expect(await repos.books.savePackage({ userId: user.id, bookId, zip: new Uint8Array([4, 5]), report })).toBe(
          true,
        );
        expect(await repos.books.findPackage({ userId: user.id, key: 'poems' })).toEqual(report);
        expect([...(await repos.books.packageZip({ userId: user.id, key: 'poems' }))!.zip]).toEqual([4, 5]);
        expect(await repos.books.packageZip({ userId: stranger.id, key: 'poems' })).toBeNull();

        await repos.books.saveMemory({ userId: user.id, key: 'poems', memory: 'later', upTo: 0 });
        expect((await repos.books.load({ userId: user.id, key: 'poems' }))?.state.memory).toBe('later');
        expect(await repos.books.remove({ userId: user.id, key: 'poems' })).toBe(true);
        expect(await repos.books.load({ userId: user.id, key: 'poems' })).toBeNull();
        await commitBook(user.id, 'Gunung');
        const books = await repos.books.list({ userId: user.id });
        expect(books.map((b) => [b.state.content[0], b.isCurrent])).toEqual(
          expect.arrayContaining([
            ['Laut', false],
            ['Gunung', true],
          ]),
        );
        expect(books).toHaveLength(2);
        expect((await repos.books.find({ userId: user.id, id: bookId }))?.state.content).toEqual(['Laut']);
        expect(await repos.books.find({ userId: stranger.id, id: bookId })).toBeNull();
        expect(await repos.books.removeById({ userId: stranger.id, id: bookId })).toBe(false);
        expect(await repos.books.removeById({ userId: user.id, id: bookId })).toBe(true);
        expect((await repos.books.list({ userId: user.id })).map((b) => b.state.content[0])).toEqual(['Gunung']);
      },
    );

    it_(
      'an unfinished book is kept by Start New too; Continue makes a kept book current and keeps the one that was',
      async () => {
        const user = await newUser();
        const stranger = await newUser();
        await commitOutline(user.id, 'First outline');
        const first = (await repos.books.findBookId({ userId: user.id, key: 'romance' }))!;
        expect(await repos.books.remove({ userId: user.id, key: 'romance' })).toBe(true);
        expect(await repos.books.remove({ userId: user.id, key: 'romance' })).toBe(false);
        await commitOutline(user.id, 'Second outline');
        const second = (await repos.books.findBookId({ userId: user.id, key: 'romance' }))!;
        expect(second).not.toBe(first);
        const listed = await repos.books.list({ userId: user.id });
        expect(listed.map((b) => [b.id, b.state.outline, b.isCurrent, b.isFinished])).toEqual(
          expect.arrayContaining([
            [first, 'First outline', false, false],
            [second, 'Second outline', true, false],
          ]),
        );
        expect(listed).toHaveLength(2);

        expect(await repos.books.continueBook({ userId: stranger.id, id: first })).toBeNull();
        expect(await repos.books.continueBook({ userId: user.id, id: first })).toBe('romance');
        expect((await repos.books.load({ userId: user.id, key: 'romance' }))?.state.outline).toBe('First outline');
        expect(await repos.books.findBookId({ userId: user.id, key: 'romance' })).toBe(first);
        expect(await repos.books.find({ userId: user.id, id: second })).toMatchObject({
          isCurrent: false,
          state: { outline: 'Second outline' },
        });
        // Continuing the current book changes nothing.
        expect(await repos.books.continueBook({ userId: user.id, id: first })).toBe('romance');
        expect(await repos.books.list({ userId: user.id })).toHaveLength(2);
        // The next step of the type writes the continued book, under its own id.
        await commitOutline(user.id, 'First outline, again');
        expect((await repos.books.find({ userId: user.id, id: first }))?.state.outline).toBe('First outline, again');
        expect((await repos.books.find({ userId: user.id, id: second }))?.state.outline).toBe('Second outline');
      },
    );

    it_(
      'books saved before many books (one per type: finished, unfinished, ' +
        'one kept) carry over: listed, kept by Start New, continued',
      async () => {
        const user = await newUser();
        // Rows as an earlier server kept them: the current book of a type under its type; a finished
        // book that its type started anew from under kept:<id>.
        const header = (bookType: string, isFinished: number, updatedAt: string) => ({
          owner: user.id,
          book_key: bookType,
          book_type: bookType,
          generator_id: bookType,
          lang: 'en',
          total_chapters: 1,
          current_chapter: 1,
          settings: '{}',
          character_details: null,
          is_finished: isFinished,
          updated_at: updatedAt,
        });
        const insert = async (row: ReturnType<typeof header>, steps: string[]) => {
          const { id } = await db.insertInto('books').values(row).returning('id').executeTakeFirstOrThrow();
          await db
            .insertInto('book_parts')
            .values(
              steps.map((step, i) => ({
                book_id: id,
                position: step === 'outline' ? -1 : i - (steps[0] === 'outline' ? 1 : 0),
                step,
                text: `${row.book_type} ${step}`,
                title: null,
              })),
            )
            .execute();
          return id;
        };
        const kept = await insert(header('romance', 1, '2025-01-01 10:00:00'), [
          'outline',
          'introduction',
          'chapter:1',
          'conclusion:2',
        ]);
        await db
          .updateTable('books')
          .set({ book_key: `kept:${kept}` })
          .where('id', '=', kept)
          .execute();
        const finished = await insert(header('scifi', 1, '2025-01-02 10:00:00'), [
          'outline',
          'introduction',
          'chapter:1',
          'conclusion:2',
        ]);
        const unfinished = await insert(header('romance', 0, '2025-01-03 10:00:00'), ['outline', 'introduction']);

        const books = await repos.books.list({ userId: user.id });
        expect(books.map((b) => [b.id, b.bookType, b.isCurrent, b.isFinished])).toEqual([
          [unfinished, 'romance', true, false],
          [finished, 'scifi', true, true],
          [kept, 'romance', false, true],
        ]);
        expect(books[0]!.state.content).toEqual(['romance introduction']);
        expect(books[0]!.updatedAt).toBe('2025-01-03T10:00:00Z');
        // Start New on the unfinished one keeps it now; Continue brings the kept finished one back.
        expect(await repos.books.remove({ userId: user.id, key: 'romance' })).toBe(true);
        expect(await repos.books.continueBook({ userId: user.id, id: kept })).toBe('romance');
        expect((await repos.books.load({ userId: user.id, key: 'romance' }))?.state.content).toEqual([
          'romance introduction',
          'romance chapter:1',
          'romance conclusion:2',
        ]);
        expect((await repos.books.list({ userId: user.id })).map((b) => [b.id, b.isCurrent])).toEqual([
          [unfinished, false],
          [finished, true],
          [kept, true],
        ]);
      },
    );

    it_(
      'a part edited by hand: its text (complete now) and the header ' +
        "from the edited state; only the owner's, only a written part",
      async () => {
        const user = await newUser();
        const stranger = await newUser();
        await commitBook(user.id, 'Laut');
        const edited = {
          generatorId: 'poems',
          settings: { topic: 'sea' },
          lang: 'ms' as const,
          totalChapters: 0,
          content: ['Laut biru'],
          currentChapter: 1,
          isLocked: true,
          characterDetails: 'Mak Minah',
        };
        expect(
          await repos.books.savePartEdit({ userId: stranger.id, key: 'poems', position: 0, text: 'X', state: edited }),
        ).toBe(false);
        expect(
          await repos.books.savePartEdit({ userId: user.id, key: 'poems', position: 3, text: 'X', state: edited }),
        ).toBe(false);
        expect(
          await repos.books.savePartEdit({
            userId: user.id,
            key: 'poems',
            position: 0,
            text: 'Laut biru',
            state: edited,
          }),
        ).toBe(true);
        const loaded = (await repos.books.load({ userId: user.id, key: 'poems' }))!;
        // The memory that had read the old text is gone (the edited state has none); the book stays finished.
        expect(loaded).toMatchObject({
          isFinished: true,
          state: { content: ['Laut biru'], characterDetails: 'Mak Minah' },
        });
        expect(loaded.state.memory).toBeUndefined();
        expect(loaded.state.memoryUpTo).toBeUndefined();
      },
    );

    it_(
      "a passage Keep: the new text and the old one as the part's " +
        'newest version in one transaction; nothing for another user',
      async () => {
        const user = await newUser();
        const stranger = await newUser();
        await commitBook(user.id, 'Laut');
        const edited = {
          generatorId: 'poems',
          settings: { topic: 'sea' },
          lang: 'ms' as const,
          totalChapters: 0,
          content: ['Laut biru tenang'],
          currentChapter: 1,
          isLocked: true,
        };
        expect(
          await repos.books.savePartEditKeeping({
            userId: stranger.id,
            key: 'poems',
            position: 0,
            text: 'X',
            state: edited,
            previous: { text: 'Laut' },
          }),
        ).toBeNull();
        expect(
          await repos.books.savePartEditKeeping({
            userId: user.id,
            key: 'poems',
            position: 0,
            text: 'Laut biru tenang',
            state: edited,
            previous: { text: 'Laut' },
          }),
        ).toBe(1);
        expect(
          await repos.books.savePartEditKeeping({
            userId: user.id,
            key: 'poems',
            position: 0,
            text: 'Laut biru tenang sekali',
            state: edited,
            previous: { text: 'Laut biru tenang' },
          }),
        ).toBe(2);
        expect((await repos.books.load({ userId: user.id, key: 'poems' }))!.state.content).toEqual([
          'Laut biru tenang sekali',
        ]);
        expect(
          (await repos.versions.list({ userId: user.id, key: 'poems', position: 0 })).map((v) => [v.version, v.text]),
        ).toEqual([
          [2, 'Laut biru tenang'],
          [1, 'Laut'],
        ]);
        // A part that is not there: neither the edit nor a version.
        expect(
          await repos.books.savePartEditKeeping({
            userId: user.id,
            key: 'poems',
            position: 3,
            text: 'X',
            state: edited,
            previous: { text: 'Y' },
          }),
        ).toBeNull();
        expect(await repos.versions.list({ userId: user.id, key: 'poems', position: 3 })).toEqual([]);
      },
    );

    it_(
      'continuity findings marked as intended (issue 48): kept ' +
        "with the book, only the owner's; a saved step keeps them",
      async () => {
        const user = await newUser();
        const stranger = await newUser();
        await commitBook(user.id, 'Laut');
        expect(
          await repos.books.saveIntendedFindings({ userId: stranger.id, key: 'poems', keys: ['1:fact_changed:abc'] }),
        ).toBe(false);
        expect(
          await repos.books.saveIntendedFindings({
            userId: user.id,
            key: 'poems',
            keys: ['1:fact_changed:abc', '3:name_spelling:z9'],
          }),
        ).toBe(true);
        expect((await repos.books.load({ userId: user.id, key: 'poems' }))!.state.intendedFindings).toEqual([
          '1:fact_changed:abc',
          '3:name_spelling:z9',
        ]);
        const edited = {
          generatorId: 'poems',
          settings: { topic: 'sea' },
          lang: 'ms' as const,
          totalChapters: 0,
          content: ['Laut biru'],
          currentChapter: 1,
          isLocked: true,
        };
        expect(
          await repos.books.savePartEdit({
            userId: user.id,
            key: 'poems',
            position: 0,
            text: 'Laut biru',
            state: edited,
          }),
        ).toBe(true);
        expect((await repos.books.load({ userId: user.id, key: 'poems' }))!.state.intendedFindings).toEqual([
          '1:fact_changed:abc',
          '3:name_spelling:z9',
        ]);
        expect(await repos.books.saveIntendedFindings({ userId: user.id, key: 'poems', keys: [] })).toBe(true);
        expect((await repos.books.load({ userId: user.id, key: 'poems' }))!.state.intendedFindings).toBeUndefined();
      },
    );

    it_(
      'the outline shaped as chapters (issue 25): its text, chapter count and notes kept; the next ' +
        'step keeps them; a book never shaped has none; a step writes the notes its state carries',
      async () => {
        const user = await newUser();
        const base: BookState = {
          generatorId: 'romance',
          settings: {},
          lang: 'en',
          totalChapters: 3,
          outline: 'Chapter 1: A\nPlan a.',
          content: [],
          currentChapter: 0,
          isLocked: false,
        };
        const commitStep = async (
          save: Pick<StepSave, 'state' | 'step' | 'stepKey' | 'position' | 'text' | 'isFirst'>,
        ) => {
          const charge = (await repos.generations.start({
            userId: user.id,
            generatorId: 'romance',
            step: save.stepKey,
            cost: 1,
            reason: 'romance',
          }))!;
          await repos.generations.commit({
            userId: user.id,
            charge,
            book: {
              key: 'romance',
              save: {
                ...save,
                generatorId: 'romance',
                bookType: 'romance',
                isComplete: true,
                continuations: 0,
                isFinished: false,
                keepsProgress: true,
                label: 'x',
                words: 2,
                seconds: 0.1,
              },
            },
            history: { title: 'Romance', contentType: 'romance', content: save.text, generatorId: 'romance' },
            usage: { promptType: 'romance', metadata: {}, isPart: true },
          });
        };
        await commitStep({
          state: base,
          step: { kind: 'outline' },
          stepKey: 'outline',
          position: -1,
          text: base.outline!,
          isFirst: true,
        });
        expect((await repos.books.load({ userId: user.id, key: 'romance' }))!.state.chapterNotes).toBeUndefined();
        const edited: BookState = {
          ...base,
          outline: 'Chapter 1: A\nPlan a.\n\nChapter 2: B\n\nChapter 3: C\n\nChapter 4: D',
          totalChapters: 4,
          chapterNotes: { 2: 'Aisha must cry.', 4: 'Tan leaves.' },
        };
        expect(
          await repos.books.saveOutlineEdit({
            userId: user.id,
            key: 'romance',
            outline: edited.outline!,
            state: edited,
          }),
        ).toBe(true);
        expect(
          await repos.books.saveOutlineEdit({ userId: 'nobody', key: 'romance', outline: 'x', state: edited }),
        ).toBe(false);
        let loaded = (await repos.books.load({ userId: user.id, key: 'romance' }))!.state;
        expect({ outline: loaded.outline, total: loaded.totalChapters, notes: loaded.chapterNotes }).toEqual({
          outline: edited.outline,
          total: 4,
          notes: { 2: 'Aisha must cry.', 4: 'Tan leaves.' },
        });
        // The introduction's save writes the header from the session's state: the notes go with it.
        await commitStep({
          state: { ...loaded, content: ['Once.'], currentChapter: 1, isLocked: true },
          step: { kind: 'introduction', position: 0 },
          stepKey: 'introduction',
          position: 0,
          text: 'Once.',
          isFirst: false,
        });
        loaded = (await repos.books.load({ userId: user.id, key: 'romance' }))!.state;
        expect({ total: loaded.totalChapters, notes: loaded.chapterNotes, content: loaded.content }).toEqual({
          total: 4,
          notes: { 2: 'Aisha must cry.', 4: 'Tan leaves.' },
          content: ['Once.'],
        });
        // Every step writes the notes its state carries: a book planned with notes before its outline keeps
        // them from its first step, and a first step without notes leaves the new book none.
        const planned: BookState = { ...base, totalChapters: 2, chapterNotes: { 1: 'Open at sea.' } };
        await commitStep({
          state: planned,
          step: { kind: 'outline' },
          stepKey: 'outline',
          position: -1,
          text: base.outline!,
          isFirst: true,
        });
        loaded = (await repos.books.load({ userId: user.id, key: 'romance' }))!.state;
        expect({ total: loaded.totalChapters, notes: loaded.chapterNotes, content: loaded.content }).toEqual({
          total: 2,
          notes: { 1: 'Open at sea.' },
          content: [],
        });
        await commitStep({
          state: base,
          step: { kind: 'outline' },
          stepKey: 'outline',
          position: -1,
          text: base.outline!,
          isFirst: true,
        });
        expect((await repos.books.load({ userId: user.id, key: 'romance' }))!.state.chapterNotes).toBeUndefined();
      },
    );

    it_('what the continuity audit found is kept with the book per part, and a step with none clears it', async () => {
      const user = await newUser();
      const found = { kind: 'audit' as const, detail: 'Mara: speaks here but drowned', part: 'Chapter 4' };
      const state: BookState = {
        generatorId: 'romance',
        settings: {},
        lang: 'en',
        totalChapters: 3,
        outline: 'Chapter 1: A',
        content: ['Once.', 'Then.'],
        currentChapter: 2,
        isLocked: true,
        auditFindings: { 1: [found] },
      };
      const commitStep = async (s: BookState, isFirst: boolean) => {
        const charge = (await repos.generations.start({
          userId: user.id,
          generatorId: 'romance',
          step: 'chapter:1',
          cost: 1,
          reason: 'romance',
        }))!;
        await repos.generations.commit({
          userId: user.id,
          charge,
          book: {
            key: 'romance',
            save: {
              state: s,
              step: { kind: 'chapter', position: 1 },
              stepKey: 'chapter:1',
              position: 1,
              text: 'Then.',
              isFirst,
              generatorId: 'romance',
              bookType: 'romance',
              isComplete: true,
              continuations: 0,
              isFinished: false,
              keepsProgress: true,
              label: 'x',
              words: 1,
              seconds: 0.1,
            },
          },
          history: { title: 'Romance', contentType: 'romance', content: 'Then.', generatorId: 'romance' },
          usage: { promptType: 'romance', metadata: {}, isPart: true },
        });
      };
      await commitStep(state, true);
      expect((await repos.books.load({ userId: user.id, key: 'romance' }))!.state.auditFindings).toEqual({
        1: [found],
      });
      const { auditFindings: _found, ...cleared } = state;
      await commitStep(cleared, false);
      expect((await repos.books.load({ userId: user.id, key: 'romance' }))!.state.auditFindings).toBeUndefined();
    });

    it_(
      'the story bible edited by hand after a reset: its text kept with "no ' +
        'part read yet" (upTo -1), so the next step folds every part into it',
      async () => {
        const user = await newUser();
        await commitBook(user.id, 'Laut');
        await repos.books.saveMemory({
          userId: user.id,
          key: 'poems',
          memory: '## Fakta yang ditetapkan\n- Pak Ngah menjaga rumah api.',
          upTo: -1,
        });
        const loaded = (await repos.books.load({ userId: user.id, key: 'poems' }))!;
        expect(loaded.state).toMatchObject({
          content: ['Laut'],
          memory: '## Fakta yang ditetapkan\n- Pak Ngah menjaga rumah api.',
          memoryUpTo: -1,
        });
      },
    );

    it_(
      'a step save: a later step adds its part (or replaces it when written ' +
        'again), a first step starts the book over without its parts and versions',
      async () => {
        const user = await newUser();
        const saveStep = async (position: number, text: string, isFirst: boolean, content: string[]) => {
          const charge = (await repos.generations.start({
            userId: user.id,
            generatorId: 'romance',
            step: `s${position}`,
            cost: 1,
            reason: 'romance',
          }))!;
          const save: StepSave = {
            generatorId: 'romance',
            bookType: 'romance',
            step: position ? { kind: 'chapter', position, chapter: position } : { kind: 'introduction', position: 0 },
            stepKey: position ? `chapter:${position}` : 'introduction',
            position,
            text,
            state: {
              generatorId: 'romance',
              settings: {},
              lang: 'en',
              totalChapters: 3,
              content,
              currentChapter: position + 1,
              isLocked: true,
            },
            isComplete: true,
            continuations: 0,
            isFirst,
            isFinished: false,
            keepsProgress: true,
            label: 'Part',
            words: 1,
            seconds: 0.1,
          } as StepSave;
          await repos.generations.commit({
            userId: user.id,
            charge,
            book: { key: 'romance', save },
            history: { title: 'Romance', contentType: 'romance', content: text, generatorId: 'romance' },
            usage: { promptType: 'romance', metadata: {}, isPart: true },
          });
        };
        await saveStep(0, 'Intro one', true, ['Intro one']);
        await saveStep(1, 'Chapter one', false, ['Intro one', 'Chapter one']);
        await saveStep(1, 'Chapter one again', false, ['Intro one', 'Chapter one again']);
        expect((await repos.books.load({ userId: user.id, key: 'romance' }))?.state).toMatchObject({
          content: ['Intro one', 'Chapter one again'],
          currentChapter: 2,
        });
        expect(await repos.versions.keep({ userId: user.id, key: 'romance', position: 1, text: 'Chapter one' })).toBe(
          1,
        );
        await saveStep(0, 'Intro two', true, ['Intro two']);
        expect((await repos.books.load({ userId: user.id, key: 'romance' }))?.state).toMatchObject({
          content: ['Intro two'],
          currentChapter: 1,
        });
        expect(await repos.versions.list({ userId: user.id, key: 'romance', position: 1 })).toEqual([]);
      },
    );

    it_('isRunning: a generation of the user still running for that generator', async () => {
      const user = await newUser();
      expect(await repos.generations.isRunning({ userId: user.id, generatorId: 'poems' })).toBe(false);
      const charge = (await repos.generations.start({
        userId: user.id,
        generatorId: 'poems',
        step: 'single',
        cost: 1,
        reason: 'poems',
      }))!;
      expect(await repos.generations.isRunning({ userId: user.id, generatorId: 'poems' })).toBe(true);
      expect(await repos.generations.isRunning({ userId: user.id, generatorId: 'romance' })).toBe(false);
      await repos.generations.refund({ userId: user.id, charge, reason: 'Refund: test', errorCode: 'timeout' });
      expect(await repos.generations.isRunning({ userId: user.id, generatorId: 'poems' })).toBe(false);
    });
  });

  describe('codes, history and system', () => {
    it_('a code and a link grant once per user, even when claimed concurrently', async () => {
      const admin = await newUser('admin');
      const user = await newUser();
      expect(await repos.codes.createCode({ code: `GIFT${counter}`, credits: 5, createdBy: admin.id })).toMatchObject({
        credits: 5,
        is_active: 1,
      });
      expect(await repos.codes.createCode({ code: `GIFT${counter}`, credits: 5, createdBy: admin.id })).toBeUndefined();
      const claims = await Promise.all(
        [1, 2, 3].map(() => repos.codes.redeemCode({ userId: user.id, code: `GIFT${counter}` })),
      );
      expect(claims.filter((c) => c.status === 'granted')).toHaveLength(1);
      expect(claims.filter((c) => c.status === 'already_claimed')).toHaveLength(2);
      expect(await repos.codes.redeemCode({ userId: user.id, code: 'NOPE' })).toEqual({ status: 'invalid' });
      const link = await repos.codes.createLink({ credits: 7, createdBy: admin.id });
      expect(link.token).toMatch(/^CREDIT7-[A-Z0-9]{8}$/);
      expect(await repos.codes.claimLink({ userId: user.id, token: link.token })).toMatchObject({
        status: 'granted',
        credits: 7,
        balance: { previous: 15, next: 22 },
      });
      expect((await repos.codes.listLinks()).find((l) => l.id === link.id)).toMatchObject({
        claims: 1,
        created_by_email: admin.email,
      });
      expect((await repos.codes.listCodes()).find((c) => c.code === `GIFT${counter}`)?.claims).toBe(1);
      const listed = await repos.codes.listClaims();
      expect(listed.code_claims.some((c) => c.user_email === user.email)).toBe(true);
      expect(listed.link_claims.some((c) => c.token === link.token)).toBe(true);
      expect(await repos.codes.deactivateLink(link.id)).toBe(true);
      expect(await repos.codes.deactivateLink(link.id)).toBe(false);
    });

    it_(
      'history: word-prefix search (case-insensitive, symbols literal), ' +
        'type filter, cursor pages without content, own items only',
      async () => {
        const user = await newUser();
        for (const [title, type] of [
          ['Sea 100%', 'poem'],
          ['Mountain', 'poem'],
          ['Sea_story', 'story'],
        ] as const) {
          const charge = (await repos.generations.start({
            userId: user.id,
            generatorId: 'poems',
            step: 'single',
            cost: 0,
            reason: 'x',
          }))!;
          await repos.generations.commit({
            userId: user.id,
            charge,
            history: { title, contentType: type, content: `${title} text`, generatorId: 'poems' },
            usage: { promptType: type, metadata: {}, isPart: false },
          });
        }
        const list = (input: { search?: string; type?: string; before?: number; limit?: number }) =>
          repos.history.list({ userId: user.id, limit: 10, ...input });
        const titles = async (input: { search?: string; type?: string }) =>
          (await list(input)).items.map((i) => i.title);
        expect(await titles({ search: 'SEA' })).toEqual(['Sea_story', 'Sea 100%']);
        expect(await titles({ search: '100%' })).toEqual(['Sea 100%']);
        expect(await titles({ search: 'sto' })).toEqual(['Sea_story']);
        expect(await titles({ search: 'mountain TEXT' })).toEqual(['Mountain']);
        expect(await titles({ search: 'ea' })).toEqual([]);
        expect(await titles({ search: '%' })).toEqual([]);
        expect(await titles({ search: 'sea', type: 'poem' })).toEqual(['Sea 100%']);
        const poems = await list({ type: 'poem' });
        expect(poems.items.map((i) => i.title)).toEqual(['Mountain', 'Sea 100%']);
        for (const item of poems.items) expect(item).not.toHaveProperty('content');
        expect(await repos.history.types({ userId: user.id })).toEqual(['poem', 'story']);
        const first = await list({ limit: 2 });
        expect(first.items.map((i) => i.title)).toEqual(['Sea_story', 'Mountain']);
        const second = await list({ limit: 2, before: first.nextCursor! });
        expect([second.items.map((i) => i.title), second.nextCursor]).toEqual([['Sea 100%'], null]);
        const other = await newUser();
        expect(await repos.history.get({ userId: other.id, id: poems.items[0]!.id })).toBeUndefined();
        expect(await repos.history.get({ userId: user.id, id: poems.items[0]!.id })).toMatchObject({
          title: 'Mountain',
          content: 'Mountain text',
        });
        expect((await repos.history.list({ userId: other.id, search: 'sea', limit: 10 })).items).toEqual([]);
        expect(await repos.history.delete({ userId: other.id, id: poems.items[0]!.id })).toBe(false);
        expect(await repos.history.delete({ userId: user.id, id: poems.items[0]!.id })).toBe(true);
        expect(await titles({ search: 'mountain' })).toEqual([]);
      },
    );

    it_('config, deployments with rollback, outbox and ping', async () => {
      await repos.system.ping();
      expect(await repos.system.readConfig('k', { a: 1 })).toEqual({ a: 1 });
      await repos.system.writeConfig('k', { a: 2 });
      expect(await repos.system.readConfig('k', { a: 1 })).toEqual({ a: 2 });
      const first = (await repos.system.recordStart({ version: '1.0.0', url: 'http://a' }))!;
      expect(await repos.system.recordStart({ version: '1.0.0', url: 'http://a' })).toBeUndefined();
      await repos.system.recordStart({ version: '1.1.0', url: 'http://b' });
      expect(await repos.system.rollBack({ id: 999_999, reason: 'x', by: 'a' })).toEqual({ status: 'not_found' });
      const rolled = await repos.system.rollBack({ id: first.id, reason: 'broken', by: 'admin' });
      expect(rolled).toMatchObject({
        status: 'done',
        deployment: {
          version: 'rollback-to-1.0.0',
          url: 'http://a',
          metadata: { rolledBackFrom: '1.1.0', originalVersion: '1.0.0' },
        },
      });
      expect((await repos.system.listDeployments()).map((d) => d.version)).toEqual([
        'rollback-to-1.0.0',
        '1.1.0',
        '1.0.0',
      ]);
      await repos.system.writeToOutbox({ to: 'a@karya.test', subject: 'Hi', text: 'Body' });
      expect(await db.selectFrom('mail_outbox').select(['to_address', 'subject']).execute()).toEqual([
        { to_address: 'a@karya.test', subject: 'Hi' },
      ]);
    });
  });

  describe('auth', () => {
    it_('a reset token works once: the password changes and every session ends', async () => {
      const user = await newUser();
      await repos.auth.createSession({
        tokenHash: 's1',
        userId: user.id,
        isRemembered: true,
        expiresAt: Date.now() + 60_000,
      });
      expect((await repos.auth.findSession('s1'))?.user.id).toBe(user.id);
      await repos.auth.createPasswordReset({ tokenHash: 't1', userId: user.id, expiresAt: Date.now() + 60_000 });
      expect(await repos.auth.findPasswordReset('t1')).toMatchObject({ userId: user.id, isUsed: false });
      expect(await repos.auth.resetPassword({ tokenHash: 't1', hash: 'new' })).toBe(user.id);
      expect(await repos.auth.resetPassword({ tokenHash: 't1', hash: 'newer' })).toBeNull();
      expect(await repos.auth.passwordHashOf(user.id)).toBe('new');
      expect(await repos.auth.findSession('s1')).toBeNull();
    });

    it_('an expired session is gone on lookup; changePassword keeps only the current session', async () => {
      const user = await newUser();
      await repos.auth.createSession({
        tokenHash: 'old',
        userId: user.id,
        isRemembered: false,
        expiresAt: Date.now() - 1,
      });
      expect(await repos.auth.findSession('old')).toBeNull();
      expect(
        await db.selectFrom('sessions').select('id').where('token_hash', '=', 'old').executeTakeFirst(),
      ).toBeUndefined();
      await repos.auth.createSession({
        tokenHash: 'a',
        userId: user.id,
        isRemembered: false,
        expiresAt: Date.now() + 60_000,
      });
      await repos.auth.createSession({
        tokenHash: 'b',
        userId: user.id,
        isRemembered: false,
        expiresAt: Date.now() + 60_000,
      });
      const current = (await repos.auth.findSession('a'))!;
      await repos.auth.changePassword({ userId: user.id, hash: 'changed', keepSessionId: current.sessionId });
      expect(await repos.auth.findSession('a')).not.toBeNull();
      expect(await repos.auth.findSession('b')).toBeNull();
      expect(await repos.auth.passwordHashOf(user.id)).toBe('changed');
    });
  });

  describe('purchases', () => {
    it_('grants a session once, however many deliveries arrive at once, with a purchase ledger row', async () => {
      const user = await newUser();
      const grant = {
        sessionId: `cs_store_${counter}`,
        userId: user.id,
        packageId: 'pro',
        credits: 500,
        amountTotal: 4999,
        currency: 'usd',
      };
      const results = await Promise.all(Array.from({ length: 8 }, () => repos.purchases.grant(grant)));
      expect(results.filter((r) => r.status === 'granted')).toEqual([
        { status: 'granted', balance: { previous: 10, next: 510 } },
      ]);
      expect(results.filter((r) => r.status === 'already_granted')).toHaveLength(7);
      expect(await repos.credits.balanceOf(user.id)).toBe(510);
      expect((await repos.credits.ledger(user.id)).filter((t) => t.type === 'purchase')).toMatchObject([
        { amount: 500, reference: grant.sessionId },
      ]);
      expect(await repos.purchases.find(grant.sessionId)).toMatchObject({
        userId: user.id,
        packageId: 'pro',
        credits: 500,
      });
      expect(await repos.purchases.find('cs_none')).toBeUndefined();
    });

    it_('keeps nothing for a user who is gone', async () => {
      expect(
        await repos.purchases.grant({
          sessionId: 'cs_gone',
          userId: 'nobody',
          packageId: 'basic',
          credits: 300,
          amountTotal: null,
          currency: null,
        }),
      ).toEqual({ status: 'no_user' });
      expect(await repos.purchases.find('cs_gone')).toBeUndefined();
    });
  });

  describe('api keys', () => {
    it_(
      'creates up to the cap, lists newest first without the hash, authenticates live keys only, revokes own keys only',
      async () => {
        const user = await newUser();
        const other = await newUser();
        const first = (await repos.apiKeys.create({
          userId: user.id,
          name: 'one',
          keyHash: `h1-${counter}`,
          prefix: 'karya_aaaa',
          maxKeys: 2,
        }))!;
        const second = (await repos.apiKeys.create({
          userId: user.id,
          name: 'two',
          keyHash: `h2-${counter}`,
          prefix: 'karya_bbbb',
          maxKeys: 2,
        }))!;
        expect(
          await repos.apiKeys.create({
            userId: user.id,
            name: 'three',
            keyHash: `h3-${counter}`,
            prefix: 'karya_cccc',
            maxKeys: 2,
          }),
        ).toBeUndefined();
        expect((await repos.apiKeys.list(user.id)).map((k) => k.name)).toEqual(['two', 'one']);
        expect(Object.keys(first).sort()).toEqual(['createdAt', 'id', 'lastUsedAt', 'name', 'prefix']);
        const auth = await repos.apiKeys.authenticate(`h1-${counter}`);
        expect(auth).toMatchObject({ keyId: first.id, user: { id: user.id, email: user.email } });
        expect((await repos.apiKeys.list(user.id)).find((k) => k.id === first.id)?.lastUsedAt).not.toBeNull();
        expect(await repos.apiKeys.revoke({ userId: other.id, id: first.id })).toBe(false);
        expect(await repos.apiKeys.revoke({ userId: user.id, id: first.id })).toBe(true);
        expect(await repos.apiKeys.revoke({ userId: user.id, id: first.id })).toBe(false);
        expect(await repos.apiKeys.authenticate(`h1-${counter}`)).toBeNull();
        expect(await repos.apiKeys.authenticate('unknown')).toBeNull();
        expect((await repos.apiKeys.list(user.id)).map((k) => k.id)).toEqual([second.id]);
      },
    );
  });
  describe('limits, idempotency keys and code rules (issue 13)', () => {
    it_(
      'a token bucket: full at first, refused when empty with the ' +
        'wait, refilled over time; concurrent takes never overdraw',
      async () => {
        const key = `bucket-${counter++}`;
        const t0 = 1_000_000;
        const rule = { key, capacity: 3, refillMs: 1_000 };
        for (let i = 0; i < 3; i++) expect((await repos.limits.take({ ...rule, now: t0 })).isAllowed).toBe(true);
        expect(await repos.limits.take({ ...rule, now: t0 + 250 })).toEqual({ isAllowed: false, retryAfterMs: 750 });
        expect(await repos.limits.take({ ...rule, now: t0 + 1_000 })).toEqual({ isAllowed: true, remaining: 0 });
        const other = `bucket-${counter++}`;
        const taken = await Promise.all(
          Array.from({ length: 8 }, () => repos.limits.take({ key: other, capacity: 5, refillMs: 3_600_000, now: t0 })),
        );
        expect(taken.filter((t) => t.isAllowed)).toHaveLength(5);
      },
    );

    it_('failure counters count, remember the last time and clear', async () => {
      const key = `fail-${counter++}`;
      expect(await repos.limits.failures(key)).toBeNull();
      expect(await repos.limits.recordFailure({ key, now: 5 })).toBe(1);
      expect(await repos.limits.recordFailure({ key, now: 9 })).toBe(2);
      expect(await repos.limits.failures(key)).toEqual({ failures: 2, lastFailureAt: 9 });
      await repos.limits.clearFailures(key);
      expect(await repos.limits.failures(key)).toBeNull();
      // Pruning forgets what was untouched since then, and nothing newer.
      const old = `fail-${counter++}`;
      const fresh = `fail-${counter++}`;
      await repos.limits.recordFailure({ key: old, now: 10 });
      await repos.limits.recordFailure({ key: fresh, now: 5_000 });
      expect(await repos.limits.prune({ olderThan: 1_000 })).toBeGreaterThanOrEqual(1);
      expect(await repos.limits.failures(old)).toBeNull();
      expect(await repos.limits.failures(fresh)).toEqual({ failures: 1, lastFailureAt: 5_000 });
    });

    it_(
      'attempts claimed before a check: a burst at once is held to the free number, ' +
        'the wait doubles, a returned attempt and a given-back token count again',
      async () => {
        const key = `claim-${counter++}`;
        const rule = { freeAttempts: 3, baseDelayMs: 1_000, maxDelayMs: 60_000 };
        const t0 = 2_000_000;
        const burst = await Promise.all(
          Array.from({ length: 12 }, () => repos.limits.claimAttempt({ key, rule, now: t0 })),
        );
        expect(burst.filter((b) => b.isAllowed)).toHaveLength(3);
        expect(burst.filter((b) => !b.isAllowed)).toEqual(Array(9).fill({ isAllowed: false, retryAfterMs: 1_000 }));
        expect(await repos.limits.failures(key)).toEqual({ failures: 3, lastFailureAt: t0 });
        // After the wait one more, then the next waits twice as long.
        expect((await repos.limits.claimAttempt({ key, rule, now: t0 + 1_000 })).isAllowed).toBe(true);
        expect(await repos.limits.claimAttempt({ key, rule, now: t0 + 1_000 })).toEqual({
          isAllowed: false,
          retryAfterMs: 2_000,
        });
        // Given back (a right password): three free again after four returns.
        for (let i = 0; i < 4; i++) await repos.limits.returnAttempt(key);
        expect(await repos.limits.failures(key)).toBeNull();
        expect((await repos.limits.claimAttempt({ key, rule, now: t0 + 1_001 })).isAllowed).toBe(true);

        const bucket = { key: `give-${counter++}`, capacity: 2, refillMs: 3_600_000 };
        await repos.limits.take({ ...bucket, now: t0 });
        await repos.limits.take({ ...bucket, now: t0 });
        expect((await repos.limits.take({ ...bucket, now: t0 })).isAllowed).toBe(false);
        await repos.limits.give(bucket);
        await repos.limits.give(bucket);
        await repos.limits.give(bucket);
        // Never above the capacity.
        expect((await repos.limits.take({ ...bucket, now: t0 })).isAllowed).toBe(true);
        expect((await repos.limits.take({ ...bucket, now: t0 })).isAllowed).toBe(true);
        expect((await repos.limits.take({ ...bucket, now: t0 })).isAllowed).toBe(false);
      },
    );

    it_(
      'an idempotency key: new once (even concurrently), running, done with its ' +
        'answer, mismatch for another request, released, forgotten after its time',
      async () => {
        const user = await newUser();
        const key = { userId: user.id, key: 'k-1', requestHash: 'h-1', ttlMs: 60_000 };
        const begun = await Promise.all([1, 2, 3].map(() => repos.idempotency.begin({ ...key, now: 1_000 })));
        expect(begun.filter((b) => b.status === 'new')).toHaveLength(1);
        expect(begun.filter((b) => b.status === 'running')).toHaveLength(2);
        expect(await repos.idempotency.begin({ ...key, requestHash: 'h-2', now: 1_000 })).toEqual({
          status: 'mismatch',
        });
        await repos.idempotency.finish({ userId: user.id, key: 'k-1', responseStatus: 200, body: '{"ok":true}' });
        expect(await repos.idempotency.begin({ ...key, now: 2_000 })).toEqual({
          status: 'done',
          responseStatus: 200,
          body: '{"ok":true}',
        });
        await repos.idempotency.release({ userId: user.id, key: 'k-1' });
        expect((await repos.idempotency.begin({ ...key, now: 3_000 })).status).toBe('done');
        expect(await repos.idempotency.begin({ ...key, now: 1_000 + 60_001 })).toEqual({ status: 'new' });
        await repos.idempotency.release({ userId: user.id, key: 'k-1' });
        expect((await repos.idempotency.begin({ ...key, now: 70_000 })).status).toBe('new');
        expect(await repos.idempotency.releaseRunning()).toBeGreaterThanOrEqual(1);
        expect((await repos.idempotency.begin({ ...key, now: 70_000 })).status).toBe('new');
        // Still running long after any step could (its server stopped): claimed anew.
        expect((await repos.idempotency.begin({ ...key, staleMs: 5_000, now: 74_000 })).status).toBe('running');
        expect((await repos.idempotency.begin({ ...key, staleMs: 5_000, now: 76_000 })).status).toBe('new');
        expect((await repos.idempotency.begin({ ...key, staleMs: 5_000, now: 76_001 })).status).toBe('running');
      },
    );

    it_(
      'a capped code grants at most its cap, even to concurrent users; an expired or deactivated code is invalid',
      async () => {
        const admin = await newUser('admin');
        const code = `CAPPED-${counter++}`;
        await repos.codes.createCode({ code, credits: 2, createdBy: admin.id, maxRedemptions: 2 });
        const users = await Promise.all([1, 2, 3, 4].map(() => newUser()));
        const claims = await Promise.all(users.map((u) => repos.codes.redeemCode({ userId: u.id, code })));
        expect(claims.filter((c) => c.status === 'granted')).toHaveLength(2);
        expect(claims.filter((c) => c.status === 'invalid')).toHaveLength(2);
        const expired = `EXPIRED-${counter++}`;
        await repos.codes.createCode({
          code: expired,
          credits: 2,
          createdBy: admin.id,
          expiresAt: new Date(Date.now() - 1_000).toISOString(),
        });
        expect(await repos.codes.redeemCode({ userId: users[0]!.id, code: expired })).toEqual({ status: 'invalid' });
        const off = `OFF-${counter++}`;
        const made = (await repos.codes.createCode({ code: off, credits: 2, createdBy: admin.id }))!;
        expect(await repos.codes.deactivateCode(made.id)).toBe(true);
        expect(await repos.codes.deactivateCode(made.id)).toBe(false);
        expect(await repos.codes.redeemCode({ userId: users[0]!.id, code: off })).toEqual({ status: 'invalid' });
      },
    );
  });
});
