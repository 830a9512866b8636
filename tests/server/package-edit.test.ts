// PUT /api/books/:bookType/publish/package: the writer edits the kept package's keywords and description
// in the studio and its readiness is checked again without paying again (KDP: 7 keyword boxes of at most 50
// characters, no refused words; a description of at most 4,000 characters with only KDP's tags). The zip's
// keywords.txt, description.html and metadata.json carry the edit; no generation row, no ledger charge.
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Response } from 'supertest';
import { ApiErrorEnvelopeSchema, KdpPackageSchema, type KdpPackage } from '../../engine/contract/index.js';
import { downloadOf as download, signUp, startTestServer, uniqueEmail, type TestServer } from './helpers.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';

const PATH_BEFORE = process.env.PATH;
let ts: TestServer;
beforeAll(async () => {
  // epubcheck's verdict is not what these tests read: skipped (each run is a JVM start).
  process.env.PATH = WITHOUT_EPUBCHECK.PATH;
  ts = await startTestServer();
});
afterAll(async () => {
  await ts?.close();
  process.env.PATH = PATH_BEFORE;
});

function errorOf(res: Response, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return ApiErrorEnvelopeSchema.parse(res.body).error;
}

const keywordsCheck = (pkg: KdpPackage) => pkg.channels.kdp_ebook!.checks.find((c) => c.id === 'keywords')!;
const balanceOf = async (userId: string) => (await ts.ctx.repos.credits.balanceOf(userId))!;
const ledgerCount = async (userId: string) => (await ts.ctx.repos.credits.ledger(userId)).length;
const generationCount = (userId: string) =>
  Number(
    ts.store.all(
      ts.store.db
        .selectFrom('generations')
        .select(sql<number>`count(*)`.as('n'))
        .where('user_id', '=', userId),
    )[0]?.n ?? 0,
  );

/** Seven keywords a reader would type, none a refused word, none repeating a word more than KDP allows. */
const GOOD = [
  'jungle adventure for kids',
  'brave young explorers',
  'friendship stories',
  'talking animals',
  'bedtime chapter book',
  'rainforest mystery',
  'courage and kindness',
];

describe('PUT /api/books/:bookType/publish/package', () => {
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    const email = uniqueEmail('editor');
    cookie = await signUp(ts, email);
    userId = (await ts.ctx.repos.users.findByEmail(email))!.id;
    await ts.ctx.repos.credits.setBalance({ userId, credits: 100, reason: 'test' });
    // Before any package: nothing to edit.
    for (;;) {
      const res = await ts.http
        .post('/api/generators/children/generate')
        .set('cookie', cookie)
        .send({ settings: { numberOfChapters: 1, ageGroup: '8-12' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      if ((res.body as { next: unknown }).next === null) break;
    }
    errorOf(
      await ts.http.put('/api/books/children/publish/package').set('cookie', cookie).send({ keywords: GOOD }),
      404,
      'package_not_found',
    );
    const res = await ts.http
      .post('/api/books/children/publish')
      .set('cookie', cookie)
      .send({ author: 'Eleanor Marsh' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }, 120_000);

  it(
    "keywords that fail KDP's check, then made good: the keywords " +
      'check passes, nothing is charged, the zip carries them',
    async () => {
      const balance = await balanceOf(userId);
      const ledger = await ledgerCount(userId);
      const generations = generationCount(userId);

      // A refused word ("bestseller") and a one-letter keyword: KDP's keywords check fails on the eBook.
      const bad = await ts.http
        .put('/api/books/children/publish/package')
        .set('cookie', cookie)
        .send({ keywords: ['bestseller adventure', 'x', 'talking animals'] });
      expect(bad.status, JSON.stringify(bad.body)).toBe(200);
      const failing = KdpPackageSchema.parse(bad.body.package);
      expect(keywordsCheck(failing).status).toBe('fail');
      expect(failing.channels.kdp_ebook!.ready).toBe(false);
      expect(failing.keywords).toEqual(['bestseller adventure', 'x', 'talking animals']);

      const good = await ts.http
        .put('/api/books/children/publish/package')
        .set('cookie', cookie)
        .send({ keywords: GOOD.map((k) => ` ${k} `) });
      expect(good.status, JSON.stringify(good.body)).toBe(200);
      expect(good.body.credits_charged).toBe(0);
      const fixed = KdpPackageSchema.parse(good.body.package);
      expect(keywordsCheck(fixed).status).toBe('pass');
      expect(fixed.channels.kdp_ebook!.checks.filter((c) => c.status === 'fail').map((c) => c.id)).not.toContain(
        'keywords',
      );
      expect(fixed.channels.kdp_ebook!.checks.find((c) => c.id === 'metadata-stuffing')?.status).toBe('pass');
      expect(fixed.keywords).toEqual(GOOD);

      // Nothing spent: no generation, no ledger entry, the same balance.
      expect(await balanceOf(userId)).toBe(balance);
      expect(await ledgerCount(userId)).toBe(ledger);
      expect(generationCount(userId)).toBe(generations);

      // GET shows the package as edited; the zip's files carry the keywords.
      const quote = (await ts.http.get('/api/books/children/publish').set('cookie', cookie)).body as {
        package: KdpPackage;
      };
      expect(quote.package.keywords).toEqual(GOOD);
      expect(keywordsCheck(quote.package).status).toBe('pass');
      const zip = unzipSync(
        new Uint8Array((await download(ts, '/api/books/children/publish/package', cookie)).body as Buffer),
      );
      const text = (name: string) => new TextDecoder().decode(zip[name]);
      expect(text('keywords.txt').split('\n').filter(Boolean)).toEqual(GOOD);
      expect((JSON.parse(text('metadata.json')) as { keywords: string[]; author: string }).keywords).toEqual(GOOD);
      expect((JSON.parse(text('metadata.json')) as { author: string }).author).toBe('Eleanor Marsh');
      const readiness = JSON.parse(text('readiness.json')) as { channels: KdpPackage['channels'] };
      expect(readiness.channels.kdp_ebook!.checks.find((c) => c.id === 'keywords')?.status).toBe('pass');
    },
    60_000,
  );

  it("a description is kept with only KDP's tags and checked again", async () => {
    const told =
      "When her grandmother's old map falls out of a library book, Maya follows it deep into the rainforest " +
      'and learns that courage is <b>kindness</b> carried far from home, one brave step at a time.';
    const linked = told.replace('old map', '<a href="https://example.com">old map</a>');
    const blurb = `<p>${linked}</p><script>alert(1)</script>`;
    const res = await ts.http
      .put('/api/books/children/publish/package')
      .set('cookie', cookie)
      .send({ description: blurb });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pkg = KdpPackageSchema.parse(res.body.package);
    expect(pkg.description).toBe(`<p>${told}</p>`);
    expect(pkg.channels.kdp_ebook!.checks.find((c) => c.id === 'description')?.status).toBe('pass');
    // The keywords given before stay.
    expect(pkg.keywords).toEqual(GOOD);
    const zip = unzipSync(
      new Uint8Array((await download(ts, '/api/books/children/publish/package', cookie)).body as Buffer),
    );
    expect(new TextDecoder().decode(zip['description.html']).trim()).toBe(pkg.description);
  });

  it(
    "categories: the package says the suggested ones, the writer's " +
      'replace them in metadata.json, checked again; more than 3 refused',
    async () => {
      const before = (
        (await ts.http.get('/api/books/children/publish').set('cookie', cookie)).body as { package: KdpPackage }
      ).package;
      expect(before.categories?.length ?? 0).toBeGreaterThan(0);
      const mine = ['Juvenile Fiction / Animals / General', 'Juvenile Fiction / Action & Adventure / General'];
      const res = await ts.http
        .put('/api/books/children/publish/package')
        .set('cookie', cookie)
        .send({ categories: mine.map((c) => ` ${c} `) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const pkg = KdpPackageSchema.parse(res.body.package);
      expect(pkg.categories).toEqual(mine);
      expect(pkg.channels.kdp_ebook!.checks.find((c) => c.id === 'categories')?.status).toBe('pass');
      expect(
        ((await ts.http.get('/api/books/children/publish').set('cookie', cookie)).body as { package: KdpPackage })
          .package.categories,
      ).toEqual(mine);
      const zip = unzipSync(
        new Uint8Array((await download(ts, '/api/books/children/publish/package', cookie)).body as Buffer),
      );
      expect(
        (JSON.parse(new TextDecoder().decode(zip['metadata.json'])) as { categories: string[] }).categories,
      ).toEqual(mine);
      expect(
        errorOf(
          await ts.http
            .put('/api/books/children/publish/package')
            .set('cookie', cookie)
            .send({ categories: [...mine, 'Juvenile Fiction / Bedtime & Dreams', 'Juvenile Fiction / Nature'] }),
          400,
          'package_categories_too_many',
        ).fields,
      ).toHaveProperty('categories');
    },
  );

  it("refuses what KDP would not take, naming the field and the limit, in the writer's language", async () => {
    const eight = [...GOOD, 'one more keyword'];
    expect(
      errorOf(
        await ts.http.put('/api/books/children/publish/package').set('cookie', cookie).send({ keywords: eight }),
        400,
        'package_keywords_too_many',
      ).fields,
    ).toEqual({ keywords: 'KDP takes at most 7 keywords' });
    expect(
      errorOf(
        await ts.http
          .put('/api/books/children/publish/package')
          .set('cookie', cookie)
          .send({ keywords: ['a'.repeat(51)] }),
        400,
        'package_keyword_too_long',
      ).fields,
    ).toEqual({ 'keywords.0': 'A keyword may be at most 50 characters long' });
    expect(
      errorOf(
        await ts.http
          .put('/api/books/children/publish/package')
          .set('cookie', cookie)
          .send({ description: 'a'.repeat(4001) }),
        400,
        'package_description_too_long',
      ).fields,
    ).toEqual({ description: 'The description may be at most 4,000 characters long' });
    errorOf(
      await ts.http.put('/api/books/children/publish/package').set('cookie', cookie).send({ isbn: '123' }),
      400,
      'invalid_request',
    );
    errorOf(
      await ts.http.put('/api/books/children/publish/package').set('cookie', cookie).send({}),
      400,
      'invalid_request',
    );
    expect((await ts.http.put('/api/me/lang').set('cookie', cookie).send({ lang: 'ms' })).status).toBe(200);
    expect(
      errorOf(
        await ts.http.put('/api/books/children/publish/package').set('cookie', cookie).send({ keywords: eight }),
        400,
        'package_keywords_too_many',
      ).fields,
    ).toEqual({ keywords: 'KDP menerima paling banyak 7 kata kunci' });
    expect((await ts.http.put('/api/me/lang').set('cookie', cookie).send({ lang: 'id' })).status).toBe(200);
    expect(
      errorOf(
        await ts.http.put('/api/books/children/publish/package').set('cookie', cookie).send({ keywords: eight }),
        400,
        'package_keywords_too_many',
      ).fields,
    ).toEqual({ keywords: 'KDP menerima paling banyak 7 kata kunci' });
    // Nothing refused changed the package.
    expect(
      ((await ts.http.get('/api/books/children/publish').set('cookie', cookie)).body as { package: KdpPackage }).package
        .keywords,
    ).toEqual(GOOD);
  });

  it('waits for a publish of the book that is running (409): the new package would replace the edit', async () => {
    const generations = generationCount(userId);
    // Sent now (a supertest request starts when it is awaited or then'd).
    const publishing = ts.http
      .post('/api/books/children/publish')
      .set('cookie', cookie)
      .send({})
      .then((res) => res);
    // The publish is under way once its first step is charged; the files are made after its steps.
    const started = Date.now();
    while (generationCount(userId) === generations && Date.now() - started < 30_000)
      await new Promise((resolve) => setImmediate(resolve));
    errorOf(
      await ts.http.put('/api/books/children/publish/package').set('cookie', cookie).send({ keywords: GOOD }),
      409,
      'publish_running',
    );
    expect((await publishing).status).toBe(200);
    // Afterwards the new package takes edits again.
    expect(
      (await ts.http.put('/api/books/children/publish/package').set('cookie', cookie).send({ keywords: GOOD })).status,
    ).toBe(200);
  }, 60_000);

  it('other users never reach the package (404), signed out is 401', async () => {
    const other = await signUp(ts);
    errorOf(
      await ts.http.put('/api/books/children/publish/package').set('cookie', other).send({ keywords: GOOD }),
      404,
      'progress_not_found',
    );
    errorOf(await ts.http.put('/api/books/children/publish/package').send({ keywords: GOOD }), 401, 'unauthenticated');
  });
});
