/** From now on in this thread, the bundle at `bundleUrl` (a folder's file: URL) resolves its own imports directly. */
export declare function resolveBundleDirectly(bundleUrl: string): void;
