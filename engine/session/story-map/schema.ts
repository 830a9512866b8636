// The story map as a schema: what storyMap (./map.ts) builds, `karya map --json` prints and
// GET /api/books/:id/story-map answers (engine/contract/story-map.ts re-exports it). Here, below the
// contract, because the session makes it. Every part is named twice: its position in the book (0 the
// introduction, then the chapters) and its label in the book's language ("Chapter 3" / "Bab 3").
import * as z from 'zod';
import { BookLangSchema } from '../view-schema.js';

/**
 * The story map's schemas, built on first use (StoryMapSchema below): a batch loads the contract that names the map
 * but checks none. The lanes' first.
 */
function laneSchemas() {
  /** A part of the book: its position (null when the bible names a part the book has no place for) and label. */
  const MapPartSchema = z.object({ position: z.number().int().nullable(), label: z.string() });

  /** A mark on a character's lane: the part from which the character's state was `state`. */
  const CharacterMarkSchema = MapPartSchema.extend({ state: z.string(), is_gone: z.boolean() });

  /** One character's lane: from the part they first appear in to the part they were last seen in. */
  const CharacterLaneSchema = z.object({
    name: z.string(),
    role: z.string(),
    /** Their state as of the map's last part. */
    state: z.string(),
    first: MapPartSchema,
    last: MapPartSchema,
    /** Each state the bible recorded, from the part it became true, oldest first. */
    marks: z.array(CharacterMarkSchema),
    /** Dead, absent or elsewhere from this part on (the book's words for it, in the book's language). */
    gone: CharacterMarkSchema.optional(),
  });

  /** A mark on a thread's lane: the part from which its status was `status`. */
  const ThreadMarkSchema = MapPartSchema.extend({ status: z.enum(['open', 'advanced', 'resolved', 'dropped']) });

  /** One thread's lane: from the part that opened it to the part that resolved (or dropped) it. */
  const ThreadLaneSchema = z.object({
    thread: z.string(),
    status: z.enum(['open', 'advanced', 'resolved', 'dropped']),
    opened: MapPartSchema,
    /** The part it should pay off in. */
    due: MapPartSchema.optional(),
    /** Where it was resolved or dropped (absent while it is open). */
    closed: MapPartSchema.optional(),
    marks: z.array(ThreadMarkSchema),
    /** Still open past its due part (or, in a finished book, open at the end with no due part). */
    is_overdue: z.boolean(),
  });

  /** A fact: the part from which it was true and, when a later part replaced it, the part where it stopped. */
  const FactPointSchema = z.object({
    fact: z.string(),
    since: MapPartSchema.nullable(),
    until: MapPartSchema.nullable(),
  });

  /** Two characters a fact or a character's state names together, and when that was true. */
  const RelationSchema = z.object({
    between: z.tuple([z.string(), z.string()]),
    text: z.string(),
    source: z.enum(['fact', 'state']),
    since: MapPartSchema.nullable(),
    until: MapPartSchema.nullable(),
  });

  return { MapPartSchema, CharacterLaneSchema, ThreadLaneSchema, FactPointSchema, RelationSchema };
}

function storyMapSchemas() {
  const { MapPartSchema, CharacterLaneSchema, ThreadLaneSchema, FactPointSchema, RelationSchema } = laneSchemas();
  /**
   * A continuity finding in the cell of the part it is on (`position`, `label`); `part` is where what it contradicts
   * was
   * set.
   */
  const MapFindingSchema = MapPartSchema.extend({
    kind: z.enum(['acts_after_death', 'fact_changed', 'name_spelling', 'thread_overdue', 'ignores_bible', 'audit']),
    detail: z.string(),
    part: z.string(),
    key: z.string().optional(),
  });

  /** One entry of the bible that is new, changed or gone at a part. */
  const MapChangeSchema = z.object({
    kind: z.enum(['character', 'thread', 'fact']),
    subject: z.string(),
    from: z.string().optional(),
    to: z.string().optional(),
  });

  /** The bible at a part against the part before: what is new, changed or gone (dead, absent, or no longer listed). */
  const MapChangesSchema = z.object({
    at: MapPartSchema,
    before: MapPartSchema.nullable(),
    new: z.array(MapChangeSchema),
    changed: z.array(MapChangeSchema),
    gone: z.array(MapChangeSchema),
  });

  const StoryMapSchema = z.object({
    title: z.string(),
    /** The book's generator (the studio opens the book on its page to go to a part). */
    generator_id: z.string(),
    lang: BookLangSchema,
    /** The part the map is as of (the last part written when none was asked). */
    as_of: MapPartSchema,
    /** True when the map was asked as of a part (only what that part knew). */
    is_as_of: z.boolean(),
    /** The grid's columns: the parts written up to `as_of`. */
    parts: z.array(MapPartSchema.extend({ position: z.number().int() })),
    characters: z.array(CharacterLaneSchema),
    threads: z.array(ThreadLaneSchema),
    facts: z.array(FactPointSchema),
    relations: z.array(RelationSchema),
    findings: z.array(MapFindingSchema),
    /** What `as_of` changed in the bible since the part before it. */
    changes: MapChangesSchema,
  });
  return {
    StoryMapSchema,
    CharacterLaneSchema,
    ThreadLaneSchema,
    FactPointSchema,
    RelationSchema,
    MapPartSchema,
    MapFindingSchema,
    MapChangeSchema,
    MapChangesSchema,
  };
}

type Schemas = ReturnType<typeof storyMapSchemas>;
export const StoryMapSchema = z.lazy(() => storyMapSchemas().StoryMapSchema);
export type MapPart = z.infer<Schemas['MapPartSchema']>;
export type StoryMap = z.infer<typeof StoryMapSchema>;
export type CharacterLane = z.infer<Schemas['CharacterLaneSchema']>;
export type ThreadLane = z.infer<Schemas['ThreadLaneSchema']>;
export type FactPoint = z.infer<Schemas['FactPointSchema']>;
export type Relation = z.infer<Schemas['RelationSchema']>;
export type MapFinding = z.infer<Schemas['MapFindingSchema']>;
export type MapChange = z.infer<Schemas['MapChangeSchema']>;
export type MapChanges = z.infer<Schemas['MapChangesSchema']>;
