// Table types for kysely. Keep in step with migrations/.
import type { Generated } from 'kysely';

export interface BookProgressTable {
  id: Generated<number>;
  user_id: string;
  progress_key: string;
  book_type: string;
  generator_id: string;
  lang: string;
  current_chapter: number;
  total_chapters: number;
  /** JSON list of texts, one per part. */
  content: string;
  /** JSON object of settings. */
  settings: string;
  outline: string | null;
  character_details: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface Database {
  book_progress: BookProgressTable;
}
