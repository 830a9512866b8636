// A start is judged before it is grown: `karya generate romance --chapters 3 --json`, in English and Malay,
// against a fake model whose first answer for Chapter 2 is a recipe of a few lines (far under the words asked,
// under the length a whole answer is judged by its lines at) or a recipe's first lines cut at the token limit.
// Either is the wrong kind for a romance's chapter: asked again once with the firm note, never extended and never
// continued, none of it in the book, and Chapter 2 is the second answer, complete, its note naming the recipe.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, userMessageOf, type FakeOpenAI } from '../fake-openai.js';
import { type WrongKind } from '../wrong-kind.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';

let fake: FakeOpenAI | undefined;
let dir: string | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

interface Part {
  label: string;
  words: number;
  complete: boolean;
  notes?: Array<{ code: string; message: string }>;
}

const CHAPTER = { en: 'Chapter', ms: 'Bab' } as const;
/** A recipe's measure lines, in either language: none may reach the book or any later request. */
const RECIPE_LINE = /^\s*-\s*\d+\s+(?:cups?|tsp|cawan|sudu)\b/m;
const isChapterTwo = (user: string) => /Write Chapter 2 of|Tulis Bab 2 daripada/.test(user);
/** A continuation of a cut answer (templates/continue.hbs) or an extension of a short one (templates/extend.hbs). */
const isFollowUp = (user: string) => /cut off|terpotong|so far is|setakat ini ialah/i.test(user);

async function generate(lang: 'en' | 'ms', kind: WrongKind) {
  fake = await startFakeOpenAI({ writeRatio: 1, wrongKind: kind });
  dir = tempDir('karya-start-');
  const r = await runKaryaInProcess(
    ['generate', 'romance', '--lang', lang, '--chapters', '3', '--json', '--state', path.join(dir, 'state.sqlite')],
    {
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL },
    },
  );
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { markdown: string; parts: Part[] };
}

/** A chapter's text as the book shows it: from its heading to the next one. */
function chapterText(markdown: string, lang: 'en' | 'ms', n: number): string {
  const start = markdown.search(new RegExp(`^## ${CHAPTER[lang]} ${n}\\b.*$`, 'm'));
  expect(start, `no ${CHAPTER[lang]} ${n} in the book`).toBeGreaterThanOrEqual(0);
  const body = markdown.slice(start).replace(/^.*\n/, '');
  const next = body.search(/^## /m);
  return (next < 0 ? body : body.slice(0, next)).trim();
}

describe.each(['en', 'ms'] as const)('Chapter 2 starts as a recipe (%s)', (lang) => {
  it.each(['short-recipe', 'cut-recipe'] as const)(
    '%s: asked again once, never extended or continued; Chapter 2 is the second answer',
    async (kind) => {
      const book = await generate(lang, kind);
      const asks = fake!.generationRequests().map((q) => userMessageOf(q.body ?? {}));
      const two = asks.filter(isChapterTwo);
      // Two asks of Chapter 2, the second the first with the firm note; nothing asked from the recipe onwards.
      expect(two.filter((u) => !isFollowUp(u))).toHaveLength(2);
      expect(two.filter(isFollowUp)).toEqual([]);
      expect(two[1]!.startsWith(two[0]!)).toBe(true);
      expect(two[1]!.length).toBeGreaterThan(two[0]!.length);
      expect(asks.filter((u) => RECIPE_LINE.test(u))).toEqual([]);
      expect(book.markdown).not.toMatch(RECIPE_LINE);
      const text = chapterText(book.markdown, lang, 2);
      expect(text.split(/\s+/).length).toBeGreaterThan(1200);
      const part = book.parts.find((p) => p.label === `${CHAPTER[lang]} 2`)!;
      expect(part.complete).toBe(true);
      expect(part.notes?.map((n) => n.code)).toEqual(['answer_asked_again']);
      expect(part.notes![0]!.message).toContain(lang === 'ms' ? 'resipi' : 'a recipe');
    },
  );
});
