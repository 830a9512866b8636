// `karya generate romance --chapters 7 --with-bible` with a model that labels its own story-bible lines
// ("Chapter 1: …", "Bab 1: …", "Pengenalan: …") and names parts not yet written in its tables: the Story
// Bible the book prints holds a line, or an earlier arc that names it, for the introduction, every chapter and
// the ending,
// in English and Malay. The model is a scripted one on the fake OpenAI server (tests/scripted-models.ts).

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { bibleLineOf, underWriter } from '../scripted-models.js';
import { coverageOf, finishedParts } from '../bible-coverage.js';
import { tempDir } from '../temp.js';

const tmp = tempDir('karya-bible-covers-');
const TITLE = { en: '## Story Bible', ms: '## Catatan Cerita' } as const;

describe('karya generate --with-bible: a model that labels its bible lines', () => {
  let fake: FakeOpenAI;
  let env: Record<string, string>;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ answer: underWriter(1, { bibleLine: 'labelled' }) });
    env = { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseURL };
  });
  afterAll(() => fake.close());

  const title = '%s: the Story Bible holds the introduction, chapters 1–7 and the conclusion';
  it.each(['en', 'ms'] as const)(title, async (lang) => {
    const run = await runKaryaInProcess(
      [
        'generate',
        'romance',
        '--chapters',
        '7',
        '--lang',
        lang,
        '--with-bible',
        '--state',
        path.join(tmp, `${lang}.sqlite`),
      ],
      { env, cwd: tmp },
    );
    expect(run, run.stderr).toMatchObject({ code: 0 });
    // The Story Bible part: from its heading to the book's first part.
    const start = run.stdout.indexOf(TITLE[lang]);
    expect(start).toBeGreaterThanOrEqual(0);
    const bible = run.stdout.slice(start + TITLE[lang].length, run.stdout.indexOf('\n## ', start + 1));
    const names = finishedParts(7, lang);
    const ending = names.at(-1)!;
    const covered = coverageOf(bible, names, lang);
    expect(covered.missing, bible).toEqual([]);
    // Each line the book keeps is the model's line for that part, without the label the model put on it.
    // Each chapter's line is the model's own, without its label (the ending's is checked by being there).
    for (const [name, line] of covered.lines) {
      if (name !== ending) expect(line).toBe(bibleLineOf(names.indexOf(name), lang));
    }
  });
});
