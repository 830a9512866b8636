// An owner's translated editions, once for both databases: the link from a source book to its edition in the
// other language (by ids, which stay with a book when its key changes), the writer's glossary for it, and the
// source's paragraph hashes each part was translated from (engine/session/translate/side-by-side.ts).
import type { Lang, GlossaryEntry, SourceHashes, StepSave } from '../../../engine/index.js';
import type { Conn } from './conn.js';
import { saveStep } from './step.js';
import {
  editionLeases,
  editionUpdate,
  type Charges,
  type LeaseClaim,
  type LeasedCharge,
  type LeaseOf,
  type PartCharge,
} from './edition-leases.js';

export type { LeaseClaim, LeasedCharge, LeaseOf, PartCharge } from './edition-leases.js';

/**
 * A source book's edition in one language: its id once its first part is saved (null before), its glossary and hashes.
 */
export interface EditionLink {
  sourceId: number;
  lang: Lang;
  editionId: number | null;
  /** The writer's glossary; null: the one the story bible gives. */
  glossary: GlossaryEntry[] | null;
  hashes: SourceHashes;
}

export interface EditionRepository {
  /** Every link of the owner (My Books marks editions with them). */
  list(): Promise<EditionLink[]>;
  /** The link of `sourceId` in `lang`, or null. */
  find(input: { sourceId: number; lang: Lang }): Promise<EditionLink | null>;
  /** The link whose edition is `editionId`, or null (not an edition). */
  ofEdition(editionId: number): Promise<EditionLink | null>;
  /** Keep the writer's glossary for the edition of `sourceId` in `lang` (the link made when there is none). */
  saveGlossary(input: { sourceId: number; lang: Lang; glossary: readonly GlossaryEntry[] }): Promise<void>;
  /** Name the edition's book (once it exists). */
  linkEdition(input: { sourceId: number; lang: Lang; editionId: number }): Promise<void>;
  /** Keep the source paragraph hashes a part was translated from. */
  keepHashes(input: { sourceId: number; lang: Lang; position: number; hashes: readonly string[] }): Promise<void>;
  /**
   * Take the lease of the run making the edition of `sourceId` in `lang` for `holder` until `until` (ms since the
   * epoch): refused, with when it ends, while another run holds it at `now`; a dead run's lease (not renewed in time)
   * is taken over and the part it charged refunded. Its holder renews it (`beat`) and lets it go at its end
   * (`release`).
   */
  claim(input: LeaseOf & { now: number; until: number }): Promise<LeaseClaim>;
  /** The holder's heartbeat: the lease renewed to `until`; false when another run has taken it over. */
  beat(input: LeaseOf & { until: number }): Promise<boolean>;
  /** A part charged as a step and named on the lease in one transaction ('lost' when `holder` holds it no more). */
  chargePart(input: LeaseOf & { start: PartCharge }): Promise<LeasedCharge>;
  release(input: LeaseOf): Promise<void>;
  /** Whether a run holds the lease at `now`. */
  isRunning(input: { sourceId: number; lang: Lang; now: number }): Promise<boolean>;
  /** Save a window of a part still being translated (not a step's commit: the part is charged when it is whole). */
  saveWindow(input: { key: string; save: StepSave }): Promise<void>;
}

function parsed<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

type Row = { source_id: number; lang: Lang; edition_id: number | null; glossary: string | null; source_hashes: string };
const linkOf = (r: Row): EditionLink => ({
  sourceId: r.source_id,
  lang: r.lang,
  editionId: r.edition_id,
  glossary: parsed<GlossaryEntry[] | null>(r.glossary, null),
  hashes: parsed<SourceHashes>(r.source_hashes, {}),
});
const COLUMNS = ['source_id', 'lang', 'edition_id', 'glossary', 'source_hashes'] as const;

export function editionRepository(conn: Conn, owner: string, charges: Charges): EditionRepository {
  const mine = () => conn.db.selectFrom('book_editions').select(COLUMNS).where('owner', '=', owner);
  /** The row of (source, lang), made when missing; only for a source book the owner has. */
  async function ensure(conn: Conn, sourceId: number, lang: Lang): Promise<boolean> {
    const book = await conn.first(
      conn.db.selectFrom('books').select('id').where('id', '=', sourceId).where('owner', '=', owner),
    );
    if (!book) return false;
    await conn.run(
      conn.db
        .insertInto('book_editions')
        .values({ source_id: sourceId, lang, owner })
        .onConflict((oc) => oc.columns(['source_id', 'lang']).doNothing()),
    );
    return true;
  }
  const update = editionUpdate(conn, owner);
  return {
    list: async () => (await conn.all(mine().orderBy('source_id'))).map(linkOf),
    find: async ({ sourceId, lang }) => {
      const row = await conn.first(mine().where('source_id', '=', sourceId).where('lang', '=', lang));
      return row ? linkOf(row) : null;
    },
    ofEdition: async (editionId) => {
      const row = await conn.first(mine().where('edition_id', '=', editionId));
      return row ? linkOf(row) : null;
    },
    saveGlossary: ({ sourceId, lang, glossary }) =>
      conn.transaction(async (conn) => {
        if (await ensure(conn, sourceId, lang))
          await conn.run(update(sourceId, lang).set({ glossary: JSON.stringify(glossary) }));
      }),
    linkEdition: ({ sourceId, lang, editionId }) =>
      conn.transaction(async (conn) => {
        if (await ensure(conn, sourceId, lang)) await conn.run(update(sourceId, lang).set({ edition_id: editionId }));
      }),
    keepHashes: ({ sourceId, lang, position, hashes }) =>
      conn.transaction(async (conn) => {
        const row = await conn.first(mine().where('source_id', '=', sourceId).where('lang', '=', lang));
        if (!row) return;
        const kept = { ...parsed<SourceHashes>(row.source_hashes, {}), [position]: hashes };
        await conn.run(update(sourceId, lang).set({ source_hashes: JSON.stringify(kept) }));
      }),
    ...editionLeases(conn, owner, ensure, charges),
    saveWindow: ({ key, save }) => saveStep(conn, owner, key, save),
  };
}
