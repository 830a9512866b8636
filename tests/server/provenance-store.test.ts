// Provenance in both stores: how each part's text came to be is saved with the book and with each
// kept version (a version keeps the provenance it had), and a book saved before provenance was kept (its imported
// parts in `authored_parts`) is read with those parts as the author's. Run on SQLite and Postgres
// (tests/server/adapters.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Repositories } from '../../server/store/ports.js';
import type { Database } from '../../server/store/schema.js';
import { storeAdapters as adapters, type OpenedStore as Opened } from './adapters.js';
import type { BookState, StepSave } from '../../engine/index.js';

describe.each(adapters)('provenance on $name', (adapter) => {
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

  const imported = async (email: string) => {
    const user = (await repos.users.create({ email, passwordHash: 'hash', role: 'free' }))!;
    const state: BookState = {
      generatorId: 'romance',
      settings: { language: 'en' },
      lang: 'en',
      totalChapters: 3,
      content: ['', 'Aisha opened the shop at dawn and swept the step.', 'Daniel came back on the evening ferry.'],
      currentChapter: 3,
      isLocked: true,
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
      isFirst: position === 0,
      isFinished: false,
      keepsProgress: true,
      label: `Part ${position}`,
      words: 3,
      seconds: 0,
    }));
    await repos.books.saveImport({ userId: user.id, key: 'romance', saves });
    return { user, state };
  };

  it_(
    "an imported book is the author's; a passage kept is recorded " +
      'with its words, and the version keeps what the text was',
    async () => {
      const { user, state } = await imported(`prov-a-${adapter.name}@karya.test`);
      expect((await repos.books.load({ userId: user.id, key: 'romance' }))!.state.provenance).toEqual({
        0: { origin: 'author' },
        1: { origin: 'author' },
        2: { origin: 'author' },
      });

      const text = 'Aisha unlocked the old shop as the first light touched the harbour, and swept the step.';
      const next: BookState = {
        ...state,
        content: [state.content[0]!, text, state.content[2]!],
        provenance: {
          ...state.provenance,
          1: { origin: 'author', passages: [{ origin: 'model-rewrite', words: 12 }] },
        },
      };
      const version = await repos.books.savePartEditKeeping({
        userId: user.id,
        key: 'romance',
        position: 1,
        text,
        state: next,
        previous: { text: state.content[1]!, provenance: { origin: 'author' } },
      });
      expect(version).toBe(1);
      const loaded = (await repos.books.load({ userId: user.id, key: 'romance' }))!.state;
      expect(loaded.provenance?.[1]).toEqual({ origin: 'author', passages: [{ origin: 'model-rewrite', words: 12 }] });
      expect(loaded.provenance?.[2]).toEqual({ origin: 'author' });
      expect(
        (await repos.versions.find({ userId: user.id, key: 'romance', position: 1, version: 1 }))!.provenance,
      ).toEqual({ origin: 'author' });

      // A rewrite keeps the text it replaces with its provenance; the part is the model's rewrite now.
      const rewritten: BookState = {
        ...next,
        content: [next.content[0]!, 'A new chapter by the model.', next.content[2]!],
        provenance: { ...next.provenance, 1: { origin: 'model-rewrite' } },
      };
      expect(
        await repos.versions.keep({
          userId: user.id,
          key: 'romance',
          position: 1,
          text,
          provenance: next.provenance![1]!,
        }),
      ).toBe(2);
      expect(
        await repos.books.savePartEdit({
          userId: user.id,
          key: 'romance',
          position: 1,
          text: 'A new chapter by the model.',
          state: rewritten,
        }),
      ).toBe(true);
      expect((await repos.books.load({ userId: user.id, key: 'romance' }))!.state.provenance?.[1]).toEqual({
        origin: 'model-rewrite',
      });
      const versions = await repos.versions.list({ userId: user.id, key: 'romance', position: 1 });
      expect(versions.map((v) => [v.version, v.provenance])).toEqual([
        [2, { origin: 'author', passages: [{ origin: 'model-rewrite', words: 12 }] }],
        [1, { origin: 'author' }],
      ]);
      // A version kept before provenance was recorded has none.
      expect(await repos.versions.keep({ userId: user.id, key: 'romance', position: 2, text: 'old' })).toBe(1);
      expect(
        (await repos.versions.find({ userId: user.id, key: 'romance', position: 2, version: 1 }))!.provenance,
      ).toBeUndefined();
    },
  );

  it_("a book saved before provenance was kept: its authored_parts are read as the author's parts", async () => {
    const { user } = await imported(`prov-b-${adapter.name}@karya.test`);
    await db
      .updateTable('books')
      .set({ provenance: null, authored_parts: '[0,2]' })
      .where('owner', '=', user.id)
      .execute();
    expect((await repos.books.load({ userId: user.id, key: 'romance' }))!.state.provenance).toEqual({
      0: { origin: 'author' },
      2: { origin: 'author' },
    });
    // Nothing of the kind: every part the model's.
    await db
      .updateTable('books')
      .set({ provenance: null, authored_parts: null })
      .where('owner', '=', user.id)
      .execute();
    expect((await repos.books.load({ userId: user.id, key: 'romance' }))!.state.provenance).toBeUndefined();
  });
});
