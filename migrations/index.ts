// Every migration, in order. Names sort; the migrator refuses out-of-order history.
import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_book_progress.js';
import * as m0002 from './0002_accounts.js';
import * as m0003 from './0003_credits.js';
import * as m0004 from './0004_history_config_deployments.js';
import * as m0005 from './0005_books.js';
import * as m0006 from './0006_part_complete.js';
import * as m0007 from './0007_part_title.js';
import * as m0008 from './0008_book_memory.js';
import * as m0009 from './0009_book_packages.js';
import * as m0010 from './0010_purchases_api_keys.js';
import * as m0011 from './0011_metering_security.js';
import * as m0012 from './0012_user_lang.js';
import * as m0014 from './0014_history_search.js';
import * as m0015 from './0015_step_queue.js';
import * as m0016 from './0016_batches.js';
import * as m0017 from './0017_history_prefix_index.js';
import * as m0019 from './0019_part_versions.js';
import * as m0020 from './0020_part_drafts.js';
import * as m0021 from './0021_chapter_notes.js';
import * as m0022 from './0022_audit_findings.js';
import * as m0023 from './0023_intended_findings.js';
import * as m0024 from './0024_authored_parts.js';
import * as m0025 from './0025_series.js';
import * as m0026 from './0026_voice.js';
import * as m0027 from './0027_provenance.js';
import * as m0028 from './0028_fingerprints.js';
import * as m0029 from './0029_bible_holds.js';
import * as m0030 from './0030_book_releases.js';
import * as m0031 from './0031_book_editions.js';
import * as m0032 from './0032_edition_leases.js';
import * as m0033 from './0033_book_covers.js';
import * as m0034 from './0034_user_lang_any.js';
import * as m0035 from './0035_kept_answers.js';
import * as m0036 from './0036_book_source.js';
import * as m0037 from './0037_book_author.js';
import * as m0038 from './0038_share_leases.js';

export const migrations: Record<string, Migration> = {
  '0001_book_progress': m0001,
  '0002_accounts': m0002,
  '0003_credits': m0003,
  '0004_history_config_deployments': m0004,
  '0005_books': m0005,
  '0006_part_complete': m0006,
  '0007_part_title': m0007,
  '0008_book_memory': m0008,
  '0009_book_packages': m0009,
  '0010_purchases_api_keys': m0010,
  '0011_metering_security': m0011,
  '0012_user_lang': m0012,
  '0014_history_search': m0014,
  '0015_step_queue': m0015,
  '0016_batches': m0016,
  '0017_history_prefix_index': m0017,
  '0019_part_versions': m0019,
  '0020_part_drafts': m0020,
  '0021_chapter_notes': m0021,
  '0022_audit_findings': m0022,
  '0023_intended_findings': m0023,
  '0024_authored_parts': m0024,
  '0025_series': m0025,
  '0026_voice': m0026,
  '0027_provenance': m0027,
  '0028_fingerprints': m0028,
  '0029_bible_holds': m0029,
  '0030_book_releases': m0030,
  '0031_book_editions': m0031,
  '0032_edition_leases': m0032,
  '0033_book_covers': m0033,
  '0034_user_lang_any': m0034,
  '0035_kept_answers': m0035,
  '0036_book_source': m0036,
  '0037_book_author': m0037,
  '0038_share_leases': m0038,
};
