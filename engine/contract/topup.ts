// The top-up page's packages, apart from the payment schemas (payments.ts) so the server's config can check
// KARYA_TOPUP_URLS without building the contract's zod schemas (every command that reads the config would).

/** The top-up page's packages (RM; paid through the operator's own payment links, KARYA_TOPUP_URLS). */
export const TOPUP_CREDITS = [150, 300, 600] as const;
export type TopUpCredits = (typeof TOPUP_CREDITS)[number];
