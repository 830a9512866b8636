// What the CLI language tests of a saved book share: a Malay or Indonesian romance stopped part-way in a new
// folder's state file (the model refusing its next call, as a run cut short leaves it), the books listed there,
// and each refusal read as its writer reads it: exit 2, one line, no English.
import { expect } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI } from '../fake-openai.js';
import { tempDir } from '../temp.js';
import { englishLines } from './english-lines.js';

export interface StoppedBook {
  /** The folder the commands run in. */
  cwd: string;
  /** `--state state.sqlite`, the state file there. */
  st: string[];
}

/** A `lang` romance of 2 chapters whose model answers `answered` calls and refuses the next: the book stops there. */
export async function stoppedRomance(lang: 'ms' | 'id', answered: number, prefix: string): Promise<StoppedBook> {
  const cwd = tempDir(`${prefix}${lang}-`);
  const st = ['--state', 'state.sqlite'];
  const fake = await startFakeOpenAI({
    reply: (_b, i) => (i >= answered ? { status: 400, body: { error: { message: 'refused' } } } : undefined),
  });
  try {
    const env = { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseURL };
    const stopped = await runKaryaInProcess(['generate', 'romance', '--lang', lang, '--chapters', '2', ...st], {
      cwd,
      env,
    });
    expect(stopped.code, stopped.stderr).toBe(1);
  } finally {
    await fake.close();
  }
  return { cwd, st };
}

/** The books saved in the state file, as karya books --json lists them. */
export async function savedBooks({ cwd, st }: StoppedBook): Promise<Array<{ id: number; finished: boolean }>> {
  const listed = await runKaryaInProcess(['books', '--json', ...st], { cwd });
  return (JSON.parse(listed.stdout) as { books: Array<{ id: number; finished: boolean }> }).books;
}

/** Each run refused as its writer reads it: exit 2 and the one line `line(what)`, no English line. */
export async function expectRefusals<K extends string>(
  cwd: string,
  runs: Record<K, string[]>,
  line: (what: K) => string,
): Promise<void> {
  for (const [what, args] of Object.entries(runs) as [K, string[]][]) {
    const r = await runKaryaInProcess(args, { cwd });
    expect(r.code, `${what}: ${r.stderr}`).toBe(2);
    expect(r.stderr.trim().split('\n'), what).toEqual([line(what)]);
    expect(englishLines(r.stderr), what).toEqual([]);
  }
}
