// A generator that writes one language only, asked for another: the API refuses the request's `lang` in the
// writer's language (their account's), message and field alike, from the engine's code and values: a
// one-language generator through POST /api/generators/:id/generate (dad-jokes writes English only), and a book
// generator of one language through an import's preview and the import itself (a generators folder whose guide
// has no language field).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../engine/node/load.js';
import { signUp, startTestServer, uniqueEmail, type TestServer } from './helpers.js';
import { malayManuscript } from '../import/manuscript.js';
import { tempDir } from '../temp.js';

/** A generators folder whose guide writes English only (no language field). */
function englishOnlyGuide() {
  const dir = tempDir('karya-lang-fixed-');
  const guide = readFileSync(path.join('generators', 'guide.yaml'), 'utf8');
  expect(guide).toMatch(/^ {2}language: \{ use: language \}\n/m);
  writeFileSync(
    path.join(dir, 'guide.yaml'),
    `${guide.replace(/^ {2}language: \{ use: language \}\n/m, '')}\nlanguage: en\n`,
  );
  writeFileSync(path.join(dir, '_shared.yaml'), readFileSync(path.join('generators', '_shared.yaml'), 'utf8'));
  const catalog = loadCatalog({ generatorsDir: dir });
  expect(catalog.get('guide')!.fields.some((f) => f.role === 'language')).toBe(false);
  return catalog;
}

/** A signed-in writer whose account speaks `lang`. */
async function writerIn(ts: TestServer, lang: string): Promise<string> {
  const cookie = await signUp(ts, uniqueEmail());
  expect((await ts.http.put('/api/me/lang').set('cookie', cookie).send({ lang })).status).toBe(200);
  return cookie;
}

describe('a one-language generator asked for another language', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(() => ts.close());

  const ask = (cookie: string, lang: string) =>
    ts.http.post('/api/generators/dad-jokes/generate').set('cookie', cookie).send({ lang });

  it(
    'POST /generators/dad-jokes/generate with lang ms, by ' + 'a Malay writer: refused in Malay, message and field',
    async () => {
      const res = await ask(await writerIn(ts, 'ms'), 'ms');
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: 'invalid_settings',
        message: 'Sila semak medan yang ditandakan',
        fields: { lang: 'dad-jokes hanya menulis dalam en' },
      });
    },
  );

  it('by an Indonesian writer: in Indonesian; by an English one: in English', async () => {
    const indonesian = await ask(await writerIn(ts, 'id'), 'ms');
    expect(indonesian.body.error).toEqual({
      code: 'invalid_settings',
      message: 'Silakan periksa kolom yang ditandai',
      fields: { lang: 'dad-jokes hanya menulis dalam en' },
    });
    const english = await ask(await writerIn(ts, 'en'), 'id');
    expect(english.body.error).toEqual({
      code: 'invalid_settings',
      message: 'Please check the highlighted fields',
      fields: { lang: 'dad-jokes always writes in en' },
    });
  });
});

describe('an import as a one-language book generator, in another language', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ catalog: englishOnlyGuide() });
  });
  afterAll(() => ts.close());

  const upload = (route: string, cookie: string) =>
    ts.http
      .post(`/api/books/${route}?file=bab.md&generator=guide&lang=ms`)
      .set('cookie', cookie)
      .set('content-type', 'application/octet-stream')
      .send(Buffer.from(malayManuscript(3, 'digits')));

  it.each(['import/preview', 'import'])(
    'POST /books/%s with lang ms, by a Malay writer: refused in Malay, and nothing saved',
    async (route) => {
      const cookie = await writerIn(ts, 'ms');
      const res = await upload(route, cookie);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toEqual({
        code: 'invalid_settings',
        message: 'Sila semak medan yang ditandakan',
        fields: { lang: 'guide hanya menulis dalam en' },
      });
      expect((await ts.http.get('/api/books').set('cookie', cookie)).body.books).toEqual([]);
    },
  );
});
