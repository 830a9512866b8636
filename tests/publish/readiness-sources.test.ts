// Each store's checks cite that store's own published rules: a writer reading Google Play's or Kobo's
// readiness is sent to Google's or Kobo's guide, never to KDP's (the closeness checks cited KDP's Content
// Guidelines on every channel). KDP's channels keep citing KDP.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageMetadata, packageReadiness, say, type ReadinessInput } from '../../engine/publish/index.js';

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

/**
 * A finished book compared with two of the writer's others: one it shares most of its text with, and passages repeated
 * across its parts.
 */
function input(): ReadinessInput {
  return {
    metadata: packageMetadata({
      title: 'Rain Over Kuala Lumpur',
      subtitle: '',
      author: 'Siti Aminah',
      language: 'en',
      description:
        '<p>Aisha left Kuala Lumpur to forget him. Ten years later ' +
        'the monsoon floods trap her in his bookshop for a week.</p>',
      keywords: ['second chance romance', 'malaysian romance'],
      categories: ['Fiction / Romance / General'],
      wordCount: 60_000,
      generator: 'romance',
    }),
    isBookComplete: true,
    manuscriptText: 'Aisha ran through the rain.',
    epub: ZIP,
    docx: ZIP,
    epubcheck: { status: 'pass', detail: say('epubcheck.counts', { fatals: 0, errors: 0, warnings: 0 }) },
    cover: { name: 'cover.jpg', bytes: jpeg },
    paperback: { interior: PDF, cover: PDF, pageCount: 240 },
    closeness: {
      threshold: 0.5,
      compared: 2,
      shingles: 4000,
      closeTo: [{ book: 'b1', title: 'Rain Over Penang', share: 0.8, passages: [] }],
      reuse: { share: 0.3 },
    },
  };
}

const hostOf = (source: string) => /https?:\/\/([^/\s]+)/.exec(source)?.[1] ?? '';

describe("each store's checks cite that store's own guide", () => {
  it("Google Play's and Kobo's checks cite no KDP page; their closeness checks cite their own content policies", () => {
    const r = packageReadiness(input());
    for (const id of ['google_play', 'kobo'] as const) {
      const checks = r.channels[id].checks;
      expect(checks.map((c) => c.id)).toEqual(expect.arrayContaining(['not-too-close', 'reused-passages']));
      for (const check of checks) expect(check.source, `${id} ${check.id}`).not.toMatch(/kdp\.amazon\.com|^KDP\b/);
    }
    const google = r.channels.google_play.checks.find((c) => c.id === 'not-too-close')!;
    expect(hostOf(google.source)).toBe('support.google.com');
    expect(google.source).toContain('Content Policies for Books on Google Play');
    const kobo = r.channels.kobo.checks.find((c) => c.id === 'reused-passages')!;
    expect(hostOf(kobo.source)).toBe('kobowritinglife.zendesk.com');
  });

  it("KDP's channels keep citing KDP's Content Guidelines for closeness", () => {
    const r = packageReadiness(input());
    for (const id of ['kdp_ebook', 'kdp_paperback'] as const) {
      const close = r.channels[id].checks.find((c) => c.id === 'not-too-close')!;
      expect(hostOf(close.source)).toBe('kdp.amazon.com');
    }
  });
});
