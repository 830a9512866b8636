// One YAML library (`yaml`) reads every generator file: YAML 1.2 core schema, so `yes`/`no`/
// `on`/`off` stay strings, dates stay strings, `0o17` is octal and `017` is decimal 17; a duplicate key
// and a syntax error are reported with their file and line; alias expansion is bounded.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../../engine/index.js';
import { ROOT, readSources } from '../../engine/node/load.js';
import { yamlData } from '../../engine/yaml.js';

const dir = path.join(ROOT, 'generators');
const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));

/** The build's message for the catalog with one generator's text changed. */
function catalogError(change: (text: string) => string): { first: string; message: string } {
  const s = readSources();
  const first = Object.keys(s.generators)[0]!;
  try {
    buildCatalog({ ...s, generators: { ...s.generators, [first]: change(s.generators[first]!) } });
  } catch (e) {
    return { first, message: String((e as Error).message) };
  }
  return { first, message: '' };
}

describe('generator YAML', () => {
  it('every file in generators/ parses without a problem', () => {
    expect(files).toContain('_shared.yaml');
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) expect(yamlData(readFileSync(path.join(dir, f), 'utf8')).errors, f).toEqual([]);
  });
  it('YAML 1.1 look-alikes keep their YAML 1.2 meaning', () => {
    const text = 'a: yes\nb: no\nc: on\nd: off\ne: 2024-01-02\nf: 0o17\ng: 017\nh: ~\ni: True\nj: 1.5e3\nk: .inf\n';
    expect(yamlData(text)).toStrictEqual({
      data: {
        a: 'yes',
        b: 'no',
        c: 'on',
        d: 'off',
        e: '2024-01-02',
        f: 15,
        g: 17,
        h: null,
        i: true,
        j: 1500,
        k: Infinity,
      },
      errors: [],
    });
  });
  it('a duplicate key is an error reported with its file and line', () => {
    expect(yamlData('id: x\nname: a\nname: b\n').errors[0]?.line).toBe(3);
    const { first, message } = catalogError((t) => `${t}\nid: again\n`);
    expect(message).toContain(first);
    // The log's form names the place as line:column (a reader is told it in words: tests/cli/yaml-problems-language).
    expect(message).toMatch(/: \d+:\d+: /);
  });
  it('a syntax error is reported with its file and line', () => {
    const { first, message } = catalogError((t) => `${t}\nbroken: [unclosed\n`);
    expect(message).toContain(first);
    // The log's form names the place as line:column (a reader is told it in words: tests/cli/yaml-problems-language).
    expect(message).toMatch(/: \d+:\d+: /);
  });
  it('a nested alias bomb is refused at once, a few aliases are fine', () => {
    const names = 'abcdefghi';
    let bomb = 'a: &a ["x","x","x","x","x","x","x","x","x"]\n';
    for (let i = 1; i < names.length; i++)
      bomb += `${names[i]}: &${names[i]} [${Array(9)
        .fill(`*${names[i - 1]}`)
        .join(',')}]\n`;
    const started = performance.now();
    expect(yamlData(bomb).errors[0]).toMatchObject({ code: 'tooManyAliases', params: { max: 100 } });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(yamlData('a: &a {x: 1}\nb: *a\nc: *a\n')).toStrictEqual({
      data: { a: { x: 1 }, b: { x: 1 }, c: { x: 1 } },
      errors: [],
    });
  });
});
