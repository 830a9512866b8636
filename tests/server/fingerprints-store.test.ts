// An owner's near-duplicate catalogue (server/store/queries/fingerprints.ts) on every store: the server's
// SQLite and Postgres (a throw-away cluster, skipped with its reason when absent) and the CLI's state file.
// A book is kept once per key, written again it keeps when it was first kept, and owners never see each other's.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStateStore } from '../../server/index.js';
import { textFingerprint } from '../../engine/index.js';
import type { FingerprintRepository } from '../../server/index.js';
import { storeAdapters, type OpenedStore } from './adapters.js';
import { tempDir } from '../temp.js';

const print = (text: string) => textFingerprint(`${text} `.repeat(12));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function exercise(of: (owner: string) => FingerprintRepository): Promise<void> {
  const mine = of('owner-a');
  const a = print('the rain kept falling over the harbour all night');
  await mine.save({ key: 'romance:1', title: 'Monsoon', fingerprint: a, keptAt: '2026-01-01T00:00:00.000Z' });
  await mine.save({ key: 'romance:2', title: 'Harbour', fingerprint: print('another story of a lighthouse far away') });
  // Written again: the new title and fingerprint, the first kept time.
  const b = print('a different text now for the first book entirely');
  await mine.save({ key: 'romance:1', title: 'Monsoon Again', fingerprint: b, keptAt: '2027-01-01T00:00:00.000Z' });
  const list = await mine.list();
  expect(list.map((e) => [e.key, e.title, e.book])).toEqual([
    ['romance:1', 'Monsoon Again', 'romance:1'],
    ['romance:2', 'Harbour', 'romance:2'],
  ]);
  expect(list[0]).toMatchObject({ fingerprint: b, keptAt: '2026-01-01T00:00:00.000Z' });
  expect(await of('owner-b').list()).toEqual([]);
  expect(await mine.remove('romance:2')).toBe(true);
  expect(await mine.remove('romance:2')).toBe(false);
  expect((await mine.list()).map((e) => e.key)).toEqual(['romance:1']);
}

describe.each(storeAdapters)('near-duplicate catalogue on $name', (adapter) => {
  it.skipIf(adapter.skip !== null)(
    'keeps one fingerprint per book and owner',
    async () => {
      const opened: OpenedStore = await adapter.open();
      try {
        await exercise((owner) => opened.repos.fingerprints(owner));
      } finally {
        await opened.close();
      }
    },
    60_000,
  );
});

it("keeps the CLI's catalogue in its state file", async () => {
  const dir = tempDir('karya-fingerprints-');
  dirs.push(dir);
  const state = await openStateStore({ file: path.join(dir, 'state.sqlite') });
  try {
    await exercise((owner) => state.repos.fingerprints(owner));
  } finally {
    await state.close();
  }
});
