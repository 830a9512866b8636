// Display names lose control, bidi-override and zero-width characters before they are stored:
// they would spoof the text around a name in the admin's user list. Sign-up, a profile edit and an admin
// adding a user alike; what is stored is read back from the store.
import { afterAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, uniqueEmail, userWithRole } from './helpers.js';

const ts = await startTestServer();
afterAll(() => ts.close());

const SPOOF = '\u202EnimdA\u200B Siti\u0000 \u2066Aminah\u2069\uFEFF';
const CLEAN = 'nimdA Siti Aminah';

async function storedName(email: string): Promise<string> {
  return (await ts.ctx.repos.users.findByEmail(email))!.name;
}

describe('display names', () => {
  it('sign-up stores a name with U+202E, U+200B and U+0000 without them', async () => {
    const email = uniqueEmail();
    const res = await ts.http.post('/api/auth/sign-up/email').send({ email, password: 'karya-secret1', name: SPOOF });
    expect(res.status).toBe(201);
    expect(res.body.user.name).toBe(CLEAN);
    expect(await storedName(email)).toBe(CLEAN);
  });

  it(
    'a profile edit and an admin adding a user do the ' + 'same; a name of invisible characters only is empty',
    async () => {
      const email = uniqueEmail();
      const cookie = await signUp(ts, email);
      expect((await ts.http.patch('/api/me').set('cookie', cookie).send({ name: SPOOF })).body.user.name).toBe(CLEAN);
      expect(await storedName(email)).toBe(CLEAN);
      expect(
        (await ts.http.patch('/api/me').set('cookie', cookie).send({ name: '\u202E\u200B\u0000' })).body.user.name,
      ).toBe('');

      const admin = await userWithRole(ts, 'admin');
      const added = uniqueEmail();
      const res = await ts.http
        .post('/api/admin/users')
        .set('cookie', admin.cookie!)
        .send({ email: added, password: 'karya-secret1', role: 'free', name: SPOOF });
      expect(res.status).toBe(201);
      expect(await storedName(added)).toBe(CLEAN);
    },
  );
});
