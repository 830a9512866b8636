// Only the book, or nothing charged, on the server: a model that refuses the introduction (asked
// again once, refused again) answers the named error `refused` in the book's language, leaves the balance as it
// was and saves no part, streamed or not; a refused passage rewrite is not charged; a chapter sent back as the
// prompt is `echoed`, not saved. The AI API is tests/fake-openai.ts.
import { describe, expect, it } from 'vitest';
import { fullLength, REFUSAL_TEXT } from '../fake-openai.js';
import { parseEvents, serverOnFakeModel, signUp, uniqueEmail } from './helpers.js';
import { userOf } from '../scripted-models.js';

type Misbehaviour = 'none' | 'refuse-introduction' | 'refuse-passage' | 'echo-chapter';
let misbehaviour: Misbehaviour = 'none';

const PROSE =
  'Aisha opened the shutters of the lantern shop at dawn. The harbour was quiet, and the first boats were ' +
  'still tied to the pier. She lit the oldest lantern, the one her father had mended a hundred times.';
const PROSA =
  'Aisyah membuka tingkap kedai tanglung itu pada waktu subuh. Pelabuhan masih ' +
  'sunyi, dan bot-bot nelayan masih terikat di jeti. Dia menyalakan tanglung ' +
  'yang paling tua, yang telah dibaiki oleh ayahnya beratus-ratus kali.';
const server = serverOnFakeModel(
  {
    answer: (body, i) => {
      const user = userOf(body);
      const isMalay = /Bahasa Malaysia/.test(JSON.stringify(body));
      if (misbehaviour === 'refuse-introduction' && /Write the introduction|Tulis pengenalan/i.test(user))
        return REFUSAL_TEXT[isMalay ? 'ms' : 'en'];
      if (misbehaviour === 'refuse-passage' && /The passage:|Petikan:/.test(user)) return REFUSAL_TEXT.en;
      if (misbehaviour === 'echo-chapter' && /^Write Chapter 1/.test(user)) {
        const messages = (body.messages ?? []) as Array<{ content: string }>;
        return `${messages.map((m) => m.content).join('\n\n')}\n\n${PROSE}`;
      }
      if (/^Hasilkan rangka/.test(user))
        return (
          'Tajuk: Kedai Tanglung\n\nBab 1: Subuh\nAisyah membuka kedai itu.\n\nBab 2: Senja\nAisyah menutup ' +
          'kedai itu.\n\nBab 3: Malam\nSemua tanglung dinyalakan.\n\nPengakhiran: semua tanglung menyala.'
        );
      if (/^Create a detailed story outline/.test(user))
        return (
          'Title: The Lantern Shop\n\nChapter 1: Dawn\nAisha opens the shop.\n\nChapter 2: Dusk\nAisha ' +
          'closes it.\n\nChapter 3: Night\nThe lanterns are lit.\n\nEnding: every lantern is lit.'
        );
      if (/The passage:|Petikan:/.test(user))
        return 'The harbour lay quiet under a pale sky, the boats rocking at the pier.';
      return fullLength(() => (isMalay ? PROSA : PROSE))(body, i);
    },
  },
  {},
);

async function bookUpToOutline(lang: 'en' | 'ms') {
  const cookie = await signUp(server.ts, uniqueEmail());
  const outline = await server.ts.http
    .post('/api/generators/romance/generate')
    .set('cookie', cookie)
    .send({ settings: { numberOfChapters: 7, language: lang } });
  expect(outline.status, JSON.stringify(outline.body)).toBe(200);
  const credits = async () =>
    (await server.ts.http.get('/api/me').set('cookie', cookie)).body.credits_available as number;
  const parts = async () =>
    (await server.ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book.parts as Array<{
      kind: string;
      text: string;
    }>;
  return { cookie, credits, parts };
}

describe('a refused or echoed answer on the server', () => {
  it.each(['en', 'ms'] as const)(
    "a refused introduction (%s): the named error in the book's language, the balance unchanged, no part saved",
    async (lang) => {
      const { cookie, credits, parts } = await bookUpToOutline(lang);
      const before = await credits();
      misbehaviour = 'refuse-introduction';
      try {
        const res = await server.ts.http
          .post('/api/generators/romance/generate')
          .set('cookie', cookie)
          .send({ settings: { numberOfChapters: 7, language: lang } });
        expect(res.status).toBe(502);
        expect(res.body.error.code).toBe('refused');
        expect(res.body.error.message).toContain(
          lang === 'ms' ? 'Model enggan menulis' : 'The model declined to write this',
        );
      } finally {
        misbehaviour = 'none';
      }
      expect(await credits()).toBe(before);
      expect((await parts()).map((p) => p.kind)).toEqual([]);
    },
  );

  it(
    'streamed: the refusal reached the screen, yet the ' + 'step ends in the named error event and costs nothing',
    async () => {
      const { cookie, credits, parts } = await bookUpToOutline('en');
      const before = await credits();
      misbehaviour = 'refuse-introduction';
      try {
        const res = await server.ts.http
          .post('/api/generators/romance/generate')
          .set('cookie', cookie)
          .set('accept', 'text/event-stream')
          .send({ settings: { numberOfChapters: 7 } });
        const events = parseEvents(res.text);
        const error = events.find((e) => e.event === 'error');
        expect(error?.data).toMatchObject({ code: 'refused' });
        expect(events.some((e) => e.event === 'done')).toBe(false);
      } finally {
        misbehaviour = 'none';
      }
      expect(await credits()).toBe(before);
      expect((await parts()).map((p) => p.kind)).toEqual([]);
    },
  );

  it('a chapter that sends the prompt back is `echoed`, not saved and not charged', async () => {
    const { cookie, credits, parts } = await bookUpToOutline('en');
    expect(
      (
        await server.ts.http
          .post('/api/generators/romance/generate')
          .set('cookie', cookie)
          .send({ settings: { numberOfChapters: 7 } })
      ).status,
    ).toBe(200);
    const before = await credits();
    misbehaviour = 'echo-chapter';
    try {
      const res = await server.ts.http
        .post('/api/generators/romance/generate')
        .set('cookie', cookie)
        .send({ settings: { numberOfChapters: 7 } });
      expect(res.body.error?.code).toBe('echoed');
    } finally {
      misbehaviour = 'none';
    }
    expect(await credits()).toBe(before);
    expect((await parts()).map((p) => p.kind)).toEqual(['introduction']);
    expect((await parts()).some((p) => p.text.includes('You are an expert writer'))).toBe(false);
  });

  it('a refused passage rewrite is not charged and leaves the chapter as it was', async () => {
    const { cookie, credits, parts } = await bookUpToOutline('en');
    for (let i = 0; i < 2; i++)
      expect(
        (
          await server.ts.http
            .post('/api/generators/romance/generate')
            .set('cookie', cookie)
            .send({ settings: { numberOfChapters: 7 } })
        ).status,
      ).toBe(200);
    const chapter = (await parts()).find((p) => p.kind === 'chapter')!.text;
    const paragraph = chapter.split('\n\n')[0]!;
    const before = await credits();
    misbehaviour = 'refuse-passage';
    try {
      const res = await server.ts.http
        .post('/api/progress/romance/passage')
        .set('cookie', cookie)
        .send({
          part: { kind: 'chapter', position: 1 },
          start: 0,
          end: paragraph.length,
          text: paragraph,
          action: 'rewrite',
          note: 'More of the sea.',
        });
      expect(res.body.error?.code).toBe('refused');
    } finally {
      misbehaviour = 'none';
    }
    expect(await credits()).toBe(before);
    expect((await parts()).find((p) => p.kind === 'chapter')!.text).toBe(chapter);
  });
});
