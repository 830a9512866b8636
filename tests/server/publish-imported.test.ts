// The studio's publish of imported novels (a 28-chapter Gutenberg novel that ends with its own last chapter):
// an untitled manuscript (no title, no outline, no introduction) is published 2xx with a title chosen from its
// chapters, the model asked for no part of the book; GET …/publish says it may be published as it stands; the
// writer's own title skips the title step. The book's next step stays its conclusion, and the generate route takes
// the book's own 28 chapters (past a new book's 1-20) to write it; a writer may give it more chapters first.
import { describe, expect, it } from 'vitest';
import { serverOnFakeModel, signUp, uniqueEmail } from './helpers.js';
import { describeRequest, underWriter } from '../scripted-models.js';
import { longNovelText } from '../publish/long-novel.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';

const BOOK_PARTS = ['outline', 'introduction', 'chapter', 'conclusion', 'prose'];

/**
 * A request asked again while the book is held (409 step_running: the imported book's story bible is read in the
 * background, and each step's update holds it a moment after its answer), as the studio waits for it.
 */
async function whenFree<R extends { status: number; body: { error?: { code?: string } } }>(
  ask: () => PromiseLike<R>,
): Promise<R> {
  let answer = await ask();
  for (let tries = 0; answer.status === 409 && answer.body.error?.code === 'step_running' && tries < 2000; tries++) {
    await new Promise((r) => setTimeout(r, 25));
    answer = await ask();
  }
  return answer;
}

describe('publishing an imported novel from the studio', () => {
  const server = serverOnFakeModel(underWriter(1).fakeOptions());
  const partsAsked = (from: number) =>
    server.fake
      .generationRequests()
      .slice(from)
      .map((r) => describeRequest(r.body as Record<string, unknown>))
      .filter((r) => BOOK_PARTS.includes(r.kind));

  /** A writer with credits enough for the bible of 28 chapters and a package, with the untitled novel imported. */
  async function importedNovel() {
    const { ts } = server;
    const email = uniqueEmail('novel');
    const cookie = await signUp(ts, email);
    const user = (await ts.ctx.repos.users.findByEmail(email))!;
    await ts.ctx.repos.credits.setBalance({ userId: user.id, credits: 200, reason: 'test' });
    const imported = await ts.http
      .post('/api/books/import?file=untitled.txt&generator=romance')
      .set('cookie', cookie)
      .set('content-type', 'application/octet-stream')
      .send(Buffer.from(longNovelText({ chapters: 28 })));
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.book.chapters).toEqual({ imported: 28, total: 28 });
    return { cookie, bookType: imported.body.book.book_type as string };
  }

  it('an untitled import is published 2xx with a title read from its chapters, as it stands', async () => {
    const { ts, fake } = server;
    const { cookie, bookType } = await importedNovel();
    const view = (await ts.http.get(`/api/progress/${bookType}`).set('cookie', cookie)).body.book;
    expect(view.ending).toBe('own-ending');
    expect(view.next.kind).toBe('conclusion');
    const quote = await ts.http.get(`/api/books/${bookType}/publish`).set('cookie', cookie);
    expect(quote.body.is_finished).toBe(true);
    const from = fake.generationRequests().length;
    const PATH = process.env.PATH;
    process.env.PATH = WITHOUT_EPUBCHECK.PATH;
    try {
      const made = await ts.http
        .post(`/api/books/${bookType}/publish`)
        .set('cookie', cookie)
        .send({ author: 'Anonymous' });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect(made.body.package.title.trim()).not.toBe('');
      const checks = made.body.package.channels.kdp_ebook.checks as Array<{
        id: string;
        status: string;
        detail?: string;
      }>;
      expect(checks.find((c) => c.id === 'model-parts')).toMatchObject({
        status: 'pass',
        detail: "no part was written by a model: the book is the writer's own text as it was brought",
      });
      expect(checks.find((c) => c.id === 'book-complete')?.status).toBe('pass');
      expect(partsAsked(from)).toEqual([]);
      // The title step read the novel's first chapter.
      expect(
        fake
          .generationRequests()
          .slice(from)
          .some((q) => JSON.stringify(q.body).includes('counted 3011 ')),
      ).toBe(true);

      // The writer's own title: no title step.
      const titled = await ts.http
        .post(`/api/books/${bookType}/publish`)
        .set('cookie', cookie)
        .send({ author: 'Anonymous', title: 'A Walk by the River' });
      expect(titled.status, JSON.stringify(titled.body)).toBe(200);
      expect(titled.body.package.title).toBe('A Walk by the River');
    } finally {
      process.env.PATH = PATH;
    }
  }, 240_000);

  it(
    "the conclusion is written with the book's own 28 chapters " +
      'in the request; more chapters may be asked for first',
    async () => {
      const { ts, fake } = server;
      const { cookie, bookType } = await importedNovel();
      const view = (await ts.http.get(`/api/progress/${bookType}`).set('cookie', cookie)).body.book;
      // As the studio sends it: the locked book's own settings, numberOfChapters 28.
      expect(view.settings.numberOfChapters).toBe(28);
      // A new book of 28 chapters is still refused.
      const other = await signUp(ts);
      const refused = await ts.http
        .post('/api/generators/romance/generate')
        .set('cookie', other)
        .send({ settings: { ...view.settings } });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('invalid_chapters');

      // Two more chapters first: the outline of the new ones, then Chapter 29 and 30, then the conclusion.
      const more = await whenFree(() =>
        ts.http.put(`/api/progress/${bookType}/chapters`).set('cookie', cookie).send({ chapters: 30 }),
      );
      expect(more.status, JSON.stringify(more.body)).toBe(200);
      expect(more.body.book.next.kind).toBe('outline');
      expect(more.body.book.ending).toBeUndefined();
      const from = fake.generationRequests().length;
      const kinds: string[] = [];
      for (let i = 0; i < 4; i++) {
        const book = (await ts.http.get(`/api/progress/${bookType}`).set('cookie', cookie)).body.book;
        const step = await whenFree(() =>
          ts.http
            .post('/api/generators/romance/generate')
            .set('cookie', cookie)
            .send({
              settings: book.settings,
              step: {
                kind: book.next.kind,
                ...(book.next.position !== undefined ? { position: book.next.position } : {}),
              },
            }),
        );
        expect(step.status, `${kinds.join(',')} ${book.next.kind} ${JSON.stringify(step.body)}`).toBe(200);
        kinds.push(book.next.kind);
      }
      expect(kinds).toEqual(['outline', 'chapter', 'chapter', 'conclusion']);
      expect(
        partsAsked(from)
          .filter((p) => !p.follow)
          .map((p) => p.kind),
      ).toEqual(['outline', 'chapter', 'chapter', 'conclusion']);
      const done = (await ts.http.get(`/api/progress/${bookType}`).set('cookie', cookie)).body.book;
      expect(done.is_finished).toBe(true);
    },
    240_000,
  );
});
