// Why an edit of a book is refused: the one error class of the writer's edits (engine/session/edits/edit.ts,
// outline/edit.ts, passage/passage.ts, edits/part-text.ts), each code a catalogue message (engine/error-catalogue.ts).
import { KaryaError } from '../../karya-error.js';

/**
 * Why an edit is refused: no such written part, an empty or oversized text, or a place in a part that changed
 * since the writer chose it (`part_changed` for a passage, `part_stale` for the whole part).
 */
export class EditError extends KaryaError {
  constructor(
    readonly code:
      | 'part_not_found'
      | 'part_empty'
      | 'part_too_long'
      | 'bible_too_long'
      | 'note_too_long'
      | 'part_changed'
      | 'part_stale'
      | 'passage_too_long'
      | 'chapter_written'
      | 'book_finished'
      | 'outline_too_short'
      | 'outline_too_long'
      | 'chapter_too_long'
      | 'characters_too_long',
    override readonly params: Readonly<Record<string, string | number>> = {},
  ) {
    super(code, { httpStatus: 400 });
    this.name = 'EditError';
  }
}
