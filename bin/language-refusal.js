// A Node too old, or a language file refused, as the command starts (engine/karya-error.ts LanguageWordsError: its
// params are the data), said in the language the writer's locale names. No language table can be read yet, so the
// words are read here from that language's own cli-help.yaml (its `start.*` keys, which `karya validate` checks like
// every other); when that file is the broken one or has no such key, English's; when English's is broken too, the
// error's own English.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const LANGUAGES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'languages');

/** The language folder the locale names (LC_ALL, LC_MESSAGES, LANG: `id_ID.UTF-8` is `id`), when there is one. */
function localeFolder(env) {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '');
  const code = locale?.match(/^([a-z]{2,3})(?=$|[_.@-])/i)?.[1]?.toLowerCase();
  return code && existsSync(path.join(LANGUAGES, code)) ? code : undefined;
}

/** A `start.*` text of a language's cli-help.yaml, or undefined when the file cannot be read or lacks it. */
function startText(code, key) {
  try {
    const words = parse(readFileSync(path.join(LANGUAGES, code, 'cli-help.yaml'), 'utf8'));
    const text = words?.[`start.${key}`];
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The refusal's words: the file, its place or the key, in the locale's language (English: the error's own, which
 * says more, for a maintainer).
 * @example languageRefusal(error, { LC_ALL: 'id_ID.UTF-8' }) // 'languages/id/studio.yaml:3:1: berkas bahasa ini …'
 */
export function languageRefusal(error, env = process.env) {
  const p = error.params ?? {};
  const key = p.line !== undefined ? 'unreadable' : p.key && p.key !== '*' ? 'words' : 'file';
  const code = localeFolder(env);
  const text = code && code !== 'en' ? (startText(code, key) ?? startText('en', key)) : undefined;
  if (!text || !p.language) return error.message;
  const file = p.catalogue === 'languages' ? p.language : `languages/${p.language}/${p.catalogue}.yaml`;
  const at = p.line !== undefined ? `:${p.line}${p.column !== undefined ? `:${p.column}` : ''}` : '';
  const vars = { file, at, key: p.key ?? '' };
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? vars[name] : whole));
}

/**
 * A Node too old (bin/node-version.js): its two lines in the language the locale names, or undefined for English (or
 * no language named, or its file unreadable), which the caller says in English and Malay as it always has.
 */
export function oldNodeWords(version, minimum, env = process.env) {
  const code = localeFolder(env);
  if (!code || code === 'en') return undefined;
  const first = startText(code, 'oldNode');
  const second = startText(code, 'installNode');
  if (!first || !second) return undefined;
  return [first.replace('{minimum}', minimum).replace('{version}', version), second];
}
