// A choice kept in this browser (localStorage): read back only as one of its allowed values, and never an
// error where the browser keeps nothing (private mode, storage turned off): the choice then lasts for the page.

/** The value kept under `key` when it is one of `allowed`, else null. */
export function storedChoice<T extends string>(key: string, allowed: readonly T[]): T | null {
  try {
    const value = localStorage.getItem(key);
    return allowed.find((a) => a === value) ?? null;
  } catch {
    return null;
  }
}

/** Keep `value` under `key` where the browser allows it. */
export function keepChoice(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* not kept: the choice lasts for this page */
  }
}
