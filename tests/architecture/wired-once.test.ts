// What both front ends do is wired once in server/core and called by both: the import's book, its language and
// its settings read from the manuscript (server/core/import.ts), a book's voice from a sample and the phrases to
// avoid (server/core/voice.ts). Neither the CLI nor a route calls the engine's parts of these itself.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FRONT_ENDS = ['cli', 'server/routes'];

/** An engine function that only server/core's wiring calls, with the core function to call instead. */
const WIRED: ReadonlyArray<readonly [string, string]> = [
  ['importedBookOf', 'bookOfManuscript (server/core/import.ts)'],
  ['readManuscriptSettings', 'readImportSettings (server/core/import.ts)'],
  ['importSettingsOf', 'readImportSettings (server/core/import.ts)'],
  ['withManuscriptSettings', 'readImportSettings (server/core/import.ts)'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

describe('import and voice are wired once', () => {
  it("no file of a front end (cli/, server/routes/) calls the engine's import wiring itself", () => {
    const found = FRONT_ENDS.flatMap(sourceFiles).flatMap((file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      return WIRED.filter(([name]) => new RegExp(`\\b${name}\\(`).test(text)).map(
        ([name, instead]) => `${file}: ${name}: call ${instead}`,
      );
    });
    expect(found).toEqual([]);
  });

  it(
    'a book voice is assembled in one place: no front end ' +
      'spreads a measured sample and an avoid list into a voice',
    () => {
      const found = FRONT_ENDS.flatMap(sourceFiles).filter((file) =>
        /const voice: BookVoice = /.test(readFileSync(path.join(ROOT, file), 'utf8')),
      );
      expect(found, 'call bookVoiceOf (server/core/voice.ts)').toEqual([]);
    },
  );
});

describe('a series is made in one module', () => {
  it("only server/core/series-start.ts (createSeries) calls the series store's create", () => {
    const files = ['cli', 'server', 'engine'].flatMap(sourceFiles).filter((f) => !f.startsWith('server/store/'));
    const found = files.filter((file) =>
      /\bseries\([^)]*\)\.create\(|\brepo\.create\(\s*name\s*,\s*lang\s*\)/.test(
        readFileSync(path.join(ROOT, file), 'utf8'),
      ),
    );
    expect(found).toEqual(['server/core/series-start.ts']);
  });
});
