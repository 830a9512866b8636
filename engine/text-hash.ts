// A short fingerprint of a text: the first 64 bits of its SHA-256 (UTF-8), as 16 hex digits. An edit names
// the part's text it was made on by this hash, so the server can refuse an edit of a part that changed since.
// SHA-256 from @noble/hashes (audited, maintained, synchronous and pure JavaScript): the engine runs in the
// browser as in Node, Web Crypto's digest is asynchronous, and the book view is built synchronously.
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/**
 * A text's short hash: the first 16 hex digits of its SHA-256.
 * @example textHash('') // 'e3b0c44298fc1c14'
 */
export function textHash(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)).subarray(0, 8));
}

/** What a text hash looks like (the contract's check of an edit's `hash`). */
export const TEXT_HASH = /^[0-9a-f]{16}$/;
