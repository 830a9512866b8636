// An edition kept whole or not at all (the studio's: server/core/audiobook-job.ts) ends at the first part whose audio
// fails its check twice: the parts under way are stopped, no text after it is asked of the voice (each costs the
// speech server's money, and nothing of the run is kept), and the result names the part, with no M4B and no EPUB. An
// edition that keeps the others (`karya audiobook`'s, tests/audio/speech-server) is not stopped.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookDocument } from '../../engine/index.js';
import { writeAudiobook, type AudiobookEvent, type SpeechVoice } from '../../engine/node/audio/index.js';
import { tempDir } from '../temp.js';
import { voicedTone, wavOf } from '../fake-speech.js';
import { chapterSaves, savedDocument } from './book.js';

// Fourteen parts: more than are made at once on any machine (an audio thread a core, at most 8, and one more).
const TITLES = [
  ...['The Storm', 'The Bridge', 'The Ferry', 'The Market', 'The Well', 'The Orchard', 'The Lamp'],
  ...['The Harbour', 'The Kiln', 'The Mill', 'The School', 'The Tower', 'The Gate', 'The Dawn'],
];
const FAILING = 'The Bridge';
const RATE = 22_050;

/** Each part's texts: its heading and one paragraph naming it. */
const paragraphOf = (title: string) =>
  `The rain came down over ${title.toLowerCase()}, and the river rose in the night.`;

interface Asked {
  text: string;
  /** How many events the run had told when this text was asked. */
  eventsBefore: number;
}

/**
 * A speech server as a voice in this process: the failing part's texts answered with silence at once (audio its check
 * refuses), every other text with a tone after a while (a real server takes seconds), or refused when the run stops.
 */
function slowVoice(events: AudiobookEvent[], asked: Asked[]): SpeechVoice {
  return {
    isDemo: false,
    credit: () => ({ kind: 'server', voice: 'tone', name: 'test' }),
    check: () => undefined,
    speak: ({ text, signal }) => {
      asked.push({ text, eventsBefore: events.length });
      if (/bridge/i.test(text)) return Promise.resolve(new Uint8Array(wavOf(new Int16Array(3 * RATE))));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve(new Uint8Array(wavOf(voicedTone(text.split(' ').length)))), 150);
        signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
      });
    },
  };
}

let dir: string;
let doc: BookDocument;

beforeAll(async () => {
  dir = tempDir('karya-whole-only-');
  const chapters = TITLES.map((title) => ({ title, text: paragraphOf(title) }));
  doc = await savedDocument(path.join(dir, 'state.sqlite'), chapterSaves('en', 'Fourteen Crossings', chapters));
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an audio edition kept whole or not at all', () => {
  it('ends at the first part that fails twice: nothing more is asked, the part is named, no M4B', async () => {
    const events: AudiobookEvent[] = [];
    const asked: Asked[] = [];
    const out = path.join(dir, 'whole');
    const result = await writeAudiobook({
      doc,
      voice: slowVoice(events, asked),
      out,
      wholeOnly: true,
      onEvent: (e) => events.push(e),
    });
    expect(result.failed.map((f) => f.title)).toEqual([`Chapter 2: ${FAILING}`]);
    expect(result.m4b).toBeUndefined();
    expect(result.epub).toBeUndefined();
    expect(existsSync(path.join(out, 'audiobook.m4b'))).toBe(false);
    const failedAt = events.findIndex((e) => e.kind === 'failed');
    expect(events[failedAt]).toMatchObject({ kind: 'failed', title: `Chapter 2: ${FAILING}` });
    // Its texts asked twice (once again after the first refusal), nothing asked after it failed.
    expect(asked.filter((a) => a.text.includes(FAILING))).toHaveLength(2);
    expect(asked.filter((a) => a.eventsBefore > failedAt)).toEqual([]);
    // The book's last part never reached the voice, nor most of the others.
    const texts = asked.map((a) => a.text);
    expect(texts.filter((t) => /dawn/i.test(t))).toEqual([]);
    expect(texts.length).toBeLessThan(2 * TITLES.length);
  }, 120_000);
});
