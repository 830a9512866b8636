// `karya export --book ID` and `karya rewrite --book ID` of a Malay or Indonesian book of which nothing (or no
// part) is written yet say so in the book's language, read from the state file, whatever language the command
// line asks for (a book by its id takes no --lang): its writer reads no English line.
import path from 'node:path';
import { describe, it } from 'vitest';
import { expectRefusals, savedBooks, stoppedRomance } from './stopped-book.js';
import { openStateStore } from '../../server/index.js';
import { CLI_USER } from '../../cli/util.js';

const LINES = {
  ms: {
    exportNothing: 'karya: --book {draft}: belum ada apa-apa daripada buku itu yang ditulis',
    rewriteDraft: 'karya: --book {draft}: belum ada bahagian buku itu yang ditulis',
    rewriteOutline: 'karya: --book {outline}: belum ada bahagian buku itu yang ditulis',
  },
  id: {
    exportNothing: 'karya: --book {draft}: belum ada bagian buku itu yang ditulis',
    rewriteDraft: 'karya: --book {draft}: belum ada bagian buku itu yang ditulis',
    rewriteOutline: 'karya: --book {outline}: belum ada bagian buku itu yang ditulis',
  },
} as const;

/**
 * A book saved with its settings and nothing written, as the studio saves a series' next book before its first
 * step (the books' store's saveDraft), beside the book `from`: the same generator and settings. Answers its id.
 */
async function savedDraft(file: string, from: number): Promise<number> {
  const store = await openStateStore({ file });
  try {
    const { state } = (await store.repos.books.find({ userId: CLI_USER, id: from }))!;
    const draft = {
      generatorId: state.generatorId,
      settings: state.settings,
      lang: state.lang,
      totalChapters: state.totalChapters,
      content: [],
      currentChapter: 0,
      isLocked: false,
    };
    return await store.repos.books.saveDraft({
      userId: CLI_USER,
      key: 'romance-draft',
      bookType: 'romance',
      generatorId: state.generatorId,
      state: draft,
    });
  } finally {
    await store.close();
  }
}

describe('a saved book with nothing written, in another language than English', () => {
  for (const lang of ['ms', 'id'] as const) {
    it(`is told in the book's language (${lang})`, async () => {
      // Its outline written, the book stops: the second model call is refused.
      const stopped = await stoppedRomance(lang, 1, 'karya-nothing-written-');
      const { cwd, st } = stopped;
      const outline = (await savedBooks(stopped))[0]!.id;
      const draft = await savedDraft(path.join(cwd, 'state.sqlite'), outline);
      const runs = {
        exportNothing: ['export', '--book', String(draft), ...st],
        rewriteDraft: ['rewrite', '--book', String(draft), '--part', 'chapter:1', ...st],
        rewriteOutline: ['rewrite', '--book', String(outline), '--part', 'introduction', ...st],
      };
      await expectRefusals(cwd, runs, (what) =>
        LINES[lang][what].replaceAll('{draft}', String(draft)).replaceAll('{outline}', String(outline)),
      );
    }, 120_000);
  }
});
