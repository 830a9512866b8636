// The server's publish path and the CLI's share writePackageParts: a cover step that fails as a chat-only
// server's does (the server answers it as an API error with the code, after refunding it) gives a
// typographic cover, never a failed package; any other failure of the cover still stops the package.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { finishedBook as bookOf } from './finished-book.js';
import { loadCatalog } from '../../engine/node/load.js';
import { writePackageParts, type RunPublishStep } from '../../engine/publish/index.js';
import { buildKdpPackage } from '../../engine/node/publish.js';

const catalog = loadCatalog({ useDiskCache: false });
const romance = catalog.get('romance')!;

const finishedBook = () =>
  bookOf({
    spec: romance,
    settings: { language: 'ms', settingType: 'coastal' },
    outline: '1. Bab 1: Pertemuan di pantai',
    content: ['Aisha tiba di Kuantan.', 'Bab satu.', 'Penutup.'],
  });

/** An error as the server's charged step throws it: a status and a catalogue code. */
class ApiLikeError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

const runWith =
  (coverFailure: Error): RunPublishStep =>
  async (step) => {
    if (step.part === 'cover') throw coverFailure;
    return { text: step.part === 'description' ? 'Kisah cinta di pantai timur.' : 'Ombak Kuantan' };
  };

describe('the cover of a package when the model server draws no pictures', () => {
  it(
    'no_image_endpoint from the cover step: the package is ' + 'made with a typographic cover, the step costs nothing',
    async () => {
      const state = finishedBook();
      const parts = await writePackageParts({
        book: romance,
        state,
        specOf: (id) => catalog.get(id),
        runStep: runWith(new ApiLikeError(502, 'no_image_endpoint')),
        given: { title: 'Rahsia Di Sebalik Tirai Kampung Nelayan Yang Hilang', author: 'Nur Aina Yusof' },
      });
      expect(parts.cover.origin).toBe('typographic');
      expect(parts.steps.find((s) => s.part === 'cover')).toMatchObject({ cost: 0, skipped: 'no_images' });
      const built = await buildKdpPackage({
        book: romance,
        state,
        parts,
        epubcheck: async () => ({
          status: 'skipped',
          detail: { code: 'verbatim', vars: { text: 'not checked here' } } as never,
        }),
      });
      expect(await sharp(built.files['cover.jpg']).metadata()).toMatchObject({
        format: 'jpeg',
        width: 1600,
        height: 2560,
      });
      expect(built.metadata.aiContent).toMatchObject({ images: 'none' });
    },
  );

  it('any other failure of the cover step still stops the package', async () => {
    await expect(
      writePackageParts({
        book: romance,
        state: finishedBook(),
        specOf: (id) => catalog.get(id),
        runStep: runWith(new ApiLikeError(402, 'insufficient_credits')),
        given: { title: 'Ombak', author: 'Nur Aina Yusof' },
      }),
    ).rejects.toMatchObject({ code: 'insufficient_credits' });
  });
});
