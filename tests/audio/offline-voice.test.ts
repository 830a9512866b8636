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
import { strFromU8, unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const CREDITS = {
  en: { opening: 'Opening credits', closing: 'Closing credits', demo: 'offline demo voice' },
  ms: { opening: 'Kredit pembukaan', closing: 'Kredit penutup', demo: 'suara demo luar talian' },
  id: { opening: 'Kredit pembuka', closing: 'Kredit penutup', demo: 'suara demo luring' },
} as const;

/** epubcheck's counts of a clean EPUB (0 fatal, 0 errors, 0 warnings) as the run says them in the book's language. */
const EPUBCHECK_CLEAN = {
  en: 'epubcheck: 0 fatal, 0 errors, 0 warnings',
  ms: 'epubcheck: 0 maut, 0 ralat, 0 amaran',
  id: 'epubcheck: 0 fatal, 0 galat, 0 peringatan',
} as const;

describe('karya audiobook with the offline demo voice (espeak-ng)', () => {
  it.each(['en', 'ms', 'id'] as const)(
    'writes a 3-chapter book in %s at the numbers, with its credits, M4B and timings',
    async (lang) => {
      const cwd = tempDir(`karya-audiobook-${lang}-`);
      dirs.push(cwd);
      const state = path.join(cwd, 'state.sqlite');
      const id = await saveAudioBook(state, lang);
      const out = path.join(cwd, 'audio');
      const r = await runKaryaInProcess(['audiobook', '--book', String(id), '--out', out, '--state', state, '--json'], {
        cwd,
      });
      expect(r.code, r.stderr).toBe(0);
      // The writer is told it is the demo voice, in the book's language.
      expect(r.stderr).toContain(CREDITS[lang].demo);
      const json = JSON.parse(r.stdout) as {
        audiobook: {
          voice: { kind: string };
          failed: unknown[];
          files: string[];
          epubChecks: { epubcheck: { status: string; detail: string } };
        };
      };
      expect(json.audiobook.voice.kind).toBe('demo');
      expect(json.audiobook.failed).toEqual([]);
      const manifest = expectEdition(out, {
        title: BOOK_TITLE[lang],
        lang,
        chapterTitles: TITLES[lang],
        credits: CREDITS[lang],
      });
      // The read-along EPUB 3 from those timings: valid, a SMIL per chapter, a clip for its heading and each paragraph.
      // Its validity is the run's own epubcheck of that file (the jar this worker's JVM runs), as the run says it: no
      // fatal, no error, no warning.
      expect(json.audiobook.files).toContain('read-along.epub');
      const epub = path.join(out, 'read-along.epub');
      expect(json.audiobook.epubChecks.epubcheck).toEqual({ status: 'pass', detail: EPUBCHECK_CLEAN[lang] });
      const files = unzipSync(new Uint8Array(readFileSync(epub)));
      const smils = Object.keys(files)
        .filter((f) => f.endsWith('.smil'))
        .sort();
      expect(smils).toHaveLength(manifest.chapters.length);
      smils.forEach((f, i) =>
        expect(strFromU8(files[f]!).match(/<par /g)).toHaveLength(manifest.chapters[i]!.paragraphs.length + 1),
      );
    },
    600_000,
  );
});
