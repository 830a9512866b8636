// The prompts' words in each language: a language's `prompts` section (languages/<code>/prompts.yaml, or the
// table file's `prompts:` key) holds every language-specific piece of a prompt as a named block of Handlebars
// source over the same context as the templates, and the flags for habits only some languages have. A template
// calls a block for the book's language with {{wording "name"}}: the shared structure stays in the template,
// and no template, helper or code tells one language from another. A block some language words and another
// lacks stops the start, naming the language and the block (a prompt is never sent in another language's words).
import {
  checkOnce,
  defineSection,
  langs,
  onLanguagesLoaded,
  LanguageWordsError,
  type Lang,
  type LanguageTable,
} from '../languages/index.js';
import { languageTableError } from '../languages/errors.js';

/** One language's wording of the prompts. */
export interface PromptWording {
  /**
   * The language writes "a"/"an" before a noun (`{{a labels.style}}` → "an Educational"); else the word stands alone.
   */
  readonly indefiniteArticle: boolean;
  /** Block name → Handlebars source, called from the templates with {{wording "name"}}. */
  readonly blocks: Readonly<Record<string, string>>;
}

/** The catalogue name a missing block is reported under (LanguageWordsError's `catalogue`). */
export const PROMPTS_SECTION = 'prompts';

const KEYS = new Set(['indefiniteArticle', 'blocks']);

function parseWording(raw: unknown, table: LanguageTable): PromptWording {
  const where = `languages/${table.code}/${PROMPTS_SECTION}.yaml`;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw languageTableError(
      where,
      PROMPTS_SECTION,
      "the prompts' wording: a mapping with `blocks` (block name → text)",
    );
  const r = raw as Record<string, unknown>;
  for (const key of Object.keys(r))
    if (!KEYS.has(key)) throw languageTableError(where, key, `one of ${[...KEYS].join(', ')}`);
  if (r.indefiniteArticle !== undefined && typeof r.indefiniteArticle !== 'boolean')
    throw languageTableError(where, 'indefiniteArticle', 'true or false');
  const blocks = r.blocks;
  if (!blocks || typeof blocks !== 'object' || Array.isArray(blocks))
    throw languageTableError(where, 'blocks', 'a mapping of block names to texts');
  for (const [name, text] of Object.entries(blocks))
    if (typeof text !== 'string' || !text.trim()) throw languageTableError(where, `blocks.${name}`, 'a text');
  return { indefiniteArticle: r.indefiniteArticle === true, blocks: blocks as Record<string, string> };
}

/** A language's wording of the prompts. @throws when the table has no such language. */
export const promptWording: (code: Lang) => PromptWording = defineSection(PROMPTS_SECTION, parseWording);

/**
 * Every block a language lacks that another of `codes` words: what a maintainer still has to write.
 * @example promptWordingGaps(['en', 'ms', 'xx']) // [{ language: 'xx', catalogue: 'prompts', key: 'memory' }]
 */
export function promptWordingGaps(
  codes: readonly Lang[] = langs(),
): { language: Lang; catalogue: string; key: string }[] {
  const all = new Set(codes.flatMap((code) => Object.keys(promptWording(code).blocks)));
  return codes.flatMap((code) =>
    [...all]
      .filter((name) => !Object.hasOwn(promptWording(code).blocks, name))
      .map((key) => ({ language: code, catalogue: PROMPTS_SECTION, key })),
  );
}

// Checked for every language read, a draft too: a language without its prompts' words can write nothing. Once for the
// same files by the same code (checkOnce): a start then parses only the languages it writes in, at their first prompt.
onLanguagesLoaded(() =>
  checkOnce('prompt wording gaps', () => {
    const gap = promptWordingGaps()[0];
    if (gap) throw new LanguageWordsError(gap);
  }),
);

/** A block's source in a language. @throws LanguageWordsError naming the language and the block when it has none. */
export function wordingBlock(code: Lang, name: string): string {
  const blocks = promptWording(code).blocks;
  if (!Object.hasOwn(blocks, name))
    throw new LanguageWordsError({ language: code, catalogue: PROMPTS_SECTION, key: name });
  return blocks[name]!;
}
