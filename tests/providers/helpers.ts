// Shared helpers for the provider suites: a minimal text request, waiting on real I/O while vitest's
// fake timers hold the clock, a strict PNG reader, and a way to run the real `karya` CLI.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync, crc32 } from 'node:zlib';
import { vi } from 'vitest';
import type { TextRequest } from '../../engine/provider.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A small valid text request. */
export function textRequest(overrides: Partial<TextRequest> = {}): TextRequest {
  return {
    system: 'You are an expert writer.',
    user: 'Write one line.',
    maxTokens: 50,
    temperature: 0.8,
    presencePenalty: 0.3,
    frequencyPenalty: 0.3,
    ...overrides,
  };
}

// Captured before any test fakes the timers: real waiting for real sockets.
const realSetTimeout = globalThis.setTimeout;

/** Let real I/O (the fake server, the SDK's fetch) make progress. */
export function realPause(ms = 5): Promise<void> {
  return new Promise((resolve) => realSetTimeout(resolve, ms));
}

/** Wait (in real time) until `condition` holds. */
export async function until(condition: () => boolean, what = 'condition', timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  for (let i = 0; !condition(); i++) {
    if (i * 5 > timeoutMs) throw new Error(`timed out waiting for ${what} (started ${started})`);
    await realPause();
  }
}

/** Whether a promise has settled yet (after letting I/O run). */
export async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await realPause(20);
  return settled;
}

/** Settle a promise while fake timers hold the clock: let I/O run, then move the clock on, repeatedly. */
export async function drive<T>(promise: Promise<T>, stepMs = 250): Promise<T> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let i = 0; i < 4_000 && !settled; i++) {
    await realPause(2);
    if (!settled) await vi.advanceTimersByTimeAsync(stepMs);
  }
  return promise;
}

/** The error a promise rejects with. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the promise to reject');
}

export interface PngInfo {
  width: number;
  height: number;
  colourType: number;
  bitDepth: number;
}

/** Read a PNG strictly: signature, every chunk's CRC, IHDR, and the inflated image data's exact size. */
export function readPng(bytes: Uint8Array): PngInfo {
  const buf = Buffer.from(bytes);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!buf.subarray(0, 8).equals(signature)) throw new Error('not a PNG signature');
  let offset = 8;
  let info: PngInfo | undefined;
  const idat: Buffer[] = [];
  let hasEnd = false;
  while (offset < buf.length) {
    const length = buf.readUInt32BE(offset);
    const type = buf.subarray(offset + 4, offset + 8).toString('latin1');
    const data = buf.subarray(offset + 8, offset + 8 + length);
    const crc = buf.readUInt32BE(offset + 8 + length);
    if (crc32(buf.subarray(offset + 4, offset + 8 + length)) !== crc) throw new Error(`bad CRC in ${type}`);
    if (type === 'IHDR')
      info = { width: data.readUInt32BE(0), height: data.readUInt32BE(4), bitDepth: data[8]!, colourType: data[9]! };
    if (type === 'IDAT') idat.push(data);
    if (type === 'IEND') hasEnd = true;
    offset += 12 + length;
  }
  if (!info || !hasEnd || idat.length === 0) throw new Error('missing IHDR, IDAT or IEND');
  const channels = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[info.colourType]!;
  const rowBytes = Math.ceil((info.width * channels * info.bitDepth) / 8);
  const raw = inflateSync(Buffer.concat(idat));
  if (raw.length !== info.height * (1 + rowBytes))
    throw new Error(`image data is ${raw.length} bytes, expected ${info.height * (1 + rowBytes)}`);
  return info;
}
