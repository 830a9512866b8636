// `karya generate romance --lang xx --chapters 3` in a language of another script (Russian's words in Cyrillic,
// tests/languages/other-script.ts) against the fake model answering in Russian: the outline "Глава 1: …" plans every
// chapter, every part's Cyrillic prose is kept by the guard (it refused each as "ru" before), and the story bible's
// promise, written under its Russian headings, is read and named when it stays open past its due chapter.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ensureLanguages, findLanguageDrift, setLanguageSource } from '../../engine/index.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import { loadCatalog } from '../../engine/node/load.js';
import type { Lang } from '../../engine/spec/types.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI } from '../fake-openai.js';
import { describeRequest } from '../scripted-models.js';
import { tempDir } from '../temp.js';
import { otherScriptLanguage } from './other-script.js';
import { repoCatalog } from '../catalog.js';

afterAll(() => {
  setLanguageSource(() => readLanguages());
  ensureLanguages();
  repoCatalog();
});

it('a Russian book with the fake model: every chapter planned, written and kept, its promise read', async () => {
  const dir = otherScriptLanguage();
  setLanguageSource(() => readLanguages([...languageFolders({}), dir], {}));
  ensureLanguages();
  loadCatalog({ fresh: true });
  const chapters: number[] = [];
  let sentences = 0;
  /** Russian prose of about `words` words, no sentence like another (the copy checks read 8-word runs). */
  const prose = (words: number) =>
    Array.from({ length: Math.ceil(words / 17) }, () => {
      const i = (sentences += 1);
      return `В день ${i} Анна прошла ${i + 3} шагов вдоль озера, и Борис сказал ей ${i * 7} слов о письме.`;
    }).join(' ');
  const fake = await startFakeOpenAI({
    reply: (body) => {
      const r = describeRequest(body);
      if (r.kind === 'outline') {
        const entries = Array.from(
          { length: r.chapters ?? 3 },
          (_, k) => `Глава ${k + 1}: Шаг ${k + 1}\nАнна делает шаг ${k + 1} к тайне бабушки.`,
        );
        const head = [
          'Название: Вечернее озеро',
          'Завязка: Анна возвращается в деревню.',
          'Персонажи:\n- Анна: девушка',
        ];
        return { text: [...head, ...entries, 'Финал: Анна остаётся.'].join('\n\n') };
      }
      if (r.kind === 'memory') {
        const threads = ['## Открытые линии', `- письмо бабушки | ${r.label} | открыта | срок Глава 2`];
        return {
          text: [
            '## Эта глава',
            'Анна приезжает.',
            '## Персонажи',
            `- Анна | девушка | здесь | ${r.label}`,
            ...threads,
          ].join('\n'),
        };
      }
      if (r.chapter) chapters.push(r.chapter);
      return { text: prose(Math.max(r.asked, 40)) };
    },
  });
  try {
    const cwd = tempDir('karya-other-script-book-');
    const run = await runKaryaInProcess(
      ['generate', 'romance', '--lang', 'xx', '--chapters', '3', '--out', 'kniga.md', '--state', 'state.sqlite'],
      { cwd, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL, KARYA_LANGUAGES: dir } },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(chapters).toEqual([1, 2, 3]);
    const book = readFileSync(path.join(cwd, 'kniga.md'), 'utf8');
    expect(book).toMatch(/^# Вечернее озеро$/m);
    const paragraphs = book.split(/\n\s*\n/).filter((p) => p.trim() && !p.startsWith('#'));
    expect(paragraphs.length).toBeGreaterThan(10);
    expect(paragraphs.filter((p) => findLanguageDrift(p, 'xx' as Lang))).toEqual([]);
    // The promise its bible keeps, due in Chapter 2 and never resolved, is named to the writer in its words.
    expect(run.stderr).toMatch(/"письмо бабушки" .*Глава 2/);
  } finally {
    await fake.close();
  }
}, 120_000);
