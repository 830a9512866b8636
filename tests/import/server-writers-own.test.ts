// The studio's import on the server, with the 1909 novel as Project Gutenberg ships it (tests/import/katrine.ts):
// the preview (nothing charged) shows the title, the preface kept and the settings read with their sources; the
// import with the settings the writer confirmed and edited in the preview saves the book with them and its
// own title and its own prose as its voice, without reading the manuscript again; a preview as a generator
// that requires a setting shows the chapters and names it; a confirmed value the generator does not have is refused
// with nothing saved or charged.
import { describe, expect, it } from 'vitest';
import { serverOnFakeModel, signUp } from '../server/helpers.js';
import { underWriter, userOf } from '../scripted-models.js';
import { katrineText } from './katrine.js';

const READING = {
  era: 'America, 1909',
  setting: 'a river valley',
  fields: { romanceType: 'historical', settingType: 'Rural' },
};
const isSettingsCall = (user: string) => /Settings to choose|Tetapan yang boleh dipilih/.test(user);

describe("the studio import keeps what is the writer's", () => {
  const server = serverOnFakeModel(
    underWriter(1).fakeOptions({
      reply: (body) => (isSettingsCall(userOf(body)) ? { text: JSON.stringify(READING) } : undefined),
    }),
  );
  const upload = (cookie: string, route: string, query = '') =>
    server.ts.http
      .post(`/api/books/${route}?file=katrine.txt&generator=romance${query}`)
      .set('cookie', cookie)
      .set('content-type', 'application/octet-stream')
      .send(Buffer.from(katrineText()));
  const settingsCalls = () =>
    server.fake.generationRequests().filter((q) => isSettingsCall(userOf(q.body ?? {}))).length;

  it(
    'the preview shows the title, the preface and the settings read; the ' +
      'import saves the settings the writer confirmed, without a second reading',
    async () => {
      const { ts } = server;
      const cookie = await signUp(ts);
      const preview = await upload(cookie, 'import/preview');
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body.title).toBe('Katrine');
      expect(preview.body.frontMatter).toEqual([expect.objectContaining({ kind: 'preface', title: 'PREFACE' })]);
      expect(preview.body.leftOut).toContain('contents');
      expect(preview.body.settings.romanceType).toEqual({ value: 'historical', from: 'manuscript' });
      expect(preview.body.settings.heatLevel).toEqual({ value: 'sweet', from: 'default' });

      const refused = await upload(
        cookie,
        'import',
        `&settings=${encodeURIComponent(JSON.stringify({ romanceType: 'cowboys' }))}`,
      );
      expect(refused.status).toBe(400);
      expect((await ts.http.get('/api/books').set('cookie', cookie)).body.books).toEqual([]);

      const before = settingsCalls();
      const confirmed = { romanceType: 'small-town', heatLevel: 'mild', workingTitle: 'Katrine of the Valley' };
      const imported = await upload(cookie, 'import', `&settings=${encodeURIComponent(JSON.stringify(confirmed))}`);
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      expect(imported.body.book.title).toBe('Katrine of the Valley');
      // The manuscript's own prose is the book's voice.
      expect(imported.body.book.voice).toBe('manuscript');
      expect(settingsCalls()).toBe(before);
      const books = (await ts.http.get('/api/books').set('cookie', cookie)).body.books as Array<{ title: string }>;
      expect(books.map((b) => b.title)).toEqual(['Katrine of the Valley']);
    },
  );

  it(
    'a preview as a generator that requires a setting shows the ' +
      'chapters and names the setting; the import with it given goes on',
    async () => {
      const { ts } = server;
      const cookie = await signUp(ts);
      const send = (route: string, query = '') =>
        ts.http
          .post(`/api/books/${route}?file=katrine.txt&generator=biography${query}`)
          .set('cookie', cookie)
          .set('content-type', 'application/octet-stream')
          .send(Buffer.from(katrineText()));
      const preview = await send('import/preview');
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body.chapters).toHaveLength(4);
      expect(preview.body.missingSettings).toEqual(['personName']);
      const imported = await send(
        'import',
        `&settings=${encodeURIComponent(JSON.stringify({ personName: 'Elinor Macartney Lane' }))}`,
      );
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    },
  );

  it("without confirmed settings the import reads them and keeps the manuscript's own title", async () => {
    const { ts } = server;
    const cookie = await signUp(ts);
    const imported = await upload(cookie, 'import');
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.book.title).toBe('Katrine');
  });
});
