// A glossary term's gender (female, male or unknown: how Malay "dia" is read), set by the writer in the studio's
// glossary and kept with it, refused when it is no gender; in the YAML file of `karya translate --glossary`, as
// `Aisha: { rendering: Aisyah, gender: female }` beside the plain `Daniel: Danial`, listed back to the writer.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverOnFakeModel, signUp } from '../server/helpers.js';
import { underWriter } from '../scripted-models.js';
import { fakeTranslator } from '../fake-translator.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { romanceSaves, saveRomance } from './book.js';
import { tempDir } from '../temp.js';

const translator = fakeTranslator();
const served = serverOnFakeModel(underWriter(1).fakeOptions({ reply: (body) => translator.reply(body) }));
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("the glossary's gender field", () => {
  it("is kept with the writer's glossary in the studio, and a value that is no gender is refused", async () => {
    const { ts } = served;
    const cookie = await signUp(ts);
    const userId = (await ts.http.get('/api/me').set('cookie', cookie)).body.id as string;
    const bookId = await ts.ctx.repos.books.saveImport({ userId, key: 'romance', saves: romanceSaves('en') });
    const url = `/api/books/${bookId}/editions/ms/glossary`;
    const terms = [
      { term: 'Aisha', rendering: 'Aisha', gender: 'female' },
      { term: 'Daniel', rendering: 'Daniel', gender: 'male' },
      { term: 'Harbour', rendering: 'Harbour' },
    ];
    const saved = await ts.http.put(url).set('cookie', cookie).send({ terms });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await ts.http.get(url).set('cookie', cookie)).body).toMatchObject({ is_writers: true, terms });
    const refused = await ts.http
      .put(url)
      .set('cookie', cookie)
      .send({ terms: [{ term: 'Aisha', rendering: 'Aisha', gender: 'tall' }] });
    expect(refused.status).toBe(400);
    // A whole name rendered otherwise governs its part left as it was, and gives it its gender.
    await ts.http
      .put(url)
      .set('cookie', cookie)
      .send({
        terms: [
          { term: 'Daniel Lee', rendering: 'Danial Lee', gender: 'male' },
          { term: 'Daniel', rendering: 'Daniel' },
        ],
      });
    expect((await ts.http.get(url).set('cookie', cookie)).body.terms).toEqual([
      { term: 'Daniel Lee', rendering: 'Danial Lee', gender: 'male' },
      { term: 'Daniel', rendering: 'Danial', gender: 'male' },
    ]);
  });

  it("is read from the writer's YAML glossary and listed by karya translate in the writer's language", async () => {
    const cwd = tempDir('karya-glossary-gender-');
    dirs.push(cwd);
    const state = path.join(cwd, 'state.sqlite');
    const id = await saveRomance(state, 'en');
    writeFileSync(
      path.join(cwd, 'names.yaml'),
      'Aisha: { rendering: Aisha, gender: female }\nDaniel: ' +
        'Danial\nDaniel Lee: { rendering: Danial Lee, gender: he }\n',
    );
    const env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: served.fake.baseURL };
    const r = await runKaryaInProcess(
      ['translate', '--book', String(id), '--to', 'ms', '--glossary', 'names.yaml', '--no-bible', '--state', state],
      { cwd, env },
    );
    expect(r.code, r.stderr).toBe(0);
    // Each term says why it is held: here the writer's file holds them.
    expect(r.stderr).toMatch(/^ {4}Aisha → Aisha \(she\) — your glossary file$/m);
    expect(r.stderr).toMatch(/^ {4}Daniel Lee → Danial Lee \(he\) — your glossary file$/m);
    // The part of a whole name follows the whole name's rendering, and its gender.
    expect(r.stderr).toMatch(/^ {4}Daniel → Danial \(he\) — your glossary file$/m);
    expect(r.stderr).toContain('--glossary FILE');
    writeFileSync(path.join(cwd, 'bad.yaml'), 'Aisha: { rendering: Aisha, gender: tall }\n');
    const bad = await runKaryaInProcess(
      ['translate', '--book', String(id), '--to', 'ms', '--glossary', 'bad.yaml', '--state', state],
      { cwd, env },
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"Aisha" has a gender that is not female, male or unknown');
  });

  it('is listed to a Malay writer in Malay, with how to change the glossary', async () => {
    const cwd = tempDir('karya-glossary-gender-ms-');
    dirs.push(cwd);
    const state = path.join(cwd, 'state.sqlite');
    const id = await saveRomance(state, 'ms');
    writeFileSync(path.join(cwd, 'nama.yaml'), 'Aisyah: { gender: perempuan }\n');
    const env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: served.fake.baseURL };
    const r = await runKaryaInProcess(
      ['translate', '--book', String(id), '--to', 'en', '--glossary', 'nama.yaml', '--no-bible', '--state', state],
      { cwd, env },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/glosari mengekalkan \d+ istilah ini/);
    expect(r.stderr).toMatch(/^ {4}Aisyah → Aisyah \(perempuan\) — fail glosari anda$/m);
    expect(r.stderr).toContain('jalankan semula dengan --glossary FAIL');
  });
});
