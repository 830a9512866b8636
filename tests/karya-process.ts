// A real `karya` process (bin/karya.js spawned) for the tests where several processes, signals or
// SIGKILL are the point, and plain HTTP to talk to it. Where a real process is not the point, use
// tests/server/helpers.ts's startTestServer or tests/karya-in-process.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../engine/node/load.js';

export interface SpawnedKarya {
  child: ChildProcess;
  /** The `ready` pattern's match in the output (e.g. the server's address). */
  match: RegExpExecArray;
  /** Everything it printed so far (standard output and error). */
  output(): string;
}

/**
 * Spawn `karya <args>` in the repository with `env` and wait for the output to match `ready`; fails when
 * the process exits first or `timeoutMs` passes. The child is added to `children` at once, so that an
 * afterAll can kill it (killAll) even when it never got ready.
 */
export function spawnKarya(
  args: string[],
  ready: RegExp,
  opts: { env: NodeJS.ProcessEnv; timeoutMs: number; children: ChildProcess[] },
): Promise<SpawnedKarya> {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin', 'karya.js'), ...args], {
    cwd: ROOT,
    env: opts.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  opts.children.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`karya ${args.join(' ')} did not start: ${out}`)), opts.timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = ready.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match, output: () => out });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`karya ${args.join(' ')} exited with ${code}: ${out}`)));
  });
}

/** SIGKILL every child still running. */
export function killAll(children: readonly ChildProcess[]): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * A JSON request with an optional session cookie; answers the status, the JSON body and the cookie set (name=value).
 */
export async function json(url: string, init: { method?: string; cookie?: string; body?: unknown } = {}) {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.cookie ? { cookie: init.cookie } : {}) },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  return { status: res.status, body: (await res.json()) as Record<string, any>, cookie };
}

/** Read a server-sent-events response: `waitFor(text)` reads on until everything received contains `text`. */
export function eventStream(res: Response): { waitFor(needle: string): Promise<void> } {
  const reader = res.body!.getReader();
  let text = '';
  return {
    async waitFor(needle: string) {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += new TextDecoder().decode(value);
      }
    },
  };
}
