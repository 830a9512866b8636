// Errors answer themselves: one module (server/errors/reply.ts) turns an error into a status and a body, and one
// (cli/errors.ts) into the command line's lines and exit code. A function elsewhere in the server or the CLI that
// both tells errors apart by class (`instanceof …Error`, `isInstance`) and builds an answer (a status, a JSON body,
// an event stream's `error`, an API error; a line on stderr, an exit, `--json`'s error) converts errors by hand.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './graph.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
const childrenOf = (node: Node): Node[] =>
  Object.values(node).flatMap((v) => (Array.isArray(v) ? v.filter(isNode) : isNode(v) ? [v] : []));

/** Telling an error apart by its class. */
const CLASSIFIES = [/\binstanceof\s+[A-Z]\w*Error\b/, /\.isInstance\(/];
/** Building an answer: a status or body on the response, an event stream's `error`, an API error or its body. */
const ANSWERS = [
  /\b(res|reply|response)\.(status|json|set|setHeader|writeHead|send|end)\(/,
  /\bsendJson\(/,
  /\.send\(\s*['"]error['"]/,
  /\b(errorBody|apiErrorOf|answerOf|failureOf|errorReply)\(/,
  /\bnew ApiError\(/,
  /\bApiError\.(of|catalogue|waiting)\(/,
];
/** The CLI tells refusals apart too (`ImportRefusal`). */
const CLI_CLASSIFIES = [/\binstanceof\s+[A-Z]\w*(Error|Refusal)\b/, /\.isInstance\(/];
/** The command line's answer: a line for the writer, the exit, `--json`'s error line. */
const CLI_ANSWERS = [
  /\bfail\(/,
  /\bnew CliExit\(/,
  /\bprintJsonError\(/,
  /\bprocess\.std(err|out)\.write\(/,
  /\binfo\(/,
];

/**
 * The functions of a file's text that tell errors apart by class and build an answer in their own body (nested
 * functions are their own).
 */
export function handConversionsIn(
  file: string,
  text: string,
  answers: readonly RegExp[] = ANSWERS,
  classifies: readonly RegExp[] = CLASSIFIES,
): string[] {
  const ast = parseAst(text, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' }) as unknown as Node;
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  const found: string[] = [];
  const nestedOf = (fn: Node): Node[] => {
    const nested: Node[] = [];
    const walk = (node: Node) => {
      for (const child of childrenOf(node)) {
        if (FUNCTION_TYPES.has(child.type)) nested.push(child);
        else walk(child);
      }
    };
    walk(fn);
    return nested;
  };
  const check = (fn: Node) => {
    let own = text.slice(fn.start, fn.end);
    for (const inner of nestedOf(fn))
      own =
        own.slice(0, inner.start - fn.start) + ' '.repeat(inner.end - inner.start) + own.slice(inner.end - fn.start);
    own = own.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    if (classifies.some((p) => p.test(own)) && answers.some((p) => p.test(own)))
      found.push(`${file}:${lineAt(fn.start)}`);
  };
  const walk = (node: Node) => {
    if (FUNCTION_TYPES.has(node.type)) check(node);
    for (const child of childrenOf(node)) walk(child);
  };
  walk(ast);
  return found;
}

describe('errors answer themselves', () => {
  it('no function outside server/errors turns an error into an answer by its class', () => {
    const files = sourceFiles(ROOT, ['server']).filter((f) => !f.startsWith('server/errors/'));
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((f) => handConversionsIn(f, readFileSync(path.join(ROOT, f), 'utf8')));
    expect(found, 'throw the error, or answer it with errorReply (server/errors/reply.ts)').toEqual([]);
  });

  it("no function in the CLI outside cli/errors.ts turns an error into the writer's message by its class", () => {
    const files = sourceFiles(ROOT, ['cli']).filter((f) => f !== 'cli/errors.ts');
    expect(files.length).toBeGreaterThan(30);
    const found = files.flatMap((f) =>
      handConversionsIn(f, readFileSync(path.join(ROOT, f), 'utf8'), CLI_ANSWERS, CLI_CLASSIFIES),
    );
    expect(found, 'throw the error, or end the command with exitOnFailure / cliFailure (cli/errors.ts)').toEqual([]);
  });

  it('finds the conversions it is there to find, and only those', () => {
    const text = [
      'function handler(error: unknown, res: Response) {',
      '  if (error instanceof EditError) return res.status(400).json({});',
      '}',
      'const onStream = (error: unknown) => { if (KaryaError.isInstance(error)) open.send("error", {}); };',
      'function rethrows(error: unknown) {',
      '  if (!(error instanceof VoiceError)) throw error;',
      '  return undefined;',
      '}',
      'function outer(error: unknown) {',
      '  const isVoice = error instanceof VoiceError;',
      '  const later = () => res.json({ isVoice });',
      '  return later;',
      '}',
      'function retry(res: Response) {',
      '  try { x(); } catch (error) { if (error instanceof ' +
        'ExportLimitError) res.setHeader("Retry-After", "30"); throw error; }',
      '}',
    ].join('\n');
    expect(handConversionsIn('x.ts', text)).toEqual(['x.ts:1', 'x.ts:4', 'x.ts:14']);
  });

  it('finds the CLI conversions it is there to find, and only those', () => {
    const text = [
      'function refused(error: unknown, lang: Lang) {',
      '  if (error instanceof ImportRefusal) return fail(importRefusalMessage(error, lang));',
      '  throw error;',
      '}',
      'function specs(error: unknown) {',
      '  if (error instanceof SpecError) { for (const i of error.issues) ' +
        'process.stderr.write(String(i)); throw new CliExit(1); }',
      '}',
      'function through(error: unknown, lang: Lang) {',
      '  exitOnFailure(error, lang, { expects: ["import"] });',
      '  throw error;',
      '}',
      'function rethrows(error: unknown) {',
      '  if (error instanceof CliExit) throw error;',
      '  fail("cannot be read");',
      '}',
    ].join('\n');
    expect(handConversionsIn('x.ts', text, CLI_ANSWERS, CLI_CLASSIFIES)).toEqual(['x.ts:1', 'x.ts:5']);
  });
});
