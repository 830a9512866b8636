// The languages a writer may ask for (--lang, --to, a jobs file's lang), as the language table lists them: the
// options' help and the refusal of a code it does not have name the table's languages, in its order. A refusal
// of a code is said in the writer's own language: no book is known yet, so it is the one their locale names.
import { catalogue, isLang, langs, listIn, sayer, type Lang } from '../engine/index.js';
import { fail } from './errors.js';

/** A language option's refusals; other languages' words in languages/<code>/cli-langs.yaml. */
const WORDS = catalogue('cli-langs', ['notOneOf', 'notWritten']);
const langWord = sayer(WORDS);

/**
 * The table's codes as a help line or a refusal says them, joined as `lang` joins choices (by default the writer's,
 * writerLang): `en, ms, or id`, `en, ms, atau id`. The same join as a language option's refusal (langOptionOrExit).
 */
export function langList(lang: Lang = writerLang()): string {
  return listIn(langs(), lang, 'or');
}

/**
 * The language the writer's locale names, as every command-line program reads it (POSIX: LC_ALL, else
 * LC_MESSAGES, else LANG; `ms_MY.UTF-8` names ms), when the table has it; else the table's first (English).
 */
export function writerLang(env: NodeJS.ProcessEnv = process.env): Lang {
  return localeLang(env) ?? langs()[0]!;
}

/** The language of the table the writer's locale names (LC_ALL, else LC_MESSAGES, else LANG); undefined for none. */
export function localeLang(env: NodeJS.ProcessEnv = process.env): Lang | undefined {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '');
  const code = locale?.match(/^([a-z]{2,3})(?=$|[_.@-])/i)?.[1]?.toLowerCase();
  return isLang(code) ? code : undefined;
}

/** `{option}: "{value}" is not one of en, ms, id`, in the writer's language (writerLang). */
export function notOneOfLangs(option: string, value: string): string {
  const lang = writerLang();
  return langWord('notOneOf', lang, { option, value, langs: langs().join(', ') });
}

/**
 * `value` when it is a language of the table (undefined when not given), else exit 2 naming the table's languages in
 * the writer's language.
 */
export function langOptionOrExit(value: string | undefined, option = '--lang'): Lang | undefined {
  if (value === undefined || isLang(value)) return value;
  const lang = writerLang();
  return fail(langWord('notWritten', lang, { option, value, langs: langList(lang) }));
}

/**
 * The language of a command's messages before a book is read: --lang when it names a language of the table, else
 * the one the writer's locale names (writerLang), else the table's first (English).
 */
export const messagesLang = (value: string | undefined): Lang => (isLang(value) ? value : writerLang());

/**
 * The language to tell a writer something before any book is read: --lang when it names a language of the table,
 * else the one their locale names (writerLang).
 */
export const askedLang = (value: string | undefined): Lang => (isLang(value) ? value : writerLang());
