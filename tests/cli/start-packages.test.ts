// What `karya` loads before it runs a command: none of the packages a command calls only later (an EPUB's or a
// cover's character references, the browser's SHA-256, Markdown and HTML readers, a store description's sanitizer),
// so a batch's first call does not wait for them to load (scripts/build-cli.ts: the bundle's stand-ins for them).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KARYA, cleanEnv } from './run-cli.js';
import { tempDir } from '../temp.js';

const tmp = tempDir('karya-start-packages-');
const CALLED_LATER = ['entities', '@noble/hashes', 'marked', 'htmlparser2', 'sanitize-html'];

/** Every module file a command's process loaded (Node's module hooks, in a preload), and its exit code. */
function loadedBy(args: string[]): { code: number | null; files: string[]; stderr: string } {
  const preload = path.join(tmp, 'loaded.mjs');
  writeFileSync(
    preload,
    [
      "import module from 'node:module';",
      'const files = [];',
      'module.registerHooks({ load: (url, context, next) => (files.push(url), next(url, context)) });',
      "process.on('exit', () => process.stderr.write(`loaded: ${JSON.stringify(files)}\\n`));",
    ].join('\n'),
  );
  const options = { cwd: tmp, env: cleanEnv(), encoding: 'utf8' } as const;
  const run = spawnSync(process.execPath, ['--import', preload, KARYA, ...args], options);
  const files = JSON.parse(/^loaded: (.*)$/m.exec(run.stderr)?.[1] ?? '[]') as string[];
  return { code: run.status, files, stderr: run.stderr };
}

describe("karya's start", () => {
  it('loads the engine from the bundle without the packages its commands call only later', () => {
    const run = loadedBy(['list', '--json']);
    expect(run.code, run.stderr).toBe(0);
    // The bundle ran (the tests' setup builds it), with the engine's door in it.
    expect(run.files.some((f) => f.includes('/dist/cli/main.js'))).toBe(true);
    const packages = run.files.flatMap((f) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(f)?.[1] ?? []);
    expect(packages.filter((p) => CALLED_LATER.includes(p))).toEqual([]);
  });
});
