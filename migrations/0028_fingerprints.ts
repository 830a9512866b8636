// Every finished book's near-duplicate fingerprint, per owner (migrations/fingerprints.ts).
export { createFingerprintTable as up, dropFingerprintTable as down } from './fingerprints.js';
