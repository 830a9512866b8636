// A language's prompts are its own words or nothing: a table whose prompts lack one block another language words
// is refused when the table is read, naming the language and the block; `karya validate` refuses a template that
// calls a block no language words; and the habits only some languages have (English's "a"/"an") are the table's flags.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureLanguages, langs, LanguageWordsError, setLanguageSource } from '../../engine/languages/index.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import { ROOT } from '../../engine/node/load.js';
import { repoCatalog } from '../catalog.js';
import { checkTemplates, PromptRenderer } from '../../engine/compile/prompt.js';
import { fullYaml } from '../../engine/yaml.js';
import { tempDir } from '../temp.js';

afterEach(() => {
  setLanguageSource(() => readLanguages());
});

/**
 * A fourth language, "xx": Indonesian's table and words under another code (a draft, so only what every
 * language must have is checked), its prompts with one block taken out.
 */
function fixtureWithout(block: string): string {
  const dir = tempDir('karya-prompts-');
  const table = readFileSync(path.join(ROOT, 'languages/id.yaml'), 'utf8')
    .replace(/^code: id$/m, 'code: xx')
    .replace(/^order: \d+$/m, 'order: 99');
  writeFileSync(path.join(dir, 'xx.yaml'), table);
  mkdirSync(path.join(dir, 'xx'));
  cpSync(path.join(ROOT, 'languages/id'), path.join(dir, 'xx'), { recursive: true });
  // Its guard: a family of its own (Indonesian's lists Malay's and Indonesian's markers, none under "xx"), as
  // tests/languages/fourth-language.ts makes it: the guard's check of the table runs once the session's reading is
  // loaded (in a worker another file shared, or in `karya`).
  const guard = readFileSync(path.join(dir, 'xx/guard.yaml'), 'utf8');
  writeFileSync(
    path.join(dir, 'xx/guard.yaml'),
    guard.replace(/^family: .*$/m, 'family: xx-family').replace(/^markers:\n(?:(?: .*)?\n)*/m, ''),
  );
  const prompts = fullYaml().parse(readFileSync(path.join(ROOT, 'languages/id/prompts.yaml'), 'utf8')) as {
    blocks: Record<string, string>;
  };
  expect(prompts.blocks[block]).toBeTypeOf('string');
  delete prompts.blocks[block];
  writeFileSync(path.join(dir, 'xx/prompts.yaml'), fullYaml().stringify(prompts));
  return dir;
}

function readWith(dir: string): unknown {
  setLanguageSource(() => readLanguages([...languageFolders({}), dir], { KARYA_DRAFT_LANGUAGES: '1' }));
  try {
    ensureLanguages();
    return undefined;
  } catch (e) {
    return e;
  }
}

describe('every language words every block of the prompts', () => {
  it(
    'a table whose prompts lack the language line is refused ' + 'when it is read, naming the language and the block',
    () => {
      const error = readWith(fixtureWithout('language'));
      expect(error).toBeInstanceOf(LanguageWordsError);
      expect((error as LanguageWordsError).params).toEqual({ language: 'xx', catalogue: 'prompts', key: 'language' });
      expect((error as Error).message).toBe(
        'language "xx" has no words for "language" of the prompts catalogue (languages/xx/prompts.yaml)',
      );
    },
  );

  it('the same table with every block is read, and a prompt in it is in its own words', () => {
    const dir = fixtureWithout('language');
    const prompts = fullYaml().parse(readFileSync(path.join(dir, 'xx/prompts.yaml'), 'utf8')) as {
      blocks: Record<string, string>;
    };
    prompts.blocks.language = 'Tulis seluruh jawaban dalam bahasa Xx.\n';
    writeFileSync(path.join(dir, 'xx/prompts.yaml'), fullYaml().stringify(prompts));
    expect(readWith(dir)).toBeUndefined();
    const renderer = new PromptRenderer({
      'partials/language': '{{wording "language"}}\n',
      probe: 'Halo.\n{{> language}}',
    });
    expect(renderer.renderTemplate('probe', { lang: 'xx' })).toBe('Halo.\nTulis seluruh jawaban dalam bahasa Xx.');
  });

  it('karya validate refuses a template that calls a block no language words, naming the file and the block', () => {
    const catalog = repoCatalog();
    const spec = catalog.get('romance')!;
    const templates = {
      ...catalog.renderer.templates,
      'fiction/chapter': `${catalog.renderer.templates['fiction/chapter']}{{wording "chapter.epilogue"}}\n`,
    };
    const issues = checkTemplates(spec, templates, (name) => `templates/${name}.hbs`);
    expect(issues.map((i) => `${i.file}: ${i.message}`)).toEqual(
      langs().map(
        (lang) =>
          `templates/fiction/chapter.hbs: {{wording "chapter.epilogue"}}: languages/${lang}/prompts.yaml ` +
          `has no block "chapter.epilogue" (every language words every block a template calls)`,
      ),
    );
  });

  it(
    'karya validate reads the blocks a template calls: a variable ' +
      'no prompt has is refused in the language that uses it',
    () => {
      const catalog = repoCatalog();
      const dir = fixtureWithout('language');
      const prompts = fullYaml().parse(readFileSync(path.join(dir, 'xx/prompts.yaml'), 'utf8')) as {
        blocks: Record<string, string>;
      };
      prompts.blocks.language = 'Tulis dalam bahasa {{bookLanguage}}.\n';
      writeFileSync(path.join(dir, 'xx/prompts.yaml'), fullYaml().stringify(prompts));
      expect(readWith(dir)).toBeUndefined();
      const issues = checkTemplates(
        catalog.get('romance')!,
        catalog.renderer.templates,
        (name) => `templates/${name}.hbs`,
      );
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatchObject({ file: 'languages/xx/prompts.yaml', path: 'blocks.language' });
      expect(issues[0]!.message).toMatch(/^\{\{bookLanguage\}\}: "bookLanguage" is not a prompt variable/);
    },
  );
});

describe("a language's habits are flags of its table", () => {
  it('English writes "a" or "an" before a label; Malay and Indonesian write the word alone', () => {
    setLanguageSource(() => readLanguages(languageFolders({}), { KARYA_DRAFT_LANGUAGES: '1' }));
    const renderer = new PromptRenderer({});
    const brief = 'Write {{a labels.style}} book.';
    expect(renderer.renderString(brief, { lang: 'en', labels: { style: 'Educational' } })).toBe(
      'Write an Educational book.',
    );
    expect(renderer.renderString(brief, { lang: 'en', labels: { style: 'Fun' } })).toBe('Write a Fun book.');
    expect(renderer.renderString(brief, { lang: 'ms', labels: { style: 'Santai' } })).toBe('Write Santai book.');
    expect(renderer.renderString(brief, { lang: 'id', labels: { style: 'Santai' } })).toBe('Write Santai book.');
  });
});
