// Field error messages on the generator pages, in the page's language: the engine's settings issues
// (code and params) worded by its catalogue as sentences naming the field, or a message the server
// already worded, put after the field's label.
import {
  CATALOGUE,
  catalogueMessage,
  settingsIssueMessage,
  wordIn,
  type CatalogueCode,
  type Lang,
  type SettingsIssue,
} from '../engine.js';
import { pageWord } from './words.js';

/** One settings issue for one field, as the studio shows it: "Book Title is required". */
export function fieldMessage(issue: SettingsIssue, opts: { label: string; lang: Lang }): string {
  return settingsIssueMessage(issue, opts);
}

/**
 * A server's error as the page shows it, in the studio language: the server words a generation's failure
 * in the book's language (its code is the engine catalogue's), so a catalogue message that needs no values
 * is worded again in `lang`; any other message stays as the server wrote it.
 */
export function studioMessage(error: { code: string; message: string }, lang: Lang): string {
  if (!Object.hasOwn(CATALOGUE, error.code)) return error.message;
  const code = error.code as CatalogueCode;
  return /\{\w+\}/.test(wordIn(CATALOGUE[code], lang, code)) ? error.message : catalogueMessage(code, lang);
}

/** A field message from a 400 answer (worded by the server after the field's name): "Book Title is required". */
export function serverFieldMessage(message: string, opts: { label: string; lang: Lang }): string {
  return pageWord('serverFieldError', opts.lang, { label: opts.label, message });
}
