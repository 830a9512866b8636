// A language asked for beside the settings (the CLI's --lang, a batch job's `lang`, the API's `lang`) goes
// into the generator's language field, or is refused: one rule for every caller. A generator without a
// language field writes only its fixed language, and asking for that one is fine.
import type { Lang, ResolvedSpec } from '../spec/types.js';
import { isLang, langs } from '../languages/index.js';
import { notALanguage } from '../errors.js';

export type LanguageChoice =
  | { readonly ok: true; readonly settings: Record<string, unknown> }
  /**
   * Not a language Karya writes: `allowed` lists those; `issue` is the refusal as data, said in the reader's language
   * by the caller (settingsIssueMessage).
   */
  | {
      readonly ok: false;
      readonly problem: 'not_a_language';
      readonly issue: ReturnType<typeof notALanguage>;
      readonly allowed: readonly Lang[];
    }
  /**
   * The generator always writes in its one language: `code` and `params` are the errors catalogue's, said in the
   * reader's language by the caller.
   */
  | {
      readonly ok: false;
      readonly problem: 'fixed_language';
      readonly allowed: readonly Lang[];
      readonly code: 'lang_fixed';
      readonly params: { readonly id: string; readonly lang: Lang };
    };

/**
 * The raw settings with the language put in the language field (unchanged when `lang` is undefined).
 * @example withLanguage(romance, { heatLevel: 'mild' }, 'ms') // { ok: true, settings: { heatLevel: 'mild', language:
 * 'ms' } }
 */
export function withLanguage(spec: ResolvedSpec, raw: Record<string, unknown>, lang: unknown): LanguageChoice {
  if (lang === undefined) return { ok: true, settings: raw };
  if (!isLang(lang)) return { ok: false, problem: 'not_a_language', issue: notALanguage(lang), allowed: langs() };
  const field = spec.fields.find((f) => f.role === 'language');
  if (field) return { ok: true, settings: { ...raw, [field.name]: lang } };
  if (lang === spec.fixedLanguage) return { ok: true, settings: raw };
  const params = { id: spec.id, lang: spec.fixedLanguage };
  return { ok: false, problem: 'fixed_language', code: 'lang_fixed', params, allowed: [spec.fixedLanguage] };
}
