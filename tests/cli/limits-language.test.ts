// An operator's pool limit refused at start (KARYA_EXPORT_WORKERS, _TIMEOUT_MS, _MEMORY_MB; KARYA_IMPORT_WORKERS,
// _TIMEOUT_MS, _WAIT_MS, _MEMORY_MB; KARYA_AUDIO_THREADS; KARYA_EPUBCHECK_IDLE_MS), said as the server's other settings
// are: the variable, the
// value given and what is allowed, in the locale's language, by `karya serve` and by `karya worker`, before the first
// download, import or audiobook would have found it.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { englishLines } from './english-lines.js';

describe("an export limit refused at start, in the locale's language", () => {
  it.each([
    ['ms', 'ms_MY.UTF-8', 'mestilah nombor bulat dari 1 hingga 16', 'mestilah nombor bulat dari 64 hingga 16384'],
    [
      'id',
      'id_ID.UTF-8',
      'harus berupa bilangan bulat dari 1 sampai 16',
      'harus berupa bilangan bulat dari 64 sampai 16384',
    ],
    ['en', 'en_GB.UTF-8', 'must be a whole number from 1 to 16', 'must be a whole number from 64 to 16384'],
  ] as const)(
    '%s: karya serve and karya worker name the variable, the value and what is allowed',
    async (...row) => {
      const [lang, locale, workers, memory] = row;
      const cwd = tempDir('karya-export-limits-');
      const serveEnv = { LC_ALL: locale, KARYA_DB: path.join(cwd, 'k.sqlite'), KARYA_EXPORT_WORKERS: 'many' };
      const serve = await runKaryaInProcess(['serve', '--port', '0'], { env: serveEnv, cwd });
      expect(serve.code).toBe(2);
      expect(serve.stderr).toContain(`karya: KARYA_EXPORT_WORKERS: "many" ${workers}`);
      const env = { LC_ALL: locale, KARYA_DATABASE_URL: 'postgres://127.0.0.1:1/none', KARYA_EXPORT_MEMORY_MB: '32' };
      const worker = await runKaryaInProcess(['worker'], { env, cwd });
      expect(worker.code).toBe(2);
      expect(worker.stderr).toContain(`karya: KARYA_EXPORT_MEMORY_MB: "32" ${memory}`);
      if (lang !== 'en') expect(englishLines(serve.stderr + worker.stderr)).toEqual([]);
    },
    120_000,
  );
});

describe("an import or audio limit refused at start, in the locale's language", () => {
  it.each([
    ['id', 'id_ID.UTF-8', 'dari 100 sampai 600000', 'dari 1 sampai 64'],
    ['ms', 'ms_MY.UTF-8', 'dari 100 hingga 600000', 'dari 1 hingga 64'],
  ] as const)(
    '%s: KARYA_IMPORT_TIMEOUT_MS at karya serve, KARYA_AUDIO_THREADS at karya worker',
    async (_lang, locale, timeout, threads) => {
      const cwd = tempDir('karya-import-limits-');
      const serveEnv = { LC_ALL: locale, KARYA_DB: path.join(cwd, 'k.sqlite'), KARYA_IMPORT_TIMEOUT_MS: '5' };
      const serve = await runKaryaInProcess(['serve', '--port', '0'], { env: serveEnv, cwd });
      expect(serve.code).toBe(2);
      expect(serve.stderr).toContain('karya: KARYA_IMPORT_TIMEOUT_MS: "5" ');
      expect(serve.stderr).toContain(timeout);
      const env = { LC_ALL: locale, KARYA_DATABASE_URL: 'postgres://127.0.0.1:1/none', KARYA_AUDIO_THREADS: '0' };
      const worker = await runKaryaInProcess(['worker'], { env, cwd });
      expect(worker.code).toBe(2);
      expect(worker.stderr).toContain('karya: KARYA_AUDIO_THREADS: "0" ');
      expect(worker.stderr).toContain(threads);
      expect(englishLines(serve.stderr + worker.stderr)).toEqual([]);
    },
    120_000,
  );
});

describe('the epubcheck JVM’s wait refused at start', () => {
  it('KARYA_EPUBCHECK_IDLE_MS that is not a whole number of ms up to a day stops karya serve, named', async () => {
    const cwd = tempDir('karya-epubcheck-idle-');
    const env = { LC_ALL: 'en_GB.UTF-8', KARYA_DB: path.join(cwd, 'k.sqlite'), KARYA_EPUBCHECK_IDLE_MS: 'soon' };
    const serve = await runKaryaInProcess(['serve', '--port', '0'], { env, cwd });
    expect(serve.code).toBe(2);
    expect(serve.stderr).toContain('karya: KARYA_EPUBCHECK_IDLE_MS: "soon" must be a whole number from 0 to 86400000');
  }, 60_000);
});
