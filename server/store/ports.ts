// The server's storage as ports: one repository per area, every method a whole use case that is atomic
// inside and answers a Promise. The use cases are written once (server/store/queries/) and run by the
// SQLite adapter (server/store/sqlite/) and the Postgres adapter (server/store/postgres/); callers see
// only these interfaces (through AppContext.repos).
import type { BookRepository, DraftRepository, VersionRepository } from './ports-books.js';
import type { SeriesRepository } from './queries/series.js';
import type { FingerprintRepository } from './queries/fingerprints.js';
import type { EditionRepository } from './queries/editions.js';
import type { CoverRepository } from './queries/covers.js';
import type { EditionLeaseRepository } from './queries/edition-leases.js';
import type { ShareLeaseRepository } from './queries/share-leases.js';
import type { BibleHoldRepository } from './ports-holds.js';
import type { IdempotencyRepository, LimitRepository } from './ports-limits.js';
import type { StepSave } from '../../engine/index.js';
import type { ApiKeyRepository, AuthRepository, UserRepository } from './ports-accounts.js';
import type { CodeRepository, CreditRepository, PurchaseRepository } from './ports-credits.js';

export type { CreditTransaction, Role, User } from './schema.js';
export type {
  ApiKeyListing,
  ApiKeyRepository,
  AuthRepository,
  PasswordReset,
  SessionInfo,
  UserRepository,
} from './ports-accounts.js';
// The book ports (saved books, versions, drafts) live in ports-books.ts; named here too, as every other port is.
export type { BookRepository, DraftRepository, UserBook, VersionRepository } from './ports-books.js';
export type {
  AttemptRule,
  BucketTake,
  IdempotencyBegin,
  IdempotencyRepository,
  LimitRepository,
} from './ports-limits.js';
export type { ShareLeaseRepository } from './queries/share-leases.js';
export type { BibleHold, BibleHoldRepository, BibleStopReason, BibleTake } from './ports-holds.js';
export type {
  Balance,
  ClaimResult,
  CodeClaimListing,
  CodeRepository,
  CreditCode,
  CreditCodeListing,
  CreditLink,
  CreditLinkListing,
  CreditRepository,
  LinkClaimListing,
  Purchase,
  PurchaseGrant,
  PurchaseRepository,
} from './ports-credits.js';

/** One item as the history list shows it: its title and metadata, never its content. */
export interface HistoryListItem {
  id: number;
  title: string;
  content_type: string;
  generator_id: string | null;
  created_at: string;
}

/** One item with its content (opened). */
export interface HistoryItem extends HistoryListItem {
  content: string;
}

/**
 * Content history: each user's generated items. Scales with the number of items: pages by cursor,
 * lists without content, indexed type filter and search (SQLite: FTS5, see migrations/0014; Postgres:
 * its full-text index behind the same `list({ search })`).
 */
export interface HistoryRepository {
  /**
   * One page of the user's items, newest first: those older than `before` (an item id; the previous
   * page's `nextCursor`), of one content type when `type` is given, and matching `search` when it has
   * words: every word must start a word of the item's title, content type or text, case- and
   * accent-insensitively (`story mo` finds "The Moonlit Story"). `nextCursor` is the cursor of the
   * next page, null on the last page.
   */
  list(input: {
    userId: string;
    search?: string;
    type?: string;
    before?: number;
    limit: number;
  }): Promise<{ items: HistoryListItem[]; nextCursor: number | null }>;
  /** Every content type the user has items of, sorted (cheap: one index seek per type). */
  types(input: { userId: string }): Promise<string[]>;
  /** One of the user's own items with its content; undefined for another user's item or none. */
  get(input: { userId: string; id: number }): Promise<HistoryItem | undefined>;
  /** Only the user's own item; false when there is none. */
  delete(input: { userId: string; id: number }): Promise<boolean>;
}

/** A generation step's charge. */
export interface Charge {
  generationId: string;
  credits: number;
  /** Taken from credits held for an imported book's story bible (queries/bible-holds.ts): a refund goes back there. */
  isHeld?: boolean;
}

export interface GenerationCommit {
  userId: string;
  charge: Charge;
  /** The step's part of the user's saved book under `key` (kept only when `save.keepsProgress`). */
  book?: { key: string; save: StepSave };
  /** The content history item; absent for what is not content (the AI test page). */
  history?: { title: string; contentType: string; content: string; generatorId: string };
  usage: { promptType: string; metadata: Record<string, unknown>; isPart: boolean };
}

/** A generation step as recorded: who, which step, what was charged and how it ended. */
export interface GenerationRecord {
  id: string;
  userId: string;
  step: string;
  credits: number;
  status: 'running' | 'succeeded' | 'failed' | 'refunded';
  errorCode: string | null;
}

/** Generation steps and their usage: charge, refund or commit; refunds after a crash. */
export interface GenerationRepository {
  /**
   * Check and deduct `cost` and record a running generation, in one transaction; null when the user is
   * missing or short (the admin always passes, charged 0 when short). `generationId` names it when the
   * caller knows it already (a queued job's id). Not flushed to disk on its own:
   * the caller tells nobody of it before the flushed commit of `commit` or `refund`, so a crash in
   * between loses the charge together with the generation it paid for.
   */
  start(input: {
    userId: string;
    generatorId: string;
    step: string;
    cost: number;
    reason: string;
    generationId?: string;
  }): Promise<Charge | null>;
  /** A generation by id (a retried job looks for the one its first attempt started), or undefined. */
  find(generationId: string): Promise<GenerationRecord | undefined>;
  /** A step of this generator is being written for the user now (a generation still running, in any process). */
  isRunning(input: { userId: string; generatorId: string }): Promise<boolean>;
  /** The step of a generation of this generator running for the user now (`audiobook`, `translate:ms:…`), if any. */
  runningStep(input: { userId: string; generatorId: string }): Promise<string | undefined>;
  /**
   * Give the charge back and mark the generation refunded (failed when nothing was charged). `isSkipped`: a bible
   * part the read went past without reading it (it could not be read): refunded although the bible is past it,
   * and never charged by the hold's settling either.
   */
  refund(input: {
    userId: string;
    charge: Charge;
    reason: string;
    errorCode: string;
    isSkipped?: boolean;
  }): Promise<void>;
  /**
   * Keep a finished step, in one transaction: its part of the saved book (when given), a history item,
   * a usage record, the user's part count (when `isPart`), and the generation marked succeeded. Answers false,
   * writing nothing, when the generation was given up before it (refunded or failed: a queue's sweep took over a
   * step whose worker lost its lease, a restart refunded it): that step's answer must not reach the writer as paid.
   * True when it was committed, now or by an earlier attempt of the same step.
   */
  commit(input: GenerationCommit): Promise<boolean>;
  /** Refund every generation still running (the server stopped during it); answers how many. */
  refundInterrupted(): Promise<number>;
  /** A usage record of calls that belong to a step already committed (the memory update): no credits. */
  recordUsage(input: { userId: string; promptType: string; metadata: Record<string, unknown> }): Promise<void>;
}

export interface Deployment {
  id: number;
  version: string;
  status: string;
  url: string | null;
  metadata: Record<string, unknown>;
  created_at: string;
}

export type RollbackResult =
  { status: 'done'; deployment: Deployment } | { status: 'not_found' } | { status: 'not_success' };

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Configuration values, deployment records, the mail outbox and the health check. */
export interface SystemRepository {
  /** Resolves when the database answers. */
  ping(): Promise<void>;
  /** The JSON value under `key`, storing `fallback` first when the key is missing. */
  readConfig<T>(key: string, fallback: T): Promise<T>;
  writeConfig(key: string, value: unknown): Promise<void>;
  /** Newest first. */
  listDeployments(): Promise<Deployment[]>;
  /** Record a start when this version differs from the last version started; answers the new record. */
  recordStart(input: { version: string; url: string }): Promise<Deployment | undefined>;
  /**
   * A rollback record (version `rollback-to-{version}`, the target's url, metadata naming the source),
   * in one transaction; only success records can be rolled back to.
   */
  rollBack(input: { id: number; reason: string; by: string }): Promise<RollbackResult>;
  /** Keep an e-mail that no mail server sends (no SMTP configured). */
  writeToOutbox(message: MailMessage): Promise<void>;
}

/** Every repository of the server. */
export interface Repositories {
  /** An owner's series of books (server/store/queries/series.ts). */
  series(owner: string): SeriesRepository;
  /** An owner's near-duplicate catalogue: every finished book's fingerprint (server/store/queries/fingerprints.ts). */
  fingerprints(owner: string): FingerprintRepository;
  /**
   * An owner's translated editions: each source's link to its edition, glossary and source hashes
   * (server/store/queries/editions.ts).
   */
  editions(owner: string): EditionRepository;
  /** An owner's own cover pictures, one per book (server/store/queries/covers.ts). */
  covers(owner: string): CoverRepository;
  /** Every edition's run lease, for the sweep of dead runs (server/store/queries/edition-leases.ts). */
  editionLeases: EditionLeaseRepository;
  /**
   * The fair shares of the writers' costly requests under way, every instance's (server/http/security.ts FairShares).
   */
  shareLeases: ShareLeaseRepository;
  /** Credits held for imported books' story bibles (server/store/queries/bible-holds.ts). */
  bibleHolds: BibleHoldRepository;
  versions: VersionRepository;
  drafts: DraftRepository;
  limits: LimitRepository;
  idempotency: IdempotencyRepository;
  books: BookRepository;
  users: UserRepository;
  auth: AuthRepository;
  credits: CreditRepository;
  codes: CodeRepository;
  history: HistoryRepository;
  generations: GenerationRepository;
  system: SystemRepository;
  purchases: PurchaseRepository;
  apiKeys: ApiKeyRepository;
}
