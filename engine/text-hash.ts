// A short fingerprint of a text: the first 64 bits of its SHA-256 (UTF-8), as 16 hex digits. An edit names
// the part's text it was made on by this hash, so the server can refuse an edit of a part that changed since.
// SHA-256 from @noble/hashes (audited, maintained, synchronous and pure JavaScript): the engine runs in the
// browser as in Node, Web Crypto's digest is asynchronous, and the book view is built synchronously. In Node the
// same hash comes from node:crypto (native; a batch hashes every request its books send, tens of KB each, where the
// JavaScript one was a few per cent of the thread that reads the answers), taken as yaml.ts takes `require`.
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

type NodeCrypto = typeof import('node:crypto');

type Builtins = { process?: { getBuiltinModule?: (id: string) => unknown } };
/** node:crypto in Node (process.getBuiltinModule), undefined in a browser. */
const nodeCrypto = (globalThis as Builtins).process?.getBuiltinModule?.('node:crypto') as NodeCrypto | undefined;

/**
 * A text's short hash: the first 16 hex digits of its SHA-256.
 * @example textHash('') // 'e3b0c44298fc1c14'
 */
export function textHash(text: string): string {
  if (nodeCrypto) return nodeCrypto.createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);
  return bytesToHex(sha256(utf8ToBytes(text)).subarray(0, 8));
}

/** What a text hash looks like (the contract's check of an edit's `hash`). */
export const TEXT_HASH = /^[0-9a-f]{16}$/;
