// Every Node image a doc's compose or config example runs Karya on is a Node Karya starts on (package.json's engines)
// and the one the README recommends: a reader who copies the example gets a server, not the launcher's refusal.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
];
const minimum = /(\d+)\.(\d+)/
  .exec(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node)!
  .slice(1)
  .map(Number);
const recommended = Number(/Node (\d+) \(the active LTS/.exec(readFileSync(join(root, 'README.md'), 'utf8'))?.[1]);

describe('Node images in the docs', () => {
  it('the README names the recommended Node LTS', () => expect(recommended).toBeGreaterThanOrEqual(minimum[0]!));
  const images = docs.flatMap((file) =>
    [...readFileSync(join(root, file), 'utf8').matchAll(/image:\s*node:(\d+)(?:\.(\d+))?/g)].map((m) => ({
      file,
      major: Number(m[1]),
      minor: m[2] === undefined ? undefined : Number(m[2]),
    })),
  );
  it('at least one doc has a compose example', () => expect(images.length).toBeGreaterThan(0));
  it.each(images)('$file: node:$major is the recommended Node', ({ major }) => expect(major).toBe(recommended));
});
