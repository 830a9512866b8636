// A finished manuscript (its chapters, then an epilogue) imported through the API: its story bible reads every
// part, the epilogue too, since a series' next book, the story map as of the last chapter and an edition's
// glossary are told how the book ends. The quote the preview shows and what the import holds and charges say so:
// one part at the generator's cost each, the ending included. The bible's calls are Karya's work for the writer,
// read from the credits held at the import. The AI API is the fake server answering as the scripted under-writer.
import { describe, expect, it } from 'vitest';
import { bibleSettled, serverOnFakeModel, signUp, type TestServer } from './helpers.js';
import { isBibleRequest, underWriter, userOf } from '../scripted-models.js';

const served = serverOnFakeModel(underWriter(1).fakeOptions(), {});

const WORDS = {
  en: {
    chapter: (n: number) => `CHAPTER ${n}`,
    epilogue: 'EPILOGUE',
    conclusion: 'Conclusion',
    who: 'Margaret',
    did: ['walked to the harbour', 'read the letter again', 'waited by the orchard gate', 'spoke with her brother'],
    ending: 'Years later Margaret sold the lighthouse to the village council and sailed for Penang.',
  },
  ms: {
    chapter: (n: number) => `BAB ${n}`,
    epilogue: 'EPILOG',
    conclusion: 'Kesimpulan',
    who: 'Aminah',
    did: [
      'berjalan ke pelabuhan',
      'membaca surat itu sekali lagi',
      'menunggu di pintu dusun',
      'bercakap dengan abangnya',
    ],
    ending: 'Bertahun-tahun kemudian Aminah menjual rumah api itu kepada majlis kampung lalu belayar ke Pulau Pinang.',
  },
} as const;

/** A whole novel of `chapters` chapters and an epilogue whose last sentence is `ending`, in `lang`. */
function finishedNovel(lang: keyof typeof WORDS, chapters: number): string {
  const w = WORDS[lang];
  const evening =
    lang === 'en' ? 'while the evening grew quiet over the bay' : 'ketika petang menjadi sunyi di teluk itu';
  const body = (n: number) =>
    Array.from({ length: 4 }, (_, p) =>
      Array.from({ length: 6 }, (_, s) => `${w.who} ${w.did[(n + p + s) % w.did.length]} ${evening}.`).join(' '),
    ).join('\n\n');
  const out = [lang === 'en' ? 'THE LIGHTHOUSE KEEPER' : 'PENJAGA RUMAH API', ''];
  for (let n = 1; n <= chapters; n++) out.push('', w.chapter(n), '', body(n));
  out.push('', w.epilogue, '', body(chapters + 1), '', w.ending);
  return out.join('\n');
}

/** A user with `credits` credits in all, and a reader of their balance. */
async function userWith(ts: TestServer, credits: number): Promise<{ cookie: string; credits: () => number }> {
  const cookie = await signUp(ts);
  const id = (await ts.http.get('/api/me').set('cookie', cookie)).body.id as string;
  ts.store.run(ts.store.db.updateTable('users').set({ credits_available: credits }).where('id', '=', id));
  return {
    cookie,
    credits: () =>
      ts.store.first(ts.store.db.selectFrom('users').select('credits_available').where('id', '=', id))!
        .credits_available,
  };
}

describe("a finished manuscript's story bible reads its ending", () => {
  it.each(['en', 'ms'] as const)(
    '%s: the quote counts the epilogue, the import charges it once, and the bible takes it in',
    async (lang) => {
      const { ts, fake } = served;
      const chapters = 4;
      const text = finishedNovel(lang, chapters);
      const user = await userWith(ts, 20);
      const preview = await ts.http
        .post(`/api/books/import/preview?file=keeper.txt&generator=romance&lang=${lang}`)
        .set('cookie', user.cookie)
        .send(Buffer.from(text));
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      // Every part with text: the four chapters and the epilogue (no prologue), a part at the generator's cost.
      const perPart = preview.body.cost.credits / preview.body.cost.parts;
      expect(preview.body.cost.parts).toBe(chapters + 1);
      expect(perPart).toBeGreaterThan(0);
      const before = fake.generationRequests().length;
      const res = await ts.http
        .post(`/api/books/import?file=keeper.txt&generator=romance&lang=${lang}`)
        .set('cookie', user.cookie)
        .set('content-type', 'application/octet-stream')
        .send(Buffer.from(text));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.book).toMatchObject({ lang, finished: true, chapters: { imported: chapters } });
      expect(res.body.cost).toEqual(preview.body.cost);
      const saved = await bibleSettled(ts, user.cookie, 'romance');
      // One bible call a part, the epilogue's last, sent its words; each charged once from the hold.
      const bible = fake
        .generationRequests()
        .slice(before)
        .map((r) => userOf(r.body ?? {}))
        .filter(isBibleRequest);
      expect(bible).toHaveLength(chapters + 1);
      expect(bible.at(-1)).toMatch(new RegExp(`\\(${WORDS[lang].conclusion}\\):`));
      expect(bible.at(-1)).toContain(WORDS[lang].ending);
      expect(user.credits()).toBe(20 - (chapters + 1) * perPart);
      // The book view: nothing left unread, and the bible covers the ending's position.
      expect(saved.book.parts.every((p) => p.bible_updated !== false)).toBe(true);
      const view = (await ts.http.get('/api/progress/romance').set('cookie', user.cookie)).body.book;
      expect(view.bible_covers.positions).toContain(chapters + 1);
      expect(view.bible_covers.label).toContain(WORDS[lang].conclusion);
      expect(view.bible_lacking).toBeUndefined();
    },
  );
});
