// One failure policy, checked on the sources: routes and core modules throw and never turn a caught error
// into an answer themselves (the app's one error handler does, server/errors/answer.ts), and one module
// (engine/retry.ts) reads Retry-After and computes a retry's back-off.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './graph.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/**
 * The lines of a route or core module that answer a caught error by hand: a status taken from the table, or an API
 * error or status built from the error's code, status or params.
 */
export function handConversions(text: string): string[] {
  const caught = new Set([...text.matchAll(/catch\s*\(\s*(\w+)/g)].map((m) => m[1]!));
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    const at = `${i + 1}: ${line.trim()}`;
    if (/\bhttpStatusOf\b|errors\/status\.js/.test(line)) return void found.push(at);
    for (const name of caught) {
      const fields = new RegExp(`\\b${name}\\.(code|httpStatus|status|params|vars)\\b`);
      if (/\bnew ApiError\(|\bApiError\.\w+\(|\b(res|reply)\.(status|code)\(/.test(line) && fields.test(line))
        return void found.push(at);
    }
  });
  return found;
}

/** The lines that read a Retry-After header or double a retry's wait: engine/retry.ts's job alone. */
export function retryArithmetic(text: string): string[] {
  const patterns = [
    /\.get\(\s*['"]retry-after/i,
    /\w\s*\[\s*['"]retry-after(-ms)?['"]\s*\]/i,
    /parse(Float|Int)\([^)\n]*retry-?after/i,
    /Math\.min\(\s*\w*delay\w*\s*\*\s*2\b/i,
    /\b2\s*\*\*\s*\(?\s*(\w+\.)?(attempt|retryCount)\b/i,
  ];
  return text
    .split('\n')
    .flatMap((line, i) => (patterns.some((p) => p.test(line)) ? [`${i + 1}: ${line.trim()}`] : []));
}

describe('one failure policy', () => {
  it('no route or core module turns a caught error into an answer by hand', () => {
    const files = sourceFiles(ROOT, ['server/routes', 'server/core']);
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((f) => handConversions(read(f)).map((l) => `${f}:${l}`));
    expect(found, "throw the error: the app's error handler answers it (server/errors/answer.ts)").toEqual([]);
  });

  it('only engine/retry.ts reads Retry-After or computes a back-off', () => {
    const files = sourceFiles(ROOT, ['engine', 'server', 'cli']).filter((f) => f !== 'engine/retry.ts');
    const found = files.flatMap((f) => retryArithmetic(read(f)).map((l) => `${f}:${l}`));
    expect(found, 'call shouldRetry / delayFor / retryAfterMs (engine/retry.ts)').toEqual([]);
  });

  it('finds the hand conversions and back-offs it is there to find', () => {
    const route = [
      'try { edit(); } catch (error) {',
      '  throw new ApiError(400, error.code, message);',
      '}',
      "import { httpStatusOf } from '../errors/status.js';",
      'try { x(); } catch (err) { res.status(err.status).json({}); }',
      'const fine = new ApiError(404, "part_not_found", text);',
    ].join('\n');
    expect(handConversions(route).map((l) => l.split(':')[0])).toEqual(['2', '4', '5']);
    const retry = [
      "const raw = headers.get('retry-after');",
      'retry(Math.min(delay * 2, 5_000));',
      'const wait = base * 2 ** (attempt - 1);',
      "res.set('Retry-After', '30');",
    ].join('\n');
    expect(retryArithmetic(retry).map((l) => l.split(':')[0])).toEqual(['1', '2', '3']);
  });
});
