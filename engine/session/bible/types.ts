// The shape of the story bible (engine/session/bible/bible.ts reads, merges and renders it; bible/time.ts dates it).
export interface BibleLine {
  /** "Chapter 3", "Bab 3", "Introduction"; for an arc "Chapters 1–3" / "Bab 1–3". */
  readonly label: string;
  readonly line: string;
}

export interface BibleCharacter {
  readonly name: string;
  readonly role: string;
  /** Where they are, what they know and feel now. */
  readonly state: string;
  /** The part they last appeared in. */
  readonly lastSeen: string;
  /** The part from which `state` is true (bible/time.ts). */
  readonly since?: string;
}

export interface BibleThread {
  readonly thread: string;
  /** The part it was opened in. */
  readonly opened: string;
  /** Resolved, or dropped on purpose: no longer open. */
  readonly isResolved: boolean;
  /** Moved on but not yet paid. */
  readonly advanced?: true;
  /** Closed without paying, on purpose. */
  readonly dropped?: true;
  /** The part where it should pay off ("Chapter 5"). */
  readonly due?: string;
  /** The part where its status last changed. */
  readonly changed?: string;
}

export interface StoryBible {
  readonly premise: string;
  readonly ending: string;
  /** The most recent parts, one line each, oldest first. */
  readonly chapters: readonly BibleLine[];
  /** Older parts folded into arcs, oldest first. */
  readonly arcs: readonly BibleLine[];
  readonly characters: readonly BibleCharacter[];
  readonly threads: readonly BibleThread[];
  readonly facts: readonly string[];
  /** The part from which each fact (by its text) is true. */
  readonly factSince?: Readonly<Record<string, string>>;
  /** Values later updates replaced, with the parts they were true in (bible/time.ts), the most recent last. */
  readonly replaced?: readonly Replaced[];
}

/** What one update answer brings; absent sections keep what the bible had. */
export interface BibleUpdate {
  readonly chapterLine?: string;
  readonly arcLine?: string;
  readonly characters?: readonly BibleCharacter[];
  readonly threads?: readonly BibleThread[];
  readonly facts?: readonly string[];
}

/** A value an update replaced: what it was, from which part and until which part. */
export interface Replaced {
  readonly kind: 'character' | 'fact' | 'thread';
  /** A character's name, a fact's subject, a thread. */
  readonly subject: string;
  /** A character's "role | state | last seen", a fact's text, a thread's status. */
  readonly value: string;
  readonly since: string;
  readonly until: string;
}
