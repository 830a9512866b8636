// The engine parses generator YAML with js-yaml (fast path) and falls back to `yaml` for files with
// errors (every error with its line). Both must read every file the same way: YAML 1.2 core schema, so
// `yes`/`no`/`on`/`off` stay strings, dates stay strings, `0o17` is octal and `017` is decimal 17.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import jsyaml from 'js-yaml';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../../engine/index.js';
import { ROOT, readSources } from '../../engine/node/load.js';

const dir = path.join(ROOT, 'generators');
const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
const fast = (text: string) => jsyaml.load(text, { schema: jsyaml.CORE_SCHEMA });
const full = (text: string) => YAML.parse(text, { uniqueKeys: true });

describe('generator YAML: js-yaml and yaml give the same data', () => {
  it('covers the shared file and every generator', () => {
    expect(files).toContain('_shared.yaml');
    expect(files.length).toBeGreaterThan(10);
  });
  it.each(files)('%s', (f) => {
    const text = readFileSync(path.join(dir, f), 'utf8');
    expect(fast(text)).toStrictEqual(full(text));
  });
  it('YAML 1.1 look-alikes keep their YAML 1.2 meaning in both', () => {
    const text = 'a: yes\nb: no\nc: on\nd: off\ne: 2024-01-02\nf: 0o17\ng: 017\nh: ~\ni: True\nj: 1.5e3\nk: .inf\n';
    const want = { a: 'yes', b: 'no', c: 'on', d: 'off', e: '2024-01-02', f: 15, g: 17, h: null, i: true, j: 1500, k: Infinity };
    expect(fast(text)).toStrictEqual(want);
    expect(full(text)).toStrictEqual(want);
  });
  it('a duplicate key is an error in both, reported with its line', () => {
    const text = 'id: x\nname: a\nname: b\n';
    expect(() => fast(text)).toThrow();
    expect(() => full(text)).toThrow();
    const s = readSources();
    const first = Object.keys(s.generators)[0]!;
    let message = '';
    try {
      buildCatalog({ ...s, generators: { ...s.generators, [first]: `${s.generators[first]}\nid: again\n` } });
    } catch (e) {
      message = String((e as Error).message);
    }
    expect(message).toContain(first);
    expect(message).toMatch(/line \d+/);
  });
});
