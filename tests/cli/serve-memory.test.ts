// `karya serve` on Linux keeps its memory as a server should (bin/serve-memory.js): it runs with glibc's malloc
// limited to two arenas and large blocks given back when freed, set as it starts (in the same process: the pid a
// service manager watches is the server's), unless the operator's environment already says how malloc keeps memory.
// Other commands run as they are.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serveMallocEnv } from '../../bin/serve-memory.js';
import { startCli } from './run-cli.js';
import { tempDir } from '../temp.js';

describe('the malloc settings of karya serve', () => {
  it("are asked for serve on Linux only, added to tunables already set, and never over the operator's own", () => {
    expect(serveMallocEnv(['serve', '--port', '0'], { PATH: '/bin' }, 'linux')).toMatchObject({
      PATH: '/bin',
      GLIBC_TUNABLES: 'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072',
    });
    expect(serveMallocEnv(['serve'], { GLIBC_TUNABLES: 'glibc.pthread.rseq=0' }, 'linux')?.GLIBC_TUNABLES).toBe(
      'glibc.pthread.rseq=0:glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072',
    );
    expect(serveMallocEnv(['publish', 'children'], {}, 'linux')).toBeUndefined();
    expect(serveMallocEnv(['serve'], {}, 'darwin')).toBeUndefined();
    expect(serveMallocEnv(['serve'], { MALLOC_ARENA_MAX: '4' }, 'linux')).toBeUndefined();
    expect(serveMallocEnv(['serve'], { GLIBC_TUNABLES: 'glibc.malloc.arena_max=8' }, 'linux')).toBeUndefined();
    expect(serveMallocEnv(['serve'], { KARYA_MALLOC: 'default' }, 'linux')).toBeUndefined();
    // The process started with them is not started a third time, whatever glibc left of the variable.
    expect(serveMallocEnv(['serve'], { KARYA_MALLOC: 'server', GLIBC_TUNABLES: '' }, 'linux')).toBeUndefined();
  });

  // Started as a user's `karya serve` is (tests/cli/run-cli.ts leaves out the caller's malloc settings); Linux (/proc).
  it(
    'are what the server process runs with, in the process ' + 'started (its pid), which answers and ends on SIGTERM',
    async () => {
      const dir = tempDir('karya-serve-memory-');
      const { child, done } = startCli(['serve', '--port', '0'], {
        env: { KARYA_DB: path.join(dir, 'karya.sqlite'), KARYA_SCRYPT_LOG_N: '4', KARYA_LOG_LEVEL: 'warn' },
      });
      const url = await new Promise<string>((resolve, reject) => {
        let said = '';
        child.stdout!.on('data', (d: Buffer) => {
          said += d.toString();
          const found = /Karya is running at (http:\/\/\S+)/.exec(said);
          if (found) resolve(found[1]!.replace('localhost', '127.0.0.1'));
        });
        child.once('exit', (code) => reject(new Error(`karya serve exited with ${code}: ${said}`)));
      });
      const environ = readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0');
      expect(environ).toContain('KARYA_MALLOC=server');
      expect(environ.find((v) => v.startsWith('GLIBC_TUNABLES='))).toMatch(/glibc\.malloc\.arena_max=2/);
      expect(readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0')).toContain('serve');
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      child.kill('SIGTERM');
      const ended = await done;
      expect(ended.code).toBe(0);
      // Nothing said about starting again (Node's notice on process.execve is not the operator's concern).
      expect(ended.stderr).not.toMatch(/ExperimentalWarning|execve/);
    },
    60_000,
  );
});
