// The CLI's state file (`karya generate`, `karya batch`) holds saved books only: its own migration list,
// recorded in its own table so that it never mixes with the server's history.
import type { Migration } from 'kysely/migration';
import { createSeriesTables, dropSeriesTables } from './series.js';
import {
  addBookAuthor,
  dropBookAuthor,
  addAuditFindings,
  addIntendedFindings,
  dropIntendedFindings,
  addAuthoredParts,
  dropAuthoredParts,
  addBookVoice,
  dropBookVoice,
  addBookSource,
  dropBookSource,
  addProvenance,
  dropProvenance,
  addBookMemory,
  addChapterNotes,
  addPartCompleteness,
  addPartTitle,
  createBookTables,
  createPartVersions,
  dropAuditFindings,
  dropBookMemory,
  dropChapterNotes,
  dropBookTables,
  dropPartCompleteness,
  dropPartTitle,
  dropPartVersions,
} from './books.js';
import { createFingerprintTable, dropFingerprintTable } from './fingerprints.js';
import { createReleaseTable, dropReleaseTable } from './releases.js';
import { createKeptAnswers, dropKeptAnswers } from './kept-answers.js';

export const STATE_MIGRATION_TABLE = 'karya_state_migration';

export const stateMigrations: Record<string, Migration> = {
  '0001_books': { up: createBookTables, down: dropBookTables },
  '0002_part_complete': { up: addPartCompleteness, down: dropPartCompleteness },
  '0003_part_title': { up: addPartTitle, down: dropPartTitle },
  '0004_book_memory': { up: addBookMemory, down: dropBookMemory },
  '0005_part_versions': { up: createPartVersions, down: dropPartVersions },
  '0006_chapter_notes': { up: addChapterNotes, down: dropChapterNotes },
  '0007_audit_findings': { up: addAuditFindings, down: dropAuditFindings },
  '0008_intended_findings': { up: addIntendedFindings, down: dropIntendedFindings },
  '0009_authored_parts': { up: addAuthoredParts, down: dropAuthoredParts },
  '0010_series': { up: createSeriesTables, down: dropSeriesTables },
  '0011_voice': { up: addBookVoice, down: dropBookVoice },
  '0012_provenance': { up: addProvenance, down: dropProvenance },
  '0013_fingerprints': { up: createFingerprintTable, down: dropFingerprintTable },
  '0014_releases': { up: createReleaseTable, down: dropReleaseTable },
  '0015_kept_answers': { up: createKeptAnswers, down: dropKeptAnswers },
  '0016_source': { up: addBookSource, down: dropBookSource },
  '0017_book_author': { up: addBookAuthor, down: dropBookAuthor },
};
