// An Indonesian account (Indonesian a language of the table: while it is a draft, KARYA_DRAFT_LANGUAGES=1): its
// language is kept (the database no longer refuses it), and the server words its messages, its field errors
// and its reset e-mail in Indonesian; a signed-out caller asking in Indonesian (Accept-Language: id-ID) is
// answered in Indonesian. Expected texts are typed here.
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, startTestServer, uniqueEmail } from './helpers.js';
import { resetPasswordMail } from '../../server/auth/emails.js';

const ts = await startTestServer();
afterAll(() => ts.close());

describe('the studio language Indonesian', () => {
  it('is kept for the account and answers its messages in Indonesian', async () => {
    const cookie = await signUp(ts);
    const res = await ts.http.put('/api/me/lang').set('cookie', cookie).send({ lang: 'id' });
    expect(res.status).toBe(200);
    expect(res.body.lang).toBe('id');
    expect((await ts.http.get('/api/me').set('cookie', cookie)).body.lang).toBe('id');
    const profile = await ts.http
      .patch('/api/me')
      .set('cookie', cookie)
      .set('accept-language', 'en-GB')
      .send({ name: 'Sari' });
    expect(profile.body.message).toBe('Profil berhasil diperbarui');
    const wrong = await ts.http
      .post('/api/me/password')
      .set('cookie', cookie)
      .send({ currentPassword: 'not-it', newPassword: 'another1' });
    expect(wrong.body.error.fields).toEqual({ currentPassword: 'Kata sandi saat ini salah' });
  });

  it('answers a signed-out caller asking in Indonesian in Indonesian, and signs an Indonesian up in it', async () => {
    const signIn = await ts.http
      .post('/api/auth/sign-in/email')
      .set('accept-language', 'id-ID,id;q=0.9,en;q=0.8')
      .send({ email: uniqueEmail(), password: 'wrong-one' });
    expect(signIn.body.error.message).toBe('Email atau kata sandi tidak valid');
    const res = await ts.http
      .post('/api/auth/sign-up/email')
      .send({ email: uniqueEmail(), password: PASSWORD, lang: 'id' });
    expect(res.status).toBe(201);
    expect(res.body.user.lang).toBe('id');
    expect(res.body.message).toBe('Akun berhasil dibuat!');
  });

  it('writes the reset e-mail in Indonesian, its link kept', () => {
    const mail = resetPasswordMail({ to: 'sari@karya.test', link: 'https://karya.test/reset?token=abc', lang: 'id' });
    expect(mail.subject).toBe('Atur ulang kata sandi Karya Anda');
    expect(mail.text).toContain('Buka tautan ini dalam waktu satu jam');
    expect(mail.text).toContain('https://karya.test/reset?token=abc');
  });
});
