// The import pool's wait for a thread is bounded on its own (KARYA_IMPORT_WAIT_MS): past it the file is refused
// `import_busy`, with the seconds to wait, never `import_too_complex`, while the file holding the thread is held to
// its own time limit. That a file's time counts from when a thread takes it is tests/server/import-queue.test.ts's.
import { describe, expect, it } from 'vitest';
import { ImportRefusal } from '../../engine/import/index.js';
import { DEFAULT_IMPORT_LIMITS, ImportPool } from '../../engine/node/import/pool.js';

/**
 * A writer's own split pattern that backtracks for ever on its first line: the file keeps its reader busy to the limit.
 */
const slow = (pool: ImportPool, name: string) =>
  pool.readManuscript(name, new TextEncoder().encode(`${'a'.repeat(40)}!\n\nThe rest of the book.`), {
    split: /^(a+)+$/m,
  });
const good = new TextEncoder().encode('# Chapter 1\n\nIt was late, and the rain had not stopped.\n');
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'read',
    (error: unknown) => (error instanceof ImportRefusal ? error.code : String(error)),
  );

describe('a file waiting for the import pool', () => {
  it('is refused as busy, with the seconds to wait, once it has waited its whole wait', async () => {
    const pool = new ImportPool({ ...DEFAULT_IMPORT_LIMITS, workers: 1, timeoutMs: 3_000, waitMs: 300 });
    try {
      const held = outcome(slow(pool, 'slow.txt'));
      const refusal = await pool.readManuscript('queued.md', good).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(ImportRefusal);
      expect((refusal as ImportRefusal).code).toBe('import_busy');
      expect(Number((refusal as ImportRefusal).params.seconds)).toBeGreaterThan(0);
      expect(await held).toBe('import_too_complex');
    } finally {
      await pool.close();
    }
  }, 30_000);
});
