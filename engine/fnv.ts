// FNV's 32-bit constants, the one place they are written: the offline provider's seeds (providers/seeded.ts), the
// batch's near-duplicate runs (publish/near-duplicate.ts, session/run-words.ts), the language markers' phrases
// (session/reading/language-words.ts) and the overused threes (session/voice/threes.ts) all hash with them. Each of
// those reads its own input in its own hot loop (a string, code units, words read in place), so this module gives the
// constants and the one step, not a loop: a loop over a shape none of them has would cost them a copy.

/** FNV's 32-bit offset basis (2166136261), as a signed 32-bit integer. */
export const FNV_OFFSET = 0x811c9dc5 | 0;
/** FNV's 32-bit prime (16777619). */
export const FNV_PRIME = 0x01000193;

/**
 * FNV-1a's state after the characters (UTF-16 code units) of `text`, from `h` (the offset basis when not given).
 * @example fnv1a('a') >>> 0 // 0xe40c292c
 */
export function fnv1a(text: string, h: number = FNV_OFFSET): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h;
}
