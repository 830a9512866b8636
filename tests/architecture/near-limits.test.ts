// Sizes by design: a code file within 10 % of its limit (over 315 of 350 lines) or a function within 10 % of its
// (over 90 of 100 lines) is named in its folder's guide, with the reason it stays so, in the guide's paragraph
// "**Near the size limits.**", one list item each: "- `file.ts`: why" or "- `file.ts` `functionName`: why".
// The guide is the nearest README.md above the file. The list only shrinks: an item no longer near its limit
// fails too, until its line is deleted. Tests are not counted (tests/architecture/file-size.test.ts counts none).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { longFunctions, MAX_FUNCTION_LINES, SOURCE_DIRS } from '../../scripts/long-functions.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The file-size test's limit and folders (tests/architecture/file-size.test.ts). */
const MAX_FILE_LINES = 350;
const FILE_FOLDERS = ['engine', 'server', 'cli', 'studio/src', 'migrations', 'scripts', 'bench'];
const NEAR = 0.9;
const HEADING = '**Near the size limits.**';

function filesUnder(dir: string, name: RegExp): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && name.test(e.name) && !e.parentPath.includes('node_modules'))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** The nearest folder guide above a file: README.md in its folder or the closest one up, never the root's. */
export function guideOf(file: string, hasGuide: (guide: string) => boolean): string | undefined {
  for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir)) {
    if (hasGuide(`${dir}/README.md`)) return `${dir}/README.md`;
  }
  return undefined;
}

/** The items of a guide's "Near the size limits" paragraph, as "folder/file.ts" or "folder/file.ts name", with why. */
export function nearLimitItems(guide: string, text: string): Array<{ item: string; why: string }> {
  const at = text.indexOf(HEADING);
  if (at < 0) return [];
  const dir = path.posix.dirname(guide);
  const items: Array<{ item: string; why: string }> = [];
  for (const line of text
    .slice(at + HEADING.length)
    .split('\n')
    .slice(1)) {
    if (!line.startsWith('- ') && !line.startsWith('  ')) break;
    const m = /^- `([^`]+)`(?: `([^`]+)`)?: (.+)$/.exec(line);
    if (m) items.push({ item: `${path.posix.join(dir, m[1]!)}${m[2] ? ` ${m[2]}` : ''}`, why: m[3]! });
    else if (line.startsWith('  ') && items.length) items.at(-1)!.why += ` ${line.trim()}`;
  }
  return items;
}

describe('sizes near their limits', () => {
  const files = FILE_FOLDERS.flatMap((dir) => filesUnder(dir, /\.(ts|tsx|js|mjs)$/)).filter(
    (file) => readFileSync(path.join(ROOT, file), 'utf8').split('\n').length - 1 > MAX_FILE_LINES * NEAR,
  );
  const functions = longFunctions(ROOT, SOURCE_DIRS, MAX_FUNCTION_LINES * NEAR).map((f) => `${f.file} ${f.name}`);
  const near = [...files, ...functions];
  const hasGuide = (guide: string) => existsSync(path.join(ROOT, guide));
  const guides = FILE_FOLDERS.flatMap((dir) => filesUnder(dir, /^README\.md$/));
  const listed = guides.flatMap((guide) => nearLimitItems(guide, readFileSync(path.join(ROOT, guide), 'utf8')));

  const limits = `file over ${MAX_FILE_LINES * NEAR} lines and function over ${MAX_FUNCTION_LINES * NEAR}`;
  it(`every ${limits} is named, with why, in its guide`, () => {
    const unnamed = near.filter((item) => !listed.some((l) => l.item === item));
    const where = (item: string) => guideOf(item.split(' ')[0]!, hasGuide) ?? 'no guide above it';
    const named = unnamed.map((item) => `${item} (${where(item)})`);
    expect(named, 'split these, or say in the guide why they stay').toEqual([]);
    const bare = listed.filter((l) => l.why.split(/\s+/).length < 4).map((l) => l.item);
    expect(bare, 'give these a reason').toEqual([]);
  });

  it('every item a guide names is still near its limit', () => {
    const stale = listed.filter((l) => !near.includes(l.item)).map((l) => l.item);
    expect(stale, `these are short now: delete them from the guide's "Near the size limits"`).toEqual([]);
  });

  it('no guide keeps the heading with nothing under it', () => {
    const empty = guides.filter((guide) => {
      const text = readFileSync(path.join(ROOT, guide), 'utf8');
      return text.includes(HEADING) && nearLimitItems(guide, text).length === 0;
    });
    expect(empty, `delete "${HEADING}" from these guides: nothing is near its limit`).toEqual([]);
  });

  it("reads a guide's items under its folder, a reason wrapped on the next line with it", () => {
    const text = [
      '# x',
      '',
      HEADING,
      '- `a.ts`: a table of data,',
      '  one row a language.',
      '- `b/c.ts` `run`: why not.',
      '',
      'Next.',
      '- `d.ts`: out',
    ].join('\n');
    expect(nearLimitItems('engine/README.md', text)).toEqual([
      { item: 'engine/a.ts', why: 'a table of data, one row a language.' },
      { item: 'engine/b/c.ts run', why: 'why not.' },
    ]);
    expect(guideOf('engine/session/x/y.ts', (g) => g === 'engine/session/README.md')).toBe('engine/session/README.md');
  });
});
