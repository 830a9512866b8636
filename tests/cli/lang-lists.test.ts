// The languages a command offers are the language table's (English, Bahasa Malaysia, Bahasa Indonesia): every
// --lang and --to in --help lists them, translate's help names the pairs the table translates between, and a
// code the table does not have is refused naming them.
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';

/** A command's --help as one line (commander wraps its columns). */
async function helpOf(command: string): Promise<string> {
  const r = await runKaryaInProcess([command, '--help']);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.replace(/\s+/g, ' ');
}

describe("the languages a command offers are the table's", () => {
  it.each(['generate', 'export', 'rewrite', 'prompts', 'publish', 'import', 'voice'])('karya %s --help: --lang lists en, ms and id', async (command) => {
    expect(await helpOf(command)).toMatch(/--lang <lang> [^-]*\ben, ms or id\b/);
  });

  it('karya translate --help: --to lists the three, and the pairs are the ones the table translates between', async () => {
    const help = await helpOf('translate');
    expect(help).toMatch(/--to <lang> the edition's language: en, ms or id/);
    expect(help).toContain('(a pair the language table lists: en ↔ ms, en ↔ id, ms ↔ id)');
    expect(help).not.toContain('English ↔ Malay');
  });

  it('karya generate --lang with a code the table does not have is refused naming the table\'s languages', async () => {
    const r = await runKaryaInProcess(['generate', 'romance', '--lang', 'zz', '--chapters', '3']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/"zz" is not one of en, ms, id/);
  });
});
