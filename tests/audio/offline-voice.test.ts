// `karya audiobook --book ID` with no speech server: espeak-ng's offline demo voice reads a 3-chapter book in English,
// Malay and Indonesian, said to be the demo voice; every MP3 meets ACX's numbers as decoded, the credits open and
// close it in the book's language, the M4B's chapter marks are the book's chapters, and read-along.json's timings
// are in order and inside each file.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { BOOK_TITLE, TITLES, saveAudioBook } from './book.js';
import { expectEdition } from './edition.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const CREDITS = {
  en: { opening: 'Opening credits', closing: 'Closing credits', demo: 'offline demo voice' },
  ms: { opening: 'Kredit pembukaan', closing: 'Kredit penutup', demo: 'suara demo luar talian' },
  id: { opening: 'Kredit pembuka', closing: 'Kredit penutup', demo: 'suara demo luring' },
} as const;

describe('karya audiobook with the offline demo voice (espeak-ng)', () => {
  it.each(['en', 'ms', 'id'] as const)('writes a 3-chapter book in %s at the numbers, with its credits, M4B and timings', async (lang) => {
    const cwd = tempDir(`karya-audiobook-${lang}-`);
    dirs.push(cwd);
    const state = path.join(cwd, 'state.sqlite');
    const id = await saveAudioBook(state, lang);
    const out = path.join(cwd, 'audio');
    const r = await runKaryaInProcess(['audiobook', '--book', String(id), '--out', out, '--state', state, '--json'], { cwd });
    expect(r.code, r.stderr).toBe(0);
    // The writer is told it is the demo voice, in the book's language.
    expect(r.stderr).toContain(CREDITS[lang].demo);
    const json = JSON.parse(r.stdout) as { audiobook: { voice: { kind: string }; failed: unknown[]; files: string[] } };
    expect(json.audiobook.voice.kind).toBe('demo');
    expect(json.audiobook.failed).toEqual([]);
    expectEdition(out, { title: BOOK_TITLE[lang], lang, chapterTitles: TITLES[lang], credits: CREDITS[lang] });
  }, 600_000);
});
