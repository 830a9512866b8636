// Saved progress and content history: own records only (others' are 404), search and type filter,
// delete, and the profile routes (GET/PATCH /api/me).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from './helpers.js';
import { langs } from '../../engine/index.js';

let ts: TestServer;
let alice: string;
let bob: string;
beforeAll(async () => {
  ts = await startTestServer();
  alice = await signUp(ts);
  bob = await signUp(ts);
  const gen = (cookie: string, id: string, body: object) =>
    ts.http.post(`/api/generators/${id}/generate`).set('cookie', cookie).send(body);
  await gen(alice, 'romance', { settings: { numberOfChapters: 7 } });
  await gen(alice, 'romance', { settings: { numberOfChapters: 7 } });
  await gen(alice, 'poems', { settings: {} });
  await gen(bob, 'dad-jokes', { settings: {} });
});
afterAll(() => ts.close());

describe('saved progress', () => {
  it('GET answers the snake_case record; {book: null} (200) when there is none', async () => {
    const res = await ts.http.get('/api/progress/romance').set('cookie', alice);
    expect(res.status).toBe(200);
    for (const key of ['book_type', 'current_chapter', 'total_chapters', 'content', 'settings', 'outline'])
      expect(res.body).toHaveProperty(key);
    expect(res.body).toMatchObject({ book_type: 'romance', current_chapter: 1, total_chapters: 7 });
    expect(typeof res.body.outline).toBe('string');
    const none = await ts.http.get('/api/progress/horror').set('cookie', alice);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ book: null });
  });

  it("user B can neither read nor delete user A's progress (nothing saved for B; delete 404)", async () => {
    expect((await ts.http.get('/api/progress/romance').set('cookie', bob)).body).toEqual({ book: null });
    expect((await ts.http.delete('/api/progress/romance').set('cookie', bob)).status).toBe(404);
    expect((await ts.http.get('/api/progress/romance').set('cookie', alice)).status).toBe(200);
  });

  it('needs a session, and validates the book type', async () => {
    expect((await ts.http.get('/api/progress/romance')).status).toBe(401);
    expect((await ts.http.get('/api/progress/NOT%20A%20TYPE').set('cookie', alice)).status).toBe(400);
  });

  it('DELETE clears it ("Progress cleared"), then the next generation starts a new book', async () => {
    const cookie = await signUp(ts);
    await ts.http.post('/api/generators/romance/generate').set('cookie', cookie).send({ settings: {} });
    const res = await ts.http.delete('/api/progress/romance').set('cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Progress cleared');
    expect((await ts.http.get('/api/progress/romance').set('cookie', cookie)).body).toEqual({ book: null });
    const again = await ts.http.post('/api/generators/romance/generate').set('cookie', cookie).send({ settings: {} });
    expect(again.body.part.kind).toBe('outline');
  });
});

describe('content history', () => {
  it(
    'lists own items newest first, titles and metadata without ' +
      "content, and the distinct types with their generators' names",
    async () => {
      const res = await ts.http.get('/api/history').set('cookie', alice);
      expect(res.status).toBe(200);
      expect(res.body.items.map((i: { content_type: string }) => i.content_type)).toEqual([
        'poem',
        'romance',
        'romance',
      ]);
      for (const key of ['id', 'title', 'content_type', 'generator_id', 'created_at'])
        expect(res.body.items[0]).toHaveProperty(key);
      for (const item of res.body.items) expect(item).not.toHaveProperty('content');
      expect(res.body.next_cursor).toBeNull();
      // The display names the generator pages show (spec: Healing Poem Creator, Romance Story Creator).
      // Named in every language of the table (a language added since too).
      const named = (en: string) => Object.fromEntries(langs().map((l) => [l, l === 'en' ? en : expect.any(String)]));
      expect(res.body.types).toEqual([
        { type: 'poem', name: named('Healing Poem Creator') },
        { type: 'romance', name: named('Romance Story Creator') },
      ]);
      const bobs = await ts.http.get('/api/history').set('cookie', bob);
      expect(bobs.body.items.map((i: { content_type: string }) => i.content_type)).toEqual(['dad_jokes']);
    },
  );

  it('searches words of title and type case-insensitively, and filters by type', async () => {
    const search = async (query: string) =>
      (await ts.http.get(`/api/history?${query}`).set('cookie', alice)).body.items.map(
        (i: { title: string }) => i.title,
      ) as string[];
    const [intro] = await search('search=INTRODUCTION');
    expect(intro).toMatch(/Introduction$/);
    expect(await search('search=intro')).toEqual([intro]);
    expect(await search('search=POEM')).toHaveLength(1);
    expect(await search('type=romance')).toEqual([intro, expect.stringMatching(/Story Outline$/)]);
    expect(await search('search=%25')).toEqual([]);
    expect(await search('search=%22')).toEqual([]);
    expect(await search('type=romance&search=outline')).toEqual([expect.stringMatching(/Story Outline$/)]);
    expect(await search('type=poem&search=outline')).toEqual([]);
    expect((await ts.http.get('/api/history?limit=0').set('cookie', alice)).status).toBe(400);
    expect((await ts.http.get('/api/history?cursor=abc').set('cookie', alice)).status).toBe(400);
  });

  it("opens one item with its content; another user's item is 404", async () => {
    const [item] = (await ts.http.get('/api/history?type=poem').set('cookie', alice)).body.items as Array<{
      id: number;
      title: string;
    }>;
    const res = await ts.http.get(`/api/history/${item!.id}`).set('cookie', alice);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: item!.id, title: item!.title, content_type: 'poem' });
    expect(res.body.content.length).toBeGreaterThan(20);
    expect((await ts.http.get(`/api/history/${item!.id}`).set('cookie', bob)).status).toBe(404);
    expect((await ts.http.get(`/api/history/${item!.id}`)).status).toBe(401);
    expect((await ts.http.get('/api/history/999999').set('cookie', alice)).status).toBe(404);
  });

  it("user B cannot delete user A's item (404); A can", async () => {
    const items = (await ts.http.get('/api/history').set('cookie', alice)).body.items as Array<{ id: number }>;
    const id = items[0]!.id;
    expect((await ts.http.delete(`/api/history/${id}`).set('cookie', bob)).status).toBe(404);
    const res = await ts.http.delete(`/api/history/${id}`).set('cookie', alice);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Item deleted successfully');
    expect((await ts.http.delete(`/api/history/${id}`).set('cookie', alice)).status).toBe(404);
    expect((await ts.http.delete('/api/history/abc').set('cookie', alice)).status).toBe(400);
    expect((await ts.http.get(`/api/history/${id}`).set('cookie', alice)).status).toBe(404);
  });
});

describe('profile', () => {
  it('PATCH /api/me changes name and bio only', async () => {
    const cookie = await signUp(ts);
    const res = await ts.http
      .patch('/api/me')
      .set('cookie', cookie)
      .send({ name: '  Siti  ', bio: 'Writes cookbooks.' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile updated successfully');
    expect(res.body.user).toMatchObject({ name: 'Siti', bio: 'Writes cookbooks.', credits_available: 10 });
    const sneaky = await ts.http.patch('/api/me').set('cookie', cookie).send({ name: 'x', credits_available: 9999 });
    expect(sneaky.status).toBe(400);
    expect((await ts.http.patch('/api/me').set('cookie', cookie).send({})).status).toBe(400);
    expect((await ts.http.get('/api/me').set('cookie', cookie)).body).toMatchObject({
      name: 'Siti',
      role: 'free',
      credits_available: 10,
    });
  });
});
