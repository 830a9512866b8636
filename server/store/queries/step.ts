// A book's step, the product's central write, once for both databases: the header row a step writes and
// its save (the header upserted, the earlier parts and versions dropped when the step starts a new book,
// the part upserted), in one transaction or inside the caller's (a generation's commit, an import).
import type { Kysely } from 'kysely';
import type { BookState, StepSave } from '../../../engine/index.js';
import { clearVersionsQuery, type VersionsDatabase } from '../versions.js';
import type { Conn } from './conn.js';

/** `book_parts.is_complete` of a part kept as the writer stopped it (0: cut at the token limit, 1: whole). */
export const PART_STOPPED = 2;

/** The `is_complete` a saved step writes for its part. */
export function partCompleteness(save: Pick<StepSave, 'isComplete' | 'position' | 'state'>): number {
  if (!save.isComplete) return 0;
  return save.state.stoppedParts?.includes(save.position) ? PART_STOPPED : 1;
}

/** The provenance column a book's header writes (null: every part the model's). */
export const provenanceOfState = (state: BookState): string | null => (state.provenance && Object.keys(state.provenance).length ? JSON.stringify(state.provenance) : null);

/** The books row a saved step writes (both adapters). */
export function headerOfStep(save: StepSave) {
  return headerOfState({ bookType: save.bookType, generatorId: save.generatorId, state: save.state, isFinished: save.isFinished });
}

/** The books row of a book's state. */
export function headerOfState(input: { bookType: string; generatorId: string; state: BookState; isFinished: boolean }) {
  const { state } = input;
  return {
    book_type: input.bookType,
    generator_id: input.generatorId,
    lang: state.lang,
    total_chapters: state.totalChapters,
    current_chapter: state.currentChapter,
    settings: JSON.stringify(state.settings),
    character_details: state.characterDetails ?? null,
    memory: state.memory ?? null,
    memory_up_to: state.memoryUpTo ?? null,
    chapter_notes: state.chapterNotes ? JSON.stringify(state.chapterNotes) : null,
    audit_findings: state.auditFindings ? JSON.stringify(state.auditFindings) : null,
    // Provenance says who wrote each part now; the older column is read only (books saved before it).
    authored_parts: null,
    provenance: provenanceOfState(state),
    voice: state.voice ? JSON.stringify(state.voice) : null,
    is_finished: input.isFinished ? 1 : 0,
  };
}

/** "YYYY-MM-DD HH:MM:SS" (UTC), as the text timestamp columns hold it on both databases (migrations/dialect.ts). */
const stampNow = (): string => new Date().toISOString().slice(0, 19).replace('T', ' ');

/** Save one step of the book under (owner, key): its header, and its part. */
export async function saveStep(conn: Conn, owner: string, key: string, save: StepSave): Promise<void> {
  if (!save.keepsProgress) return;
  const header = headerOfStep(save);
  const part = { step: save.stepKey, text: save.text, is_complete: partCompleteness(save), title: save.title ?? null };
  await conn.transaction(async (conn) => {
    const book = await conn.first(
      conn.db
        .insertInto('books')
        .values({ owner, book_key: key, ...header })
        .onConflict((oc) => oc.columns(['owner', 'book_key']).doUpdateSet({ ...header, updated_at: stampNow() }))
        .returning('id'),
    );
    const bookId = book!.id;
    if (save.isFirst) {
      await conn.run(conn.db.deleteFrom('book_parts').where('book_id', '=', bookId));
      await conn.run(clearVersionsQuery(conn.db as unknown as Kysely<VersionsDatabase>, bookId));
    }
    await conn.run(conn.db.insertInto('book_parts').values({ book_id: bookId, position: save.position, ...part }).onConflict((oc) => oc.columns(['book_id', 'position']).doUpdateSet(part)));
  });
}
