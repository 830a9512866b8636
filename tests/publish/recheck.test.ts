// A kept package's keywords, description and categories edited: the readiness checked again without the files
// must say exactly what a package made with those fields from the start says, on every channel, in the book's
// language (Malay here too), and keep every other check as it was.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  editedMetadata,
  packageMetadata,
  packageReadiness,
  recheckMetadata,
  say,
  type ReadinessInput,
} from '../../engine/publish/index.js';
import type { Lang } from '../../engine/spec/types.js';

const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]);
const PDF = new TextEncoder().encode('%PDF-1.7\n%fake');
let jpeg: Uint8Array;
beforeAll(async () => {
  jpeg = new Uint8Array(
    await sharp({ create: { width: 1600, height: 2560, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer(),
  );
});

const BLURB =
  '<p>Aisha left Kuala Lumpur to forget him. Ten years later the monsoon floods trap her ' +
  'in his bookshop for a whole week, and every shelf holds a letter she never answered.</p>';

/** A finished romance whose keywords KDP would refuse: a promotional word, a character's name alone, one letter. */
function input(language: Lang): ReadinessInput {
  return {
    metadata: packageMetadata({
      title: 'Rain Over Kuala Lumpur',
      subtitle: '',
      author: 'Siti Aminah',
      language,
      description: '<p>Character Details: Aisha</p>',
      keywords: ['bestseller romance', 'Aisha', 'x'],
      categories: [],
      wordCount: 60_000,
      generator: 'romance',
    }),
    isBookComplete: true,
    manuscriptText: 'Aisha ran through the rain.',
    characterNames: ['Aisha', 'Daniel'],
    epub: ZIP,
    docx: ZIP,
    epubcheck: { status: 'pass', detail: say('epubcheck.counts', { fatals: 0, errors: 0, warnings: 0 }) },
    cover: { name: 'cover.jpg', bytes: jpeg },
    paperback: { interior: PDF, cover: PDF, pageCount: 240 },
  };
}

const EDIT = {
  keywords: ['second chance romance', 'monsoon love story', 'bookshop romance', 'malaysian fiction'],
  description: BLURB,
  categories: ['Fiction / Romance / Contemporary'],
};

describe('a kept package checked again after an edit', () => {
  for (const lang of ['en', 'ms'] as const) {
    it(`says what a package made with the edited fields says, check for check (${lang})`, () => {
      const before = input(lang);
      const kept = packageReadiness(before);
      expect(kept.channels.kdp_ebook.checks.find((c) => c.id === 'keywords')?.status).toBe('fail');
      expect(kept.channels.kdp_ebook.checks.find((c) => c.id === 'description')?.status).toBe('fail');

      const metadata = editedMetadata(before.metadata, EDIT);
      const rechecked = recheckMetadata(kept, {
        metadata,
        manuscriptText: before.manuscriptText,
        characterNames: before.characterNames!,
      });
      const madeSo = packageReadiness({ ...before, metadata });
      expect(rechecked).toEqual(madeSo);
      expect(rechecked.channels.kdp_ebook.checks.find((c) => c.id === 'keywords')?.status).toBe('pass');
      expect(rechecked.channels.kdp_ebook.checks.find((c) => c.id === 'description')?.status).toBe('pass');
    });
  }

  it('keeps the description to the tags KDP keeps and the keywords as a box takes them', () => {
    const metadata = editedMetadata(input('en').metadata, {
      keywords: ['  slow   burn ', '', 'romance'],
      description: '<p onclick="x()">Hi <a href="https://x.test">there</a></p><script>bad()</script>',
    });
    expect(metadata.keywords).toEqual(['slow burn', 'romance']);
    expect(metadata.description).toBe('<p>Hi there</p>');
    // What was not edited stays.
    expect(metadata.categories).toEqual([]);
    expect(metadata.title).toBe('Rain Over Kuala Lumpur');
  });
});
