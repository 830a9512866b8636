// The shape of the studio's message tables: every entry has a text in every language of the table (i18n/catalogue.ts);
// a text that counts something gives a form per plural category ("1 credit" / "5 credits"; Malay has one form).
import type { Lang } from '../engine.js';

/** A text that depends on `{n}`: the forms Intl.PluralRules picks from (`one` falls back to `other`). */
export interface PluralText {
  one?: string;
  other: string;
}

export type Text = string | PluralText;

/** One message in every studio language. */
export type Entry = Readonly<Record<Lang, Text>>;

/** A table of messages (areas' catalogues merged: i18n/messages.ts). */
export type Table = Readonly<Record<string, Entry>>;
