// `karya export` of an unfinished Malay or Indonesian book says it is not finished, how much is written and how to
// finish it, in the book's language: its writer reads no English line from it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI } from '../fake-openai.js';
import { tempDir } from '../temp.js';
import { englishLines } from './english-lines.js';

describe('karya export of an unfinished book in another language than English', () => {
  for (const { lang, line } of [
    {
      lang: 'ms',
      line:
        'karya: buku romance ini belum siap (1 daripada 4 bahagian telah ditulis); bahagian yang telah ditulis ' +
        'setakat ini dieksport. Jalankan "karya generate romance --lang ms --chapters 2" untuk menyiapkannya.',
    },
    {
      lang: 'id',
      line:
        'karya: buku romance ini belum selesai (1 dari 4 bagian sudah ditulis); bagian yang sudah ditulis ' +
        'sejauh ini diekspor. Jalankan "karya generate romance --lang id --chapters 2" untuk menyelesaikannya.',
    },
  ]) {
    it(`says so in the book's language (${lang})`, async () => {
      const cwd = tempDir(`karya-export-unfinished-${lang}-`);
      // The third call (chapter 1) is refused: the outline and the introduction are saved, one part of four (the
      // introduction, two chapters, the conclusion: the outline is no part of the book).
      const fake = await startFakeOpenAI({
        reply: (_b, i) => (i >= 2 ? { status: 400, body: { error: { message: 'refused' } } } : undefined),
      });
      try {
        const args = ['romance', '--lang', lang, '--chapters', '2', '--state', 'state.sqlite'];
        const stopped = await runKaryaInProcess(['generate', ...args], {
          env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseURL },
          cwd,
        });
        expect(stopped.code, stopped.stderr).toBe(1);
        const r = await runKaryaInProcess(['export', ...args, '--out', 'buku.epub'], { cwd });
        expect(r.code, r.stderr).toBe(0);
        expect(existsSync(path.join(cwd, 'buku.epub'))).toBe(true);
        expect(r.stderr.trim().split('\n')).toContain(line);
        expect(englishLines(r.stderr)).toEqual([]);
      } finally {
        await fake.close();
      }
    }, 120_000);
  }
});
