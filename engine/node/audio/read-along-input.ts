// The audio edition's timings for the read-along EPUB (EPUB 3 Media Overlays): `<out>/read-along.json`, written by
// `karya audiobook` (engine/node/audio/audiobook.ts) and read by the EPUB builder. Its shape only: no code.

/** One paragraph as read aloud: its text (as the book has it, plain) and where it is in its chapter's MP3. */
export interface ReadAlongParagraph {
  readonly text: string;
  /** Seconds from the start of the chapter's MP3 (the head's room tone comes before the first). */
  readonly begin: number;
  readonly end: number;
  /**
   * The file it is spoken in when not its chapter's `audio` (a chapter over the longest file allowed is split into
   * files at paragraph boundaries), its times then in that file.
   */
  readonly audio?: string;
}

export interface ReadAlongChapter {
  /** The chapter's heading as the book shows it ("Chapter 1: The Storm"), which its M4B chapter mark carries too. */
  readonly title: string;
  /** The chapter's MP3, relative to the folder read-along.json is in ("chapter-01.mp3"). */
  readonly audio: string;
  /** The heading read aloud before the paragraphs, and where it is in the MP3. */
  readonly heading?: ReadAlongParagraph;
  readonly paragraphs: readonly ReadAlongParagraph[];
}

/** `<out>/read-along.json`: the book's title, author and language (a BCP 47 code), and its chapters in order. */
export interface ReadAlongInput {
  readonly title: string;
  readonly author: string;
  readonly language: string;
  readonly chapters: readonly ReadAlongChapter[];
}
