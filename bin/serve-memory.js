// How `karya serve` has glibc's malloc keep its memory (Linux), set before anything else runs. glibc reads these
// settings only as a process starts, so a server started without them starts itself again, at once, in the same
// process (process.execve: the same pid, the same terminal and signals), with GLIBC_TUNABLES naming them:
// - glibc.malloc.arena_max=2: every thread that allocates (the export pool's threads, libvips's own, the SQLite
//   aside writer) otherwise gets an arena of its own, up to 8 a core, each keeping what it freed;
// - glibc.malloc.mmap_threshold=131072: a block of 128 KB or more (a decoded strip of a cover, a page of a PDF, a
//   package's zip) is mapped and given back to the system when freed. Left to itself glibc raises the threshold to
//   the largest block freed so far (up to 32 MB), and a publish's next pictures of that size stay in an arena after
//   it ends.
// Measured with bench/publish-memory.bench.ts (bench/results/publish-memory-2026-11-29b.md): a publish with the largest
// cover a writer may give held 384-523 MB more than the idle server without these (one publish or four at once),
// 210-253 MB with them; the same files made in about the same time.
// A server whose environment already says how malloc keeps memory (GLIBC_TUNABLES with a glibc.malloc setting, or
// MALLOC_ARENA_MAX) is left as it is; KARYA_MALLOC=default leaves glibc's own defaults (the process started again has
// KARYA_MALLOC=server, so it never starts itself a third time). Every other command runs as it is.
const TUNABLES = 'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072';

/** The environment to start `karya serve` again with, or undefined when it runs as it is. */
export function serveMallocEnv(argv, env, platform = process.platform) {
  if (platform !== 'linux' || argv[0] !== 'serve' || env.KARYA_MALLOC !== undefined) return undefined;
  if (env.MALLOC_ARENA_MAX !== undefined || /(^|:)glibc\.malloc\./.test(env.GLIBC_TUNABLES ?? '')) return undefined;
  return {
    ...env,
    KARYA_MALLOC: 'server',
    GLIBC_TUNABLES: env.GLIBC_TUNABLES ? `${env.GLIBC_TUNABLES}:${TUNABLES}` : TUNABLES,
  };
}

const wanted = serveMallocEnv(process.argv.slice(2), process.env);
// process.execve: Node 22.15 and 23.11 on (an older Node serves with glibc's defaults). Its notice that it is
// experimental is not the writer's concern: the process it would be printed by is the one replaced.
if (wanted && typeof process.execve === 'function') {
  process.removeAllListeners('warning');
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], wanted);
}
