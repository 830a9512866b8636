// Table types for kysely, shared by every adapter (SQLite and Postgres run the same schema). Keep in step with migrations/.
import type { Generated, Insertable, Selectable } from 'kysely';


export type Role = 'free' | 'pro' | 'business' | 'admin';

export interface UsersTable {
  id: string;
  email: string;
  name: Generated<string>;
  bio: Generated<string>;
  role: Role;
  credits_available: number;
  total_usage: Generated<number>;
  /** The studio language the user chose (migration 0012). */
  lang: Generated<'en' | 'ms'>;
  created_at: string;
  updated_at: string;
}

export interface UserPasswordsTable {
  user_id: string;
  hash: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: string;
  is_remembered: number;
  /** Milliseconds since the epoch. */
  expires_at: number;
  ip_address: string | null;
  user_agent: string | null;
  created_at: string;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  /** Milliseconds since the epoch. */
  expires_at: number;
  used_at: string | null;
  created_at: string;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  created_at: string;
}

export type CreditTransactionType = 'signup' | 'charge' | 'refund' | 'adjustment' | 'role' | 'code' | 'link' | 'purchase';

export interface CreditTransactionsTable {
  id: Generated<number>;
  user_id: string;
  type: CreditTransactionType;
  /** Signed change of the balance. */
  amount: number;
  previous_balance: number;
  new_balance: number;
  reason: string;
  reference: string | null;
  created_at: string;
}

export interface UsageRecordsTable {
  id: Generated<number>;
  user_id: string;
  prompt_type: string;
  credits_used: number;
  /** JSON object. */
  metadata: string;
  created_at: string;
}

export type GenerationStatus = 'running' | 'succeeded' | 'failed' | 'refunded';

export interface GenerationsTable {
  id: string;
  user_id: string;
  generator_id: string;
  step: string;
  credits_charged: number;
  status: GenerationStatus;
  error_code: string | null;
  created_at: string;
  finished_at: string | null;
  /** The book whose story bible this generation reads a part into (step `import:<position>`), or null (migration 0029). */
  bible_book_id: Generated<number | null>;
  /** 1 when the credits came from that book's hold (a refund goes back there), 0 from the balance. */
  is_held: Generated<number>;
}

export interface CreditCodesTable {
  id: Generated<number>;
  code: string;
  credits: number;
  description: string | null;
  is_active: Generated<number>;
  created_by: string | null;
  created_at: string;
  /** ISO time after which the code no longer redeems; null = never. */
  expires_at: string | null;
  /** How many users may redeem the code; null = no cap. */
  max_redemptions: number | null;
}

export interface CreditCodeClaimsTable {
  id: Generated<number>;
  user_id: string;
  code_id: number;
  credits_awarded: number;
  claimed_at: string;
}

export interface CreditLinksTable {
  id: Generated<number>;
  token: string;
  credits: number;
  description: string | null;
  is_active: Generated<number>;
  created_by: string | null;
  created_at: string;
}

export interface CreditLinkClaimsTable {
  id: Generated<number>;
  user_id: string;
  link_id: number;
  credits_awarded: number;
  claimed_at: string;
}

export interface ContentHistoryTable {
  id: Generated<number>;
  user_id: string;
  title: string;
  content_type: string;
  content: string;
  generator_id: string | null;
  created_at: string;
}

export interface ConfigTable {
  key: string;
  /** JSON value. */
  value: string;
  created_at: string;
  updated_at: string;
}

export interface DeploymentsTable {
  id: Generated<number>;
  version: string;
  status: string;
  url: string | null;
  /** JSON object. */
  metadata: Generated<string>;
  created_at: string;
}

/** A paid Checkout Session, granted once (migration 0010). */
export interface PurchasesTable {
  session_id: string;
  user_id: string;
  package: string;
  credits: number;
  amount_total: number | null;
  currency: string | null;
  created_at: string;
}

/** An API key of a business or admin account: only its SHA-256 hash and first characters are kept. */
export interface ApiKeysTable {
  id: Generated<number>;
  user_id: string;
  name: string;
  key_hash: string;
  key_prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A queued step's answer (server/queue/): JSON of a StepOutcome. */
export interface StepResultsTable {
  job_id: string;
  result: string;
  /** Milliseconds since the epoch. */
  created_at: number;
}

/** A running step held by a live worker, renewed by its heartbeat. */
export interface StepLeasesTable {
  job_id: string;
  queue: string;
  worker_id: string;
  /** Milliseconds since the epoch. */
  heartbeat_at: number;
}

/** A token bucket (migration 0011): tokens left at `updated_at` (ms since the epoch). */
export interface RateBucketsTable {
  key: string;
  tokens: number;
  updated_at: number;
}

/** Consecutive failures under a key (sign-in per account and IP), the last at `last_failure_at` (ms). */
export interface FailureCountersTable {
  key: string;
  failures: number;
  last_failure_at: number;
}

/** A generation request's stored answer under its Idempotency-Key (per user). */
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  request_hash: string;
  status: 'running' | 'done';
  response_status: number | null;
  /** JSON. */
  response_body: string | null;
  /** ms since the epoch. */
  created_at: number;
}

/** `karya batch --queue`: one batch and its shared budget (server/queue/batch.ts). */
export interface BatchesTable {
  id: string;
  rpm: number | null;
  tpm: number | null;
  window_ms: Generated<number>;
  created_at: number;
}

export interface BatchBooksTable {
  batch_id: string;
  job_key: string;
  status: 'queued' | 'done' | 'failed';
  steps_done: Generated<number>;
  error_code: string | null;
  message: string | null;
  png: Uint8Array | null;
  updated_at: number;
}

/** Calls counted against a budget (a batch's rpm/tpm), in the database's clock. */
export interface RateCallsTable {
  id: Generated<number>;
  budget: string;
  at: number;
  tokens: number;
}

export interface Database extends BooksDatabase {
  book_editions: BookEditionsTable;
  batches: BatchesTable;
  batch_books: BatchBooksTable;
  rate_calls: RateCallsTable;
  purchases: PurchasesTable;
  api_keys: ApiKeysTable;
  step_results: StepResultsTable;
  step_leases: StepLeasesTable;
  rate_buckets: RateBucketsTable;
  failure_counters: FailureCountersTable;
  idempotency_keys: IdempotencyKeysTable;
  users: UsersTable;
  user_passwords: UserPasswordsTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  mail_outbox: MailOutboxTable;
  credit_transactions: CreditTransactionsTable;
  usage_records: UsageRecordsTable;
  generations: GenerationsTable;
  credit_codes: CreditCodesTable;
  credit_code_claims: CreditCodeClaimsTable;
  credit_links: CreditLinksTable;
  credit_link_claims: CreditLinkClaimsTable;
  content_history: ContentHistoryTable;
  config: ConfigTable;
  deployments: DeploymentsTable;
}

/** A source book's edition in the other language (migrations/0031_book_editions.ts). */
export interface BookEditionsTable {
  source_id: number;
  lang: 'en' | 'ms';
  owner: string;
  edition_id: number | null;
  /** JSON: the writer's glossary, [{term, rendering}] (null: the one read from the story bible). */
  glossary: string | null;
  /** JSON: position → the source part's paragraph hashes when it was translated. */
  source_hashes: Generated<string>;
  /** Milliseconds since the epoch: the lease of the run making the edition, or null (renewed by its holder's heartbeat). */
  running_until: number | null;
  /** The lease's holder (a process's id, then its run's) and the generation of the part it charged and has not delivered. */
  lease_holder: string | null;
  lease_charge: string | null;
  created_at: Generated<string>;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type CreditTransaction = Selectable<CreditTransactionsTable>;

/** Saved books: a header row per book and one row per written part (migrations/books.ts). */
export interface BooksTable {
  id: Generated<number>;
  owner: string;
  book_key: string;
  book_type: string;
  generator_id: string;
  lang: string;
  total_chapters: number;
  current_chapter: number;
  /** JSON object of settings. */
  settings: string;
  character_details: string | null;
  /** The story so far (bounded) and the position of the last part it took in. */
  memory: Generated<string | null>;
  memory_up_to: Generated<number | null>;
  /** The writer's notes per chapter, JSON (position → note); null until the outline is shaped as chapters. */
  chapter_notes: Generated<string | null>;
  /** What the optional model audit of continuity found, JSON (position → findings); null when it found nothing. */
  audit_findings: Generated<string | null>;
  /** The continuity findings the writer marked as intended, JSON (their keys); null for none (migration 0023). */
  intended_findings: Generated<string | null>;
  /** Positions of the parts the writer wrote, JSON (migration 0024): only read, from a book saved before `provenance`. */
  authored_parts: Generated<string | null>;
  /** How each part's text came to be, JSON (position → engine/compile/provenance.ts PartProvenance); null: every part the model's (migration 0027). */
  provenance: Generated<string | null>;
  /** The writer's voice, JSON (engine/session/voice/fingerprint.ts BookVoice); null for none (migration 0026). */
  voice: Generated<string | null>;
  is_finished: number;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface BookPartsTable {
  book_id: number;
  position: number;
  step: string;
  text: string;
  /** 0 when the part is still cut at the token limit after its continuations. */
  is_complete: Generated<number>;
  /** The user's own title of the part (a chapter), or null. */
  title: string | null;
  created_at: Generated<string>;
}

/** A series of one owner's books (migrations/series.ts). */
export interface SeriesTable {
  id: Generated<number>;
  owner: string;
  name: string;
  lang: string;
  created_at: Generated<string>;
}

/** A book's place in a series: by its id, or by the key it will be saved under until it exists; `basis`: the series' bible it was last written against. */
export interface SeriesBooksTable {
  series_id: number;
  number: number;
  owner: string;
  book_id: number | null;
  book_key: string | null;
  basis: string | null;
}

/** A finished book's near-duplicate fingerprint (migrations/fingerprints.ts; JSON of engine/publish/near-duplicate.ts TextFingerprint). */
export interface BookFingerprintsTable {
  owner: string;
  book_key: string;
  title: string;
  fingerprint: string;
  /** When the book's fingerprint was first kept: a book is compared only with books kept before it. */
  kept_at: Generated<string>;
}

/** A book's day in its owner's release plan (migrations/releases.ts): an ISO day, yyyy-mm-dd. */
export interface BookReleasesTable {
  book_id: number;
  publish_on: string;
}

export interface BooksDatabase {
  books: BooksTable;
  book_releases: BookReleasesTable;
  book_fingerprints: BookFingerprintsTable;
  book_parts: BookPartsTable;
  series: SeriesTable;
  series_books: SeriesBooksTable;
}
