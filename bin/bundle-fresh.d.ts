/** dist/cli/, where scripts/build-cli.ts writes the bundle. */
export declare const bundleDir: string;
/**
 * The bundle in `dir` (dist/cli/ unless a test names another) exists and no file it was built from (any kind, and the
 * build's recipe) is newer than its build stamp; `root` is the checkout its sources are read in.
 */
export declare function isBundleFresh(dir?: string, root?: string): boolean;
/** The build of the bundle in `dir`: its code's hash (build.json's codeHash), or undefined without one. */
export declare function bundleBuild(dir?: string): string | undefined;
/** The bundle's worker entry `name` as a file: URL while the bundle is fresh (and KARYA_NO_BUNDLE is not 1). */
export declare function freshBundleEntry(name: string, env?: NodeJS.ProcessEnv): string | undefined;
