import type { StdioOptions } from 'node:child_process';

export declare const STUDIO: string;
export declare function studioBuild(): { builtAt: number; isFresh: boolean };
export declare function buildWithVite(stdio: StdioOptions): number;
