// Accounts: users (the profile fields the studio's profile page edits, plus role and credits), password hashes
// kept apart from profiles, sessions and password-reset tokens (both stored as SHA-256 hashes only),
// and the mail outbox used when no SMTP server is configured.
import { sql, type Kysely } from 'kysely';
import { autoId, epochMsType } from './dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('free')
        .check(sql`role in ('free', 'pro', 'business', 'admin')`),
    )
    .addColumn('credits_available', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`credits_available >= 0`),
    )
    .addColumn('total_usage', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_created_at').on('users').column('created_at').execute();

  await db.schema
    .createTable('user_passwords')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', ...autoId(db))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('is_remembered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', epochMsType(db), (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', epochMsType(db), (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_resets_user_id').on('password_resets').column('user_id').execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', ...autoId(db))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['mail_outbox', 'password_resets', 'sessions', 'user_passwords', 'users'])
    await db.schema.dropTable(table).execute();
}
