// The server's book view after every step of a 7-chapter romance whose model labels its own story-bible
// lines ("Chapter 1: …", "Bab 1: …", "Pengenalan: …") and names parts not yet written in its tables: the
// bible holds a line, or an earlier arc that names it, for the introduction and every chapter, in English and
// Malay, and the view says which parts it covers. The model is a scripted one on the fake OpenAI server.
import { describe, expect, it } from 'vitest';
import { serverOnFakeModel, signUp, uniqueEmail } from './helpers.js';
import { bibleLineOf, underWriter } from '../scripted-models.js';
import { coverageOf, finishedParts } from '../bible-coverage.js';

interface Book {
  is_finished: boolean;
  bible?: string;
  bible_covers?: { positions: number[]; label: string };
}

describe('the book view of a finished book whose model labels its bible lines', () => {
  const run = serverOnFakeModel({ answer: underWriter(1, { bibleLine: 'labelled' }) }, {});

  const title = '%s: the bible holds the introduction, chapters 1–7 and the conclusion';
  it.each(['en', 'ms'] as const)(title, async (lang) => {
    const { ts } = run;
    const cookie = await signUp(ts, uniqueEmail());
    // The outline, the introduction, chapters 1 to 7 and the conclusion: one step a request.
    for (let book: Book | undefined, i = 0; !book?.is_finished; i++) {
      expect(i).toBeLessThan(10);
      const r = await ts.http
        .post('/api/generators/romance/generate')
        .set('cookie', cookie)
        .send({ settings: { numberOfChapters: 7, language: lang } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      book = r.body.book;
    }
    const book = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book as Book;
    const names = finishedParts(7, lang);
    const ending = names.at(-1)!;
    const covered = coverageOf(book.bible ?? '', names, lang);
    expect(covered.missing, book.bible).toEqual([]);
    // Each chapter's line is the model's own, without its label (the ending's is checked by being there).
    for (const [name, line] of covered.lines) {
      if (name !== ending) expect(line).toBe(bibleLineOf(names.indexOf(name), lang));
    }
    const label = lang === 'ms' ? 'Pengenalan, Bab 1–7, Kesimpulan' : 'Introduction, Chapters 1–7, Conclusion';
    expect(book.bible_covers).toEqual({ positions: [0, 1, 2, 3, 4, 5, 6, 7, 8], label });
  });
});
