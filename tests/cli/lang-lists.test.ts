// The languages a command offers are the language table's (English, Bahasa Malaysia, Bahasa Indonesia): every
// --lang and --to in --help lists them, joined as the writer's locale joins choices (en, ms, or id; en, ms, atau id),
// translate's help names the pairs the table translates between, and a code the table does not have is refused naming them.
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';

/** An English locale, whatever the one running the tests is. */
const ENGLISH = { LC_ALL: undefined, LC_MESSAGES: undefined, LANG: 'en_GB.UTF-8' };

/** A command's --help as one line (commander wraps its columns), under the locale `env` names. */
async function helpOf(command: string, env: Record<string, string | undefined> = ENGLISH): Promise<string> {
  const r = await runKaryaInProcess([command, '--help'], { env });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.replace(/\s+/g, ' ');
}

describe("the languages a command offers are the table's", () => {
  it.each(['generate', 'export', 'rewrite', 'prompts', 'publish', 'import', 'voice'])('karya %s --help: --lang lists en, ms and id', async (command) => {
    expect(await helpOf(command)).toMatch(/--lang <lang> [^-]*\ben, ms, or id\b/);
  });

  // The list is the writer's to read: joined with their language's "or", as the refusal of a code is said in it.
  it.each([
    [{ LANG: 'ms_MY.UTF-8' }, 'generate'],
    [{ LANG: 'en_GB.UTF-8', LC_ALL: 'id_ID.UTF-8' }, 'export'],
    [{ LANG: 'id_ID.UTF-8' }, 'translate'],
  ])('with the locale %j, karya %s --help joins the languages with its "atau", never "or"', async (env, command) => {
    const help = await helpOf(command, { LC_ALL: undefined, LC_MESSAGES: undefined, ...env });
    expect(help).toMatch(command === 'translate' ? /--to <lang> the edition's language: en, ms, atau id\b/ : /--lang <lang> [^-]*\ben, ms, atau id\b/);
    expect(help).not.toMatch(/\bms,? or id\b/);
  });

  it('karya translate --help: --to lists the three, and the pairs are the ones the table translates between', async () => {
    const help = await helpOf('translate');
    expect(help).toMatch(/--to <lang> the edition's language: en, ms, or id/);
    expect(help).toContain('(a pair the language table lists: en ↔ ms, en ↔ id, ms ↔ id)');
    expect(help).not.toContain('English ↔ Malay');
  });

  it('karya generate --lang with a code the table does not have is refused naming the table\'s languages', async () => {
    const r = await runKaryaInProcess(['generate', 'romance', '--lang', 'zz', '--chapters', '3']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/"zz" is not one of en, ms, id/);
  });

  // No book is known yet, so the refusal is said in the language the writer's locale names (LC_ALL, LC_MESSAGES, LANG).
  it.each([
    [{ LANG: 'ms_MY.UTF-8' }, 'karya: --lang: "fr" bukan salah satu daripada en, ms, id'],
    [{ LANG: 'en_GB.UTF-8', LC_ALL: 'id_ID.UTF-8' }, 'karya: --lang: "fr" bukan salah satu dari en, ms, id'],
    [{ LANG: 'ms_MY.UTF-8', LC_MESSAGES: 'id_ID.UTF-8' }, 'karya: --lang: "fr" bukan salah satu dari en, ms, id'],
    [{ LANG: 'fr_FR.UTF-8' }, 'karya: --lang: "fr" is not one of en, ms, id'],
    [{ LANG: 'C.UTF-8' }, 'karya: --lang: "fr" is not one of en, ms, id'],
  ])('karya generate --lang fr with the locale %j is answered in its language, naming the table\'s languages', async (env, line) => {
    const r = await runKaryaInProcess(['generate', 'romance', '--lang', 'fr', '--chapters', '3'], { env: { LC_ALL: undefined, LC_MESSAGES: undefined, ...env } });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(line);
  });

  it('karya import --lang with a code the table does not have is refused in the language of the locale', async () => {
    const r = await runKaryaInProcess(['import', 'book.txt', '--lang', 'fr', '--dry-run'], { env: { LC_ALL: undefined, LC_MESSAGES: undefined, LANG: 'id_ID.UTF-8' } });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('karya: --lang: "fr" bukan bahasa yang ditulis oleh Karya; gunakan en, ms, atau id');
  });
});
