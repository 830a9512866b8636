// Text with no hidden characters: a model answer, a hand edit and a kept passage that carry
// NUL, a right-to-left override (U+202E … U+202C) and a zero-width space (U+200B) are saved and exported without
// them, and a step's words streamed to the writer carry none as they arrive; a word with a zero-width non-joiner
// inside it is kept whole. The AI API is tests/fake-openai.ts.
import { describe, expect, it } from 'vitest';
import { cleanText } from '../../engine/index.js';
import { fullLength } from '../fake-openai.js';
import { parseEvents, serverOnFakeModel, signUp, uniqueEmail } from './helpers.js';

const HIDDEN = /[\u0000\u202A-\u202E\u2066-\u2069\u200B]/;
const JOINED = 'peng\u200Cajaran';
const DIRTY =
  `Aisha\u0000 opened the \u202Eshutters\u202C at dawn.\u200B The ${JOINED} ` +
  `began. The harbour was quiet, and the first boats were still tied to the pier.`;

const server = serverOnFakeModel({
  answer: fullLength((body) =>
    /Create a detailed story outline/.test(JSON.stringify(body))
      ? 'Title: Lanterns\n\nChapter 1: Dawn\nAisha opens the shop.\n\nChapter ' +
        '2: Dusk\nShe closes it.\n\nChapter 3: Night\nThe lanterns are lit.'
      : DIRTY,
  ),
});

describe('hidden characters never reach the book or its files', () => {
  it(
    'the engine function: controls, bidi overrides and zero-width ' +
      'characters out; newlines, tabs and joiners inside words kept',
    () => {
      expect(cleanText('Rain\u0000 fell\u202E here\u202C.\u200B\u2066x\u2069\r\nNext\tline\u0007')).toBe(
        'Rain fell here.x\nNext\tline',
      );
      expect(cleanText(JOINED)).toBe(JOINED);
      expect(cleanText('👩\u200D💻')).toBe('👩\u200D💻');
      expect(cleanText('\u200Dstart end\u200C')).toBe('start end');
    },
  );

  it('a model answer, a hand edit and a kept passage are saved and exported without them', async () => {
    const cookie = await signUp(server.ts, uniqueEmail());
    for (let i = 0; i < 3; i++)
      expect(
        (
          await server.ts.http
            .post('/api/generators/romance/generate')
            .set('cookie', cookie)
            .send({ settings: { numberOfChapters: 7 } })
        ).status,
      ).toBe(200);
    const parts = async () =>
      (await server.ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book.parts as Array<{
        kind: string;
        text: string;
      }>;
    // The model's answers.
    for (const p of await parts()) {
      expect(p.text).not.toMatch(HIDDEN);
      expect(p.text).toContain(JOINED);
    }
    // A hand edit of chapter 1.
    const edit = await server.ts.http
      .put('/api/progress/romance/part')
      .set('cookie', cookie)
      .send({ part: { kind: 'chapter', position: 1 }, text: `${DIRTY}\n\nA line of my own\u0000.` });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const chapter = (await parts()).find((p) => p.kind === 'chapter')!.text;
    expect(chapter).not.toMatch(HIDDEN);
    expect(chapter).toContain('A line of my own.');
    // A passage kept in its place.
    const paragraph = chapter.split('\n\n')[1]!;
    const start = chapter.indexOf(paragraph);
    const keep = await server.ts.http
      .post('/api/progress/romance/passage/keep')
      .set('cookie', cookie)
      .send({
        part: { kind: 'chapter', position: 1 },
        start,
        end: start + paragraph.length,
        text: paragraph,
        passage: `The lamp\u202E glowed\u202C\u0000 softly.\u200B`,
      });
    expect(keep.status, JSON.stringify(keep.body)).toBe(200);
    const kept = (await parts()).find((p) => p.kind === 'chapter')!.text;
    expect(kept).toContain('The lamp glowed softly.');
    expect(kept).not.toMatch(HIDDEN);
    // The exports.
    const markdown = await server.ts.http.get('/api/books/romance/export?format=md').set('cookie', cookie).buffer(true);
    expect(markdown.status).toBe(200);
    expect(String(markdown.text ?? markdown.body)).not.toMatch(HIDDEN);
    expect(String(markdown.text ?? markdown.body)).toContain(JOINED);
  });

  it("a step's words as they stream to the writer carry none of them", async () => {
    const cookie = await signUp(server.ts, uniqueEmail());
    const step = () =>
      server.ts.http
        .post('/api/generators/romance/generate')
        .set('cookie', cookie)
        .set('accept', 'text/event-stream')
        .send({ settings: { numberOfChapters: 7 } });
    // The outline, then the introduction: the model's answer streamed with U+202E, NUL and U+200B in it.
    expect((await step()).status).toBe(200);
    const events = parseEvents((await step()).text) as Array<{ event: string; data: { text?: string } }>;
    const streamed = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text ?? '')
      .join('');
    expect(streamed).toContain('Aisha opened the shutters at dawn.');
    expect(streamed).not.toMatch(HIDDEN);
    expect(events.at(-1)!.event).toBe('done');
  });
});
