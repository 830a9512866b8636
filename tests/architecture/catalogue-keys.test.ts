// A language is data, English and Malay included: code registers a message catalogue by its name and its keys
// (`catalogue('errors', ['auth_error', …])`, `studioCatalogue('studio-shelf', […])`), and every language's words are
// in languages/<code>/<name>.yaml. A catalogue registered with its texts beside the code is refused here, as is a
// registered catalogue some language of the table has no file for. Tests are left out (a test may register its own).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueKeys, ensureLanguages, langs } from '../../engine/index.js';
import { sourceFiles } from './graph.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CODE = sourceFiles(ROOT, ['engine', 'server', 'cli', 'studio/src', 'scripts']).filter(
  (f) => !f.endsWith('engine/languages/catalogues.ts') && !f.endsWith('studio/src/i18n/catalogue.ts'),
);
/** A registration whose second argument is an object written in place: `catalogue('x', { key: { … } })`. */
const WITH_TEXTS = /\b(?:studioCatalogue|catalogue)\(\s*(['"`])[\w-]+\1\s*,\s*\{/;

describe('a catalogue is its keys in code, its words in every language folder', () => {
  beforeAll(() => ensureLanguages());

  it('no code registers a catalogue with its texts beside it', () => {
    const found = CODE.flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (WITH_TEXTS.test(line) ? [`${file}:${i + 1}: ${line.trim().slice(0, 100)}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('every language of the table has a words file for each catalogue the engine registers', () => {
    const names = [...catalogueKeys().keys()];
    expect(names.length).toBeGreaterThan(20);
    const missing = langs().flatMap((code) =>
      names
        .filter((name) => !existsSync(path.join(ROOT, 'languages', code, `${name}.yaml`)))
        .map((name) => `languages/${code}/${name}.yaml`),
    );
    expect(missing).toEqual([]);
  });
});
