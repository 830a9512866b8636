// A list is joined with its language's own words (languages/<code>/list-words.yaml), never Intl.ListFormat's: a
// language Intl does not know would have English's "and" and "or". English, Malay and Indonesian join as their
// writers do ("en, ms, or id"; "en, ms, atau id"); a fourth language added by the doc joins with the words of its
// file, in `karya translate`'s --to as in every --lang of the help.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureLanguages, langs, listIn, setLanguageSource } from '../../engine/index.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import { loadCatalog } from '../../engine/node.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { fourthLanguage } from './fourth-language.js';
import { repoCatalog } from '../catalog.js';

afterAll(() => {
  setLanguageSource(() => readLanguages());
  repoCatalog();
});

describe("a list joined with its language's words", () => {
  it('English, Malay and Indonesian join a list of choices and of things as their writers do', () => {
    ensureLanguages();
    expect(listIn(['en', 'ms', 'id'], 'en', 'or')).toBe('en, ms, or id');
    expect(listIn(['en', 'ms'], 'en', 'and')).toBe('en and ms');
    expect(listIn(['en', 'ms', 'id'], 'ms', 'or')).toBe('en, ms, atau id');
    expect(listIn(['A', 'B', 'C'], 'ms', 'and')).toBe('A, B dan C');
    expect(listIn(['A', 'B'], 'id', 'or')).toBe('A atau B');
    expect(listIn(['A', 'B', 'C'], 'id', 'and')).toBe('A, B, dan C');
    expect(listIn(['A'], 'id', 'and')).toBe('A');
  });

  it(
    "a fourth language Intl does not know joins with its own file's " +
      "words: karya generate's --lang and karya translate's --to",
    async () => {
      const dir = fourthLanguage({ order: 9 });
      // Its joining words, unlike any other language's (Intl would say "or" and "and" for "xx").
      writeFileSync(
        path.join(dir, 'xx/list-words.yaml'),
        'comma: "; "\nand2: "{first} ket {last}"\nandMany: "{items} ket ' +
          '{last}"\nor2: "{first} vai {last}"\norMany: "{items} vai {last}"\n',
      );
      expect(readFileSync(path.join(dir, 'xx/list-words.yaml'), 'utf8')).toContain('vai');
      setLanguageSource(() => readLanguages([...languageFolders({}), dir], {}));
      ensureLanguages();
      loadCatalog({ fresh: true });
      expect(listIn(['a', 'b', 'c'], 'xx', 'or')).toBe('a; b vai c');
      const env = { KARYA_LANGUAGES: dir, LC_ALL: 'xx_XX.UTF-8' };
      for (const command of ['generate', 'translate']) {
        const help = await runKaryaInProcess([command, '--help'], { env });
        expect(help.code, help.stderr).toBe(0);
        const said = help.stdout.replace(/\s+/g, ' ');
        // generate's --lang and translate's --to (the edition's language) name the table's codes (the repository's and
        // xx, last in its order), joined in xx's words: "en; ms; id vai xx" for the repository's three.
        const codes = langs();
        expect(codes.at(-1)).toBe('xx');
        expect(said, command).toContain(`${codes.slice(0, -1).join('; ')} vai xx`);
        expect(said, command).not.toMatch(/\b(?:ms|id),? (?:or|atau) (?:id|xx)\b/);
      }
    },
  );
});
