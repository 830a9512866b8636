/**
 * The environment to start `karya serve` again with (glibc's malloc settings for a server), or undefined when it runs
 * as it is.
 */
export declare function serveMallocEnv(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  platform?: NodeJS.Platform,
): NodeJS.ProcessEnv | undefined;
