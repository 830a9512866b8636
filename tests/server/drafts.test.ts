// Edits are never lost: drafts of hand edits (part_drafts, migrations/0020) on both adapters
// (SQLite, and Postgres on a throw-away cluster when its binaries are here), and over HTTP: one draft per
// part of the user's current book, replaced when written again, gone when the part is saved, with Start
// New of an unfinished book, and never seen by another user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repositories } from '../../server/store/ports.js';
import { storeAdapters } from './adapters.js';
import type { StepSave } from '../../engine/index.js';
import { signUp, startTestServer } from './helpers.js';

const ts = await startTestServer();
afterAll(() => ts.close());

describe.each(storeAdapters)('drafts on $name', (adapter) => {
  let repos: Repositories;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (adapter.skip) return;
    ({ repos, close } = await adapter.open());
  }, 120_000);
  afterAll(() => close?.());
  const it_ = adapter.skip ? it.skip : it;

  const introduction = (text: string): StepSave => ({
    generatorId: 'romance',
    bookType: 'romance',
    step: { kind: 'introduction', position: 0 },
    stepKey: 'introduction',
    position: 0,
    text,
    state: {
      generatorId: 'romance',
      settings: {},
      lang: 'en',
      totalChapters: 3,
      content: [text],
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
  });
  const writeBook = async (userId: string) => {
    const charge = (await repos.generations.start({
      userId,
      generatorId: 'romance',
      step: 'introduction',
      cost: 1,
      reason: 'romance',
    }))!;
    await repos.generations.commit({
      userId,
      charge,
      book: { key: 'romance', save: introduction('Once upon a time') },
      history: {
        title: 'Romance: Introduction',
        contentType: 'romance',
        content: 'Once upon a time',
        generatorId: 'romance',
      },
      usage: { promptType: 'romance', metadata: {}, isPart: true },
    });
  };

  it_(
    'one draft per part, replaced when written again; another user sees none; Start New takes them with the book',
    async () => {
      const user = (await repos.users.create({
        email: `drafts-${adapter.name}@karya.test`,
        passwordHash: 'h',
        role: 'free',
      }))!;
      const stranger = (await repos.users.create({
        email: `stranger-${adapter.name}@karya.test`,
        passwordHash: 'h',
        role: 'free',
      }))!;
      expect(await repos.drafts.save({ userId: user.id, key: 'romance', position: 0, text: 'x' })).toBeNull();
      await writeBook(user.id);
      await repos.drafts.save({ userId: user.id, key: 'romance', position: 0, text: 'Once upon a time, edited' });
      const saved = await repos.drafts.save({
        userId: user.id,
        key: 'romance',
        position: 0,
        text: 'Once upon a time, edited again',
      });
      expect(saved?.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      await repos.drafts.save({ userId: user.id, key: 'romance', position: -1, text: 'The outline, edited' });
      expect((await repos.drafts.list({ userId: user.id, key: 'romance' })).map((d) => [d.position, d.text])).toEqual([
        [-1, 'The outline, edited'],
        [0, 'Once upon a time, edited again'],
      ]);
      expect(await repos.drafts.list({ userId: stranger.id, key: 'romance' })).toEqual([]);
      expect(await repos.drafts.remove({ userId: stranger.id, key: 'romance', position: 0 })).toBe(false);
      expect(await repos.drafts.remove({ userId: user.id, key: 'romance', position: -1 })).toBe(true);
      expect((await repos.drafts.list({ userId: user.id, key: 'romance' })).map((d) => d.position)).toEqual([0]);
      await repos.books.remove({ userId: user.id, key: 'romance' });
      await writeBook(user.id);
      expect(await repos.drafts.list({ userId: user.id, key: 'romance' })).toEqual([]);
    },
  );
});

describe('drafts over HTTP', () => {
  it('kept, listed, validated, and deleted when the part is saved', async () => {
    const cookie = await signUp(ts);
    expect(
      (await ts.http.put('/api/progress/romance/drafts').set('cookie', cookie).send({ position: 0, text: 'x' })).status,
    ).toBe(404);
    for (let i = 0; i < 2; i++)
      expect(
        (await ts.http.post('/api/generators/romance/generate').set('cookie', cookie).send({ settings: {} })).status,
      ).toBe(200);
    const put = await ts.http
      .put('/api/progress/romance/drafts')
      .set('cookie', cookie)
      .send({ position: 0, text: 'My own opening.' });
    expect(put.status).toBe(200);
    expect(put.body.draft).toMatchObject({ position: 0, text: 'My own opening.' });
    // Too long: refused (by the body limit or the schema), never stored.
    expect([400, 413]).toContain(
      (
        await ts.http
          .put('/api/progress/romance/drafts')
          .set('cookie', cookie)
          .send({ position: 0, text: 'x'.repeat(120_001) })
      ).status,
    );
    expect(
      (await ts.http.put('/api/progress/romance/drafts').set('cookie', cookie).send({ position: 'one', text: 'x' }))
        .status,
    ).toBe(400);
    expect((await ts.http.get('/api/progress/romance/drafts').set('cookie', cookie)).body.drafts).toEqual([
      expect.objectContaining({ position: 0, text: 'My own opening.' }),
    ]);
    const other = await signUp(ts);
    expect((await ts.http.get('/api/progress/romance/drafts').set('cookie', other)).body).toEqual({ drafts: [] });
    expect(
      (
        await ts.http
          .put('/api/progress/romance/part')
          .set('cookie', cookie)
          .send({ part: { kind: 'introduction' }, text: 'My own opening.' })
      ).status,
    ).toBe(200);
    expect((await ts.http.get('/api/progress/romance/drafts').set('cookie', cookie)).body).toEqual({ drafts: [] });
    expect((await ts.http.delete('/api/progress/romance/drafts/3').set('cookie', cookie)).status).toBe(200);
    expect((await ts.http.get('/api/progress/romance/drafts')).status).toBe(401);
  });
});
