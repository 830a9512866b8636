// An edition asked for as events answers before the model does: the stream opens, and says the run is waiting for
// the model, before any model call is answered; each wait the model's server asks for (a 429 with its Retry-After)
// is an event of its own, with its seconds and its words, before the parts. Against a model that hangs and one that
// answers 429 twice.
import { describe, expect, it } from 'vitest';
import {
  serverOnFakeModel,
  parseEvents,
  PASSWORD,
  sessionCookie,
  signUp,
  uniqueEmail,
  type TestServer,
} from './helpers.js';
import { underWriter } from '../scripted-models.js';
import { fakeTranslator, isTranslateRequest } from '../fake-translator.js';
import { romanceSaves } from '../translate/book.js';

let mode: 'hang' | 'limited' = 'hang';
let limited = 0;
const translator = fakeTranslator();
const served = serverOnFakeModel(
  underWriter(1).fakeOptions({
    reply: (body) => {
      if (!isTranslateRequest(body)) return undefined;
      if (mode === 'hang') return { hang: true };
      if (limited < 2) {
        limited++;
        return { status: 429, body: { error: { message: 'Rate limit reached' } }, headers: { 'retry-after': '1' } };
      }
      return translator.reply(body);
    },
  }),
);

async function writer(ts: TestServer, lang?: 'en' | 'ms' | 'id') {
  const signedUp = (l: string) =>
    ts.http.post('/api/auth/sign-up/email').send({ email: uniqueEmail('edition'), password: PASSWORD, lang: l });
  const cookie = lang ? sessionCookie(await signedUp(lang)) : await signUp(ts);
  const id = (await ts.http.get('/api/me').set('cookie', cookie)).body.id as string;
  ts.store.run(ts.store.db.updateTable('users').set({ credits_available: 20 }).where('id', '=', id));
  const bookId = await ts.ctx.repos.books.saveImport({ userId: id, key: 'romance', saves: romanceSaves('en') });
  return { cookie, bookId };
}

describe('an edition stream opens before the model answers', () => {
  it('against a model that hangs: the first bytes are the "waiting for the model" event', async () => {
    const { ts } = served;
    mode = 'hang';
    const w = await writer(ts);
    const client = new AbortController();
    try {
      const res = await fetch(`${ts.url}/api/books/${w.bookId}/editions`, {
        method: 'POST',
        signal: client.signal,
        headers: { cookie: w.cookie, accept: 'text/event-stream', 'content-type': 'application/json' },
        body: JSON.stringify({ to: 'ms' }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const first = await res.body!.getReader().read();
      expect(parseEvents(new TextDecoder().decode(first.value))[0]).toEqual({
        event: 'waiting',
        data: { reason: 'model' },
      });
    } finally {
      client.abort();
    }
  });

  it(
    'against a model answering 429 with Retry-After 1: ' + 'each wait an event with its seconds, then the parts',
    async () => {
      const { ts } = served;
      mode = 'limited';
      limited = 0;
      const w = await writer(ts);
      const res = await ts.http
        .post(`/api/books/${w.bookId}/editions`)
        .set('cookie', w.cookie)
        .set('accept', 'text/event-stream')
        .send({ to: 'ms' });
      expect(res.status).toBe(200);
      const events = parseEvents(res.text);
      const waits = events
        .filter((e) => e.event === 'waiting')
        .map((e) => e.data as { reason: string; seconds?: number; attempt?: number; message?: string });
      expect(waits[0]).toEqual({ reason: 'model' });
      // (A loaded machine may also see the model slow past 5 s: a slow_model wait is said then, beside these.)
      const retries = waits.slice(1).filter((x) => x.reason !== 'slow_model');
      const said = retries.map((x) => [x.reason, x.seconds, x.attempt]);
      expect(said).toEqual([
        ['rate_limited', 1, 1],
        ['rate_limited', 1, 2],
      ]);
      expect(retries[0]!.message).toMatch(/\S/);
      // The waits come before the first part; the run ends done.
      expect(
        events.findIndex((e) => e.event === 'waiting' && (e.data as { attempt?: number }).attempt === 2),
      ).toBeLessThan(events.findIndex((e) => e.event === 'part'));
      expect(events.at(-1)!.event).toBe('done');
    },
  );

  // The same rule as a book step's (step-first-byte.test.ts): the writer's language, not the book's nor the edition's.
  it.each([
    ['ms', /sibuk.*1 saat/],
    ['id', /sibuk.*1 detik/],
  ] as const)(
    "a writer in %s making an English book's edition: waits in the writer's language",
    async (lang, words) => {
      const { ts } = served;
      mode = 'limited';
      limited = 0;
      const w = await writer(ts, lang);
      const res = await ts.http
        .post(`/api/books/${w.bookId}/editions`)
        .set('cookie', w.cookie)
        .set('accept', 'text/event-stream')
        .send({ to: 'ms' });
      const waits = parseEvents(res.text)
        .filter((e) => e.event === 'waiting')
        .map((e) => e.data as { reason: string; message?: string });
      expect(waits.find((x) => x.reason === 'rate_limited')!.message).toMatch(words);
    },
  );
});
