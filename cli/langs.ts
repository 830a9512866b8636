// The languages a writer may ask for (--lang, --to, a jobs file's lang), as the language table lists them: the
// options' help and the refusal of a code it does not have name the table's languages, in its order.
import { isLang, langs, type Lang } from '../engine/index.js';
import { fail } from './util.js';

/** The table's codes as a help line says them: `en or ms`, `en, ms or id`. */
export function langList(): string {
  const codes = langs();
  return codes.length > 1 ? `${codes.slice(0, -1).join(', ')} or ${codes.at(-1)}` : codes.join('');
}

/** `value` when it is a language of the table (undefined when not given), else exit 2 naming the table's languages. */
export function langOptionOrExit(value: string | undefined, option = '--lang'): Lang | undefined {
  if (value === undefined || isLang(value)) return value;
  return fail(`${option}: "${value}" is not a language Karya writes; use ${langList()}`);
}

/** The language of a command's messages: --lang when it names a language of the table, else the table's first (English). */
export const messagesLang = (value: string | undefined): Lang => (isLang(value) ? value : langs()[0]!);
