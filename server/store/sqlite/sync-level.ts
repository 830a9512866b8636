// How a SQLite file's commits reach the disk. FULL by default: each commit is flushed (an fsync) before it answers,
// so it survives a crash of the machine or a power cut. KARYA_DB_SYNC=normal commits without that flush (WAL's
// synchronous=NORMAL, as a batch's state file always does: cli/state.ts): a commit still survives a killed Karya,
// only the machine's crash can lose the last few. For databases thrown away after use, such as the test suite's,
// where an fsync per commit was 7–10 ms of waiting on a busy disk (0.1 ms without).

/**
 * The values KARYA_DB_SYNC takes, each with its synchronous level; `karya serve` and `karya worker` refuse any other.
 */
export const SYNC_SETTINGS = { full: 'FULL', normal: 'NORMAL' } as const;

/** The synchronous level of a commit that must be on the disk before it answers (FULL, or NORMAL when asked). */
export function durableSync(env: NodeJS.ProcessEnv = process.env): 'FULL' | 'NORMAL' {
  return env.KARYA_DB_SYNC?.trim().toLowerCase() === 'normal' ? SYNC_SETTINGS.normal : SYNC_SETTINGS.full;
}
