// The read-along EPUB's readiness (readAlongReadiness: epubcheck, then DAISY's Ace run for real, headless on Debian's
// Chromium) on a three-chapter book in English, Malay and Indonesian spoken by espeak-ng (read-along-fixture.ts):
// epubcheck passes and Ace finds no violation at all, of any impact.
// The suite turns Ace off (vitest.config.ts, KARYA_ACE=off); this file turns it on for its own runs and puts it back.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAlongReadiness } from '../../engine/node/export/read-along-check.js';
import { writeReadAlongEpub } from '../../engine/node/export/read-along.js';
import { toolSkip } from '../setup/tools.js';
import { BOOKS, speakBook } from './read-along-fixture.js';
import { tempDir } from '../temp.js';

const skip = toolSkip('chromium');
const ACE_RUN = 240_000;

describe.skipIf(skip !== null)('DAISY Ace on a read-along EPUB', () => {
  const before = process.env.KARYA_ACE;
  const epubs: Array<{ lang: string; file: string }> = [];

  beforeAll(async () => {
    process.env.KARYA_ACE = 'on';
    const root = tempDir('karya-read-along-ace-');
    for (const spoken of BOOKS) {
      const dir = path.join(root, spoken.language);
      const { input } = await speakBook(dir, spoken);
      const file = path.join(root, `${spoken.language}.epub`);
      await writeReadAlongEpub(input, dir, file, { voice: `espeak-ng ${spoken.language}` });
      epubs.push({ lang: spoken.language, file });
    }
  }, 240_000);
  afterAll(() => {
    if (before === undefined) delete process.env.KARYA_ACE;
    else process.env.KARYA_ACE = before;
  });

  it(
    'passes epubcheck, and Ace finds no violation, in English, Malay and Indonesian',
    async () => {
      for (const { lang, file } of epubs) {
        const { epubcheck, ace } = await readAlongReadiness(file);
        expect(epubcheck, lang).toMatchObject({ status: 'pass' });
        expect(ace.status, `${lang}: ${JSON.stringify(ace.detail)}`).toBe('pass');
        expect(ace.counts, lang).toEqual({ critical: 0, serious: 0, moderate: 0, minor: 0 });
      }
    },
    3 * ACE_RUN,
  );
});
