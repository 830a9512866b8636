// Content history at scale, through the repository port (SQLite adapter: FTS5 search, type index,
// cursor pages): pages without content that add up to every item once, word-prefix search that is
// case- and accent-insensitive and only ever finds the user's own items, the type filter with search,
// cheap distinct types, the index following deletes, and migrations 0014 and 0017 on a database with items.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../migrations/index.js';
import { openDatabase, openSqlite, type OpenedDatabase } from '../../server/store/sqlite/connect.js';
import type { Repositories } from '../../server/store/ports.js';
import { sqliteRepositories, Store } from '../../server/store/sqlite/index.js';
import { nowIso } from '../../server/store/sqlite/store.js';
import type { Database } from '../../server/store/schema.js';

let database: OpenedDatabase;
let store: Store;
let repos: Repositories;
beforeAll(async () => {
  database = await openDatabase(':memory:');
  store = new Store(database.db, database.sqlite);
  repos = sqliteRepositories(store);
});
afterAll(() => database.close());

let counter = 0;
async function newUser() {
  counter += 1;
  const user = await repos.users.create({ email: `history${counter}@karya.test`, passwordHash: 'hash', role: 'free' });
  if (!user) throw new Error('user not created');
  return user.id;
}

function addItem(userId: string, item: { title: string; type: string; content: string }): number {
  store.run(
    store.db.insertInto('content_history').values({
      user_id: userId,
      title: item.title,
      content_type: item.type,
      content: item.content,
      generator_id: item.type,
      created_at: nowIso(),
    }),
  );
  return Number((store.sqlite.prepare('SELECT last_insert_rowid() AS id').get() as { id: number }).id);
}

async function allPages(input: { userId: string; search?: string; type?: string; limit: number }) {
  const ids: number[] = [];
  let before: number | undefined;
  for (let pages = 0; pages < 1000; pages += 1) {
    const page = await repos.history.list({ ...input, ...(before ? { before } : {}) });
    expect(page.items.length).toBeLessThanOrEqual(input.limit);
    for (const item of page.items) expect(item).not.toHaveProperty('content');
    ids.push(...page.items.map((i) => i.id));
    if (page.nextCursor === null) return ids;
    before = page.nextCursor;
  }
  throw new Error('too many pages');
}

describe('history pages', () => {
  it('pages by cursor add up to every item once, newest first, with and without a filter or search', async () => {
    const userId = await newUser();
    const other = await newUser();
    const ids: number[] = [];
    for (let i = 0; i < 230; i += 1) {
      ids.push(
        addItem(userId, {
          title: `Poem ${i}`,
          type: i % 3 === 0 ? 'poem' : 'riddle',
          content: i % 5 === 0 ? `moonlight verse ${i}` : `riddle text ${i}`,
        }),
      );
      if (i % 10 === 0) addItem(other, { title: `Other ${i}`, type: 'poem', content: 'moonlight verse' });
    }
    const newestFirst = [...ids].reverse();
    expect(await allPages({ userId, limit: 50 })).toEqual(newestFirst);
    expect(await allPages({ userId, limit: 230 })).toEqual(newestFirst);
    expect(await allPages({ userId, limit: 7, type: 'poem' })).toEqual(
      newestFirst.filter((_, k) => (229 - k) % 3 === 0),
    );
    expect(await allPages({ userId, limit: 9, search: 'moon' })).toEqual(
      newestFirst.filter((_, k) => (229 - k) % 5 === 0),
    );
    expect(await allPages({ userId, limit: 4, search: 'moon', type: 'poem' })).toEqual(
      newestFirst.filter((_, k) => (229 - k) % 15 === 0),
    );
    const last = await repos.history.list({ userId, limit: 50, before: ids[0]! });
    expect(last).toEqual({ items: [], nextCursor: null });
  });
});

describe('history search', () => {
  let alice: string;
  let bob: string;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    alice = await newUser();
    bob = await newUser();
    ids.cafe = addItem(alice, {
      title: 'Kafe di Kuala Lumpur',
      type: 'romance',
      content: 'They met at the Café Mawar on a rainy morning.',
    });
    ids.storm = addItem(alice, {
      title: 'The Storm — Chapter 3: Secrets',
      type: 'romance',
      content: 'Thunder rolled over the hills.',
    });
    ids.keywords = addItem(alice, {
      title: 'Seven keywords',
      type: 'amazon_keywords',
      content: 'cozy mystery, small town',
    });
    ids.image = addItem(alice, {
      title: 'Book cover',
      type: 'cover',
      content: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ',
    });
    ids.bobStorm = addItem(bob, { title: 'Storm over Penang', type: 'romance', content: 'Storm and secrets.' });
  });
  const found = async (search: string, type?: string) =>
    (await repos.history.list({ userId: alice, search, limit: 50, ...(type ? { type } : {}) })).items.map((i) => i.id);

  it(
    'finds words of the title, the type and the text by ' + 'their beginnings, case- and accent-insensitively',
    async () => {
      expect(await found('storm')).toEqual([ids.storm]);
      expect(await found('SECR')).toEqual([ids.storm]);
      expect(await found('thunder hill')).toEqual([ids.storm]);
      expect(await found('cafe')).toEqual([ids.cafe]);
      expect(await found('café mawar')).toEqual([ids.cafe]);
      expect(await found('amazon')).toEqual([ids.keywords]);
      expect(await found('keywords')).toEqual([ids.keywords]);
      expect(await found('cover')).toEqual([ids.image]);
    },
  );

  it('every word must match; words inside other words do not', async () => {
    expect(await found('storm cafe')).toEqual([]);
    expect(await found('torm')).toEqual([]);
  });

  it("never finds another user's items, and the type filter applies to the search", async () => {
    expect(await found('penang')).toEqual([]);
    expect((await repos.history.list({ userId: bob, search: 'storm', limit: 50 })).items.map((i) => i.id)).toEqual([
      ids.bobStorm,
    ]);
    expect(await found('storm', 'amazon_keywords')).toEqual([]);
    expect(await found('cozy', 'amazon_keywords')).toEqual([ids.keywords]);
  });

  it('search syntax in the text is taken literally (quotes, stars, operators, no words at all)', async () => {
    for (const text of ['"', '*', 'NOT storm', 'storm OR', 'owner:x', '(', '%', '---', 'body : storm']) {
      await expect(found(text)).resolves.toBeInstanceOf(Array);
    }
    expect(await found('"storm"')).toEqual([ids.storm]);
    expect(await found('%')).toEqual([]);
  });

  it('does not search inside images', async () => {
    expect(await found('iVBORw0KGgo')).toEqual([]);
  });

  it('follows deletes: a deleted item is no longer found', async () => {
    const id = addItem(alice, { title: 'Temporary note', type: 'poem', content: 'ephemeral words' });
    expect(await found('ephemeral')).toEqual([id]);
    expect(await repos.history.delete({ userId: alice, id })).toBe(true);
    expect(await found('ephemeral')).toEqual([]);
  });

  it('types: distinct, sorted, own only; get: own item with content only', async () => {
    expect(await repos.history.types({ userId: alice })).toEqual(['amazon_keywords', 'cover', 'romance']);
    expect(await repos.history.types({ userId: bob })).toEqual(['romance']);
    expect(await repos.history.get({ userId: alice, id: ids.storm! })).toMatchObject({
      title: 'The Storm — Chapter 3: Secrets',
      content: 'Thunder rolled over the hills.',
    });
    expect(await repos.history.get({ userId: bob, id: ids.storm! })).toBeUndefined();
  });
});

type OldItem = { title: string; content_type: string; content: string; generator_id: string };

/**
 * A database file migrated up to just before `migration`, where a user has `items`, opened again with
 * every migration: `check` reads the upgraded database as that user; the file is removed afterwards.
 */
async function afterMigration(
  migration: string,
  items: OldItem[],
  check: (upgraded: OpenedDatabase, userId: string) => Promise<void>,
): Promise<void> {
  const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < migration));
  const file = `/tmp/karya-history-migration${migration}-${process.pid}-${Date.now()}.db`;
  const old = await openSqlite<Database>(file, { migrations: before });
  const oldStore = new Store(old.db, old.sqlite);
  const user = await sqliteRepositories(oldStore).users.create({
    email: `old${migration}@karya.test`,
    passwordHash: 'x',
    role: 'free',
  });
  for (const item of items)
    oldStore.run(
      oldStore.db.insertInto('content_history').values({ user_id: user!.id, ...item, created_at: nowIso() }),
    );
  await old.close();

  const upgraded = await openDatabase(file);
  try {
    await check(upgraded, user!.id);
  } finally {
    await upgraded.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  }
}

describe('migration 0014 on a database that has items', () => {
  it('indexes existing items for search and titles them by their content', async () => {
    const items = [
      {
        title: 'Healing Poem Creator',
        content_type: 'poem',
        content: '**Quiet Harbour**\n\nThe boats sleep.',
        generator_id: 'poems',
      },
      {
        title: 'Romance: Chapter 2',
        content_type: 'romance',
        content: 'Rain fell on the city.',
        generator_id: 'romance',
      },
    ];
    await afterMigration('0014', items, async (upgraded, userId) => {
      const repo = sqliteRepositories(new Store(upgraded.db, upgraded.sqlite)).history;
      const listed = (await repo.list({ userId, limit: 10 })).items;
      expect(listed.map((i) => i.title)).toEqual(['Romance: Chapter 2', 'Quiet Harbour']);
      expect((await repo.list({ userId, search: 'boats', limit: 10 })).items.map((i) => i.title)).toEqual([
        'Quiet Harbour',
      ]);
      expect((await repo.list({ userId, search: 'rain city', limit: 10 })).items.map((i) => i.title)).toEqual([
        'Romance: Chapter 2',
      ]);
    });
  });
});

describe('migration 0017 (prefix indexes up to 6 letters) on a database that has items', () => {
  it('rebuilds the search index from the items; prefix search, new items and deletes still work', async () => {
    await afterMigration(
      '0017',
      [{ title: 'Harbour', content_type: 'poem', content: 'The lighthouse keeper sleeps.', generator_id: 'poems' }],
      async (upgraded, userId) => {
        const store = new Store(upgraded.db, upgraded.sqlite);
        const repo = sqliteRepositories(store).history;
        const titles = async (search: string) =>
          (await repo.list({ userId, search, limit: 10 })).items.map((i) => i.title);
        const ddl = (
          upgraded.sqlite.prepare("SELECT sql FROM sqlite_master WHERE name = 'content_history_fts'").get() as {
            sql: string;
          }
        ).sql;
        expect(ddl).toContain("prefix='2 3 4 5 6'");
        for (const typed of ['li', 'lig', 'ligh', 'light', 'lighth', 'lighthouse', 'keep sle'])
          expect(await titles(typed)).toEqual(['Harbour']);
        expect(await titles('lighthouses')).toEqual([]);
        store.run(
          store.db.insertInto('content_history').values({
            user_id: userId,
            title: 'Storm',
            content_type: 'poem',
            content: 'Thunderclouds gather.',
            generator_id: 'poems',
            created_at: nowIso(),
          }),
        );
        expect(await titles('thunde')).toEqual(['Storm']);
        const harbour = (await repo.list({ userId, limit: 10 })).items.find((i) => i.title === 'Harbour')!;
        expect(await repo.delete({ userId, id: harbour.id })).toBe(true);
        expect(await titles('lighth')).toEqual([]);
      },
    );
  });
});
