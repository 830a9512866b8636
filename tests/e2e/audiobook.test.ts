// End to end: a finished book's Audio edition panel, read by an OpenAI-compatible speech server (tests/fake-speech.ts,
// no network). A writer with a finished one-chapter children's book sees the synthetic voice disclosed and the cost
// before anything is spent; "Make the audio edition" asks to confirm with the cost, the progress shows, then a player
// per file: the first chapter's audio loads and plays (readyState, a duration), and the edition downloads as a zip
// holding every MP3 and the M4B. Charged once, the cost the panel said. axe on the page with the panel (en, ms).
import { unzipSync } from 'fflate';
import { afterAll, expect, it } from 'vitest';
import { describeInChromium, downloadBytes } from './helpers.js';
import { asWriter, setCredits, signInPage, signUpWriter, writeBook } from './seed.js';
import { seriousViolations, showIn } from './axe.js';
import { startFakeSpeech, type FakeSpeech } from '../fake-speech.js';

let fake: FakeSpeech | undefined;
afterAll(async () => {
  await fake?.close();
});

/**
 * Each written part of the writer's children's book replaced by a few sentences of their own, as the part editor saves
 * a hand edit (PUT /api/progress/children/part): the edition reads about a minute of audio, not the offline provider's
 * six
 * (every file still made, mastered, judged, encoded and joined into the M4B, at a sixth of the FFmpeg work).
 */
async function editPartsShort(writer: Parameters<typeof asWriter>[0]): Promise<void> {
  const saved = (await (await asWriter(writer, '/progress/children')).json()) as {
    book: { parts: Array<{ kind: string; position?: number }> };
  };
  for (const { kind, position } of saved.book.parts)
    await asWriter(writer, '/progress/children/part', {
      method: 'PUT',
      body: {
        part: { kind, ...(position === undefined ? {} : { position }) },
        text:
          `Pip the little owl could not sleep, so she flew to the old oak tree to count the stars (${kind}).\n\n` +
          'The moon smiled down at her, and one by one the stars began to twinkle a soft goodnight song.',
      },
    });
}

const creditsOf = async (writer: Parameters<typeof asWriter>[0]) =>
  ((await (await asWriter(writer, '/me')).json()) as { credits_available: number }).credits_available;

describeInChromium(
  'the audio edition panel',
  {
    what: 'a fake speech server',
    forAxe: true,
    serve: async () => {
      fake = await startFakeSpeech();
      return {
        env: {
          KARYA_SPEECH_URL: fake.baseURL,
          KARYA_SPEECH_FORMAT: 'wav',
          KARYA_SPEECH_VOICE: 'alloy',
          KARYA_AUDIO_CHARS_PER_CREDIT: '2000',
        },
      };
    },
  },
  (app) => {
    it('shows the cost first, makes the edition, plays a chapter and downloads it; axe clean', async () => {
      const page = await app.open({ width: 1366, height: 900 });
      const writer = await signUpWriter(app.base, 'audio.writer@e2e.test', { password: 'secret12' });
      await setCredits(writer, app.karya.adminEmail, 40);
      // A picture book (ages 3-5, one chapter), its parts then edited by hand to two sentences each: the panel is the
      // point, not the length.
      await writeBook(writer, 'children', { numberOfChapters: 1, ageGroup: '3-5' });
      await editPartsShort(writer);
      await signInPage(page, writer);
      await page.goto(`${app.base}/children`);
      const panel = page.getByTestId('audio-panel');
      await panel.getByTestId('audio-cost').waitFor();
      // The voice disclosed as synthetic, the cost in credits from the characters read.
      expect(await panel.getByTestId('audio-disclosure').innerText()).toMatch(/alloy.*synthetic \(AI\) voice/);
      const costText = await panel.getByTestId('audio-cost').innerText();
      const cost = Number(/costs (\d+) credits?/.exec(costText)?.[1]);
      expect(cost).toBeGreaterThan(0);
      expect(costText).toMatch(/2,000 characters a credit/);
      const before = await creditsOf(writer);
      for (const lang of ['en', 'ms'] as const) {
        await showIn(page, { lang, theme: 'light' });
        await panel.getByTestId('audio-cost').waitFor();
        expect(await seriousViolations(page, ['aside'])).toEqual([]);
      }
      await showIn(page, { lang: 'en', theme: 'light' });

      // Asked to confirm, with the cost; then made while the panel shows how far it is.
      await panel.getByTestId('audio-make').click();
      expect(await panel.getByRole('group').innerText()).toContain(`for ${cost} credit`);
      await panel.getByTestId('audio-confirm').click();
      await panel.getByTestId('audio-edition').waitFor({ timeout: 240_000 });
      expect(await creditsOf(writer)).toBe(before - cost);
      expect(await seriousViolations(page, ['aside'])).toEqual([]);

      // A player per file (the opening credit, the introduction, the chapter, the conclusion, the closing credit), each
      // labelled; the chapter's audio loads and plays.
      const players = panel.getByTestId('audio-player');
      expect(await players.count()).toBe(5);
      const labels = await players.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
      expect(labels[0]).toMatch(/^Listen to Opening credits/);
      expect(labels[4]).toMatch(/^Listen to Closing credits/);
      const chapter = players.nth(labels.findIndex((l) => l.startsWith('Listen to Chapter 1')));
      const played = await chapter.evaluate(async (el) => {
        const audio = el as HTMLAudioElement;
        audio.muted = true;
        if (audio.readyState < 1)
          await new Promise((resolve, reject) => {
            audio.addEventListener('loadedmetadata', resolve, { once: true });
            audio.addEventListener('error', () => reject(new Error(`audio error ${audio.error?.code}`)), {
              once: true,
            });
            audio.load();
          });
        await audio.play();
        await new Promise((resolve) => {
          const tick = () => (audio.currentTime > 0 ? resolve(undefined) : requestAnimationFrame(tick));
          tick();
        });
        audio.pause();
        return { readyState: audio.readyState, duration: audio.duration, currentTime: audio.currentTime };
      });
      expect(played.readyState).toBeGreaterThanOrEqual(1);
      expect(played.duration).toBeGreaterThan(1);
      expect(played.currentTime).toBeGreaterThan(0);

      // The whole edition downloaded: the MP3s, the M4B, the read-along files.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        panel.getByTestId('audio-download').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/-audiobook\.zip$/);
      const files = Object.keys(unzipSync(new Uint8Array(await downloadBytes(download))));
      expect(files.filter((f) => f.endsWith('.mp3'))).toHaveLength(5);
      expect(files).toEqual(expect.arrayContaining(['audiobook.m4b', 'read-along.json']));
      // Charged once: the download and the players cost nothing more.
      expect(await creditsOf(writer)).toBe(before - cost);
    }, 420_000);
  },
);
