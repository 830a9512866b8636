import type { StdioOptions } from 'node:child_process';

export declare const STUDIO: string;
export declare function extraLanguageFolders(env?: NodeJS.ProcessEnv): string[];
export declare function languageMark(env?: NodeJS.ProcessEnv): string;
export declare function studioBuild(env?: NodeJS.ProcessEnv): { builtAt: number; isFresh: boolean };
export declare function buildWithVite(stdio: StdioOptions): number;
