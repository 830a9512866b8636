// The title step of a book that has no outline and no introduction (an imported manuscript without a prologue)
// reads its first chapters, bounded to the publish block's words; a book with no text for it at all is refused
// before anything is asked, with what to do (give its title) in the writer's language, never a settings path.
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../engine/node/load.js';
import { writePackageParts, PublishTitleError, type PublishStep } from '../../engine/publish/index.js';
import { catalogueMessage, parseSettings, startBook, type BookState } from '../../engine/index.js';

const catalog = loadCatalog({ useDiskCache: false });
const romance = catalog.get('romance')!;

/** An import of `chapters` as the writer brought it: no outline, an empty introduction, every part theirs. */
function imported(chapters: string[]): BookState {
  const settings = parseSettings(romance, { language: 'en' });
  const content = ['', ...chapters];
  return {
    ...startBook({ spec: romance, settings, totalChapters: chapters.length || 1 }),
    content,
    currentChapter: content.length,
    isLocked: true,
    provenance: Object.fromEntries(content.map((_t, i) => [i, { origin: 'author' as const }])),
  };
}

const chapter = (n: number) => Array.from({ length: 400 }, (_, i) => `word${n}x${i}`).join(' ');

describe('the title step of an imported book', () => {
  it('reads the first chapters, bounded to the words the publish block gives it', async () => {
    const asked: PublishStep[] = [];
    await expect(
      writePackageParts({
        book: romance,
        state: imported([chapter(1), chapter(2), chapter(3)]),
        specOf: (id) => catalog.get(id),
        given: { author: 'Anonymous' },
        runStep: async (step) => {
          asked.push(step);
          // Stop once the title step is seen: nothing else is needed here.
          throw new Error('stop');
        },
      }),
    ).rejects.toThrow('stop');
    const content = String(asked[0]!.settings.bookContent);
    expect(asked[0]!.part).toBe('title');
    expect(content.startsWith('word1x0 word1x1')).toBe(true);
    expect(content).toContain('word2x0');
    // Bounded: the default publish context is 600 words, never the whole book.
    expect(content).not.toContain('word3x0');
    expect(content.split(/\s+/).length).toBeLessThanOrEqual(601);
  });

  it('a book with no text to read a title from is refused with publish_title_needed, nothing asked', async () => {
    let calls = 0;
    const refused = await writePackageParts({
      book: romance,
      state: imported(['', '']),
      specOf: (id) => catalog.get(id),
      given: { author: 'Anonymous' },
      runStep: async () => {
        calls++;
        return { text: '' };
      },
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PublishTitleError);
    expect(calls).toBe(0);
    const { code, vars } = refused as PublishTitleError;
    expect(code).toBe('publish_title_needed');
    expect(catalogueMessage(code, 'en', { ...vars })).toContain('karya publish --title');
    expect(catalogueMessage(code, 'ms', { ...vars })).toContain('Berikan tajuknya: karya publish --title');
    expect(catalogueMessage(code, 'id', { ...vars })).toContain('Berikan judulnya: karya publish --title');
  });
});
