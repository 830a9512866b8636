// The rows `npm run eval` measures (a book and its parts); the tables it prints from them are in eval-tables.ts.

/** Chapters whose story bible the tables show (words shown in that chapter's request). */
export const BIBLE_AT = [1, 5, 10, 20, 40];

export interface PartRow {
  label: string;
  /** Words of the part as the engine measures it (an introduction without its character list). */
  words: number;
  target?: number;
  score?: number;
  extensions: number;
  continuations: number;
  short?: true;
  long?: true;
  /** The language the kept text was found in (null: too little to tell). */
  found: string | null;
  /** The first answer came back in this language and the part was asked again. */
  drift?: string;
  /** The share of its words already written earlier in the part or the book (engine/session/repeat.ts). */
  repeated: number;
  /**
   * Overused phrases (engine/session/voice/overused-words.ts: the measure the book session marks parts with) per 1,000
   * words.
   */
  overused: number;
  /** o200k tokens of the part's own request (system and user). */
  promptTokens?: number;
  /** The chapter's number (chapters only). */
  chapter?: number;
}

export interface BookRow {
  model: string;
  generator: string;
  templates: string;
  lang: 'en' | 'ms';
  chapters: number;
  /** S_l of the book: the mean of its prose parts' scores. */
  score?: number;
  proseParts: number;
  /** Prose parts within ±15 % of their target. */
  withinTolerance: number;
  /** Parts still under 0.85 × their target after their extensions. */
  shortParts: number;
  longParts: number;
  /** The share of the book's prose words already written earlier (word-weighted over its parts). */
  repeated?: number;
  /**
   * Overused phrases (engine/session/voice/overused-words.ts: the measure the book session marks parts with) per 1,000
   * words of prose.
   */
  overused?: number;
  /** The last chapter against the first: words and repeated share. */
  firstLast?: { firstWords: number; lastWords: number; firstRepeated: number; lastRepeated: number };
  /** Length extension calls (requests that asked for "N more words"). */
  extensions: number;
  continuations: number;
  /**
   * Planter only: for each fact planted in chapter k ≤ N/2, the share of chapter requests after k that carry it; the
   * mean.
   */
  threadRecall?: number;
  /** Planter only: the facts of chapters 1–3 in chapter N's request. */
  earlyRecallAtEnd?: number;
  /** Chapters whose request carries their own outline entry (scripted outlines). */
  entriesCarried?: number;
  /** Words of the story bible shown in chapter k's request ("ch1", "ch5", …, "max"). */
  bibleWords: Record<string, number>;
  /** o200k tokens of the system and user messages of chapter 5's and chapter N's requests, and their ratio. */
  requestTokens: { ch5?: number; last?: number; growth?: number };
  /** Prose parts whose kept text is in another language than the book's. */
  wrongLanguage: number;
  /** Parts whose first answer was in another language (written again with the firm language line). */
  drifts: number;
  /** Requests by what they asked (outline, part, extension, continuation, firm, memory, other). */
  requests: Record<string, number>;
  seconds: number;
  parts?: PartRow[];
  error?: string;
  /** The step that failed because its answer, asked again, was still in another language (the book stops there). */
  languageFailed?: string;
}
