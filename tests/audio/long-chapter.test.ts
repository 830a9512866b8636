// A chapter whose audio would pass the longest file allowed (ACX: 120 minutes) is split at paragraph boundaries into
// files of at most that length, named in order, each its own M4B chapter mark, the read-along EPUB still synchronising
// every paragraph with its clip in its own file. The limit is made small here (30 s, as a caller may set it) so a
// fast voice (speech-shaped tone, 150 words a minute, made in this process) reads a "long" chapter in seconds; by
// default it stays 120 minutes.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReadAlongInput } from '../../engine/node.js';
import { AUDIO_TARGET, writeAudiobook, type AudiobookResult, type SpeechVoice } from '../../engine/node/audio/index.js';
import { tempDir } from '../temp.js';
import { voicedTone, wavOf } from '../fake-speech.js';
import { chaptersOf, streamOf } from './measure.js';
import { expectAcxFiles } from './edition.js';
import { readAlongBook } from '../export/read-along-epub.js';
import { epubcheck } from '../export/tools.js';
import { chapterSaves, savedDocument } from './book.js';

/** A voice reading at 150 words a minute, in this process (no server, no network). */
const toneVoice: SpeechVoice = {
  isDemo: false,
  credit: () => ({ kind: 'server', voice: 'tone', name: 'test' }),
  check: () => undefined,
  speak: async ({ text }) => new Uint8Array(wavOf(voicedTone(text.split(/\s+/).filter(Boolean).length))),
};

// Chapter 1: seven paragraphs of 14 words (about 5.6 s each, over 40 s with its pauses: more than a file may hold at
// the limit, so it is split); chapter 2 a short one (whole in one file).
const SENTENCE = 'The river rose in the night and the old bridge shook under';
const LONG = Array.from({ length: 7 }, (_, i) => `${SENTENCE} number ${i + 1}.`);
const SHORT = [
  'Morning came, and the water went down slowly over the fields.',
  'Aisha found her brother asleep by the lantern, safe and dry.',
];

let dir: string;
let out: string;
let result: AudiobookResult;
const MAX_MINUTES = 0.5;
/** Each MP3's duration as ffprobe read it (seconds), by its name. */
const durations = new Map<string, number>();

beforeAll(async () => {
  dir = tempDir('karya-long-chapter-');
  out = path.join(dir, 'audio');
  const chapters = [
    { title: 'The Long Night', text: LONG.join('\n\n') },
    { title: 'The Morning', text: SHORT.join('\n\n') },
  ];
  const doc = await savedDocument(path.join(dir, 'state.sqlite'), chapterSaves('en', 'The Flood', chapters));
  result = await writeAudiobook({ doc, voice: toneVoice, out, maxMinutes: MAX_MINUTES });
}, 300_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a chapter longer than a file may be', () => {
  it('is split into files of at most the limit, named in order, the other chapters whole', () => {
    expect(AUDIO_TARGET.maxMinutes).toBe(120);
    expect(result.failed).toEqual([]);
    const mp3s = readdirSync(out)
      .filter((f) => f.endsWith('.mp3'))
      .sort();
    const parts = mp3s.filter((f) => f.startsWith('01-chapter-'));
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect(parts).toEqual(parts.map((_, i) => `01-chapter-${String(i + 1).padStart(2, '0')}.mp3`));
    expect(mp3s).toEqual(['00-opening-credits.mp3', ...parts, '02-chapter.mp3', '03-closing-credits.mp3']);
    // Every file at the stores' numbers (their levels read in one FFmpeg run), none over the limit (its duration as
    // ffprobe read it).
    const streams = expectAcxFiles(mp3s.map((f) => path.join(out, f)));
    mp3s.forEach((f, i) => {
      durations.set(f, streams[i]!.duration);
      expect(streams[i]!.duration, f).toBeLessThanOrEqual(MAX_MINUTES * 60);
    });
  });

  it('gives each file its own M4B chapter mark, in order', () => {
    const marks = chaptersOf(path.join(out, 'audiobook.m4b'));
    const parts = readdirSync(out).filter((f) => f.startsWith('01-chapter-')).length;
    expect(marks.map((m) => m.title)).toEqual([
      'Opening credits',
      ...Array.from({ length: parts }, (_, i) => `Chapter 1: The Long Night, part ${i + 1} of ${parts}`),
      'Chapter 2: The Morning',
      'Closing credits',
    ]);
    for (let i = 1; i < marks.length; i++) expect(marks[i]!.start).toBeCloseTo(marks[i - 1]!.end, 2);
  });

  it('splits only between paragraphs: every paragraph whole, in order, timed inside its own file', () => {
    const manifest = JSON.parse(readFileSync(path.join(out, 'read-along.json'), 'utf8')) as ReadAlongInput;
    const [long] = manifest.chapters;
    expect(long!.audio).toBe('01-chapter-01.mp3');
    expect(long!.paragraphs.map((p) => p.text)).toEqual(LONG);
    const byFile = new Map<string, number>();
    // Each file's duration read once (ffprobe, by the first case when it ran), not once for each of its paragraphs.
    const durationOf = (file: string) =>
      durations.get(file) ?? durations.set(file, streamOf(path.join(out, file)).duration).get(file)!;
    for (const p of [long!.heading!, ...long!.paragraphs]) {
      const file = p.audio ?? long!.audio;
      const duration = durationOf(file);
      expect(p.begin, p.text).toBeGreaterThanOrEqual(byFile.get(file) ?? 0.5);
      expect(p.end, p.text).toBeLessThanOrEqual(duration);
      byFile.set(file, p.end);
    }
    expect([...byFile.keys()]).toEqual(
      readdirSync(out)
        .filter((f) => f.startsWith('01-chapter-'))
        .sort(),
    );
  });

  it('keeps the read-along EPUB valid, each paragraph synchronised with its clip in its own file', async () => {
    expect(result.epub).toBe('read-along.epub');
    const file = path.join(out, 'read-along.epub');
    const check = await epubcheck(file);
    expect(check.code, check.report).toBe(0);
    const book = readAlongBook(readFileSync(file));
    const smil = book.items.find(
      (i) => i.id === book.items.find((p) => p.href === 'part-001.xhtml')!['media-overlay'],
    )!.href!;
    const pars = book.pars(smil);
    const manifest = JSON.parse(readFileSync(path.join(out, 'read-along.json'), 'utf8')) as ReadAlongInput;
    const spoken = [manifest.chapters[0]!.heading!, ...manifest.chapters[0]!.paragraphs];
    expect(pars).toHaveLength(spoken.length);
    // A clip in each of the chapter's files, each audio in the package, the clips where the manifest times them.
    expect(new Set(pars.map((p) => p.audio)).size).toBe(new Set(spoken.map((p) => p.audio ?? '')).size);
    for (const p of pars)
      expect(book.items.some((i) => i.href === p.audio && i['media-type'] === 'audio/mpeg')).toBe(true);
    pars.forEach((p, i) => {
      expect(p.begin).toBeCloseTo(spoken[i]!.begin, 2);
      expect(p.end).toBeCloseTo(spoken[i]!.end, 2);
    });
    for (const p of pars.slice(1)) expect(book.textOf(p.page, p.id)).toBe(spoken[pars.indexOf(p)]!.text);
  }, 120_000);
});
