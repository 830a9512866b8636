// A book as its reader sees it, as a schema: what the session's view (./view.ts) builds and the book routes
// answer (engine/contract/books.ts re-exports it). Here, below the contract, because the session makes it.
import * as z from 'zod';
import { StepRefSchema } from '../compile/step-ref.js';
import { refuseUnknownLang } from '../error-code.js';

/** A book's language: a code of the language table, refused with the table's codes named. */
export const BookLangSchema = z.string().superRefine(refuseUnknownLang);
const Lang = BookLangSchema;

export const ProgressSchema = z.object({
  current: z.number(),
  total: z.number(),
  ratio: z.number(),
  stepText: z.string(),
});

/** One step as the reader sees it: its wire ref (kind, position) and its label in the book's language. */
export const LabelledStepSchema = StepRefSchema.extend({ label: z.string() });

/**
 * One continuity finding on a part: `kind` what was found, `detail` the sentence the writer reads (in the
 * book's language, naming the character, fact or thread), `part` the label of the part that established
 * what this part contradicts ("Chapter 4"; for a thread, where it was due).
 */
export const ContinuityFindingSchema = z.object({
  kind: z.enum(['acts_after_death', 'fact_changed', 'name_spelling', 'thread_overdue', 'ignores_bible', 'audit']),
  detail: z.string(),
  part: z.string(),
  /** Book views only: the finding's key, to mark it as intended (PUT …/continuity/intended). */
  key: z.string().optional(),
});
export type ContinuityFinding = z.infer<typeof ContinuityFindingSchema>;

/** A promise the book made: where it was opened, the part it should pay off in, and where it stands. */
export const ThreadViewSchema = z.object({
  thread: z.string(),
  opened: z.string(),
  due: z.string().optional(),
  status: z.enum(['open', 'advanced', 'resolved', 'dropped']),
  is_overdue: z.boolean(),
});

/** A voice's fingerprint (engine/compile/book-voice.ts), as `karya voice --json` prints it. */
export const VoiceFingerprintSchema = z.object({
  sentenceWords: z.object({ mean: z.number(), spread: z.number() }),
  paragraphWords: z.number(),
  dialogueShare: z.number(),
  diversity: z.number(),
  openers: z.array(z.string()),
  pointOfView: z.enum(['first', 'second', 'third']),
  tense: z.enum(['past', 'present', 'mixed']).nullable(),
  overusedPerThousand: z.number(),
  words: z.number(),
});

const VoiceStatistic = z.enum([
  'sentenceWords',
  'paragraphWords',
  'dialogueShare',
  'diversity',
  'pointOfView',
  'tense',
]);

/**
 * A prose part against the writer's voice: the overall distance (1 at the edge of the band), the statistics outside it,
 * in words, and the part's fingerprint.
 */
export const PartVoiceSchema = z.object({
  distance: z.number(),
  drifts: z.array(VoiceStatistic),
  statistics: z.record(VoiceStatistic, z.number()),
  notes: z.array(z.string()),
  fingerprint: VoiceFingerprintSchema,
});

/**
 * A prose part's overused phrases: per 1,000 words, those found, the writer's own among them, and whether they mark the
 * part.
 */
export const PartOverusedSchema = z.object({
  per_thousand: z.number(),
  phrases: z.array(z.string()),
  avoided: z.array(z.string()).optional(),
  is_marked: z.boolean(),
});

/** The book's voice: the sample's fingerprint (absent: no sample given) and the writer's phrases to avoid. */
export const BookVoiceViewSchema = z.object({
  fingerprint: VoiceFingerprintSchema.optional(),
  avoid: z.array(z.string()),
});

/** A book as the server holds it: what is written, what comes next, and progress. Rendered by the studio as is. */
/** How a part's text came to be (engine/compile/provenance.ts), as the book view shows it. */
export const PartProvenanceSchema = z.object({
  origin: z.enum(['model', 'model-rewrite', 'hand', 'author']),
  /**
   * The passages the model put in since (a passage tool's Keep: `model-rewrite`; "write more" on the writer's part:
   * `model`) and their words.
   */
  passages: z
    .array(z.object({ origin: z.enum(['model', 'model-rewrite']), words: z.number().int().min(0) }))
    .optional(),
  /** The words of the part the model wrote (all of them unless the part is the writer's own). */
  model_words: z.number().int().min(0),
  /** The language the part was translated from (a translated edition's part, engine/session/translate). */
  translated_from: Lang.optional(),
});

/**
 * The book view's fields, in two halves, built on first use (BookViewSchema below): a batch loads the contract that
 * names the view but checks none, and its ~20 objects cost the batch's start zod's construction.
 */
const bookViewHead = () => ({
  generator_id: z.string(),
  lang: Lang,
  total_chapters: z.number().int(),
  settings: z.record(z.string(), z.unknown()),
  /** Settings are locked once the introduction exists. */
  is_locked: z.boolean(),
  is_finished: z.boolean(),
  /**
   * `own-ending`: the book's last part is the writer's own with only its conclusion left (an import): it is published
   * as it stands, its conclusion written only when asked.
   */
  ending: z.literal('own-ending').optional(),
  /** The series the book is in and its number there (absent: it stands alone). */
  series: z.object({ name: z.string(), number: z.number().int() }).optional(),
  /**
   * The book is a translated edition (`edition_id`, this book) of the source book `id` (absent: it is none, or its
   * source was deleted).
   */
  edition_of: z
    .object({ id: z.number().int().positive(), title: z.string(), lang: Lang, edition_id: z.number().int().positive() })
    .optional(),
  /** The writer's voice (absent: none given): `karya generate --voice/--avoid`, the studio's Voice panel. */
  voice: BookVoiceViewSchema.optional(),
  /**
   * `hash`: the short hash of the text (engine/text-hash.ts), sent back with an edit made on it (a changed outline
   * refuses the edit).
   */
  outline: z.object({ label: z.string(), text: z.string(), hash: z.string() }).nullable(),
  /**
   * The introduction's character list (one character a line; '' when it has none), kept out of its text: in a book
   * whose generator keeps one, once the introduction is written.
   */
  character_details: z.string().optional(),
  /**
   * `title`: the chapter's title (the user's own, else its outline entry's); `is_complete` is false for a part
   * still cut at the token limit after its continuations; `is_authored` on a part the writer wrote (an imported
   * manuscript's; an imported book without a prologue shows no introduction); `provenance`: how its text came
   * to be (`model`, `model-rewrite`, `hand`: the model's text edited by hand, `author`), the passages the model put
   * in since (`passages`) and the words of it the model wrote (`model_words`: what the AI disclosure counts);
   * `is_stopped` on a part the writer stopped and kept as
   * it was; `words` of the part as the book shows it, and for
   * prose parts the words asked for (`target`) and `is_short` when it is under 0.85 of them after its
   * length extensions (the studio offers "write more"), and `repeated`, the share (0–1) of its words in an
   * 8-word run the book already wrote (0.2 and over: it repeats); `neighbour_words` a neighbour language's words
   * the part still uses below the refusal level (Indonesian's in a Malay book, Malay's in an Indonesian one: named in
   * a note, not refused) and `neighbour_languages` the codes of the neighbours they are words of (`id`);
   * `bible_updated` is false on a part
   * the story bible has not taken in (its update failed or did not fit the model's window: tried again before
   * the next step). `continuity`: what this part contradicts in the story bible as it stood before it
   * (never changes the text); `check_against`: the label of an earlier part the writer rewrote after this
   * part was written, which this part mentions ("check against the rewritten Chapter 4"). `text` is the part as
   * the writer reads and edits it (an introduction without its character list or chapter plan) and `hash` its
   * short hash (engine/text-hash.ts): an edit names the text it was made on with it, and one made on an older
   * text is refused (409 `part_changed` / `part_stale`).
   */
  parts: z.array(
    LabelledStepSchema.extend({
      title: z.string().optional(),
      text: z.string(),
      hash: z.string(),
      is_complete: z.boolean(),
      is_stopped: z.literal(true).optional(),
      is_authored: z.literal(true).optional(),
      provenance: PartProvenanceSchema.optional(),
      words: z.number().int().optional(),
      target: z.number().int().optional(),
      is_short: z.boolean().optional(),
      repeated: z.number().min(0).max(1).optional(),
      neighbour_words: z.array(z.string()).optional(),
      neighbour_languages: z.array(z.string()).optional(),
      bible_updated: z.literal(false).optional(),
      continuity: z.array(ContinuityFindingSchema).optional(),
      check_against: z.string().optional(),
      voice: PartVoiceSchema.optional(),
      overused: PartOverusedSchema.optional(),
    }),
  ),
});

const bookViewTail = () => ({
  /**
   * The story bible (Markdown): premise and planned ending from the outline, recent parts, arcs, characters, open
   * threads, facts; '' before it exists.
   */
  bible: z.string().optional(),
  /**
   * The part of the bible the session keeps and the writer may edit (all but the premise and planned ending, which come
   * from the outline).
   */
  bible_notes: z.string().optional(),
  /**
   * The parts the story bible covers: each has a line in it or is inside an arc that names it (positions in
   * order, and their label in the book's language: "Introduction, Chapters 1–7"). Absent while it covers none.
   */
  bible_covers: z.object({ positions: z.array(z.number().int().min(0)), label: z.string() }).optional(),
  /**
   * The book's promises (threads) from the story bible, with their due part; `is_overdue` once a thread is open past it
   * (or open at the end).
   */
  threads: z.array(ThreadViewSchema).optional(),
  next: LabelledStepSchema.extend({ button: z.string() }).nullable(),
  /**
   * Progress: current out of the denominator the flow gives, with the numbered next step (compile/flow.ts stepText).
   */
  progress: ProgressSchema.nullable(),
  /** Chapters written and the chapters the book has (session/book.ts chapterCounts: what My Books says). */
  chapters_count: z.object({ written: z.number().int(), total: z.number().int() }),
  /** Chapter counter: parts written after the introduction, out of the chapter count. */
  counter: z.object({ current: z.number().int(), total: z.number().int() }),
  /**
   * The outline as chapters, once the outline is written: each chapter's title and plan, the
   * writer's note ("what must happen here") and whether it is written (written chapters are locked).
   * Absent for a book whose outline cannot be edited as chapters (no outline step, fixed sections).
   */
  chapters: z
    .array(
      z.object({
        number: z.number().int(),
        title: z.string(),
        plan: z.string(),
        note: z.string(),
        is_written: z.boolean(),
      }),
    )
    .optional(),
  /** The writer shaped the outline as chapters: the book keeps its chapter count (the form's no longer applies). */
  is_outline_edited: z.boolean().optional(),
  /** Every step of the book in order, chapters included. */
  steps: z.array(LabelledStepSchema.extend({ is_done: z.boolean() })),
  /**
   * Credits: each step, the whole book, the steps still to write (engine/session/view/cost.ts; what the server
   * charges).
   */
  cost: z.object({ step: z.number().int().min(0), total: z.number().int().min(0), remaining: z.number().int().min(0) }),
  /**
   * GET /api/progress only: the step being written right now (a writer who left during it and came back),
   * when it started and its text streamed so far. Absent when no step runs; the part lands in `parts` when done.
   */
  running: LabelledStepSchema.extend({ started_at: z.string(), text: z.string() }).optional(),
  /**
   * GET /api/progress only: the next step's text kept when the writer stopped it while it streamed,
   * to keep, continue, rewrite or discard. Absent when there is none.
   */
  stopped: LabelledStepSchema.extend({ text: z.string(), words: z.number().int(), updated_at: z.string() }).optional(),
  /**
   * Server answers only: the story bible is being brought up to date after an edit of a part it had taken in
   * (the parts from that one on say `bible_updated: false` until then); the bible shown is still in force.
   */
  bible_updating: z.boolean().optional(),
  /**
   * Server answers only: the parts of an imported book its story bible lacks once no build runs (credits were
   * held for them when the book was imported), each also `bible_updated: false`: `reason` why they were not read
   * (`credits`: the credits ran out; `failed`: the model failed twice on the first of them, which was not charged;
   * `set_aside`: the book was set aside, and the credits held for them given back), what reading them costs now
   * ("Update the story bible", charged a part as a step is) and `message`, the sentence that says so, in the book's
   * language.
   */
  bible_lacking: z
    .object({
      reason: z.enum(['credits', 'failed', 'set_aside']),
      parts: z.array(LabelledStepSchema),
      credits: z.number().int().min(0),
      message: z.string(),
    })
    .optional(),
  /** How many continuity findings the writer marked as intended (they are no longer listed). */
  intended_findings: z.number().int().min(0).optional(),
});

export const BookViewSchema = z.lazy(() => z.object({ ...bookViewHead(), ...bookViewTail() }));
export type BookView = z.infer<typeof BookViewSchema>;
