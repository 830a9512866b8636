// The studio language per account: sign-up keeps the language chosen before the account existed,
// GET /api/me answers it, PUT /api/me/lang changes it, and the server words its errors and account
// messages in it (a signed-out caller by Accept-Language). Expected Malay texts are typed here.
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD, sessionCookie, signUp, startTestServer, uniqueEmail } from './helpers.js';

const ts = await startTestServer();
afterAll(() => ts.close());

describe('studio language per account', () => {
  it('a new account reads English unless sign-up carries the chosen language', async () => {
    const cookie = await signUp(ts);
    expect((await ts.http.get('/api/me').set('cookie', cookie)).body.lang).toBe('en');
    const res = await ts.http
      .post('/api/auth/sign-up/email')
      .send({ email: uniqueEmail(), password: PASSWORD, lang: 'ms' });
    expect(res.status).toBe(201);
    expect(res.body.user.lang).toBe('ms');
    expect(res.body.message).toBe('Akaun berjaya dicipta!');
    expect((await ts.http.get('/api/me').set('cookie', sessionCookie(res))).body.lang).toBe('ms');
  });

  it('PUT /api/me/lang changes it for every later request, and refuses other languages', async () => {
    const cookie = await signUp(ts);
    const res = await ts.http.put('/api/me/lang').set('cookie', cookie).send({ lang: 'ms' });
    expect(res.status).toBe(200);
    expect(res.body.lang).toBe('ms');
    expect((await ts.http.get('/api/me').set('cookie', cookie)).body.lang).toBe('ms');
    const bad = await ts.http.put('/api/me/lang').set('cookie', cookie).send({ lang: 'fr' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(['lang']);
    expect((await ts.http.put('/api/me/lang').send({ lang: 'ms' })).status).toBe(401);
  });

  it("a Malay account gets Malay errors and messages, whatever the browser's Accept-Language", async () => {
    const cookie = await signUp(ts);
    await ts.http.put('/api/me/lang').set('cookie', cookie).send({ lang: 'ms' });
    const redeem = await ts.http
      .post('/api/credits/redeem')
      .set('cookie', cookie)
      .set('accept-language', 'en-GB')
      .send({ code: 'NOPE-123' });
    expect(redeem.body.error).toMatchObject({ code: 'invalid_code', message: 'Kod tidak sah atau telah tamat tempoh' });
    const profile = await ts.http.patch('/api/me').set('cookie', cookie).send({ name: 'Siti' });
    expect(profile.body.message).toBe('Profil berjaya dikemas kini');
    const wrong = await ts.http
      .post('/api/me/password')
      .set('cookie', cookie)
      .send({ currentPassword: 'not-it', newPassword: 'another1' });
    expect(wrong.body.error.fields).toEqual({ currentPassword: 'Kata laluan semasa tidak betul' });
    const link = await ts.ctx.repos.codes.createLink({ credits: 300, createdBy: 'test' });
    const claimed = await ts.http.post('/api/credits/claim').set('cookie', cookie).send({ token: link.token });
    expect(claimed.body.message).toBe('Kredit berjaya dituntut!');
    const twice = await ts.http.post('/api/credits/claim').set('cookie', cookie).send({ token: link.token });
    expect(twice.body.error).toEqual({ code: 'already_claimed', message: 'Anda telah menuntut pautan kredit ini' });
    const english = await signUp(ts);
    const redeemEn = await ts.http
      .post('/api/credits/redeem')
      .set('cookie', english)
      .set('accept-language', 'ms')
      .send({ code: 'NOPE-123' });
    expect(redeemEn.body.error.message).toBe('Invalid or expired code');
  });

  it('a signed-out caller is answered in its Accept-Language, field messages included', async () => {
    const res = await ts.http
      .post('/api/auth/sign-up/email')
      .set('accept-language', 'ms')
      .send({ email: 'not-an-email', password: '123' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      email: 'Sila masukkan alamat e-mel yang sah',
      password: 'Kata laluan mestilah sekurang-kurangnya 6 aksara',
    });
    const signIn = await ts.http
      .post('/api/auth/sign-in/email')
      .set('accept-language', 'ms-MY,ms;q=0.9,en;q=0.8')
      .send({ email: uniqueEmail(), password: 'wrong-one' });
    expect(signIn.body.error.message).toBe('E-mel atau kata laluan tidak sah');
    const en = await ts.http.post('/api/auth/sign-in/email').send({ email: uniqueEmail(), password: 'wrong-one' });
    expect(en.body.error.message).toBe('Invalid email or password');
  });
});
