// A saved book's rows read back, once for both databases: the header row and its parts as the engine's saved
// book, with the JSON columns (voice, source, provenance, intended findings) read as the engine reads them.
import type { Kysely, Selectable } from 'kysely';
import {
  auditFindingsOf,
  bookProvenanceOf,
  bookVoiceOf,
  chapterNotesOf,
  type BookState,
  type BookVoice,
  sourceStatusFrom,
  type SourceStatus,
  type SavedBook,
} from '../../../engine/index.js';
import type { BooksDatabase, BooksTable } from '../schema.js';
import { PART_STOPPED } from './step.js';

/** SQLite's CURRENT_TIMESTAMP ("YYYY-MM-DD HH:MM:SS", UTC) as ISO 8601. */
function isoOf(stamp: string): string {
  return stamp.includes('T') ? stamp : `${stamp.replace(' ', 'T')}Z`;
}

/** The parts of a book, in order (every adapter runs this query). */
export function partsOf(books: Kysely<BooksDatabase>, bookId: number) {
  return books
    .selectFrom('book_parts')
    .select(['position', 'text', 'is_complete', 'title'])
    .where('book_id', '=', bookId)
    .orderBy('position');
}

/** A header row and its parts as the engine's saved book (shared by every adapter). */
export function bookOfRows(
  row: Selectable<BooksTable>,
  parts: Array<{ position: number; text: string; is_complete: number; title: string | null }>,
): SavedBook & { bookType: string } {
  const incompleteParts = parts.filter((p) => p.is_complete === 0).map((p) => p.position);
  const stoppedParts = parts.filter((p) => p.is_complete === PART_STOPPED).map((p) => p.position);
  const chapterTitles = Object.fromEntries(parts.filter((p) => p.title !== null).map((p) => [p.position, p.title!]));
  const outline = parts.find((p) => p.position < 0)?.text;
  const content = parts.filter((p) => p.position >= 0).map((p) => p.text);
  const state: BookState = {
    generatorId: row.generator_id,
    settings: JSON.parse(row.settings) as BookState['settings'],
    lang: row.lang,
    ...(row.author ? { author: row.author } : {}),
    totalChapters: row.total_chapters,
    ...(outline !== undefined ? { outline } : {}),
    content,
    currentChapter: row.current_chapter,
    ...(row.character_details !== null ? { characterDetails: row.character_details } : {}),
    isLocked: content.length > 0,
    ...(incompleteParts.length ? { incompleteParts } : {}),
    ...(stoppedParts.length ? { stoppedParts } : {}),
    ...(Object.keys(chapterTitles).length ? { chapterTitles } : {}),
    ...(row.memory !== null ? { memory: row.memory } : {}),
    ...(row.memory_up_to !== null ? { memoryUpTo: row.memory_up_to } : {}),
    ...(row.chapter_notes ? { chapterNotes: chapterNotesOf(JSON.parse(row.chapter_notes)) } : {}),
    ...(row.audit_findings && auditFindingsOf(JSON.parse(row.audit_findings))
      ? { auditFindings: auditFindingsOf(JSON.parse(row.audit_findings))! }
      : {}),
    ...(intendedOf(row.intended_findings).length ? { intendedFindings: intendedOf(row.intended_findings) } : {}),
    ...(provenanceOfRow(row) ? { provenance: provenanceOfRow(row)! } : {}),
    ...(voiceOf(row.voice) ? { voice: voiceOf(row.voice)! } : {}),
    ...(sourceOfRow(row.source) ? { source: sourceOfRow(row.source)! } : {}),
  };
  return { state, isFinished: row.is_finished === 1, updatedAt: isoOf(row.updated_at), bookType: row.book_type };
}

/** The source status as kept (JSON), checked as the engine checks one (undefined: none or unreadable). */
function sourceOfRow(raw: string | null | undefined): SourceStatus | undefined {
  if (!raw) return undefined;
  try {
    return sourceStatusFrom(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

/** The voice as kept (JSON), read as the engine reads a saved one (undefined: none or unreadable). */
function voiceOf(raw: string | null | undefined): BookVoice | undefined {
  if (!raw) return undefined;
  try {
    return bookVoiceOf(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

/**
 * The parts' provenance as kept (JSON); a book saved before it was names its imported parts (`authored_parts`): the
 * writer's.
 */
function provenanceOfRow(row: Pick<Selectable<BooksTable>, 'provenance' | 'authored_parts'>): BookState['provenance'] {
  const parse = (raw: string | null | undefined): unknown => {
    if (!raw) return undefined;
    try {
      return JSON.parse(raw);
    } catch {
      return undefined;
    }
  };
  return bookProvenanceOf(parse(row.provenance), parse(row.authored_parts));
}

/** The intended findings' keys as kept (JSON), anything else dropped. */
function intendedOf(raw: string | null | undefined): string[] {
  if (!raw) return [];
  const list = JSON.parse(raw) as unknown;
  return Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];
}
