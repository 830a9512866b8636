// `karya generate romance --lang xx --chapters 3` in a language written in the Thai script (tests/languages/
// fourth-language.ts with its table's script Thai), against the fake model answering in Thai prose: a space between
// sentences, none between words, as Thai is written. Each part is counted by its words, so a part written to its
// asked length is taken as it is: no part is asked again to be made longer. Before, a run between spaces was a
// word, so an 11-word Thai sentence counted as 3, and every chapter was asked again for more words (two calls each,
// and nearly twice its length).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ensureLanguages, setLanguageSource } from '../../engine/index.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import { loadCatalog } from '../../engine/node/load.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI } from '../fake-openai.js';
import { describeRequest, type RequestInfo } from '../scripted-models.js';
import { tempDir } from '../temp.js';
import { fourthLanguage } from './fourth-language.js';
import { repoCatalog } from '../catalog.js';

afterAll(() => {
  setLanguageSource(() => readLanguages());
  ensureLanguages();
  repoCatalog();
});

/** Thai sentences of 11 words each ("On day 12 I ate rice at home with mother"), no two alike. */
let sentences = 0;
const sentence = () => `ในวันที่ ${(sentences += 1)} ฉันกินข้าวที่บ้านกับแม่`;
const SENTENCE_WORDS = 11;

/** Thai prose of about `words` words, in paragraphs of six sentences. */
function thaiProse(words: number): string {
  const all = Array.from({ length: Math.ceil(words / SENTENCE_WORDS) }, sentence);
  const paragraphs: string[] = [];
  for (let i = 0; i < all.length; i += 6) paragraphs.push(all.slice(i, i + 6).join(' '));
  return paragraphs.join('\n\n');
}

it('a Thai book: each part written to its length once, none asked to be made longer', async () => {
  const dir = fourthLanguage();
  const table = path.join(dir, 'xx.yaml');
  writeFileSync(table, readFileSync(table, 'utf8').replace(/^script: .*$/m, 'script: thai'));
  setLanguageSource(() => readLanguages([...languageFolders({}), dir], {}));
  ensureLanguages();
  loadCatalog({ fresh: true });
  const asked: RequestInfo[] = [];
  const fake = await startFakeOpenAI({
    reply: (body) => {
      const r = describeRequest(body);
      if (r.kind === 'outline') {
        // Its labels are the language's reading words (Indonesian's in this fixture), its text Thai.
        const entries = Array.from({ length: r.chapters ?? 3 }, (_, k) => `Bab ${k + 1}: ${sentence()}`);
        return { text: [`Judul: บ้านของแม่`, `Premis: ${sentence()}`, ...entries].join('\n\n') };
      }
      if (r.kind === 'memory') return { text: sentence() };
      asked.push(r);
      return { text: thaiProse(Math.max(r.asked, 40)) };
    },
  });
  try {
    const cwd = tempDir('karya-unspaced-book-');
    const run = await runKaryaInProcess(
      ['generate', 'romance', '--lang', 'xx', '--chapters', '3', '--out', 'book.md', '--state', 'state.sqlite'],
      { cwd, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL, KARYA_LANGUAGES: dir } },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(asked.filter((r) => r.kind === 'chapter').map((r) => r.chapter)).toEqual([1, 2, 3]);
    expect(asked.filter((r) => r.follow !== undefined).map((r) => `${r.kind} ${r.follow}`)).toEqual([]);
    const book = readFileSync(path.join(cwd, 'book.md'), 'utf8');
    expect(book).toContain('ฉันกินข้าวที่บ้านกับแม่');
  } finally {
    await fake.close();
  }
}, 120_000);
