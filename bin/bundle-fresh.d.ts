/** dist/cli/, where scripts/build-cli.ts writes the bundle. */
export declare const bundleDir: string;
/** The bundle in `dir` (dist/cli/ unless a test names another) exists and no source file is newer than its build stamp. */
export declare function isBundleFresh(dir?: string): boolean;
