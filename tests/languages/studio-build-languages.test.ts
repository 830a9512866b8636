// The studio's bundle carries the language table it was built with (its switch lists those languages), so a build
// is the one a start wants only when it read the same folders: a language folder named in KARYA_LANGUAGES (a
// fourth language tried outside the repository, docs/add-a-language.md) makes `npm start` build the studio again,
// as a draft language does, and a start without it keeps the build it has.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languageMark, studioBuild } from '../../studio/scripts/studio-build.mjs';
import { tempDir } from '../temp.js';

describe("the studio's build and the language folders it was read from", () => {
  it('a build read without a KARYA_LANGUAGES folder is not the one a start with it wants', () => {
    const dir = tempDir('karya-studio-languages-');
    expect(studioBuild({ KARYA_LANGUAGES: dir }).isFresh).toBe(false);
  });

  it('says what the build read: draft languages, then the folders, absolute', () => {
    expect(languageMark({})).toBe('0');
    expect(languageMark({ KARYA_DRAFT_LANGUAGES: '1' })).toBe('1');
    expect(languageMark({ KARYA_LANGUAGES: ['one', '/two'].join(path.delimiter) })).toBe(
      `0\n${[path.resolve('one'), '/two'].join(path.delimiter)}`,
    );
  });
});
