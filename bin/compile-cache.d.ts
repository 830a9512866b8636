/** A build's folder unused for this long is an older build's. */
export declare const UNUSED_MS: number;
/** The folder of every build's compile cache, for this user. */
export declare function compileCacheRoot(env?: NodeJS.ProcessEnv): string;
/**
 * The compile cache folder of a build, made when missing and marked used; `pruned` removes older builds' folders when
 * it was new.
 */
export declare function compileCacheFolder(
  build: string,
  opts?: { env?: NodeJS.ProcessEnv; now?: number },
): { dir: string; pruned: Promise<void> | undefined } | undefined;
/** Remove the folders in `root` other than `keep` that no run has marked used for UNUSED_MS; never fails. */
export declare function pruneOlderBuilds(root: string, keep: string, now?: number): Promise<void>;
