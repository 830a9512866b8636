// What a whole audio edition must be, asserted from its files as a store's checker and a player read them: every MP3
// at ACX's numbers (44.1 kHz, mono, 192 kbps CBR, RMS −23 to −18 dB, peak ≤ −3 dB, noise floor ≤ −60 dB, 0.5–1 s of
// room tone at the head and 1–5 s at the tail), the credits first and last, the M4B's chapter marks the book's
// chapters, and read-along.json's timings in order and inside each chapter's file.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { ReadAlongInput } from '../../engine/node.js';
import {
  acxReadingsOf,
  editionReadingsOf,
  isCbr,
  m4bOf,
  streamOf,
  type AcxReadings,
  type StreamFacts,
} from './measure.js';

/** Where the room tone is read at a file's head: from 0.05 s, for 0.4 s. */
const HEAD = { start: 0.05, seconds: 0.4 };

/**
 * One MP3 at the numbers (`s` its stream as ffprobe read it, and its levels and silences, when the caller has them):
 * its duration.
 */
export function expectAcxFile(
  file: string,
  s: StreamFacts = streamOf(file),
  readings: AcxReadings = acxReadingsOf([{ file, duration: s.duration }], HEAD)[0]!,
): number {
  expect({ codec: s.codec, sampleRate: s.sampleRate, channels: s.channels, bitRate: s.bitRate }, file).toEqual({
    codec: 'mp3',
    sampleRate: 44_100,
    channels: 1,
    bitRate: 192_000,
  });
  expect(isCbr(file), `${file} is CBR`).toBe(true);
  // The whole file's levels, the head's and the room tone, from one decode.
  const { whole, head: headTone, quiet } = readings;
  expect(whole.rms, `${file} RMS`).toBeGreaterThanOrEqual(-23);
  expect(whole.rms, `${file} RMS`).toBeLessThanOrEqual(-18);
  expect(whole.peak, `${file} peak`).toBeLessThanOrEqual(-3);
  // The noise floor: the room tone's level, read in the head's first 0.4 s (ACX: at most −60 dB).
  expect(headTone.rms, `${file} noise floor`).toBeLessThanOrEqual(-60);
  // Room tone: the first silence starts the file and lasts 0.5–1 s; the last ends it and lasts 1–5 s.
  const head = quiet[0]!;
  const tail = quiet.at(-1)!;
  expect(head.start, `${file} head`).toBeLessThan(0.05);
  expect(head.end - head.start, `${file} head room tone`).toBeGreaterThanOrEqual(0.5);
  expect(head.end - head.start, `${file} head room tone`).toBeLessThanOrEqual(1);
  expect(tail.end, `${file} tail`).toBeGreaterThan(s.duration - 0.1);
  expect(tail.end - tail.start, `${file} tail room tone`).toBeGreaterThanOrEqual(1);
  expect(tail.end - tail.start, `${file} tail room tone`).toBeLessThanOrEqual(5);
  expect(s.duration).toBeLessThanOrEqual(120 * 60);
  return s.duration;
}

/**
 * Several MP3s at the numbers, each file's stream and duration read by its own ffprobe (to the microsecond, where a
 * duration is checked against a limit), their levels and silences by one FFmpeg: each file's stream facts.
 */
export function expectAcxFiles(files: readonly string[]): StreamFacts[] {
  const streams = files.map((file) => streamOf(file));
  const readings = acxReadingsOf(
    files.map((file, i) => ({ file, duration: streams[i]!.duration })),
    HEAD,
  );
  files.forEach((file, i) => expectAcxFile(file, streams[i], readings[i]));
  return streams;
}

/**
 * The whole edition in `out`: `chapterTitles` the book's own chapter titles, `credits` the credits' titles in its
 * language.
 */
export function expectEdition(
  out: string,
  book: {
    title: string;
    lang: string;
    chapterTitles: readonly string[];
    credits: { opening: string; closing: string };
  },
): ReadAlongInput {
  const mp3s = readdirSync(out)
    .filter((f) => f.endsWith('.mp3'))
    .sort();
  // The opening credit, a file per chapter, the closing credit.
  expect(mp3s).toHaveLength(book.chapterTitles.length + 2);
  // Every file's stream, duration and title tag, its levels and silences, from one FFmpeg (not an ffprobe a file more).
  const read = editionReadingsOf(
    mp3s.map((f) => path.join(out, f)),
    HEAD,
  );
  const streams = new Map(mp3s.map((f, i) => [f, read[i]!.stream]));
  const durations = new Map(
    mp3s.map((f, i) => [f, expectAcxFile(path.join(out, f), read[i]!.stream, read[i]!.readings)]),
  );
  expect(streams.get(mp3s[0]!)!.title).toBe(book.credits.opening);
  expect(streams.get(mp3s.at(-1)!)!.title).toBe(book.credits.closing);
  // The M4B: AAC, a mark for each file, the chapters' marks titled as the book titles them.
  const m4b = path.join(out, 'audiobook.m4b');
  expect(existsSync(m4b)).toBe(true);
  // Its codec and chapter marks from one ffprobe.
  const { codec, chapters: marks } = m4bOf(m4b);
  expect(codec).toBe('aac');
  expect(marks.map((m) => m.title)).toHaveLength(mp3s.length);
  expect(marks[0]!.title).toBe(book.credits.opening);
  expect(marks.at(-1)!.title).toBe(book.credits.closing);
  book.chapterTitles.forEach((title, i) => expect(marks[i + 1]!.title).toContain(title));
  for (let i = 1; i < marks.length; i++) expect(marks[i]!.start).toBeCloseTo(marks[i - 1]!.end, 2);
  // read-along.json: the book, its chapters in order, each paragraph's time inside its file, in order.
  const manifest = JSON.parse(readFileSync(path.join(out, 'read-along.json'), 'utf8')) as ReadAlongInput;
  expect({ title: manifest.title, language: manifest.language }).toEqual({ title: book.title, language: book.lang });
  expect(manifest.chapters).toHaveLength(book.chapterTitles.length);
  manifest.chapters.forEach((chapter, i) => {
    expect(chapter.title).toContain(book.chapterTitles[i]!);
    const duration = durations.get(chapter.audio)!;
    expect(duration, chapter.audio).toBeGreaterThan(0);
    expect(chapter.paragraphs.length).toBeGreaterThan(0);
    let last = 0.5;
    for (const p of [...(chapter.heading ? [chapter.heading] : []), ...chapter.paragraphs]) {
      expect(p.text.length).toBeGreaterThan(0);
      expect(p.begin, `${chapter.audio} ${p.text}`).toBeGreaterThanOrEqual(last);
      expect(p.end).toBeGreaterThan(p.begin);
      expect(p.end).toBeLessThanOrEqual(duration);
      last = p.end;
    }
    // After the last paragraph, the tail's room tone.
    expect(duration - last).toBeGreaterThanOrEqual(1);
  });
  return manifest;
}
