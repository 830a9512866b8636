// No placeholder links and no unfounded claims in what the studio shows (the "Publishing Guide" once opened a search
// of the writer's own Google Drive; every dashboard said "trusted by 1000+ authors"). Read where a user's words come
// from: the studio's message tables as built for every language of the table, the words of every language, generator
// and template (languages/, generators/, templates/), the studio's components (their links), and the sidebar's
// outside links. And every brand shade a studio class names is one the theme defines: a class of an undefined shade
// makes no CSS, and the colour under it shows through (the dark story map's cells read 1.1:1).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureLanguages, langs } from '../../studio/src/engine.js';
import { MESSAGES } from '../../studio/src/i18n/messages.js';
import { MARKETING_LINKS } from '../../studio/src/lib/generators.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The files under `dir` (relative to the repository) whose names end with one of `ends`. */
function filesUnder(dir: string, ends: readonly string[]): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => ends.some((e) => f.endsWith(e)))
    .map((f) => path.join(dir, f));
}

/** A claim or a placeholder no page may show: a count of users Karya cannot show, a stand-in link or text. */
const FORBIDDEN: ReadonlyArray<readonly [string, RegExp]> = [
  [
    'a count of authors or users',
    /\b\d{1,3}(?:[,.]?\d{3})*\s*\+\s*(?:authors|writers|users|penulis|pengarang|pengguna)/i,
  ],
  ['"1000+"', /\b1[,.]?000\+/],
  ['"trusted by"', /trusted by|dipercayai oleh|dipercaya oleh/i],
  ['a Google Drive or Docs link', /(?:drive|docs)\.google\./i],
  ['an example.com link', /\bexample\.(?:com|org|net)\b/i],
  ['lorem ipsum', /\blorem\b|\bipsum\b/i],
];

/** Each forbidden thing found in `text`, as "file: what (the words)". */
function found(where: string, text: string): string[] {
  return FORBIDDEN.flatMap(([what, re]) => {
    const m = re.exec(text);
    return m
      ? [
          `${where}: ${what} ` +
            `(${text.slice(Math.max(0, m.index - 30), m.index + m[0].length + 30).replace(/\s+/g, ' ')})`,
        ]
      : [];
  });
}

beforeAll(() => ensureLanguages());

describe('no placeholder links or unfounded claims in the studio', () => {
  it('the message tables as built, in every language of the table', () => {
    const bad: string[] = [];
    for (const [key, entry] of Object.entries(MESSAGES)) {
      for (const lang of langs())
        bad.push(...found(`${key} (${lang})`, JSON.stringify((entry as Record<string, unknown>)[lang] ?? '')));
    }
    expect(Object.keys(MESSAGES).length).toBeGreaterThan(100);
    expect(bad).toEqual([]);
  });

  it('the words of every language, generator and template', () => {
    const files = ['languages', 'generators', 'templates'].flatMap((d) => filesUnder(d, ['.yaml', '.yml', '.md']));
    expect(files.some((f) => f.startsWith(`languages${path.sep}id${path.sep}`))).toBe(true);
    expect(files.flatMap((f) => found(f, readFileSync(path.join(ROOT, f), 'utf8')))).toEqual([]);
  });

  it('the components: no link to nowhere ("#") and none of the above', () => {
    const files = filesUnder(path.join('studio', 'src'), ['.tsx', '.ts']).concat(['studio/index.html']);
    const nowhere = /href\s*=\s*(?:(["'])#\1|\{\s*(["'`])#\2\s*\})/;
    const bad = files.flatMap((f) => {
      const text = readFileSync(path.join(ROOT, f), 'utf8');
      return [...found(f, text), ...(nowhere.test(text) ? [`${f}: a link to "#"`] : [])];
    });
    expect(files.length).toBeGreaterThan(50);
    expect(bad).toEqual([]);
  });

  it("the sidebar's outside links are real sites over https, none a drive or a document of the writer's own", () => {
    for (const { href } of MARKETING_LINKS) {
      const url = new URL(href);
      expect(url.protocol).toBe('https:');
      expect(url.hostname).not.toMatch(/(^|\.)(google\.com|example\.(com|org|net))$/);
    }
  });

  it('every brand shade a studio class names is defined by the theme (studio/src/app.css)', () => {
    const css = readFileSync(path.join(ROOT, 'studio', 'src', 'app.css'), 'utf8');
    const defined = new Set([...css.matchAll(/--color-brand-(\d+)\s*:/g)].map((m) => m[1]));
    const used = new Set(
      filesUnder(path.join('studio', 'src'), ['.tsx', '.ts', '.css']).flatMap((f) =>
        [...readFileSync(path.join(ROOT, f), 'utf8').matchAll(/\bbrand-(\d+)\b/g)].map((m) => m[1]),
      ),
    );
    expect(used.size).toBeGreaterThan(3);
    expect([...used].filter((shade) => !defined.has(shade)).map((s) => `brand-${s}`)).toEqual([]);
  });
});
