// Comments wrapped at the line-length rule's width, which prettier leaves as they are: a whole-line `//` comment
// or a line of a `/* … */` block over 120 characters is cut at its spaces into lines of the same prefix, and a
// one-line `/** … */` over it becomes a block. Comments are found by prettier's own TypeScript parser, so text
// in strings and templates that looks like a comment is never touched.
import * as typescript from 'prettier/plugins/typescript';
import { MAX_LINE_CHARS } from './long-lines.js';

interface Comment {
  type: 'Line' | 'Block';
  range: [number, number];
  value: string;
}
type Parse = (text: string, options: object) => Promise<{ comments?: Comment[] }>;
const parse = (typescript as unknown as { parsers: { typescript: { parse: Parse } } }).parsers.typescript.parse;

/** `text` cut at its spaces into lines of at most `width` characters (a longer word keeps a line of its own). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter((w) => w !== '')) {
    if (line !== '' && [...line].length + 1 + [...word].length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

const tooLong = (line: string) => [...line].length > MAX_LINE_CHARS;

/** One comment line (`prefix` + text, after `lead`, the indent before it) as lines of the rule's width. */
function wrapLine(prefix: string, text: string, lead = ''): string[] {
  return wrapWords(text, MAX_LINE_CHARS - [...lead].length - [...prefix].length).map((words) => `${prefix}${words}`);
}

/** A comment's new text, or undefined when it has no long line or does not start its line. */
function wrapped(comment: Comment, indent: string, source: string): string | undefined {
  if (!`${indent}${source}`.split('\n').some(tooLong)) return undefined;
  if (comment.type === 'Line') {
    const space = comment.value.startsWith(' ') ? ' ' : '';
    return wrapLine(`//${space}`, comment.value.slice(space.length), indent).join(`\n${indent}`);
  }
  const lines = source.split('\n');
  if (lines.length === 1) {
    const doc = source.startsWith('/**') ? '/**' : '/*';
    const inner = source.slice(doc.length, -2).trim();
    return [doc, ...wrapLine(`${indent} * `, inner), `${indent} */`].join('\n');
  }
  return lines
    .flatMap((line) => {
      const m = /^(\s*\*\s)(.*)$/.exec(line);
      return m && tooLong(line) ? wrapLine(m[1] ?? '', m[2] ?? '') : [line];
    })
    .join('\n');
}

/** `text` with every long whole-line comment wrapped; the code and every string left as they are. */
export async function wrapComments(file: string, text: string): Promise<string> {
  if (!text.split('\n').some(tooLong)) return text;
  const ast = await parse(text, { filepath: file });
  let out = text;
  for (const comment of [...(ast.comments ?? [])].reverse()) {
    const [start, end] = comment.range;
    const lineStart = out.lastIndexOf('\n', start - 1) + 1;
    const indent = out.slice(lineStart, start);
    if (!/^[ \t]*$/.test(indent)) continue;
    const next = wrapped(comment, indent, out.slice(start, end));
    if (next !== undefined) out = out.slice(0, start) + next + out.slice(end);
  }
  return out;
}
