// `karya export --book ID` and `karya rewrite --book ID` of a Malay or Indonesian book of which nothing (or no
// part) is written yet say so in the book's language, read from the state file, whatever language the command
// line asks for (a book by its id takes no --lang): its writer reads no English line.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI } from '../fake-openai.js';
import { tempDir } from '../temp.js';
import { englishLines } from './english-lines.js';
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
    const draft = { generatorId: state.generatorId, settings: state.settings, lang: state.lang, totalChapters: state.totalChapters, content: [], currentChapter: 0, isLocked: false };
    return await store.repos.books.saveDraft({ userId: CLI_USER, key: 'romance-draft', bookType: 'romance', generatorId: state.generatorId, state: draft });
  } finally {
    await store.close();
  }
}

describe('a saved book with nothing written, in another language than English', () => {
  for (const lang of ['ms', 'id'] as const) {
    it(`is told in the book's language (${lang})`, async () => {
      const cwd = tempDir(`karya-nothing-written-${lang}-`);
      const st = ['--state', 'state.sqlite'];
      // Its outline written, the book stops: the second model call is refused.
      const fake = await startFakeOpenAI({ reply: (_b, i) => (i >= 1 ? { status: 400, body: { error: { message: 'refused' } } } : undefined) });
      try {
        const env = { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseURL };
        const stopped = await runKaryaInProcess(['generate', 'romance', '--lang', lang, '--chapters', '2', ...st], { cwd, env });
        expect(stopped.code, stopped.stderr).toBe(1);
      } finally {
        await fake.close();
      }
      const listed = await runKaryaInProcess(['books', '--json', ...st], { cwd });
      const outline = (JSON.parse(listed.stdout) as { books: { id: number }[] }).books[0]!.id;
      const draft = await savedDraft(path.join(cwd, 'state.sqlite'), outline);
      const runs = {
        exportNothing: ['export', '--book', String(draft), ...st],
        rewriteDraft: ['rewrite', '--book', String(draft), '--part', 'chapter:1', ...st],
        rewriteOutline: ['rewrite', '--book', String(outline), '--part', 'introduction', ...st],
      };
      for (const [what, args] of Object.entries(runs) as [keyof typeof runs, string[]][]) {
        const r = await runKaryaInProcess(args, { cwd });
        expect(r.code, `${what}: ${r.stderr}`).toBe(2);
        expect(r.stderr.trim().split('\n'), what).toEqual([LINES[lang][what].replaceAll('{draft}', String(draft)).replaceAll('{outline}', String(outline))]);
        expect(englishLines(r.stderr), what).toEqual([]);
      }
    }, 120_000);
  }
});
