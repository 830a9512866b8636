// Saved progress and content history: own records only (others' are 404), search and type filter,
// delete, and the profile routes (GET/PATCH /api/me).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from './helpers.js';

let ts: TestServer;
let alice: string;
let bob: string;
beforeAll(async () => {
  ts = await startTestServer();
  alice = await signUp(ts);
  bob = await signUp(ts);
  const gen = (cookie: string, id: string, body: object) => ts.http.post(`/api/generators/${id}/generate`).set('cookie', cookie).send(body);
  await gen(alice, 'romance', { settings: { numberOfChapters: 7 } });
  await gen(alice, 'romance', { settings: { numberOfChapters: 7 } });
  await gen(alice, 'poems', { settings: {} });
  await gen(bob, 'dad-jokes', { settings: {} });
});
afterAll(() => ts.close());

describe('saved progress', () => {
  it('GET answers the snake_case record; 404 when there is none', async () => {
    const res = await ts.http.get('/api/progress/romance').set('cookie', alice);
    expect(res.status).toBe(200);
    for (const key of ['book_type', 'current_chapter', 'total_chapters', 'content', 'settings', 'outline']) expect(res.body).toHaveProperty(key);
    expect(res.body).toMatchObject({ book_type: 'romance', current_chapter: 1, total_chapters: 7 });
    expect(typeof res.body.outline).toBe('string');
    const none = await ts.http.get('/api/progress/horror').set('cookie', alice);
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('progress_not_found');
  });

  it("user B can neither read nor delete user A's progress (404)", async () => {
    expect((await ts.http.get('/api/progress/romance').set('cookie', bob)).status).toBe(404);
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
    expect((await ts.http.get('/api/progress/romance').set('cookie', cookie)).status).toBe(404);
    const again = await ts.http.post('/api/generators/romance/generate').set('cookie', cookie).send({ settings: {} });
    expect(again.body.part.kind).toBe('outline');
  });
});

describe('content history', () => {
  it('lists own items newest first with the fields tools rely on, and the distinct types', async () => {
    const res = await ts.http.get('/api/history').set('cookie', alice);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { content_type: string }) => i.content_type)).toEqual(['poem', 'romance', 'romance']);
    for (const key of ['id', 'title', 'content_type', 'content', 'created_at']) expect(res.body.items[0]).toHaveProperty(key);
    expect(res.body.types).toEqual(['poem', 'romance']);
    const bobs = await ts.http.get('/api/history').set('cookie', bob);
    expect(bobs.body.items.map((i: { content_type: string }) => i.content_type)).toEqual(['dad_jokes']);
  });

  it('searches title and type case-insensitively, and filters by type', async () => {
    const search = async (query: string) => (await ts.http.get(`/api/history?${query}`).set('cookie', alice)).body.items.map((i: { title: string }) => i.title);
    expect(await search('search=INTRODUCTION')).toEqual(['Romance: Introduction']);
    expect(await search('search=POEM')).toHaveLength(1);
    expect(await search('type=romance')).toEqual(['Romance: Introduction', 'Romance: Story Outline']);
    expect(await search('search=%25')).toEqual([]);
    expect(await search('type=romance&search=outline')).toEqual(['Romance: Story Outline']);
    expect((await ts.http.get('/api/history?limit=0').set('cookie', alice)).status).toBe(400);
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
  });
});

describe('profile', () => {
  it('PATCH /api/me changes name and bio only', async () => {
    const cookie = await signUp(ts);
    const res = await ts.http.patch('/api/me').set('cookie', cookie).send({ name: '  Siti  ', bio: 'Writes cookbooks.' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile updated successfully');
    expect(res.body.user).toMatchObject({ name: 'Siti', bio: 'Writes cookbooks.', credits_available: 10 });
    const sneaky = await ts.http.patch('/api/me').set('cookie', cookie).send({ name: 'x', credits_available: 9999 });
    expect(sneaky.status).toBe(400);
    expect((await ts.http.patch('/api/me').set('cookie', cookie).send({})).status).toBe(400);
    expect((await ts.http.get('/api/me').set('cookie', cookie)).body).toMatchObject({ name: 'Siti', role: 'free', credits_available: 10 });
  });
});
