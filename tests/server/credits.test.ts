// Credit codes and links (one claim per user; concurrent claims grant once) and the credit race:
// 50 concurrent generations on a balance of 20 give exactly 20 successes, 30 × 402, a balance of 0 and
// exactly 20 charge rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, uniqueEmail, type TestServer } from './helpers.js';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

async function newUser() {
  const email = uniqueEmail();
  const cookie = await signUp(ts, email);
  const id = (await ts.ctx.repos.users.findByEmail(email))!.id;
  return {
    cookie,
    id,
    balance: () =>
      ts.store.first(ts.store.db.selectFrom('users').select('credits_available').where('id', '=', id))!
        .credits_available,
  };
}

function post(
  path: string,
  cookie: string,
  body: unknown,
): Promise<{ status: number; body: { error?: { code: string; message: string }; [k: string]: unknown } }> {
  return fetch(`${ts.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as { error?: { code: string; message: string } },
  }));
}

describe('credit codes', () => {
  it('redeems a code once per user, trimmed and upper-cased', async () => {
    await ts.ctx.repos.codes.createCode({ code: 'WELCOME50', credits: 50, createdBy: 'test' });
    const u = await newUser();
    const res = await post('/api/credits/redeem', u.cookie, { code: '  welcome50 ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Credit code redeemed successfully!',
      credits_awarded: 50,
      credits_available: 60,
    });
    const again = await post('/api/credits/redeem', u.cookie, { code: 'WELCOME50' });
    expect(again.status).toBe(409);
    // Redeeming twice says so, not "Invalid or expired".
    expect(again.body.error).toEqual({ code: 'already_claimed', message: 'You have already redeemed this code' });
    const other = await newUser();
    expect((await post('/api/credits/redeem', other.cookie, { code: 'welcome50' })).status).toBe(200);
    expect((await ts.ctx.repos.credits.ledger(u.id)).filter((r) => r.type === 'code')).toHaveLength(1);
  });

  it('"Invalid or expired code" for an unknown code; 400 for an empty one; 401 signed out', async () => {
    const u = await newUser();
    const res = await post('/api/credits/redeem', u.cookie, { code: 'NOPE' });
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'invalid_code', message: 'Invalid or expired code' });
    expect((await post('/api/credits/redeem', u.cookie, { code: '   ' })).status).toBe(400);
    expect((await ts.http.post('/api/credits/redeem').send({ code: 'WELCOME50' })).status).toBe(401);
  });

  it('20 concurrent redeems of one code by one user grant once', async () => {
    await ts.ctx.repos.codes.createCode({ code: 'RACE100', credits: 100, createdBy: 'test' });
    const u = await newUser();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/credits/redeem', u.cookie, { code: 'race100' })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(u.balance()).toBe(110);
    expect((await ts.ctx.repos.credits.ledger(u.id)).filter((r) => r.type === 'code')).toHaveLength(1);
  });
});

describe('credit links', () => {
  it('claims a link once per user; concurrent claims grant once; a deleted link is invalid', async () => {
    const link = await ts.ctx.repos.codes.createLink({ credits: 300, createdBy: 'test' });
    expect(link.token).toMatch(/^CREDIT300-[A-Z0-9]{8}$/);
    const u = await newUser();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/credits/claim', u.cookie, { token: link.token })),
    );
    expect(answers.filter((a) => a.status === 200).map((a) => a.body)).toEqual([
      { message: 'Credits claimed successfully!', credits_awarded: 300, credits_available: 310 },
    ]);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    // Claiming twice says so, not "Invalid or expired credit link".
    expect(answers.find((a) => a.status === 409)!.body.error).toEqual({
      code: 'already_claimed',
      message: 'You have already claimed this credit link',
    });
    expect(u.balance()).toBe(310);
    ts.store.sqlite.prepare('UPDATE credit_links SET is_active = 0 WHERE id = ?').run(link.id);
    const late = await newUser();
    const res = await post('/api/credits/claim', late.cookie, { token: link.token });
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'invalid_link', message: 'Invalid or expired credit link' });
  });
});

describe('the credit race', () => {
  it.each([
    ['poems', { settings: {} }],
    ['romance', { settings: { numberOfChapters: 20 } }],
  ])(
    '50 concurrent %s generations on a balance of 20: 20 succeed, 30 get 402, balance 0, 20 ledger rows',
    async (id, body) => {
      const u = await newUser();
      await ts.ctx.repos.credits.setBalance({ userId: u.id, credits: 20, reason: 'race' });
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => post(`/api/generators/${id}/generate`, u.cookie, body)),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(20);
      expect(statuses.filter((s) => s === 402)).toHaveLength(30);
      expect(u.balance()).toBe(0);
      const charges = (await ts.ctx.repos.credits.ledger(u.id)).filter((r) => r.type === 'charge');
      expect(charges).toHaveLength(20);
      expect(charges.map((r) => r.new_balance).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      expect((await ts.ctx.repos.credits.ledger(u.id)).filter((r) => r.type === 'refund')).toHaveLength(0);
    },
  );
});
