// A step whose answer comes back in the wrong language: asked again once with the firm line, and when the
// second answer is still in the wrong language the step fails with wrong_language (502), the message in the
// book's language naming the language that came back, the charge refunded, nothing in history or progress.
// The AI API is the fake server of tests/fake-openai.ts.
import { afterAll, describe, expect, it } from 'vitest';
import { userMessageOf } from '../fake-openai.js';
import { readSample } from '../language-sample.js';
import { expectOneStepRefunded, parseEvents, signUp, startWithFakeModel, uniqueEmail } from './helpers.js';

const MALAY_POEM = readSample('ms')
  .filter((s) => s.kind === 'verse')
  .map((s) => s.text)
  .join('\n\n');
const ENGLISH_POEM = readSample('en')
  .filter((s) => s.kind === 'verse')
  .map((s) => s.text)
  .join('\n\n');
const INDONESIAN = readSample('id')
  .filter((s) => s.kind === 'fiction')
  .map((s) => s.text)
  .join('\n\n');
const FIRM_MS = 'Jawapan anda yang sebelumnya tidak ditulis dalam Bahasa Malaysia';

/** What the fake model writes for a request; set per test. */
let model: (prompt: string) => string = () => MALAY_POEM;
const { fake, ts } = await startWithFakeModel({ answer: (body) => model(userMessageOf(body)) });
afterAll(() => Promise.all([ts.close(), fake.close()]));

async function newUser() {
  const email = uniqueEmail();
  const cookie = await signUp(ts, email);
  const user = () => ts.store.first(ts.store.db.selectFrom('users').selectAll().where('email', '=', email))!;
  return { cookie, user, id: user().id };
}
const generate = (id: string, cookie: string, body: object) =>
  ts.http.post(`/api/generators/${id}/generate`).set('cookie', cookie).send(body);
const stepCalls = (before: number) =>
  fake
    .generationRequests()
    .slice(before)
    .map((r) => userMessageOf(r.body ?? {}));

describe('a Malay poem answered in English', () => {
  it('twice: 502 wrong_language in Malay naming English, refunded, nothing in history', async () => {
    const u = await newUser();
    model = () => ENGLISH_POEM;
    const before = fake.generationRequests().length;
    const res = await generate('poems', u.cookie, { settings: {}, lang: 'ms' });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('wrong_language');
    expect(res.body.error.message).toMatch(
      new RegExp(
        /^Jawapan diterima dalam bahasa Inggeris, bukan Bahasa Malaysia, walaupun selepas diminta sekali/.source +
          / lagi\. Tiada apa-apa yang disimpan/.source,
      ),
    );
    const calls = stepCalls(before);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toContain(FIRM_MS);
    expect(u.user().credits_available).toBe(10);
    await expectOneStepRefunded(ts, u, 'wrong_language');
    expect(u.user().total_usage).toBe(0);
  });

  it('once: asked again, the Malay poem kept and charged once, the drift in the answer', async () => {
    const u = await newUser();
    model = (prompt) => (prompt.includes(FIRM_MS) ? MALAY_POEM : ENGLISH_POEM);
    const res = await generate('poems', u.cookie, { settings: {}, lang: 'ms' });
    expect(res.status).toBe(200);
    expect(res.body.content).toBe(MALAY_POEM);
    expect(res.body.language_drift).toEqual({ expected: 'ms', found: 'en', resolved: true });
    expect(u.user().credits_available).toBe(9);
    expect((await ts.http.get('/api/history').set('cookie', u.cookie)).body.items).toHaveLength(1);
  });
});

describe('a Malay book answered in Indonesian', () => {
  it('twice: the stream ends with wrong_language naming Indonesian, refunded, the step not in progress', async () => {
    const u = await newUser();
    // The outline is Malay: one step done.
    model = () => MALAY_POEM;
    const outline = await generate('romance', u.cookie, {
      settings: { numberOfChapters: 7, heatLevel: 'mild' },
      lang: 'ms',
    });
    expect(outline.status).toBe(200);
    model = () => INDONESIAN;
    const res = await fetch(`${ts.url}/api/generators/romance/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie: u.cookie },
      body: JSON.stringify({ settings: { numberOfChapters: 7, heatLevel: 'mild' }, lang: 'ms' }),
    });
    const last = parseEvents(await res.text()).at(-1);
    expect(last).toMatchObject({ event: 'error', data: { code: 'wrong_language' } });
    expect((last!.data as { message: string }).message).toMatch(
      /^Jawapan diterima dalam bahasa Indonesia, bukan Bahasa Malaysia/,
    );
    expect(u.user().credits_available).toBe(9);
    const progress = (await ts.http.get('/api/progress/romance').set('cookie', u.cookie)).body as {
      content: string[];
      next?: unknown;
      book: { next: { kind: string } | null };
    };
    expect(progress.content).toEqual([]);
    expect(progress.book.next).toMatchObject({ kind: 'introduction' });
  });
});
