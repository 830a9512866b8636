// The repositories written once over a Conn, the same on both databases: each adapter (sqlite/index.ts,
// postgres/index.ts) adds only what is its own (loading a book, the users' change feed, sign-in, the history's
// search, the token buckets).
import type { Repositories } from '../ports.js';
import { seriesRepository } from './series.js';
import { fingerprintRepository } from './fingerprints.js';
import { editionRepository } from './editions.js';
import { coverRepository } from './covers.js';
import { editionLeaseRepository } from './edition-leases.js';
import { codeRepository } from './codes.js';
import { charges, generationRepository } from './generations.js';
import { bibleHoldRepository } from './bible-holds.js';
import { apiKeyRepository, purchaseRepository } from './purchases.js';
import { systemRepository } from './system.js';
import { creditRepository } from './users.js';
import { draftRepository } from './drafts.js';
import { versionRepository } from './versions.js';
import { shareLeaseRepository } from './share-leases.js';
import type { Conn } from './conn.js';

type Shared =
  | 'series'
  | 'fingerprints'
  | 'editions'
  | 'covers'
  | 'editionLeases'
  | 'versions'
  | 'drafts'
  | 'credits'
  | 'codes'
  | 'generations'
  | 'bibleHolds'
  | 'system'
  | 'purchases'
  | 'apiKeys'
  | 'shareLeases';

/** Every repository that is the same on both databases, on `conn`. */
export function sharedRepositories(conn: Conn): Pick<Repositories, Shared> {
  return {
    series: (owner) => seriesRepository(conn, owner),
    fingerprints: (owner) => fingerprintRepository(conn, owner),
    editions: (owner) => editionRepository(conn, owner, charges),
    covers: (owner) => coverRepository(conn, owner),
    editionLeases: editionLeaseRepository(conn, charges),
    versions: versionRepository(conn),
    drafts: draftRepository(conn),
    credits: creditRepository(conn),
    codes: codeRepository(conn),
    generations: generationRepository(conn),
    bibleHolds: bibleHoldRepository(conn),
    system: systemRepository(conn),
    purchases: purchaseRepository(conn),
    apiKeys: apiKeyRepository(conn),
    shareLeases: shareLeaseRepository(conn),
  };
}
