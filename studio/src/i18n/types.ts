// The shape of the studio's message tables: every entry has an English and a Malay text; a text that
// counts something gives a form per plural category ("1 credit" / "5 credits"; Malay has one form).
import type { Lang } from '../engine.js';

/** A text that depends on `{n}`: the forms Intl.PluralRules picks from (`one` falls back to `other`). */
export interface PluralText {
  one?: string;
  other: string;
}

export type Text = string | PluralText;

/** One message in both studio languages. */
export type Entry = Readonly<Record<Lang, Text>>;

/** A table of messages; write it `as const satisfies Table` so its keys stay a literal union. */
export type Table = Readonly<Record<string, Entry>>;
