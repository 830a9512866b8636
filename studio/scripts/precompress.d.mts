/** Compress every text asset under `dir` (gzip and brotli next to it); answers what was written. */
export function precompress(dir: string): Array<{ file: string; bytes: number; gzip: number; br: number }>;
