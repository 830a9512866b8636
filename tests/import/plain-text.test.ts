// Plain text as the writer meant its paragraphs: a hard-wrapped text (every Project Gutenberg .txt; here
// made by coreutils' `fold -s -w 70`, as a wrapper does) gives the same voice and the same imported chapters
// as its paragraphs on one line each; a Gutenberg licence around a sample is left out; a sample longer than
// 10,000 words, such as a whole imported novel, is measured on an even sample of it, or on chapters the
// writer picks (`book:ID:3-8`).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fingerprintOf, readManuscript, voiceFromSample } from '../../engine/index.js';
import { ROOT } from '../../engine/node/load.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { gutenbergNovel } from './manuscript.js';
import { tempDir } from '../temp.js';

const dir = tempDir('karya-plain-');

/** The text as `fold -s -w 70` wraps it (trailing spaces off, as Gutenberg's files have none). */
function folded(text: string): string {
  const run = spawnSync('fold', ['-s', '-w', '70'], { input: text, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout.replace(/ +$/gm, '');
}

const AUSTEN = readFileSync(path.join(ROOT, 'tests', 'fixtures', 'voice', 'austen-pride-ch1.txt'), 'utf8');

describe('hard-wrapped text', () => {
  it(
    "Pride and Prejudice's first chapter wrapped at 70: the " +
      'same sentences, dialogue and point of view as unwrapped',
    () => {
      const wrapped = folded(AUSTEN);
      expect(wrapped.split('\n').filter((l) => l.length > 70)).toEqual([]);
      const [one, hard] = [fingerprintOf(AUSTEN, 'en'), fingerprintOf(wrapped, 'en')];
      expect(Math.abs(hard.sentenceWords.mean - one.sentenceWords.mean) / one.sentenceWords.mean).toBeLessThan(0.1);
      expect(Math.abs(hard.dialogueShare - one.dialogueShare)).toBeLessThan(0.05);
      expect(hard.pointOfView).toBe(one.pointOfView);
      // Austen's chapter, by hand: long sentences, most of its words spoken, told in the third person.
      expect(one.sentenceWords.mean).toBeGreaterThan(12);
      expect(one.dialogueShare).toBeGreaterThan(0.5);
      expect(one.pointOfView).toBe('third');
    },
  );

  it('a Gutenberg header and licence around a sample are not measured', () => {
    const licensed = [
      'The Project Gutenberg eBook of Pride and Prejudice',
      '',
      'This ebook is for the use of anyone anywhere in the United States and',
      'most other parts of the world at no cost and with almost no restrictions',
      '',
      '*** START OF THE PROJECT GUTENBERG EBOOK PRIDE AND PREJUDICE ***',
      '',
      folded(AUSTEN),
      '',
      '*** END OF THE PROJECT GUTENBERG EBOOK PRIDE AND PREJUDICE ***',
      '',
      'Section 1. General Terms of Use and Redistributing Project Gutenberg™',
      'electronic works',
    ].join('\n');
    expect(voiceFromSample(licensed, 'en').fingerprint).toEqual(voiceFromSample(AUSTEN, 'en').fingerprint);
  });

  it(
    'an imported novel wrapped at 70 has the chapters, titles ' +
      'and words of the unwrapped one, each paragraph one line',
    () => {
      const { text } = gutenbergNovel();
      const flat = readManuscript('orchard.txt', { bytes: new TextEncoder().encode(text) });
      const hard = readManuscript('orchard.txt', { bytes: new TextEncoder().encode(folded(text)) });
      expect(hard.parts.map((p) => [p.number, p.title, p.words])).toEqual(
        flat.parts.map((p) => [p.number, p.title, p.words]),
      );
      expect(hard.parts.map((p) => p.text)).toEqual(flat.parts.map((p) => p.text));
    },
  );
});

describe('a long sample', () => {
  it(
    'karya voice book:ID on an imported 120,000-word novel gives a ' +
      'fingerprint (an even sample), and book:ID:3-8 those chapters',
    async () => {
      // Twelve chapters of about ten thousand words each, wrapped as Gutenberg wraps them.
      /** Paragraph `p` of chapter `c`: its chapter and its morning are its own. */
      const weather = (c: number, p: number) =>
        `"Chapter ${c + 1} has its own weather," said Margaret on the ${p + 1}th morning, ` +
        `and she walked down to the harbour where the boats of the north road waited for the ` +
        `tide, as they had done every morning since her ` +
        `brother left for the city with the letter in his coat.`;
      const chapters = Array.from(
        { length: 12 },
        (_, c) => `CHAPTER ${c + 1}\n` + `\n${Array.from({ length: 210 }, (_, p) => weather(c, p)).join('\n\n')}`,
      );
      writeFileSync(path.join(dir, 'long.txt'), folded(chapters.join('\n\n\n')));
      const state = path.join(dir, 'state.json');
      const run = (args: string[]) => runKaryaInProcess(args, { cwd: dir });
      const imported = await run(['import', 'long.txt', '--generator', 'romance', '--state', state, '--json']);
      expect(imported.code, imported.stderr).toBe(0);
      const id = String(JSON.parse(imported.stdout.trim().split('\n').pop()!).book.id);
      const whole = await run(['voice', `book:${id}`, '--state', state, '--json']);
      expect(whole.code, whole.stderr).toBe(0);
      const measured = JSON.parse(whole.stdout);
      expect(measured.sampledFrom).toBeGreaterThan(110_000);
      expect(measured.words).toBeLessThanOrEqual(10_000);
      expect(measured.pointOfView).toBe('third');
      const some = await run(['voice', `book:${id}:3-4`, '--state', state, '--json']);
      expect(some.code, some.stderr).toBe(0);
      expect(JSON.parse(some.stdout).sampledFrom).toBeGreaterThan(19_000);
      const outside = await run(['voice', `book:${id}:3-40`, '--state', state]);
      expect(outside.code).toBe(2);
      expect(outside.stderr).toMatch(/book:\d+:3-40: the book has chapters 1 to 12; give chapters within them/);
    },
  );
});
