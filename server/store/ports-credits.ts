// The ports of credits (balances and their ledger, credit codes and links, Stripe purchases): part of the
// store's ports (ports.ts names them all).
import type { Selectable } from 'kysely';
import type { CreditCodesTable, CreditLinksTable, CreditTransaction } from './schema.js';

/** A balance before and after one change. */
export interface Balance {
  previous: number;
  next: number;
}

/** Balances and the ledger: every change is one guarded update plus one credit_transactions row. */
export interface CreditRepository {
  /** Check and deduct in one transaction; null when the user is missing or the balance is short (never negative). */
  charge(input: { userId: string; amount: number; reason: string; reference?: string }): Promise<Balance | null>;
  /** Set the balance (an administrator's adjustment); null when the user is missing. */
  setBalance(input: { userId: string; credits: number; reason: string; reference?: string }): Promise<Balance | null>;
  /** Undefined when the user does not exist. */
  balanceOf(userId: string): Promise<number | undefined>;
  /** Oldest first. */
  ledger(userId: string): Promise<CreditTransaction[]>;
}

export type CreditCode = Selectable<CreditCodesTable>;
export type CreditLink = Selectable<CreditLinksTable>;
export type CreditCodeListing = CreditCode & { claims: number };
export type CreditLinkListing = CreditLink & { created_by_email: string | null; claims: number };
export interface CodeClaimListing {
  id: number;
  user_email: string;
  code: string;
  credits: number;
  credits_awarded: number;
  claimed_at: string;
}
export interface LinkClaimListing {
  id: number;
  user_email: string;
  token: string;
  credits: number;
  credits_awarded: number;
  claimed_at: string;
}

/**
 * A claim: granted, or refused (unknown, inactive, expired or used up: all `invalid`), or already made by this user.
 */
export type ClaimResult =
  { status: 'granted'; credits: number; balance: Balance } | { status: 'invalid' } | { status: 'already_claimed' };

/** Credit codes and credit links. A claim is one transaction and unique per user: concurrent claims grant once. */
export interface CodeRepository {
  redeemCode(input: { userId: string; code: string }): Promise<ClaimResult>;
  claimLink(input: { userId: string; token: string }): Promise<ClaimResult>;
  /** Undefined when the code exists already. */
  createCode(input: {
    code: string;
    credits: number;
    description?: string;
    createdBy: string;
    expiresAt?: string;
    maxRedemptions?: number;
  }): Promise<CreditCode | undefined>;
  /** Deactivate a code (it no longer redeems; its claims stay); false when there is no such active code. */
  deactivateCode(id: number): Promise<boolean>;
  /** Newest first, each with its number of claims. */
  listCodes(): Promise<CreditCodeListing[]>;
  /** A new link with a fresh random token. */
  createLink(input: { credits: number; description?: string; createdBy: string }): Promise<CreditLink>;
  /** Active links, newest first, each with its number of claims. */
  listLinks(): Promise<CreditLinkListing[]>;
  /** Soft-delete; false when there is no such active link. */
  deactivateLink(id: number): Promise<boolean>;
  /** Code claims and link claims with the claimer's e-mail, newest first. */
  listClaims(): Promise<{ code_claims: CodeClaimListing[]; link_claims: LinkClaimListing[] }>;
}

/** A paid Checkout Session, as kept. */
export interface Purchase {
  sessionId: string;
  userId: string;
  packageId: string;
  credits: number;
  createdAt: string;
}

export type PurchaseGrant =
  { status: 'granted'; balance: Balance } | { status: 'already_granted' } | { status: 'no_user' };

/** Purchases paid through Stripe Checkout: each session id is granted once, whatever the deliveries. */
export interface PurchaseRepository {
  /**
   * Record the purchase and add its credits (a `purchase` ledger row referring to the session), in one
   * transaction; `already_granted` when the session id was granted before (a replayed webhook), even
   * under concurrent deliveries (the session id is unique); `no_user` (nothing kept) when the user is gone.
   */
  grant(input: {
    sessionId: string;
    userId: string;
    packageId: string;
    credits: number;
    amountTotal: number | null;
    currency: string | null;
  }): Promise<PurchaseGrant>;
  /** The purchase of a session id, or undefined (not granted yet). */
  find(sessionId: string): Promise<Purchase | undefined>;
}
