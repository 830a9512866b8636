// What the studio's bundle carries of the language table is derived from its code (studio/scripts/language-table.ts):
// each words file goes beside the code that reads it through the table's accessors (a section, a catalogue, a rule
// registry), a name in a comment's example is not a read, the table's JSON keeps only each table file's own keys, and
// a build whose code reads a words file no language of the table has stops, naming the module and the file.
import { describe, expect, it } from 'vitest';
import { readLanguages } from '../../engine/node/languages.js';
import {
  browserWords,
  forBrowser,
  languageTablePlugin,
  namesLacking,
  namesRead,
} from '../../studio/scripts/language-table.js';

const sources = readLanguages();

describe("the bundle's language words, derived from the code", () => {
  it('finds each words file a module reads, by any accessor, and none a comment names', () => {
    const code = [
      "/** @example const guardOf = defineSection('guard', parseGuard); */",
      "// catalogue('cli-help', ['a'])",
      'const a = defineSection("reading", parse);',
      "const b = catalogue('errors', ['x']);",
      "const c = studioCatalogue(`studio-shell`, ['y']);",
      "defineRegistry({ name: 'answer checks', rules });",
      "const url = 'https://example.test/a'; const d = defineSection('voice', parse);",
    ].join('\n');
    expect([...namesRead(code)].sort()).toEqual(['answer-checks', 'errors', 'reading', 'studio-shell', 'voice']);
  });

  it("keeps only the table file's own keys in the table's JSON; a section read in part keeps its keys only", () => {
    const codes = new Set(sources.map((src) => String((src.data as { code?: unknown }).code)));
    for (const src of sources) {
      const browser = forBrowser(src, codes, new Set(['reading']));
      expect(browser.words).toEqual({});
      expect(Object.keys(browser.data as object)).toEqual(
        expect.arrayContaining(['code', 'order', 'autonym', 'languageNames']),
      );
      const translation = browserWords(src, 'translation') as Record<string, unknown> | undefined;
      if (translation) expect(Object.keys(translation)).toEqual(['from']);
    }
  });

  it('stops a build whose code reads a words file no language has, naming the module and the file', () => {
    const code = "export const x = defineSection('no-such-words', (raw) => raw);";
    expect(namesLacking(code, sources)).toEqual(['no-such-words']);
    const plugin = languageTablePlugin();
    const context = {
      addWatchFile: () => undefined,
      error: (message: string) => {
        throw new Error(message);
      },
    };
    const transform = plugin.transform as unknown as (this: typeof context, code: string, id: string) => unknown;
    const lacking = /engine\/made-up\.ts reads the language words "no-such-words", which no language of the table has/;
    expect(() => transform.call(context, code, `${process.cwd()}/engine/made-up.ts`)).toThrow(lacking);
    const voice = "export const v = defineSection('voice', (raw) => raw);";
    const read = transform.call(context, voice, `${process.cwd()}/engine/voice-like.ts`) as { code: string };
    expect(read.code).toMatch(/karya\.languages\.besideCode.*\["voice"\] = \{"en":/);
  });
});
