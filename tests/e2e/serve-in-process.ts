// `karya serve` for a browser file, in the test's own process: the server the command starts (server/index.ts's
// startServer, with the environment and working folder it would have had), not a `karya` process of its own. What a
// browser file checks is the studio and the API a server answers, not the process: a process of its own cost each file
// a start (the bundle loaded, then every route and page compiled anew: 1.8–12 s of CPU a file), where the browser
// files' shared worker (vitest.config.ts) loads the server once and keeps its code compiled for the next file.
// Signals, exit codes and the command's output are checked by tests/cli/serve-lifecycle.test.ts, with a real process.
// The server reads the environment and the working folder as it runs (its provider, the EPUB check's PATH, a
// karya.config.yaml), so both are the server's from its start to its stop: one server at a time in a process (each
// browser file starts one, and a worker runs its files one after another).
import path from 'node:path';

/** The worker's environment and folder while a server has them; undefined when none is running. */
let held: { env: NodeJS.ProcessEnv; cwd: string } | undefined;

function takeProcess(env: NodeJS.ProcessEnv, dir: string): void {
  if (held) throw new Error('a karya server started in this process is still running: stop it first');
  held = { env: { ...process.env }, cwd: process.cwd() };
  setEnv(env);
  process.chdir(dir);
}

function giveBack(): void {
  if (!held) return;
  process.chdir(held.cwd);
  setEnv(held.env);
  held = undefined;
}

function setEnv(env: NodeJS.ProcessEnv): void {
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  for (const [name, value] of Object.entries(env)) if (value !== undefined) process.env[name] = value;
}

export interface ServedInProcess {
  /** The address the command prints (`running at …`). */
  url: string;
  /** SIGTERM's graceful stop, cut after `graceMs`; the environment and folder are the process's own again. */
  stop(graceMs: number): Promise<void>;
}

/** `karya serve --port <port>` with `env`, run in `dir`. */
export async function serveInProcess(env: NodeJS.ProcessEnv, dir: string, port: number): Promise<ServedInProcess> {
  takeProcess(env, path.resolve(dir));
  try {
    const { startServer } = await import('../../server/index.js');
    const running = await startServer({ port }, process.env);
    return {
      url: running.url,
      async stop(graceMs) {
        try {
          const stopped = running.stop({ graceMs });
          const late = await Promise.race([
            stopped.then(() => false),
            new Promise<boolean>((r) => setTimeout(() => r(true), graceMs + 1000)),
          ]);
          if (late) await running.close();
        } finally {
          giveBack();
        }
      },
    };
  } catch (error) {
    giveBack();
    throw error;
  }
}
