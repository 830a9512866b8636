// The accounts' ports (./ports.ts names every port): users and their profiles, sessions, passwords and their
// reset tokens, and API keys. Each method a whole use case, atomic inside, answering a Promise.
import type { Lang } from '../../engine/index.js';
import type { Role, User } from './schema.js';

/** Profiles: accounts with role, credits and usage count. Every write tells the change listeners. */
export interface UserRepository {
  findById(id: string): Promise<User | undefined>;
  /** The e-mail is normalised (trimmed, lower case) before the lookup. */
  findByEmail(email: string): Promise<User | undefined>;
  /** Newest first. */
  list(): Promise<User[]>;
  /**
   * A user with a password hash, the role's starting credits and their ledger row, in one transaction.
   * Undefined when the e-mail is taken.
   */
  create(input: {
    email: string;
    passwordHash: string;
    role: Role;
    name?: string;
    lang?: Lang;
  }): Promise<User | undefined>;
  /** Name, bio and studio language; undefined when the user does not exist. */
  updateProfile(input: { userId: string; name?: string; bio?: string; lang?: Lang }): Promise<User | undefined>;
  /** Set a role and reset the credits to the role's amount (a ledger row records it), in one transaction. */
  setRole(input: { userId: string; role: Role; reason: string }): Promise<User | undefined>;
  /** Make the account with this e-mail admin (role and its credits) unless it is already; answers it when changed. */
  promoteToAdmin(input: { email: string; reason: string }): Promise<User | undefined>;
  /**
   * Make the account with this e-mail the administrator with this password hash, in one transaction: its
   * password replaced, every session and password-reset token deleted, every API key revoked, role admin
   * (its credits reset to the role's unless it was admin already). Answers the account and how many sessions
   * and keys ended, or undefined when there is no such account.
   */
  takeOverAsAdmin(input: {
    email: string;
    passwordHash: string;
    reason: string;
  }): Promise<{ user: User; sessions: number; apiKeys: number } | undefined>;
  /** Delete a user with everything that is theirs (sessions, history, claims, saved progress); the ledger stays. */
  delete(userId: string): Promise<boolean>;
  /**
   * Listen to changes of users (the admin's live list): the listener runs after the change is committed,
   * once per user however many writes there were. `missed` runs when changes may have gone unheard (Postgres: the
   * listening connection dropped and is back), so that whoever shows users reads them again. Answers the
   * unsubscribe function.
   */
  onChange(listener: (userId: string) => void, missed?: () => void): Promise<() => void>;
}

/** A live session with its user. */
export interface SessionInfo {
  sessionId: number;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  isRemembered: boolean;
  user: User;
  /** Set when the request came with an API key instead of a session cookie (sessionId is then 0). */
  apiKeyId?: number;
}

export interface PasswordReset {
  userId: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  isUsed: boolean;
}

/** Sessions, password hashes and password-reset tokens. Tokens are stored only as their hashes. */
export interface AuthRepository {
  createSession(input: {
    tokenHash: string;
    userId: string;
    isRemembered: boolean;
    expiresAt: number;
    ip?: string;
    userAgent?: string;
  }): Promise<void>;
  /**
   * The live session of a token hash with its user, or null (unknown or expired; an expired one is
   * deleted). The hot path of every signed-in request: one indexed lookup. A store that knows at once
   * (SQLite: a synchronous lookup behind a cache) answers without a promise; the answer may be frozen.
   */
  findSession(tokenHash: string): SessionInfo | null | Promise<SessionInfo | null>;
  deleteSession(sessionId: number): Promise<void>;
  /** Answers how many were deleted. */
  deleteExpiredSessions(): Promise<number>;
  passwordHashOf(userId: string): Promise<string | undefined>;
  /** Replace the stored hash (a rehash at a higher cost); sessions stay. */
  setPasswordHash(input: { userId: string; hash: string }): Promise<void>;
  /** Change the password, end every other session of the user and delete their reset tokens, in one transaction. */
  changePassword(input: { userId: string; hash: string; keepSessionId: number }): Promise<void>;
  createPasswordReset(input: { tokenHash: string; userId: string; expiresAt: number }): Promise<void>;
  findPasswordReset(tokenHash: string): Promise<PasswordReset | undefined>;
  /**
   * Use a reset token once, in one transaction: consume it (unused and unexpired), set the password,
   * end every session of the user and drop their other tokens. Answers the user's id, or null when the
   * token was used, expired or unknown.
   */
  resetPassword(input: { tokenHash: string; hash: string }): Promise<string | null>;
}

/** An API key as listed: never the key itself. */
export interface ApiKeyListing {
  id: number;
  name: string;
  /** The key's first characters (`karya_AbC1…`), to tell keys apart. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** API keys of business and admin accounts, stored as SHA-256 hashes only. */
export interface ApiKeyRepository {
  /** Keep a new key (its hash and prefix) unless the user has `maxKeys` live keys already (then undefined). */
  create(input: {
    userId: string;
    name: string;
    keyHash: string;
    prefix: string;
    maxKeys: number;
  }): Promise<ApiKeyListing | undefined>;
  /** The user's live keys, newest first. */
  list(userId: string): Promise<ApiKeyListing[]>;
  /** Revoke one of the user's live keys; false when there is none with this id. */
  revoke(input: { userId: string; id: number }): Promise<boolean>;
  /** Revoke every live key of the user (a password reset, or a change that asks for it); answers how many. */
  revokeAll(userId: string): Promise<number>;
  /**
   * The live key with this hash and its user, or null (unknown or revoked). Marks it used (at most once a
   * minute, so a busy key does not write on every request).
   */
  authenticate(keyHash: string): Promise<{ keyId: number; user: User } | null>;
}
