// The bundle's chunks made ASCII-only (scripts/build-cli.ts, after esbuild). esbuild escapes what is not ASCII in
// strings, templates and names, but leaves regular expressions and comments as written (`/[’‘]/g`, `// … → …`), and
// one such character makes Node read the whole chunk as a two-byte string: each chunk's text decoded from UTF-8 to
// UTF-16 (twice its bytes, copied once more into V8's heap) and encoded back to UTF-8 for the compile cache's hash
// (V8's slow path for two-byte strings: ~37 M of the main thread's ~520 M instructions before a batch's command
// loads, and ~900 page faults more for `karya --version`). Here each such character is written as its escape where
// that keeps the code's meaning: in a comment, and in a regular expression literal (`\u2019` matches what `’` did;
// what differs is the literal's `source` text). Anything else (a tagged template's raw text) leaves its chunk as
// esbuild wrote it. The chunks' source maps are not changed: a column after an escape on the same line is off by the
// escape's length (the same as scripts/shape-start.ts's parentheses).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { unicodeEscape } from '../engine/node.js';

/** Where a character of a chunk stands: code, a comment, a regular expression, a string or a template. */
type Place = 'code' | 'comment' | 'regexp' | 'string' | 'template';

/** Keywords after which a `/` starts a regular expression (after any other word it divides). */
const BEFORE_EXPRESSION = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

/** Where the regular expression literal at `i` (its `/`) ends, after its flags; -1 when it does not end on its line. */
function regexpEnd(text: string, i: number): number {
  let inClass = false;
  for (i++; ; i++) {
    const r = text[i];
    if (r === undefined || r === '\n') return -1;
    if (r === '\\') i++;
    else if (r === '[') inClass = true;
    else if (r === ']') inClass = false;
    else if (r === '/' && !inClass) break;
  }
  for (i++; i < text.length && /[a-z]/.test(text[i]!);) i++;
  return i;
}

/** Where the string literal at `i` (its quote) ends; -1 when it does not end on its line. */
function stringEnd(text: string, i: number): number {
  const quote = text[i];
  for (i++; text[i] !== quote; i++) {
    if (i >= text.length || text[i] === '\n') return -1;
    if (text[i] === '\\') i++;
  }
  return i + 1;
}

/** Where a name or number at `i` ends. */
function wordEnd(text: string, i: number): number {
  let end = text[i] === '#' ? i + 1 : i;
  while (end < text.length && (/[\w$]/.test(text[end]!) || text.charCodeAt(end) > 0x7f)) end++;
  return end;
}

/**
 * The place of every non-ASCII character of `text`, an ES module as esbuild prints it (by its index), or undefined
 * when the text could not be followed to its end. A `/` after a value (a name, a number, a literal, `)`, `]` or `}`)
 * divides; anywhere else it starts a regular expression. Where that reads a literal as a division (after a block's
 * `}`), its characters are found in code and the chunk is left alone.
 */
export function nonAsciiPlaces(text: string): Map<number, Place> | undefined {
  const places = new Map<number, Place>();
  const mark = (from: number, to: number, place: Place) => {
    for (let j = from; j < to; j++) if (text.charCodeAt(j) > 0x7f) places.set(j, place);
  };
  /** What each open `{` or `${` is: a brace of code, or a template's substitution. */
  const braces: Array<'code' | 'template'> = [];
  let afterValue = false;
  let i = 0;
  /** Reads a template's text from `i` (after its backtick or a substitution's `}`) to its end or next `${`. */
  const templateText = (): boolean => {
    const from = i;
    for (; i < text.length; i++) {
      if (text[i] === '\\') i++;
      else if (text[i] === '`' || (text[i] === '$' && text[i + 1] === '{')) {
        mark(from, i, 'template');
        afterValue = text[i] === '`';
        if (!afterValue) braces.push('template');
        i += afterValue ? 1 : 2;
        return true;
      }
    }
    return false;
  };
  /** The end of the token at `i` that holds text (a comment, a literal), marked; -1 when it does not end. */
  const literal = (c: string, next: string | undefined): number => {
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const to = end < 0 ? text.length : end;
      mark(i, to, 'comment');
      return to;
    }
    if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end >= 0) mark(i, end + 2, 'comment');
      return end < 0 ? -1 : end + 2;
    }
    const end = c === '/' ? regexpEnd(text, i) : stringEnd(text, i);
    if (end >= 0) mark(i, end, c === '/' ? 'regexp' : 'string');
    afterValue = true;
    return end;
  };
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') i++;
    else if ((c === '/' && (next === '/' || next === '*' || !afterValue)) || c === '"' || c === "'") {
      i = literal(c, next);
      if (i < 0) return undefined;
    } else if (c === '`') {
      i++;
      if (!templateText()) return undefined;
    } else if (c === '{') {
      i++;
      braces.push('code');
      afterValue = false;
    } else if (c === '}') {
      i++;
      if (braces.pop() !== 'template') afterValue = true;
      else if (!templateText()) return undefined;
    } else if (/[\w$#]/.test(c) || c.charCodeAt(0) > 0x7f) {
      const from = i;
      i = wordEnd(text, i);
      mark(from, i, 'code');
      afterValue = !BEFORE_EXPRESSION.has(text.slice(from, i));
    } else if ((c === '+' || c === '-') && next === c) i += 2;
    else {
      afterValue = c === ')' || c === ']';
      i++;
    }
  }
  return braces.length ? undefined : places;
}

/**
 * `text` with each non-ASCII character of its comments and regular expressions escaped, or undefined when it has one
 * elsewhere (or could not be read): it is then left as it is. A line or paragraph separator is not escaped in a comment
 * (it ends a `//` comment) and leaves the chunk as it is.
 */
export function asciiText(text: string): string | undefined {
  const places = nonAsciiPlaces(text);
  if (!places) return undefined;
  let out = '';
  let from = 0;
  for (const [at, place] of [...places].sort((a, b) => a[0] - b[0])) {
    const code = text.charCodeAt(at);
    if ((place !== 'comment' && place !== 'regexp') || code === 0x2028 || code === 0x2029) return undefined;
    // In a regular expression an escaped non-ASCII character (`\’`) is the character: its escape replaces both.
    let start = at;
    if (place === 'regexp') {
      let slashes = 0;
      while (text[at - 1 - slashes] === '\\') slashes++;
      if (slashes % 2) start = at - 1;
    }
    out += text.slice(from, start) + unicodeEscape(code);
    from = at + 1;
  }
  return out + text.slice(from);
}

/**
 * Every chunk of the bundle in `bundle` made ASCII-only where asciiText can; says how many were, and names those left
 * with other text (the build's line).
 */
export function asciiChunks(bundle: string): string {
  let changed = 0;
  const left: string[] = [];
  for (const file of readdirSync(bundle).filter((f) => f.endsWith('.js'))) {
    const full = path.join(bundle, file);
    const text = readFileSync(full, 'utf8');
    if (!/[^\x00-\x7f]/.test(text)) continue;
    const out = asciiText(text);
    if (out === undefined) left.push(file);
    else {
      writeFileSync(full, out);
      changed++;
    }
  }
  return `${changed} chunks made ASCII${left.length ? ` (${left.length} left as they were: ${left.join(', ')})` : ''}`;
}
