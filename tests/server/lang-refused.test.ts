// A language code the table does not have, sent as a request's `lang`: the API refuses the field in the caller's
// language (their account's, else Accept-Language), naming the value and the table's codes, with the error's
// documented shape (code, message, fields.lang). PUT /api/me/lang, POST /api/generators/:id/generate and
// sign-up (a signed-out caller) refuse it alike; English stays as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { langs } from '../../engine/languages/index.js';
import { PASSWORD, signUp, startTestServer, uniqueEmail, type TestServer } from './helpers.js';

/** A signed-in writer whose account speaks `lang`. */
async function writerIn(ts: TestServer, lang: string): Promise<string> {
  const cookie = await signUp(ts, uniqueEmail());
  expect((await ts.http.put('/api/me/lang').set('cookie', cookie).send({ lang })).status).toBe(200);
  return cookie;
}

describe('a request whose lang is not a language of the table', () => {
  let ts: TestServer;
  let codes: string;
  beforeAll(async () => {
    ts = await startTestServer();
    codes = langs().join(', ');
    expect(langs()).toEqual(expect.arrayContaining(['en', 'ms']));
  });
  afterAll(() => ts.close());

  it('PUT /me/lang by a Malay writer: refused in Malay, naming the value and the codes', async () => {
    const cookie = await writerIn(ts, 'ms');
    const res = await ts.http
      .put('/api/me/lang')
      .set('cookie', cookie)
      .set('accept-language', 'en-GB')
      .send({ lang: 'xx' });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'invalid_request',
      message: 'Sila semak medan yang ditandakan',
      fields: { lang: `"xx" bukan salah satu daripada ${codes}` },
    });
    expect((await ts.http.get('/api/me').set('cookie', cookie)).body.lang).toBe('ms');
  });

  it('PUT /me/lang by an English writer: the English words, as before', async () => {
    const res = await ts.http
      .put('/api/me/lang')
      .set('cookie', await writerIn(ts, 'en'))
      .send({ lang: 'xx' });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'invalid_request',
      message: 'Please check the highlighted fields',
      fields: { lang: `"xx" is not one of ${codes}` },
    });
  });

  it(
    'POST /generators/romance/generate with lang xx: ' + 'Malay for a Malay writer, English for an English one',
    async () => {
      const ask = (cookie: string) =>
        ts.http.post('/api/generators/romance/generate').set('cookie', cookie).send({ lang: 'xx' });
      const malay = await ask(await writerIn(ts, 'ms'));
      expect(malay.status).toBe(400);
      expect(malay.body.error).toEqual({
        code: 'invalid_request',
        message: 'Sila semak medan yang ditandakan',
        fields: { lang: `"xx" bukan salah satu daripada ${codes}` },
      });
      const english = await ask(await writerIn(ts, 'en'));
      expect(english.body.error).toEqual({
        code: 'invalid_request',
        message: 'Please check the highlighted fields',
        fields: { lang: `"xx" is not one of ${codes}` },
      });
    },
  );

  it('sign-up by a signed-out caller: in its Accept-Language', async () => {
    const res = await ts.http
      .post('/api/auth/sign-up/email')
      .set('accept-language', 'ms')
      .send({ email: uniqueEmail(), password: PASSWORD, lang: 'xx' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ lang: `"xx" bukan salah satu daripada ${codes}` });
  });
});
