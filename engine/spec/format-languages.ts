// The language texts of the YAML format (engine/spec/format.ts): a text per language code of the table, beside
// a value or on its own. Which codes exist is the table's to say, so the format takes any code and resolving a
// generator (resolve-languages.ts) checks each language whole.
import * as z from 'zod';

/**
 * A language's code as a table file names it (languages/<code>.yaml). Which codes exist is the table's to say:
 * the format takes any code, and resolving a generator checks it has a text for every language of the table.
 */
export const LANG_CODE = /^[a-z]{2,3}$/;
export const LangCode = z.string().regex(LANG_CODE, 'a language code of the table (en, ms, id…)');
/** Each language's text; an option or a section keeps its texts beside its value (`{ value, en, ms, id }`). */
export const LangText = z.string().min(1);

/** A text in every language of the table: `{ en: …, ms: …, id: … }`. */
export const Bilingual = z
  .record(LangCode, LangText)
  .describe('Text in every language of the table (languages/*.yaml): each of its language codes mapped to its text');

/**
 * The keys of an object beside its language texts (`value`, `description`) are the only ones that are not a language's
 * code.
 */
export function onlyLanguageKeys(known: readonly string[]) {
  return (o: Record<string, unknown>, ctx: z.core.$RefinementCtx) => {
    for (const key of Object.keys(o)) {
      if (!known.includes(key) && !LANG_CODE.test(key))
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `is neither one of ${known.join(', ')} nor a language code of the table`,
        });
    }
  };
}

/** The texts of an option (`{ value, en, ms, id }`), by language code. */
export function languageTexts(o: Readonly<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(o).filter((e): e is [string, string] => LANG_CODE.test(e[0]) && typeof e[1] === 'string'),
  );
}
