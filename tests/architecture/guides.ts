// What the folder guides (README.md files) and the code's comments say, read so that tests can check it:
// the repository files a guide names, and the comments that cite a spec document or an issue number instead
// of the code or a published source.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A path-like word of a guide: a file with one of these endings, or a folder written with its trailing slash. */
const FILE_ENDINGS = 'ts|tsx|js|mjs|hbs|yaml|yml|json|md|sql|css|html|epub|docx|txt';
const PATH_WORD = new RegExp(
  `(?<![\\w/.@:~-])((?:\\.{1,2}/)?[\\w@-][\\w.@-]*(?:/[\\w.@-]+)*(?:\\.(?:${FILE_ENDINGS})|/))(?![\\w/-])`,
  'g',
);
/** The folders a repository path starts with; a word naming one of them is checked from the repository's root. */
const TOP_FOLDERS = [
  'engine',
  'server',
  'cli',
  'studio',
  'tests',
  'bench',
  'scripts',
  'generators',
  'templates',
  'migrations',
  'docs',
  'shared',
  'spec',
];

/**
 * The repository files and folders a guide's text names, as written, each with the folder named last before
 * it in its paragraph or list item (a bare `bible.test.ts` after `tests/session/` is tests/session/bible.test.ts).
 * Left out: URLs, globs, fenced code and code spans with a space in them (command lines, whose paths are the
 * files a command makes).
 */
export function namedPaths(markdown: string): Array<{ word: string; folder?: string }> {
  const found: Array<{ word: string; folder?: string }> = [];
  let isFenced = false;
  let folder: string | undefined;
  for (const line of markdown.split('\n')) {
    if (line.trimStart().startsWith('```')) isFenced = !isFenced;
    if (isFenced || line.trimStart().startsWith('```')) continue;
    if (!line.trim() || /^\s*([-*]|\d+\.)\s/.test(line) || line.startsWith('#')) folder = undefined;
    const text = line.replace(/https?:\/\/\S+/g, ' ').replace(/`[^`]*\s[^`]*`/g, ' ');
    for (const m of text.matchAll(PATH_WORD)) {
      const word = m[1]!;
      if (word.includes('*') || word.startsWith('/')) continue;
      found.push({ word, ...(folder ? { folder } : {}) });
      if (word.endsWith('/')) folder = word;
    }
  }
  return found;
}

/** Every file and folder under a folder (recursively), as paths from it. */
function pathsUnder(root: string, dir: string, prefix = '', into: string[] = []): string[] {
  for (const entry of readdirSync(path.join(root, dir, prefix), { withFileTypes: true })) {
    if (['node_modules', 'dist', 'coverage', 'test-results'].includes(entry.name) || entry.name.startsWith('.'))
      continue;
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    into.push(rel);
    if (entry.isDirectory()) pathsUnder(root, dir, rel, into);
  }
  return into;
}

/**
 * The paths a guide names that are not in the repository. A path counts as there when it is, from the
 * repository's root or from the guide's own folder, or when a file or folder under the guide's folder ends
 * with it (`generator/Manuscript.tsx` in studio/, `session.ts` in engine/session/). The files a command
 * or a writer makes (`karya.config.yaml`, a package's `readiness.json`) are listed in `outside`. Given `file`
 * (a doc in docs/ that holds the guide's detail), that file's text is read as if it were in the guide's folder.
 */
export function missingPaths(root: string, guide: string, outside: ReadonlySet<string>, file = guide): string[] {
  const dir = path.posix.dirname(guide);
  const text = readFileSync(path.join(root, file), 'utf8');
  const under = pathsUnder(root, dir);
  const isThere = (clean: string) =>
    existsSync(path.join(root, dir, clean)) ||
    existsSync(path.join(root, path.posix.dirname(file), clean)) ||
    (TOP_FOLDERS.includes(clean.split('/')[0]!) && existsSync(path.join(root, clean))) ||
    under.some((p) => p === clean || p.endsWith(`/${clean}`));
  const missing = namedPaths(text).filter(({ word, folder }) => {
    const clean = word.replace(/\/$/, '');
    if (outside.has(word) || outside.has(clean) || isThere(clean)) return false;
    return !(folder && !clean.includes('/') && isThere(`${folder}${clean}`));
  });
  return [...new Set(missing.map((m) => m.word))];
}

/** The docs (docs/*.md, as paths from the repository's root) a guide links to: where its detail lives. */
export function linkedDocs(guide: string, text: string): string[] {
  const dir = path.posix.dirname(guide);
  return [...text.matchAll(/\]\(((?:\.\.\/)+docs\/[\w.-]+\.md)\)/g)].map((m) =>
    path.posix.normalize(path.posix.join(dir, m[1]!)),
  );
}

/**
 * A comment line that cites a spec document or an issue ("spec/platform.md", "issue 29", "#53"), with its line number.
 */
const CITATION = /\bspec\/[\w.-]+\.md\b|\bissues?\s+#?\d+\b|(?<![\w&/#])#\d{1,4}\b(?![\w-])/i;

/** The comments of a TypeScript source, each with the line it starts on (strings and regular expressions left out). */
export function commentsOf(source: string): Array<{ line: number; text: string }> {
  const out: Array<{ line: number; text: string }> = [];
  let line = 1;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\n') line++;
    else if (c === '"' || c === "'" || c === '`') {
      for (i++; i < source.length && source[i] !== c; i++) {
        if (source[i] === '\\') i++;
        else if (source[i] === '\n') line++;
      }
    } else if (c === '/' && source[i + 1] === '/') {
      const end = source.indexOf('\n', i);
      out.push({ line, text: source.slice(i + 2, end === -1 ? undefined : end) });
      i = (end === -1 ? source.length : end) - 1;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      const body = source.slice(i + 2, end === -1 ? undefined : end);
      body.split('\n').forEach((text, k) => out.push({ line: line + k, text }));
      line += body.split('\n').length - 1;
      i = (end === -1 ? source.length : end + 2) - 1;
    }
  }
  return out;
}

/** The comment lines of a source that cite a spec document or an issue number. */
export function citingComments(source: string): Array<{ line: number; text: string }> {
  // A quoted title ("Romance #1") is an example, not a citation.
  return commentsOf(source).filter((c) => CITATION.test(c.text.replace(/"[^"]*"|“[^”]*”/g, '""')));
}
