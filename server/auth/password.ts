// Password hashing with scrypt (node:crypto). The default cost is the OWASP setting N=2^17, r=8, p=1;
// each hash records its own parameters, so a lower test cost (KARYA_SCRYPT_LOG_N) never weakens
// verification and older hashes are upgraded at the next sign-in.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;
const R = 8;
const P = 1;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$<logN>$<r>$<p>$<salt>$<key>` (base64url parts). */
export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, logN, R, P);
  return ['scrypt', logN, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `password` matches `stored`; false for a malformed hash. Constant-time comparison. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every((n) => Number.isInteger(n) && n > 0) || logN > 22) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  const key = await derive(password, salt, logN, r, p);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True when a stored hash uses a lower cost than the one configured now. */
export function needsRehash(stored: string, logN: number): boolean {
  const n = Number(stored.split('$')[1]);
  return !Number.isInteger(n) || n < logN;
}
