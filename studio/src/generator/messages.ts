// Field error messages on the generator pages, in the page's language: the engine's settings issues
// (code and params) worded by its catalogue as sentences naming the field, or a message the server
// already worded, put after the field's label.
import { settingsIssueMessage, type Lang, type SettingsIssue } from '../../../engine/browser.js';
import { pageWord } from './words.js';

/** One settings issue for one field, as the studio shows it: "Book Title is required". */
export function fieldMessage(issue: SettingsIssue, opts: { label: string; lang: Lang }): string {
  return settingsIssueMessage(issue, opts);
}

/** A field message from a 400 answer (worded by the server after the field's name): "Book Title is required". */
export function serverFieldMessage(message: string, opts: { label: string; lang: Lang }): string {
  return pageWord('serverFieldError', opts.lang, { label: opts.label, message });
}
