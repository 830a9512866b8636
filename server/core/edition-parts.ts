// An edition run's parts (server/core/editions.ts runEdition): each charged as a step before its first window,
// committed with its last window's save when every paragraph of it was translated, refunded when paragraphs of it
// are left untranslated or the run stops in it; and the store the run saves its windows through, which links the
// edition to its source once its first part is saved and keeps what each part was translated from.
import {
  partHashes,
  partStep,
  stepKey,
  untranslatedParagraphs,
  untranslatedTitles,
  withStaleMarked,
  type BookSpec,
  type BookState,
  type Lang,
  type ProgressStore,
  type ResolvedSpec,
  type StepSave,
} from '../../engine/index.js';
import type { Charge, UserBook } from '../store/ports.js';
import type { EditionLink } from '../store/queries/editions.js';
import type { AppContext } from './context.js';
import { commitCharged, refundCharge } from './charged.js';
import type { EditionLease } from './edition-lease.js';

/** A part charged and not yet delivered: its charge and what the ledger calls it. */
export interface OpenPart {
  charge: Charge;
  what: string;
}

/** The run's parts as they are charged; `client` is the writer's request (gone: refunds say so). */
export type EditionCharges = ReturnType<typeof editionCharges>;

export function editionCharges(
  ctx: AppContext,
  input: {
    userId: string;
    spec: ResolvedSpec & BookSpec;
    source: UserBook;
    to: Lang;
    lease: EditionLease;
    client: AbortSignal;
  },
) {
  const { userId, spec, source, to, lease, client } = input;
  let open: OpenPart | null = null;
  let credits = 0;
  return {
    /** The credits of the parts delivered so far. */
    credits: () => credits,
    /** Charge a part as it starts, under the lease, which names it: a run killed before delivering it is refunded
     * by whoever frees its lease. */
    async start(position: number, label: string): Promise<void> {
      const step = stepKey(
        position === 0 ? { kind: 'introduction', position: 0 } : partStep(spec, position, source.state.totalChapters),
      );
      const reason = `${spec.id}: ${to} edition of book ${source.id} (${label})`;
      const part = { generatorId: spec.id, step: `translate:${to}:${step}`, cost: spec.cost, reason };
      const charge = await lease.chargePart(part);
      open = { charge, what: `${spec.id} ${to} edition (${label})` };
    },
    /**
     * A window's save: the open part committed with it when the part is whole with every paragraph translated
     * (answers true); otherwise false, for the window to be saved as it is. One with paragraphs kept as their
     * source is saved as it is, and its charge given back when the part ends (`refundOpen`).
     */
    async commit(key: string, save: StepSave): Promise<boolean> {
      const isWhole =
        save.isComplete &&
        !untranslatedParagraphs(save.state)[save.position] &&
        !untranslatedTitles(save.state).includes(save.position);
      if (!isWhole || !open) return false;
      const { charge } = open;
      open = null;
      credits += charge.credits;
      // Its charge given back while it ran (nothing of this window saved): the part fails as service_unavailable,
      // and the run stops there as for any failed part, the parts before it kept.
      const metadata = {
        generator: spec.id,
        step: `translate:${to}:${save.stepKey}`,
        words: save.words,
        generation: charge.generationId,
        ...(save.usage ? { tokens: save.usage } : {}),
      };
      const usage = { promptType: spec.contentType, isPart: true, metadata };
      await commitCharged(ctx.repos.generations, { userId, charge, book: { key, save }, usage });
      return true;
    },
    /** The open part's charge given back: the writer went away, or it failed with `code`. */
    async refundOpen(code: string): Promise<void> {
      if (!open) return;
      const { charge, what } = open;
      open = null;
      const reason = client.aborted ? { kind: 'client_gone' as const } : { kind: 'failed' as const, code };
      await refundCharge(ctx, { userId, charge, what, reason });
    },
    /** The open part, taken to be settled with the run's failure. */
    takeOpen(): OpenPart | null {
      const failing = open;
      open = null;
      return failing;
    },
  };
}

/**
 * The store a run reads and saves the edition through: each window saved as it is done (or committed with its
 * part, `charges.commit`), the edition linked to its source once its first part is saved, what each part was
 * translated from kept. Translating again (`again`), the edition as the run reads it has its out-of-date
 * paragraphs marked, so the run asks only them (`marked`).
 */
export function editionStore(
  ctx: AppContext,
  input: {
    userId: string;
    source: UserBook;
    to: Lang;
    found: { link: EditionLink | null; edition: UserBook | null };
    again?: boolean;
    charges: EditionCharges;
  },
): { store: ProgressStore; marked: (state: BookState) => BookState } {
  const { repos } = ctx;
  const { userId, source, to, found, charges } = input;
  const editions = repos.editions(userId);
  let editionId = found.edition?.id ?? null;
  const saveStep = async (saveKey: string, save: StepSave) => {
    if (!(await charges.commit(saveKey, save))) await editions.saveWindow({ key: saveKey, save });
    if (editionId === null) {
      editionId = await repos.books.findBookId({ userId, key: saveKey });
      if (editionId !== null) await editions.linkEdition({ sourceId: source.id, lang: to, editionId });
    }
    // What the part was translated from, to tell later which of its paragraphs the source changed since.
    if (save.isComplete) {
      const hashes = partHashes(source.state, save.position);
      await editions.keepHashes({ sourceId: source.id, lang: to, position: save.position, hashes });
    }
  };
  const marked = (state: BookState) =>
    input.again && found.link
      ? withStaleMarked({ source: source.state, edition: state, hashes: found.link.hashes })
      : state;
  const store: ProgressStore = {
    load: async (k) => {
      const saved = await repos.books.load({ userId, key: k });
      return saved ? { ...saved, state: marked(saved.state) } : saved;
    },
    saveMemory: (k, save) => repos.books.saveMemory({ userId, key: k, ...save }),
    saveVoice: async (k, voice) => void (await repos.books.saveVoice({ userId, key: k, voice })),
    saveStep,
  };
  return { store, marked };
}
