// Every `karya …` command a reader copies from the README or docs/ exists as written: its command (and
// subcommand) is one `karya --help` lists, and every --option it names is one that command takes. A doc that
// names a renamed or removed option fails here, not in a reader's terminal.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../cli/main.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DOCS = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

interface Use {
  file: string;
  line: number;
  text: string;
}

/** The karya command lines of a Markdown file: inline code spans and lines of fenced blocks that run `karya`. */
function usesOf(file: string): Use[] {
  const lines = readFileSync(path.join(ROOT, file), 'utf8').split('\n');
  const uses: Use[] = [];
  let fenced = false;
  lines.forEach((text, i) => {
    if (/^\s*```/.test(text)) {
      fenced = !fenced;
      return;
    }
    const found = fenced
      ? [
          /(?:^|\$\s+|&&\s+|\bnpx\s+(?:--\S+\s+)*)karya\s+[a-z][^#]*/.exec(
            text.replace(/^\s*(?:[A-Z_]+=\S+\s+)*/, ''),
          )?.[0],
        ]
      : [...text.matchAll(/`(?:npx\s+)?karya\s+([^`]+)`/g)].map((m) => `karya ${m[1]}`);
    for (const use of found)
      if (use) uses.push({ file, line: i + 1, text: use.replace(/^.*?karya\s+/, 'karya ').trim() });
  });
  return uses;
}

/** What is wrong with a use: its command unknown, or an option its command does not take. */
function problemsOf(program: Command, use: Use): string[] {
  const words = use.text
    .split(/\s+/)
    .slice(1)
    .map((w) => w.replace(/^[[(]+|[\]),.;:…]+$/g, ''));
  const name = words[0] ?? '';
  if (!/^[a-z][a-z-]*$/.test(name)) return [];
  let command = program.commands.find((c) => c.name() === name || c.aliases().includes(name));
  if (!command) return [`${use.file}:${use.line}: "karya ${name}" is not a command (${use.text})`];
  // A table's "list\\|show" names either subcommand.
  const sub = command.commands.find((c) => (words[1] ?? '').split(/\\?\|/).includes(c.name()));
  if (sub) command = sub;
  const known = new Set(
    [command, program].flatMap((c) => c.options.flatMap((o) => [o.long, o.short])).concat(['--help', '-h']),
  );
  return words
    .filter((w) => /^--[a-z][a-z0-9-]*/.test(w))
    .map((w) => /^--[a-z][a-z0-9-]*/.exec(w)![0])
    .filter((option) => !known.has(option))
    .map((option) => `${use.file}:${use.line}: karya ${command!.name()} takes no ${option} (${use.text})`);
}

describe("the docs' karya commands", () => {
  const program = buildProgram([]);
  const uses = DOCS.flatMap(usesOf);

  it('the README and docs/ name karya commands (the reader is given commands to run)', () => {
    expect(uses.length).toBeGreaterThan(20);
  });

  it('every command and option a doc names is one karya takes', () => {
    expect(uses.flatMap((use) => problemsOf(program, use))).toEqual([]);
  });
});
