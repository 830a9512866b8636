// Long strings broken where prettier leaves them: a string literal ('…', "…") or a template literal on a line over
// 120 characters is cut after its spaces (or its `\n` escapes) into a concatenation, `'first part ' + 'second'`,
// which prettier then lays out one part a line. Literals are found in the syntax tree of prettier's TypeScript
// parser (typescript 7 has no JavaScript compiler API), never by searching the text. A template literal is cut only
// in its text, between its `${}`s; none is cut where the concatenation would differ from the literal: a tagged
// template, a module name, a type, an object key, a `case` label, a directive, the operand of `as const`, a computed
// member, JSX,
// an inline snapshot. Regular expression literals are left as they are.
import * as typescript from 'prettier/plugins/typescript';
import { MAX_LINE_CHARS } from './long-lines.js';

interface Node {
  type: string;
  range: [number, number];
  [key: string]: unknown;
}
type Parse = (text: string, options: object) => Promise<Node>;
const parse = (typescript as unknown as { parsers: { typescript: { parse: Parse } } }).parsers.typescript.parse;

/** A literal shorter than this is never cut: the line is long for another reason. */
const MIN_CUT_CHARS = 24;
/** Room kept on a part's line for its quotes, ` +` and what closes the expression (`),`). */
const LINE_ROOM = 6;
/** Where prettier puts a broken concatenation's parts: the literal's line indent plus this. */
const PART_INDENT = 4;
/** The most of a line, besides a literal that fits a line of its own, for which the literal is cut in two. */
const MAX_BESIDE = 60;
/** Parts narrower than this are not made: a line that long is long for another reason. */
const MIN_PART_CHARS = 30;

/** The (parent type, key) pairs under which a literal must stay one literal. */
const KEPT: Record<string, readonly string[]> = {
  ImportDeclaration: ['source'],
  ExportNamedDeclaration: ['source'],
  ExportAllDeclaration: ['source'],
  ImportExpression: ['source'],
  ImportAttribute: ['key', 'value'],
  ImportSpecifier: ['imported', 'local'],
  ExportSpecifier: ['exported', 'local'],
  TSExternalModuleReference: ['expression'],
  TSImportType: ['argument'],
  TSModuleDeclaration: ['id'],
  TSLiteralType: ['literal'],
  TSEnumMember: ['id', 'initializer'],
  Property: ['key'],
  PropertyDefinition: ['key'],
  MethodDefinition: ['key'],
  AccessorProperty: ['key'],
  TSPropertySignature: ['key'],
  TSMethodSignature: ['key'],
  TSAbstractPropertyDefinition: ['key'],
  TSAbstractMethodDefinition: ['key'],
  SwitchCase: ['test'],
  ExpressionStatement: ['expression'],
  TaggedTemplateExpression: ['quasi'],
  MemberExpression: ['property'],
  JSXAttribute: ['value'],
  JSXExpressionContainer: ['expression'],
};
/** Calls whose string arguments are read by a tool before the code runs. */
const KEPT_CALLS = /^(require|vi\.mock|vi\.doMock|vi\.importActual|vi\.importMock|.*InlineSnapshot)$/;

interface Visit {
  node: Node;
  parent: Node | undefined;
  key: string;
  ancestors: Node[];
}

const isNode = (v: unknown): v is Node =>
  typeof v === 'object' && v !== null && typeof (v as Node).type === 'string' && Array.isArray((v as Node).range);

/** Every node of the tree with its parent, the key it hangs under, and its ancestors. */
function walk(root: Node, visit: (v: Visit) => void): void {
  const stack: Visit[] = [{ node: root, parent: undefined, key: '', ancestors: [] }];
  while (stack.length > 0) {
    const v = stack.pop() as Visit;
    visit(v);
    const ancestors = [...v.ancestors, v.node];
    for (const [key, value] of Object.entries(v.node)) {
      if (key === 'parent' || key === 'loc' || key === 'range' || key === 'comments' || key === 'tokens') continue;
      for (const child of Array.isArray(value) ? value : [value]) {
        if (isNode(child)) stack.push({ node: child, parent: v.node, key, ancestors });
      }
    }
  }
}

/** A call's callee as dotted text (`vi.mock`), or '' when it is not a plain name chain. */
function calleeName(node: Node): string {
  if (node.type === 'Identifier') return String(node.name);
  if (node.type === 'MemberExpression' && !node.computed && isNode(node.object) && isNode(node.property)) {
    const object = calleeName(node.object);
    return object === '' ? '' : `${object}.${calleeName(node.property)}`;
  }
  return '';
}

const isConstAssertion = (n: Node) =>
  n.type === 'TSAsExpression' &&
  isNode(n.typeAnnotation) &&
  n.typeAnnotation.type === 'TSTypeReference' &&
  isNode(n.typeAnnotation.typeName) &&
  n.typeAnnotation.typeName.name === 'const';

/** Whether the literal may become a concatenation without changing what the code means. */
function mayCut(v: Visit): boolean {
  const { node, parent, key, ancestors } = v;
  if (node.type === 'Literal' && typeof node.value !== 'string') return false;
  if (node.type !== 'Literal' && node.type !== 'TemplateLiteral') return false;
  if (parent === undefined || (KEPT[parent.type] ?? []).includes(key)) return false;
  if (parent.type === 'CallExpression' && key === 'arguments' && isNode(parent.callee)) {
    if (KEPT_CALLS.test(calleeName(parent.callee))) return false;
  }
  if (isConstAssertion(parent)) return false;
  return !ancestors.some((a) => a.type.startsWith('JSX') || a.type === 'TSTypeAnnotation' || a.type === 'Decorator');
}

/** Where `raw` (a literal's text between its quotes) may be cut: after a space or a `\n` escape, not in an escape. */
function cutPoints(raw: string): number[] {
  const points: number[] = [];
  let backslashes = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === ' ' && backslashes % 2 === 0) points.push(i + 1);
    if (c === 'n' && backslashes % 2 === 1) points.push(i + 1);
    backslashes = c === '\\' ? backslashes + 1 : 0;
  }
  return points.filter((p) => p < raw.length);
}

const width = (s: string) => [...s].length;

/**
 * Cuts in `raw` (offsets among `points`) so that its first part fits `first` characters and the others `rest`, each
 * at the latest point that fits (or the first one, when none does). No part is only whitespace (`` ` ` + ` ${x}` ``
 * reads as a mistake): a cut is made only with some text on each side of it.
 */
function cutsFor(raw: string, points: readonly number[], first: number, rest: number): number[] {
  const cuts: number[] = [];
  let start = 0;
  let room = first;
  for (;;) {
    if (width(raw.slice(start)) <= room) return cuts;
    const fair = points.filter((p) => p > start && raw.slice(start, p).trim() !== '' && raw.slice(p).trim() !== '');
    const fitting = fair.filter((p) => width(raw.slice(start, p)) <= room);
    const cut = fitting.length > 0 ? fitting[fitting.length - 1] : fair[0];
    if (cut === undefined) return cuts;
    cuts.push(cut);
    start = cut;
    room = rest;
  }
}

/** Cuts as few as `cutsFor`'s, the parts as even as they can be (no short last part on a line of its own). */
function evenCuts(raw: string, points: readonly number[], first: number, rest: number): number[] {
  const most = cutsFor(raw, points, first, rest);
  for (let room = Math.ceil(width(raw) / (most.length + 1)); room < rest; room++) {
    const cuts = cutsFor(raw, points, Math.min(first, room), room);
    if (cuts.length <= most.length) return cuts;
  }
  return most;
}

interface Edit {
  at: number;
  insert: string;
}

/** The text pieces of a literal where cuts may go: [start, end) offsets of text between the delimiters. */
function textPieces(node: Node): Array<[number, number]> {
  if (node.type === 'Literal') return [[node.range[0] + 1, node.range[1] - 1]];
  return (node.quasis as Node[]).map((q) => q.range);
}

/** The line's start, end and indent around offset `at` of `text`. */
function lineOf(text: string, at: number): { start: number; end: number; indent: number } {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const end = text.indexOf('\n', at);
  return { start, end: end === -1 ? text.length : end, indent: /^[ \t]*/.exec(text.slice(start))?.[0].length ?? 0 };
}

/**
 * The offsets at which one literal is cut, where it is on a long line of its own: its parts fit after its column
 * (or on a line of their own, where prettier moves them), the parts after the first on lines of their own.
 */
function cutsOf(text: string, node: Node): number[] {
  const [from, to] = node.range;
  const line = lineOf(text, from);
  const lineWidth = width(text.slice(line.start, line.end));
  if (to - from < MIN_CUT_CHARS || line.end < to || lineWidth <= MAX_LINE_CHARS) return [];
  const rest = MAX_LINE_CHARS - line.indent - PART_INDENT - LINE_ROOM;
  if (rest < MIN_PART_CHARS) return [];
  const inner = from + 1;
  const raw = text.slice(inner, to - 1);
  const points = textPieces(node).flatMap(([start, end]) =>
    cutPoints(text.slice(start, end)).map((p) => start + p - inner),
  );
  const first = Math.max(MAX_LINE_CHARS - width(text.slice(line.start, inner)) - LINE_ROOM, rest);
  let found = evenCuts(raw, points, first, rest);
  // A literal that fits its own line but not beside the rest (`it('…', async () => {`): in two, prettier then
  // gives it lines of its own. Not a short literal on a line long for another reason.
  const beside = lineWidth - width(raw);
  if (found.length === 0 && beside <= MAX_BESIDE) found = evenCuts(raw, points, width(raw) - 1, width(raw) - 1);
  return found.map((c) => inner + c);
}

/** The edits that cut one literal (in parentheses unless it is already a part of a `+` chain). */
function cutLiteral(text: string, v: Visit): Edit[] {
  const { node, parent } = v;
  const cuts = cutsOf(text, node);
  if (cuts.length === 0) return [];
  const quote = node.type === 'Literal' ? text[node.range[0]] : '`';
  const edits = cuts.map((at) => ({ at, insert: `${quote} + ${quote}` }));
  const chained = parent?.type === 'BinaryExpression' && parent.operator === '+';
  return chained ? edits : [{ at: node.range[0], insert: '(' }, ...edits, { at: node.range[1], insert: ')' }];
}

/** The edits that cut every long literal of `text` once; none when no literal can be cut. */
export async function stringCuts(file: string, text: string): Promise<Edit[]> {
  const ast = await parse(text, { filepath: file });
  const edits: Edit[] = [];
  walk(ast, (v) => {
    if (mayCut(v)) edits.push(...cutLiteral(text, v));
  });
  return edits;
}

/** `text` with the edits made (insertions at offsets; at one offset, in the order given). */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  const sorted = edits.map((e, i) => ({ ...e, i })).sort((a, b) => b.at - a.at || b.i - a.i);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.at) + e.insert + out.slice(e.at);
  return out;
}

/** How many passes at most (each cuts the parts a pass before left too long; parts only shrink, so it ends). */
const PASSES = 20;

/**
 * `text` (prettier's output) with its long literals cut and laid out again by `format` (prettier), pass after
 * pass until no long line has a literal left to cut: the result is a fixed point, so formatting it again changes
 * nothing.
 */
export async function breakStrings(
  file: string,
  text: string,
  format: (text: string) => Promise<string>,
): Promise<string> {
  let out = text;
  for (let pass = 0; pass < PASSES; pass++) {
    if (!out.split('\n').some((line) => width(line) > MAX_LINE_CHARS)) return out;
    const edits = await stringCuts(file, out);
    if (edits.length === 0) return out;
    out = await format(applyEdits(out, edits));
  }
  return out;
}
