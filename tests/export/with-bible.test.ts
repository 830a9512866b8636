// The story bible in an export only on request: `karya export --with-bible` and `karya generate
// --with-bible` print it as a part after the outline ("Story Bible" / "Catatan Cerita"), its premise and
// planned ending from the outline and what the book kept (characters, threads, facts); without the flag
// no export carries it. The model is a scripted one on the fake server (tests/scripted-models.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { underWriter } from '../scripted-models.js';
import { readZip, zipText } from './tools.js';
import { tempDir } from '../temp.js';

const tmp = tempDir('karya-bible-');

/** The `##` headings of a Markdown book, in order. */
const headings = (md: string) => md.match(/^## .*/gm) ?? [];

describe('--with-bible', () => {
  let fake: FakeOpenAI;
  let env: Record<string, string>;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ answer: underWriter(1) });
    env = { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseURL };
  });
  afterAll(() => fake.close());

  it(
    'karya export: a Malay book prints "Catatan Cerita" only ' +
      'when asked, after the outline, without calling the model',
    async () => {
      const settings = ['romance', '--chapters', '3', '--lang', 'ms', '--state', path.join(tmp, 'ms.sqlite')];
      const made = await runKaryaInProcess(['generate', ...settings, '--out', path.join(tmp, 'ms', 'book.md')], {
        env,
        cwd: tmp,
      });
      expect(made, made.stderr).toMatchObject({ code: 0 });
      const plain = readFileSync(path.join(tmp, 'ms', 'book.md'), 'utf8');
      expect(plain).not.toContain('Catatan Cerita');
      expect(plain).not.toContain('## Watak');
      const calls = fake.requests.length;

      const withBible = await runKaryaInProcess(
        ['export', ...settings, '--with-bible', '--out', path.join(tmp, 'ms', 'bible.md')],
        { env, cwd: tmp },
      );
      expect(withBible, withBible.stderr).toMatchObject({ code: 0 });
      const md = readFileSync(path.join(tmp, 'ms', 'bible.md'), 'utf8');
      expect(headings(md)).toEqual(['## Catatan Cerita', ...headings(plain)]);
      // Its own sections sit one level under its heading: the premise from the outline, then what the book kept.
      const bible = md.slice(md.indexOf('## Catatan Cerita'), md.indexOf(headings(plain)[0]!));
      expect(bible).toMatch(/^### Premis$/m);
      expect(bible).toMatch(/^### Watak$/m);
      expect(bible).not.toMatch(/^## (?!Catatan Cerita)/m);

      const both = await runKaryaInProcess(
        ['export', ...settings, '--with-outline', '--with-bible', '--out', path.join(tmp, 'ms', 'both.md')],
        { env, cwd: tmp },
      );
      expect(both, both.stderr).toMatchObject({ code: 0 });
      expect(headings(readFileSync(path.join(tmp, 'ms', 'both.md'), 'utf8'))).toEqual([
        '## Rangka Cerita',
        '## Catatan Cerita',
        ...headings(plain),
      ]);

      // A DOCX carries it as a heading of its own too.
      const docx = await runKaryaInProcess(
        ['export', ...settings, '--with-bible', '--out', path.join(tmp, 'ms', 'bible.docx')],
        { env, cwd: tmp },
      );
      expect(docx, docx.stderr).toMatchObject({ code: 0 });
      const xml = zipText(readZip(readFileSync(path.join(tmp, 'ms', 'bible.docx'))), 'word/document.xml');
      expect(xml).toContain('Catatan Cerita');
      const without = await runKaryaInProcess(['export', ...settings, '--out', path.join(tmp, 'ms', 'plain.docx')], {
        env,
        cwd: tmp,
      });
      expect(without.code).toBe(0);
      expect(zipText(readZip(readFileSync(path.join(tmp, 'ms', 'plain.docx'))), 'word/document.xml')).not.toContain(
        'Catatan Cerita',
      );

      expect(fake.requests.length).toBe(calls);
    },
  );

  it('karya generate --with-bible: an English book prints "Story Bible" with its premise and characters', async () => {
    const run = await runKaryaInProcess(
      ['generate', 'romance', '--chapters', '2', '--with-bible', '--state', path.join(tmp, 'en.sqlite')],
      { env, cwd: tmp },
    );
    expect(run, run.stderr).toMatchObject({ code: 0 });
    expect(headings(run.stdout)[0]).toBe('## Story Bible');
    expect(headings(run.stdout)[1]).toBe('## Introduction');
    expect(run.stdout).toMatch(/^### Premise$/m);
    expect(run.stdout).toMatch(/^### Characters$/m);
  });
});
