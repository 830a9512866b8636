// A finished book's audio edition from the studio's side (server/routes/audiobook.ts), read by an OpenAI-compatible
// speech server (tests/fake-speech.ts, no network): the cost said before anything is spent, the edition made as a
// job that answers 202 at once and charged once when it is whole, given back when a chapter fails its check; a
// chapter listened to as audio/mpeg that decodes (a Range answered 206), the whole edition downloaded as a zip; only
// the writer's own books.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAudiobook } from '../../engine/node.js';
import { downloadOf, startTestServer, signUp, type TestServer } from './helpers.js';
import { startFakeSpeech, type FakeSpeech, type SpeechRequestSeen } from '../fake-speech.js';
import { audioBookParagraphs, audioBookSaves, TITLES } from '../audio/book.js';
import { streamOf } from '../audio/measure.js';
import { audioJobOf } from '../../server/core/audiobook-job.js';
import { tempDir } from '../temp.js';

const PER_CREDIT = 100;
let ts: TestServer;
let fake: FakeSpeech;
/** Requests whose text the fake server answers with silence (a chapter whose audio fails its check). */
let silent: (body: SpeechRequestSeen['body']) => boolean = () => false;

beforeAll(async () => {
  fake = await startFakeSpeech({ reply: (body) => (silent(body) ? { silenceSeconds: 3 } : undefined) });
  ts = await startTestServer({
    config: { audio: { charactersPerCredit: PER_CREDIT, dir: tempDir('karya-audio-server-') } },
  });
  const { speechVoiceFromEnv } = await loadAudiobook();
  const cwd = tempDir('karya-audio-cwd-');
  ts.ctx.speech = () =>
    speechVoiceFromEnv(
      { KARYA_SPEECH_URL: fake.baseURL, KARYA_SPEECH_FORMAT: 'wav', KARYA_SPEECH_VOICE: 'alloy' },
      { cwd },
    );
});
afterAll(async () => {
  await ts?.close();
  await fake?.close();
});

async function writer(credits: number) {
  const cookie = await signUp(ts);
  const id = (await ts.http.get('/api/me').set('cookie', cookie)).body.id as string;
  ts.store.run(ts.store.db.updateTable('users').set({ credits_available: credits }).where('id', '=', id));
  const bookId = await ts.ctx.repos.books.saveImport({ userId: id, key: 'romance', saves: audioBookSaves('en') });
  const ledger = async () => (await ts.ctx.repos.credits.ledger(id)).slice(1);
  return { cookie, id, bookId, ledger };
}

/** The run of the writer's edition, waited for to its end. */
async function settled(w: { id: string; bookId: number }) {
  await audioJobOf(ts.ctx, w.id, w.bookId)?.done;
}

describe('the audio edition from the studio', () => {
  it('says the cost first, makes it as a job charged once, plays a chapter and downloads the edition', async () => {
    const w = await writer(50);
    const before = await ts.http.get(`/api/books/${w.bookId}/audiobook`).set('cookie', w.cookie);
    expect(before.status).toBe(200);
    const cost = before.body.cost as { characters: number; characters_per_credit: number; credits: number };
    // Every paragraph is read (and the credits, the headings): the price is the characters at the server's rate.
    expect(cost.characters).toBeGreaterThan(audioBookParagraphs('en').join('').length);
    expect(cost).toEqual({
      characters: cost.characters,
      characters_per_credit: PER_CREDIT,
      credits: Math.ceil(cost.characters / PER_CREDIT),
    });
    expect(before.body).toMatchObject({
      voice: { kind: 'server', name: expect.stringContaining('alloy') },
      job: null,
      edition: null,
      credits_available: 50,
    });
    expect(await w.ledger()).toEqual([]);

    const start = await ts.http.post(`/api/books/${w.bookId}/audiobook`).set('cookie', w.cookie).send({});
    expect(start.status).toBe(202);
    expect(start.body.job).toMatchObject({ files_done: 0, files_total: TITLES.en.length + 2, error: null });
    // A second start while it runs is refused, nothing charged for it.
    const twice = await ts.http.post(`/api/books/${w.bookId}/audiobook`).set('cookie', w.cookie).send({});
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('audio_edition_running');
    await settled(w);

    const after = await ts.http.get(`/api/books/${w.bookId}/audiobook`).set('cookie', w.cookie);
    expect(after.body.job).toBeNull();
    const edition = after.body.edition as {
      files: Array<{ kind: string; title: string; file: string; seconds: number }>;
      credits_charged: number;
      is_current: boolean;
    };
    expect(edition.files.map((f) => f.kind)).toEqual(['opening', 'chapter', 'chapter', 'chapter', 'closing']);
    TITLES.en.forEach((title, i) => expect(edition.files[i + 1]!.title).toContain(title));
    expect(edition).toMatchObject({ credits_charged: cost.credits, is_current: true });
    expect(after.body.credits_available).toBe(50 - cost.credits);
    // Asked again with the same text: answered as made, not charged again.
    const again = await ts.http.post(`/api/books/${w.bookId}/audiobook`).set('cookie', w.cookie).send({});
    expect(again.status).toBe(202);
    expect(again.body.job).toBeNull();
    const charges = (await w.ledger()).filter((r) => r.type === 'charge');
    expect(charges.map((r) => r.amount)).toEqual([-cost.credits]);
    expect((await w.ledger()).filter((r) => r.type === 'refund')).toEqual([]);

    // A chapter listened to: MP3 bytes that decode, as long as the edition says.
    const chapter = edition.files[1]!;
    const listen = await downloadOf(ts, `/api/books/${w.bookId}/audiobook/files/${chapter.file}`, w.cookie);
    expect(listen.status).toBe(200);
    expect(listen.headers['content-type']).toMatch(/^audio\/mpeg/);
    const mp3 = path.join(tempDir('karya-audio-listen-'), chapter.file);
    writeFileSync(mp3, listen.body as Buffer);
    const stream = streamOf(mp3);
    expect(stream.codec).toBe('mp3');
    expect(stream.duration).toBeCloseTo(chapter.seconds, 0);
    const range = await downloadOf(ts, `/api/books/${w.bookId}/audiobook/files/${chapter.file}`, w.cookie).set(
      'range',
      'bytes=0-99',
    );
    expect(range.status).toBe(206);
    expect(range.headers['content-range']).toMatch(/^bytes 0-99\//);
    expect((range.body as Buffer).length).toBe(100);

    // The edition downloaded: every MP3, the M4B, the read-along timings and EPUB.
    const zip = await downloadOf(ts, `/api/books/${w.bookId}/audiobook/download`, w.cookie);
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain('attachment; filename="the-small-lantern-audiobook.zip"');
    const files = unzipSync(new Uint8Array(zip.body as Buffer));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        ...edition.files.map((f) => f.file),
        'audiobook.m4b',
        'read-along.json',
        'read-along.epub',
      ]),
    );
    expect(Buffer.from(files[chapter.file]!)).toEqual(listen.body);

    // Another writer reaches none of it.
    const other = await signUp(ts);
    for (const url of [
      `/api/books/${w.bookId}/audiobook`,
      `/api/books/${w.bookId}/audiobook/files/${chapter.file}`,
      `/api/books/${w.bookId}/audiobook/download`,
    ]) {
      const res = await ts.http.get(url).set('cookie', other);
      expect(res.status, url).toBe(404);
    }
    expect((await ts.http.post(`/api/books/${w.bookId}/audiobook`).set('cookie', other).send({})).status).toBe(404);
  }, 300_000);

  it('gives the charge back when a chapter fails its check, and keeps nothing of it', async () => {
    const w = await writer(50);
    silent = (body) => /\(2\)|The Bridge/.test(body.input ?? '');
    try {
      const start = await ts.http.post(`/api/books/${w.bookId}/audiobook`).set('cookie', w.cookie).send({});
      expect(start.status).toBe(202);
      await settled(w);
    } finally {
      silent = () => false;
    }
    const after = await ts.http.get(`/api/books/${w.bookId}/audiobook`).set('cookie', w.cookie);
    expect(after.body.job).toMatchObject({
      state: 'failed',
      error: { code: 'audio_chapter_failed', message: expect.stringContaining('The Bridge') },
    });
    expect(after.body.edition).toBeNull();
    expect(after.body.credits_available).toBe(50);
    const ledger = await w.ledger();
    expect(ledger.map((r) => r.type)).toEqual(['charge', 'refund']);
    expect((await ts.http.get(`/api/books/${w.bookId}/audiobook/download`).set('cookie', w.cookie)).status).toBe(404);
  }, 300_000);

  it('refuses a writer who cannot pay before anything is read', async () => {
    const w = await writer(0);
    const asked = fake.requests.length;
    const res = await ts.http.post(`/api/books/${w.bookId}/audiobook`).set('cookie', w.cookie).send({});
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('insufficient_credits');
    expect(fake.requests.length).toBe(asked);
    expect((await ts.http.get(`/api/books/${w.bookId}/audiobook`).set('cookie', w.cookie)).body.job).toBeNull();
  });
});
