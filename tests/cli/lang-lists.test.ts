// The languages a command offers are the language table's (English, Bahasa Malaysia, Bahasa Indonesia): every
// --lang and --to in --help lists them, joined as the writer's locale joins choices (en, ms, or id; en, ms, atau id),
// translate's help names the pairs the table translates between, and a code the table does not have is refused naming
// them.
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { langs } from '../../engine/index.js';

/** The table's codes, in its order (en, ms, id, and any a maintainer adds). */
const CODES = langs();
/**
 * The codes as a list joined with `or` (the writer's word for it), the last after it: "en, ms, or id", "en, ms, atau
 * id".
 */
const listed = (or: string) => `${CODES.slice(0, -1).join(', ')}, ${or} ${CODES.at(-1)}`;
/** The codes as a refusal names them: "en, ms, id". */
const named = CODES.join(', ');
const re = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An English locale, whatever the one running the tests is. */
const ENGLISH = { LC_ALL: undefined, LC_MESSAGES: undefined, LANG: 'en_GB.UTF-8' };

/** A command's --help as one line (commander wraps its columns), under the locale `env` names. */
async function helpOf(command: string, env: Record<string, string | undefined> = ENGLISH): Promise<string> {
  const r = await runKaryaInProcess([command, '--help'], { env });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.replace(/\s+/g, ' ');
}

describe("the languages a command offers are the table's", () => {
  it.each(['generate', 'export', 'rewrite', 'prompts', 'publish', 'import', 'voice'])(
    'karya %s --help: --lang lists en, ms and id',
    async (command) => {
      expect(await helpOf(command)).toMatch(new RegExp(`--lang <lang> [^-]*\\b${re(listed('or'))}\\b`));
    },
  );

  // The list is the writer's to read: joined with their language's "or", as the refusal of a code is said in it.
  it.each([
    [{ LANG: 'ms_MY.UTF-8' }, 'generate'],
    [{ LANG: 'en_GB.UTF-8', LC_ALL: 'id_ID.UTF-8' }, 'export'],
    [{ LANG: 'id_ID.UTF-8' }, 'translate'],
  ])('with the locale %j, karya %s --help joins the languages with its "atau", never "or"', async (env, command) => {
    const help = await helpOf(command, { LC_ALL: undefined, LC_MESSAGES: undefined, ...env });
    // The help is in the locale's language (bahasa edisinya: Indonesian's "the edition's language").
    expect(help).toMatch(
      new RegExp(
        command === 'translate'
          ? `--to <lang> bahasa edisinya: ${re(listed('atau'))}\\b`
          : `--lang <lang> [^-]*\\b${re(listed('atau'))}\\b`,
      ),
    );
    expect(help).not.toMatch(/\b\w+,? or \w+\b/);
  });

  it(
    'karya translate --help: --to lists the three, and ' + 'the pairs are the ones the table translates between',
    async () => {
      const help = await helpOf('translate');
      expect(help).toContain(`--to <lang> the edition's language: ${listed('or')}`);
      // The three of the repository translate each way (a language added may add pairs after them).
      expect(help).toMatch(/\(a pair the language table lists: en ↔ ms, en ↔ id, [^)]*\bms ↔ id\b[^)]*\)/);
      expect(help).not.toContain('English ↔ Malay');
    },
  );

  it("karya generate --lang with a code the table does not have is refused naming the table's languages", async () => {
    const r = await runKaryaInProcess(['generate', 'romance', '--lang', 'zz', '--chapters', '3']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`"zz" is not one of ${named}`);
  });

  // No book is known yet, so the refusal is said in the language the writer's locale names (LC_ALL, LC_MESSAGES, LANG).
  it.each([
    [{ LANG: 'ms_MY.UTF-8' }, `karya: --lang: "fr" bukan salah satu daripada ${named}`],
    [{ LANG: 'en_GB.UTF-8', LC_ALL: 'id_ID.UTF-8' }, `karya: --lang: "fr" bukan salah satu dari ${named}`],
    [{ LANG: 'ms_MY.UTF-8', LC_MESSAGES: 'id_ID.UTF-8' }, `karya: --lang: "fr" bukan salah satu dari ${named}`],
    [{ LANG: 'fr_FR.UTF-8' }, `karya: --lang: "fr" is not one of ${named}`],
    [{ LANG: 'C.UTF-8' }, `karya: --lang: "fr" is not one of ${named}`],
  ])(
    "karya generate --lang fr with the locale %j is answered in its language, naming the table's languages",
    async (env, line) => {
      const r = await runKaryaInProcess(['generate', 'romance', '--lang', 'fr', '--chapters', '3'], {
        env: { LC_ALL: undefined, LC_MESSAGES: undefined, ...env },
      });
      expect(r.code).toBe(2);
      expect(r.stderr.trim()).toBe(line);
    },
  );

  it('karya import --lang with a code the table does not have is refused in the language of the locale', async () => {
    const r = await runKaryaInProcess(['import', 'book.txt', '--lang', 'fr', '--dry-run'], {
      env: { LC_ALL: undefined, LC_MESSAGES: undefined, LANG: 'id_ID.UTF-8' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`karya: --lang: "fr" bukan bahasa yang ditulis oleh Karya; gunakan ${listed('atau')}`);
  });
});
