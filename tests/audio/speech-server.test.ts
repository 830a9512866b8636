// `karya audiobook --book ID` read by an OpenAI-compatible speech server (tests/fake-speech.ts, no network): configured
// by KARYA_SPEECH_URL with its key by reference (the variable KARYA_SPEECH_KEY_ENV names) and a voice per language; a
// 503 is asked again by the one retry layer and counted; the credits disclose the synthetic voice in the book's
// language; every MP3 meets ACX's numbers, the M4B's marks are the chapters, read-along.json's timings are in order.
// A chapter whose audio is silence is asked again once, then named, left out of the M4B and the timings, exit 1.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { startFakeSpeech, type FakeSpeech, type SpeechReply, type SpeechRequestSeen } from '../fake-speech.js';
import { BOOK_TITLE, TITLES, saveAudioBook } from './book.js';
import { expectEdition } from './edition.js';

const fakes: FakeSpeech[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const KEY = 'sk-speech-test-0123456789';
const CREDITS = {
  en: { opening: 'Opening credits', closing: 'Closing credits', synthetic: 'synthetic voice' },
  ms: { opening: 'Kredit pembukaan', closing: 'Kredit penutup', synthetic: 'suara sintetik' },
  id: { opening: 'Kredit pembuka', closing: 'Kredit penutup', synthetic: 'suara sintetis' },
} as const;
const VOICES = { en: 'alloy', ms: 'nova', id: 'shimmer' } as const;
// The read-along EPUB's verdicts as the run says them in the book's language: epubcheck run for real (0/0/0), Ace
// turned off in the suite (KARYA_ACE=off) and said so, not passed in silence.
const CHECKS = {
  en: {
    epubcheck: 'read-along.epub: epubcheck passes it (epubcheck: 0 fatal, 0 errors, 0 warnings)',
    ace:
      'read-along.epub: not checked by DAISY Ace: the accessibility ' +
      'check (DAISY Ace) is turned off here (KARYA_ACE=off)',
  },
  ms: {
    epubcheck: 'read-along.epub: lulus epubcheck (epubcheck: 0 maut, 0 ralat, 0 amaran)',
    ace:
      'read-along.epub: tidak disemak oleh DAISY Ace: semakan ' +
      'kebolehcapaian (DAISY Ace) dimatikan di sini (KARYA_ACE=off)',
  },
  id: {
    epubcheck: 'read-along.epub: lolos epubcheck (epubcheck: 0 fatal, 0 galat, 0 peringatan)',
    ace:
      'read-along.epub: tidak diperiksa oleh DAISY Ace: pemeriksaan ' +
      'aksesibilitas (DAISY Ace) dimatikan di sini (KARYA_ACE=off)',
  },
} as const;

async function run(
  lang: 'en' | 'ms' | 'id',
  reply?: (body: SpeechRequestSeen['body'], index: number) => SpeechReply | undefined,
  extra: string[] = [],
) {
  const fake = await startFakeSpeech(reply ? { reply } : {});
  fakes.push(fake);
  const cwd = tempDir(`karya-audiobook-speech-${lang}-`);
  dirs.push(cwd);
  const state = path.join(cwd, 'state.sqlite');
  const id = await saveAudioBook(state, lang);
  const out = path.join(cwd, 'audio');
  const r = await runKaryaInProcess(
    ['audiobook', '--book', String(id), '--out', out, '--state', state, '--json', ...extra],
    {
      cwd,
      env: {
        KARYA_SPEECH_URL: fake.baseURL,
        KARYA_SPEECH_KEY_ENV: 'SPEECH_KEY',
        SPEECH_KEY: KEY,
        KARYA_SPEECH_FORMAT: 'wav',
        KARYA_SPEECH_VOICE: 'alloy',
        KARYA_SPEECH_VOICE_MS: 'nova',
        KARYA_SPEECH_VOICE_ID: 'shimmer',
      },
    },
  );
  return { r, fake, out };
}

describe('karya audiobook with an OpenAI-compatible speech server', () => {
  it.each(['en', 'ms', 'id'] as const)(
    'writes a 3-chapter book in %s at the numbers, a 503 asked again',
    async (lang) => {
      const { r, fake, out } = await run(lang, (_body, index) =>
        index === 1 ? { status: 503, headers: { 'retry-after': '0' } } : undefined,
      );
      expect(r.code, r.stderr).toBe(0);
      // Every request to the speech endpoint, the key in its header only, the language's voice, WAV asked for.
      expect(fake.requests.every((q) => q.path === '/v1/audio/speech' && q.authorization === `Bearer ${KEY}`)).toBe(
        true,
      );
      expect(new Set(fake.requests.map((q) => `${q.body.model} ${q.body.voice} ${q.body.response_format}`))).toEqual(
        new Set([`tts-1 ${VOICES[lang]} wav`]),
      );
      expect(`${r.stdout}${r.stderr}`).not.toContain(KEY);
      // The credits, first and last, say in the book's language that the voice is synthetic, and name it.
      const asked = fake.requests.map((q) => q.body.input ?? '');
      expect(asked[0]).toContain(BOOK_TITLE[lang]);
      for (const credit of [asked[0]!, asked.at(-1)!]) {
        expect(credit).toContain(CREDITS[lang].synthetic);
        expect(credit).toContain(VOICES[lang]);
      }
      // The 503 was asked again (one request more than the texts read) and counted in the run's calls.
      const json = JSON.parse(r.stdout) as {
        audiobook: {
          voice: { kind: string; voice: string };
          calls: { planned: number; calls: number };
          failed: unknown[];
        };
      };
      expect(json.audiobook.voice).toMatchObject({ kind: 'server', voice: VOICES[lang] });
      expect(json.audiobook.calls.calls).toBe(json.audiobook.calls.planned + 1);
      expect(fake.requests).toHaveLength(json.audiobook.calls.calls);
      const manifest = expectEdition(out, {
        title: BOOK_TITLE[lang],
        lang,
        chapterTitles: TITLES[lang],
        credits: CREDITS[lang],
      });
      // The timings' texts are the texts read between the credits (a paragraph asked again counted once), each
      // chapter's
      // heading first.
      expect(new Set(manifest.chapters.flatMap((c) => [c.heading!.text, ...c.paragraphs.map((p) => p.text)]))).toEqual(
        new Set(asked.slice(1, -1)),
      );
      manifest.chapters.forEach((c) => expect(c.heading!.text).toBe(c.title));
      // The read-along EPUB's epubcheck and Ace verdicts, in the book's language, and in --json.
      expect(r.stderr).toContain(CHECKS[lang].epubcheck);
      expect(r.stderr).toContain(CHECKS[lang].ace);
      const checks = (
        JSON.parse(r.stdout) as {
          audiobook: { epubChecks: { epubcheck: { status: string }; ace: { status: string } } };
        }
      ).audiobook.epubChecks;
      expect({ epubcheck: checks.epubcheck.status, ace: checks.ace.status }).toEqual({
        epubcheck: 'pass',
        ace: 'skipped',
      });
    },
    600_000,
  );

  it(
    'names a chapter whose audio is silence twice, keeps the ' +
      'others, and leaves it out of the M4B and the timings (exit 1)',
    async () => {
      const silent = (body: SpeechRequestSeen['body']) => /Chapter 2|\(2\)/.test(body.input ?? '');
      const { r, fake, out } = await run('en', (body) => (silent(body) ? { silenceSeconds: 3 } : undefined));
      expect(r.code, r.stderr).toBe(1);
      // Asked twice: the chapter's heading and its first paragraph were each requested two times.
      expect(fake.requests.filter((q) => silent(q.body))).toHaveLength(4);
      expect(r.stderr).toContain('Chapter 2: The Bridge: its audio was made twice and failed its check both times');
      expect(r.stderr).toContain('not charged');
      const json = JSON.parse(r.stdout) as {
        audiobook: { failed: Array<{ title: string; code: string }>; files: string[]; m4b: string | null };
      };
      expect(json.audiobook.failed).toEqual([
        expect.objectContaining({ title: 'Chapter 2: The Bridge', code: 'audio_check_duration' }),
      ]);
      expect(json.audiobook.m4b).toBeNull();
      expect(existsSync(path.join(out, '02-chapter.mp3'))).toBe(false);
      expect(existsSync(path.join(out, '01-chapter.mp3'))).toBe(true);
      const manifest = JSON.parse(readFileSync(path.join(out, 'read-along.json'), 'utf8')) as {
        chapters: Array<{ title: string }>;
      };
      expect(manifest.chapters.map((c) => c.title)).toEqual(['Chapter 1: The Storm', 'Chapter 3: The Morning']);
    },
    600_000,
  );

  it('stops at --max-calls: a server that keeps failing is not asked for the whole book', async () => {
    const { r, fake } = await run('en', () => ({ status: 503, headers: { 'retry-after': '0' } }), ['--max-calls', '4']);
    expect(r.code).toBe(1);
    // The bound said before anything was asked, then the run stopped at it: never more requests than it allows.
    expect(r.stderr).toMatch(/4/);
    expect(fake.requests.length).toBeLessThanOrEqual(4);
    expect(r.stderr).toContain('the speech server stopped the run');
  }, 120_000);
});
