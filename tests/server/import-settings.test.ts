// POST /api/books/import/preview and /api/books/import: an imported book's settings are its own. The server reads
// them from the manuscript with one model call (a fake model taught to answer it as a reader of the book would):
// the preview shows each with where it came from, the saved book carries them, and continuing it names none of
// the generator's default era, setting or arc.
import { describe, expect, it } from 'vitest';
import { serverOnFakeModel, signUp } from './helpers.js';
import { underWriter, userOf } from '../scripted-models.js';

/** A public-domain-style novel of 1909: three chapters in a Devon village, told in the first person. */
function novel1909(): string {
  const chapter = (n: number, title: string) =>
    [
      `CHAPTER ${['I', 'II', 'III'][n - 1]}`,
      '',
      title,
      '',
      Array.from(
        { length: 6 },
        (_, i) =>
          `In the spring of 1909 I walked down to the mill at Lydford for ` +
          `the ${['first', 'second', 'third', 'fourth', 'fifth', 'sixth'][i]} time ` +
          `that week, and Mr. Ashcombe's carriage stood again by the orchard gate ` +
          `while my aunt waited at the parlour window with her letters from Exeter.`,
      ).join(' '),
    ].join('\n');
  return [
    "THE MILLER'S DAUGHTER",
    '',
    'by A. L. Pennington',
    '',
    '',
    chapter(1, 'The Orchard Gate'),
    '',
    '',
    chapter(2, 'A Letter from Exeter'),
    '',
    '',
    chapter(3, 'Rain at Lydford'),
  ].join('\n');
}

const READING = {
  era: 'Edwardian England, 1909',
  setting: 'a Devon mill village',
  pointOfView: 'first person, past tense',
  tone: 'formal and restrained',
  fields: { romanceType: 'historical', settingType: 'Rural', plotStyle: 'slow-burn' },
};
const isSettingsCall = (user: string) => /Settings to choose|Tetapan yang boleh dipilih/.test(user);
const isBibleUpdate = (user: string) => /^(?:Update the story bible|Kemas kini catatan cerita)/.test(user);

describe("an imported book's own settings, on the server", () => {
  const server = serverOnFakeModel(
    underWriter(1).fakeOptions({
      reply: (body) => (isSettingsCall(userOf(body)) ? { text: JSON.stringify(READING) } : undefined),
    }),
  );
  const upload = (cookie: string, route: string) =>
    server.ts.http
      .post(`/api/books/${route}?file=miller.txt&generator=romance`)
      .set('cookie', cookie)
      .set('content-type', 'application/octet-stream')
      .send(Buffer.from(novel1909()));

  it(
    'the preview shows the settings read from the book; the ' +
      'book is saved and continued with them, never the defaults',
    async () => {
      const { ts, fake } = server;
      const cookie = await signUp(ts);
      const preview = await upload(cookie, 'import/preview');
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body.settings.romanceType).toEqual({ value: 'historical', from: 'manuscript' });
      expect(preview.body.settings.settingType).toEqual({ value: 'rural', from: 'manuscript' });
      expect(preview.body.settings.plotStyle).toEqual({ value: 'slow-burn', from: 'manuscript' });
      // The period, place, point of view and tone are the book's style notes, never its premise (the reading gave
      // none).
      expect(String(preview.body.settings.premise?.value ?? '')).not.toContain('1909');
      // Nothing is saved or charged by a preview.
      expect((await ts.http.get('/api/books').set('cookie', cookie)).body.books).toEqual([]);
      const imported = await upload(cookie, 'import');
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      const before = fake.generationRequests().length;
      // The next step of the imported book (its outline) is asked in its own period and place.
      const step = await ts.http.post('/api/generators/romance/generate').set('cookie', cookie).send({});
      expect(step.status, JSON.stringify(step.body)).toBe(200);
      // The step's own requests: the story bible's update after it reads the part it wrote, not the settings.
      const asked = fake
        .generationRequests()
        .slice(before)
        .map((q) => userOf(q.body ?? {}))
        .filter((u) => !isSettingsCall(u) && !isBibleUpdate(u));
      expect(asked.length).toBeGreaterThan(0);
      for (const request of asked) {
        expect(request).not.toMatch(/contemporary|urban|enemies to lovers/i);
        expect(request).toContain('1909');
      }
    },
  );
});
