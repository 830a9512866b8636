// The codes of the readiness words no one rule owns: the pieces texts are made of (a language's name, a quoted
// value, a size in bytes), what the libraries the rules use say (rules.ts: a title's and keywords' problems;
// channels.ts: the language lists; the epubcheck runner; the release schedule), and the terminal's lines around a
// report. Their texts, in every language, are languages/<code>/readiness.yaml's "shared words"; each rule's own
// codes are in its file (this folder), their texts under its id; index.ts fills and checks them all at load.
import type { Bilingual } from '../../spec/types.js';

export const SHARED_WORDS = {
  // Pieces the texts are made of (a language's name, `lang.<code>`, is the language table's: text.ts languageName).
  either: {},
  quoted: {},
  'with-note': {},
  /** What a tool (epubcheck) said, as it said it. */
  verbatim: {},
  bytes: {},
  'run-again': {},
  // The unfinished book's fix (book-complete), also when there is no text to compare (not-too-close).
  'book.finish': {},
  // How the title and author were found (the package's notes, said in their checks' details).
  'note.title-fallback': {},
  'note.author-none': {},
  // How the keywords were found (readiness.json "notes.keywords"; rules.ts kdpKeywords).
  'note.keywords-fallback': {},
  'note.keywords-left-out': {},
  'note.keyword-left-out': {},
  'keyword.too-short': {},
  'keyword.refused': {},
  'keyword.too-long': {},
  'keyword.no-box': {},
  // title (rules.ts)
  'title.empty': {},
  'title.empty-fix': {},
  'title.too-long': {},
  'title.too-long-fix': {},
  'title.refused': {},
  'title.refused-fix': {},
  // The channels' language lists (channels.ts), said in the language check's detail.
  'language.malay-unconfirmed-page': {},
  'language.malay-unconfirmed-list': {},
  // A language the table gives no answer for on a store (language-data.ts), or not confirmed on a store's list.
  'language.unconfirmed': {},
  'language.unconfirmed-page': {},
  'language.unconfirmed-list': {},
  'list.kdp-ebook': {},
  'list.kdp-paperback': {},
  'list.kobo': {},
  // A cover that is no picture Karya can read (the eBook cover's rule and Google Play's sides).
  'cover.unreadable': {},
  'cover.unreadable-fix': {},
  // epubcheck (engine/node/publish.ts runs it; its messages are quoted as it wrote them)
  'epubcheck.not-installed': {},
  'epubcheck.did-not-run': {},
  'epubcheck.command-missing': {},
  'epubcheck.no-summary': {},
  'epubcheck.timed-out': {},
  'epubcheck.counts': {},
  'epubcheck.counts-messages': {},
  // DAISY Ace (engine/node/ace.ts runs it; its rules are quoted as it names them)
  'ace.off': {},
  'ace.not-installed': {},
  'ace.no-chromium': {},
  'ace.did-not-run': {},
  'ace.timed-out': {},
  'ace.no-report': {},
  'ace.counts': {},
  'ace.counts-messages': {},
  'description.labels': {},
  'description.short': {},
  'keywords.none': {},
  'keywords.none-fix': {},
  'keywords.too-many': {},
  'keywords.too-many-fix': {},
  'keywords.too-long': {},
  'keywords.too-long-fix': {},
  'keywords.too-short': {},
  'keywords.too-short-fix': {},
  'keywords.refused': {},
  'keywords.refused-word': {},
  'keywords.refused-fix': {},
  'paperback.make-again': {},
  trim: {},
  'paper.white': {},
  'paper.cream': {},
  // The terminal's summary (formatReadiness).
  // The command line's lines around the package (karya publish), in the book's language.
  'status.making': {},
  'status.file': {},
  'status.epubcheck': {},
  'status.accessibility': {},
  'status.paperback': {},
  'status.readiness': {},
  'summary.shared': {},
  'summary.ready': {},
  'summary.not-ready': {},
  'summary.failed': {},
  'summary.to-check': {},
  'summary.skipped': {},
  'summary.fix': {},
  'summary.every': {},
  'summary.some': {},
  'summary.none': {},
  // schedule.csv's status and readiness columns (karya batch --publish), in the book's language.
  'schedule.scheduled': {},
  'schedule.held': {},
  'schedule.ready': {},
  'schedule.blocking': {},
} as const satisfies Record<string, Bilingual>;
