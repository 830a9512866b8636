// The one Top Up page's address: every "top up" link and the out-of-credits message lead to /topup with the page
// the writer was on as `return`, so the page can take them back to their book.
const RETURN_KEY = 'karya.topupReturn';

/** Only a path of this studio is a place to return to (never another site: "//evil.example" or "https:…"). */
export function safeReturn(value: string | null | undefined): string | null {
  if (
    !value ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\') ||
    value.startsWith('/topup') ||
    value.startsWith('/upgrade')
  )
    return null;
  return value;
}

/** /topup, with the page to come back to (by default the page the writer is on now). */
export function topUpHref(
  back: string | null = typeof window === 'undefined' ? null : window.location.pathname + window.location.search,
): string {
  const safe = safeReturn(back);
  return safe ? `/topup?return=${encodeURIComponent(safe)}` : '/topup';
}

/** Kept across a card payment (the payment provider sends the writer to the purchase landing, not back to the book). */
export function keepReturn(back: string | null): void {
  try {
    if (back) sessionStorage.setItem(RETURN_KEY, back);
    else sessionStorage.removeItem(RETURN_KEY);
  } catch {
    // Storage refused (a private window): the landing offers the start page instead.
  }
}

/** The book page the writer left to buy credits, when there is one. */
export function keptReturn(): string | null {
  try {
    return safeReturn(sessionStorage.getItem(RETURN_KEY));
  } catch {
    return null;
  }
}
