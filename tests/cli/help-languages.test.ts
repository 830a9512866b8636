// Every command's --help, and its refusals of a command line (an unknown option, a missing argument, a required
// option left out), in every language of the table but English: the writer's locale names it (LC_ALL), no line of
// what karya prints reads as English. The commands are the ones `karya --help` lists, and their own subcommands
// (series list, series show): a command added later is walked with no test edited.
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { langs } from '../../engine/index.js';
import { englishLines } from './english-lines.js';

/** The languages whose writers read no English: every one of the table's but English (its first). */
const LANGS = langs().filter((code) => code !== 'en');

/** A help with each item on one line (commander wraps a description under its option's column). */
const unwrapped = (help: string) => help.replace(/\n {3,}(?=\S)/g, ' ');

const inLocale = (lang: string) => ({ LC_ALL: lang, LC_MESSAGES: undefined, LANG: undefined });

/** The commands a help lists under its commands' heading: each line's first word, the `help` command left out. */
function commandsIn(help: string): string[] {
  const lines = help.split('\n');
  const start = lines.findIndex(
    (l) =>
      /^\S.*:$/.test(l) &&
      lines[lines.indexOf(l) + 1]?.match(/^ {2}[a-z]/) &&
      lines.indexOf(l) > lines.findIndex((x) => /^ {2}-h, --help/.test(x)),
  );
  if (start < 0) return [];
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith(' ')) break;
    const name = line.match(/^ {2}([a-z][a-z-]*)\s/)?.[1];
    if (name && name !== 'help') names.push(name);
  }
  return names;
}

/** Every command path of karya, from the helps themselves: ['list'], ['series', 'show'] … */
async function commandPaths(lang: string): Promise<string[][]> {
  const paths: string[][] = [];
  const walk = async (path: string[]) => {
    const r = await runKaryaInProcess([...path, '--help'], { env: inLocale(lang) });
    for (const name of commandsIn(r.stdout)) {
      paths.push([...path, name]);
      await walk([...path, name]);
    }
  };
  await walk([]);
  return paths;
}

describe.each(LANGS)("karya's help and its refusals of a command line, in %s", (lang) => {
  it("karya --help and every command's --help: no English line, the headings in the language", async () => {
    const paths = await commandPaths(lang);
    expect(paths.length).toBeGreaterThanOrEqual(20);
    const english = (await runKaryaInProcess(['--help'], { env: inLocale('en') })).stdout;
    for (const path of [[], ...paths]) {
      const r = await runKaryaInProcess([...path, '--help'], { env: inLocale(lang) });
      expect(r.code, `karya ${path.join(' ')} --help`).toBe(0);
      expect(englishLines(unwrapped(r.stdout)), `karya ${path.join(' ')} --help`).toEqual([]);
      // No heading or description is English's (the two languages' helps share no line but names).
      const englishHeadings = english.split('\n').filter((l) => /^\S.*:$/.test(l));
      for (const heading of englishHeadings)
        expect(r.stdout.split('\n'), `karya ${path.join(' ')} --help`).not.toContain(heading);
    }
  });

  it("--lang picks the help's language over the locale's", async () => {
    const r = await runKaryaInProcess(['generate', '--help', '--lang', lang], { env: inLocale('en') });
    expect(r.code).toBe(0);
    expect(englishLines(unwrapped(r.stdout))).toEqual([]);
  });

  it('every command refuses an unknown option, and one without its argument, in the language', async () => {
    for (const path of await commandPaths(lang)) {
      const unknown = await runKaryaInProcess([...path, '--no-such-option'], { env: inLocale(lang) });
      expect(unknown.code, `karya ${path.join(' ')} --no-such-option`).toBe(2);
      // (or the required option it was given without, said first: map --book)
      expect(unknown.stderr).toMatch(/^karya: .*'--/);
      expect(englishLines(unknown.stderr), `karya ${path.join(' ')} --no-such-option`).toEqual([]);
    }
    // A missing argument (generate <id>), a required option left out (map --book, translate --to), too many arguments.
    for (const args of [['generate'], ['map'], ['translate', '--book', '1'], ['list', 'extra']]) {
      const r = await runKaryaInProcess(args, { env: inLocale(lang) });
      expect(r.code, `karya ${args.join(' ')}`).toBe(2);
      expect(englishLines(r.stderr), `karya ${args.join(' ')}`).toEqual([]);
    }
  });
});
