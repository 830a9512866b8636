/** Runs the thread whose TypeScript source is `source` (a file: URL): the bundle's `<name>.js` when fresh, else tsx. */
export declare function runThreadEntry(source: URL): Promise<void>;
