// Table types for kysely, shared by every adapter (SQLite and Postgres run one schema). Keep in step with migrations/.
import type { Lang } from '../../engine/index.js';
import type { Generated, Insertable, Selectable } from 'kysely';
import type { BookEditionsTable, BooksDatabase } from './schema-books.js';
import type {
  StepResultsTable,
  StepLeasesTable,
  ShareLeasesTable,
  RateBucketsTable,
  FailureCountersTable,
  IdempotencyKeysTable,
  BatchesTable,
  BatchBooksTable,
  RateCallsTable,
} from './schema-runs.js';

export type {
  BookEditionsTable,
  BookFingerprintsTable,
  BookPartsTable,
  BookReleasesTable,
  BooksDatabase,
  BooksTable,
  SeriesBooksTable,
  SeriesTable,
} from './schema-books.js';

export type Role = 'free' | 'pro' | 'business' | 'admin';

export interface UsersTable {
  id: string;
  email: string;
  name: Generated<string>;
  bio: Generated<string>;
  role: Role;
  credits_available: number;
  total_usage: Generated<number>;
  /** The studio language the user chose (migration 0012; any language of the table since 0034). */
  lang: Generated<Lang>;
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

export type CreditTransactionType =
  'signup' | 'charge' | 'refund' | 'adjustment' | 'role' | 'code' | 'link' | 'purchase';

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
  /** The book whose story bible this generation reads a part into (step `import:<n>`), or null (migration 0029). */
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
  share_leases: ShareLeasesTable;
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

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type CreditTransaction = Selectable<CreditTransactionsTable>;
