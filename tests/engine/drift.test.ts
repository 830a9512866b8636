// Drift guards: the committed JSON Schemas match the zod format; every YAML file names its schema.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonSchemas } from '../../scripts/gen-json-schema.js';
import { ROOT } from '../../engine/node/load.js';

describe('generated files', () => {
  it('engine/spec/*.schema.json are up to date (npm run gen:schema)', () => {
    for (const [file, text] of Object.entries(jsonSchemas()))
      expect(readFileSync(file, 'utf8'), path.relative(ROOT, file)).toBe(text);
  });
  it('every generator file starts with its $schema line', () => {
    const dir = path.join(ROOT, 'generators');
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.yaml'))) {
      const first = readFileSync(path.join(dir, f), 'utf8').split('\n')[0];
      const schema = f === '_shared.yaml' ? 'shared' : f === '_covers.yaml' ? 'covers' : 'generator';
      expect(first, f).toBe(`# yaml-language-server: ` + `$schema=../engine/spec/${schema}.schema.json`);
    }
  });
});

describe('choices', () => {
  it('every generator with a "# Choice:" comment is named in docs/generators.md', () => {
    const dir = path.join(ROOT, 'generators');
    const readme = readFileSync(path.join(ROOT, 'docs', 'generators.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Choices'));
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.yaml') && !x.startsWith('_'))) {
      if (readFileSync(path.join(dir, f), 'utf8').includes('# Choice:'))
        expect(section, f).toContain(f.replace('.yaml', ''));
    }
  });
});
