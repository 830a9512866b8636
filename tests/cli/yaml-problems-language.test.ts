// A YAML file's problem said in the reader's language: where it is (line and column) and what it is, never the
// parser's English (a generator's file, the covers' file, a jobs file), and too many aliases by its limit. The
// covers' file's schema issues by kind (a text where a number is, a key missing), not zod's English.
import { cpSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../engine/node/load.js';
import { coverData, CoverDataError, type CoverIssue } from '../../engine/node.js';
import { yamlProblemIn } from '../../cli/yaml-words.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { runCli } from './run-cli.js';
import { tempDir } from '../temp.js';
import { englishLines } from './english-lines.js';
import { fourthLanguage } from '../languages/fourth-language.js';

const LOCALES = { ms: 'ms_MY.UTF-8', id: 'id_ID.UTF-8', en: 'en_GB.UTF-8' } as const;

/** A 402-byte file of nested aliases asking for 9^9 values. */
function aliasBomb(): string {
  const names = 'abcdefghi';
  let bomb = 'a: &a ["x","x","x","x","x","x","x","x","x"]\n';
  for (let i = 1; i < names.length; i++) {
    bomb += `${names[i]}: &${names[i]} [${Array(9)
      .fill(`*${names[i - 1]}`)
      .join(',')}]\n`;
  }
  return bomb;
}

/** The generators' folder copied, with one more file: `text`. */
function generatorsWith(name: string, text: string): string {
  const dir = tempDir('karya-yaml-generators-');
  cpSync(path.join(ROOT, 'generators'), dir, { recursive: true });
  writeFileSync(path.join(dir, name), text);
  return dir;
}

describe("a generator's file that is not YAML, in the writer's language", () => {
  it.each([
    [
      'ms',
      'tidak dapat dibaca sebagai YAML: baris 3, lajur 1: kunci ini sudah ada dalam peta yang sama',
      'paling banyak 100 dikembangkan',
    ],
    [
      'id',
      'tidak dapat dibaca sebagai YAML: baris 3, kolom 1: kunci ini sudah ada di peta yang sama',
      'paling banyak 100 yang diperluas',
    ],
    ['en', 'cannot be read as YAML: line 3, column 1: this key is already in the same map', 'at most 100 are expanded'],
  ] as const)(
    '%s: a key written twice names its line and column; too many aliases names the limit',
    async (...row) => {
      const [lang, twice, aliases] = row;
      const env = { LC_ALL: LOCALES[lang] };
      const twiceFile = generatorsWith('twice.yaml', 'id: twice\nname: a\nname: b\n');
      const dup = await runKaryaInProcess(['validate', twiceFile], { env });
      expect(dup.code).toBe(1);
      expect(dup.stderr).toMatch(new RegExp(`twice\\.yaml: ${twice}`));
      const bomb = await runKaryaInProcess(['validate', generatorsWith('bomb.yaml', aliasBomb())], { env });
      expect(bomb.code).toBe(1);
      expect(bomb.stderr).toContain(aliases);
      if (lang !== 'en') expect(englishLines(dup.stderr + bomb.stderr)).toEqual([]);
    },
    120_000,
  );
});

describe("the covers' file, in the writer's language", () => {
  it('a syntax error is data (line, column, what), said in Malay and Indonesian', () => {
    const file = path.join(tempDir('karya-covers-'), '_covers.yaml');
    writeFileSync(file, 'words:\n\tseries: x\n');
    let issues: readonly CoverIssue[] = [];
    try {
      coverData(file);
    } catch (error) {
      if (!(error instanceof CoverDataError)) throw error;
      issues = error.issues;
    }
    expect(issues[0]).toMatchObject({ kind: 'unreadable', yaml: { line: 2, column: 1, code: 'tabIndent' } });
    const problem = issues[0]!.yaml!;
    expect(yamlProblemIn(problem, 'id')).toBe(
      'baris 2, kolom 1: baris ini diindentasi dengan tab: YAML memakai spasi untuk indentasi',
    );
    expect(yamlProblemIn(problem, 'ms')).toBe(
      'baris 2, lajur 1: baris ini diinden dengan tab: YAML diinden dengan ruang',
    );
  });

  it("met at publish, the error is said in the writer's language: the file, the place, and karya validate", () => {
    const file = path.join(tempDir('karya-covers-'), '_covers.yaml');
    writeFileSync(file, 'words:\n  series: 5\n');
    let thrown: unknown;
    try {
      coverData(file);
    } catch (error) {
      thrown = error;
    }
    if (!(thrown instanceof CoverDataError)) throw new Error('expected a CoverDataError');
    expect(thrown.messageIn('ms')).toMatch(
      /^\S*_covers\.yaml tidak boleh digunakan .* di words\.series\)\. Jalankan karya validate/,
    );
    expect(thrown.messageIn('id')).toContain('Jalankan karya validate untuk melihat setiap masalah');
    expect(englishLines(thrown.messageIn('id').replace(/\S*_covers\.yaml|words\.series/g, ''))).toEqual([]);
  });

  it("a language's cover words of the wrong kind are named by kind in the writer's language (validate)", async () => {
    const dir = fourthLanguage();
    writeFileSync(path.join(dir, 'xx/generators/_covers.yaml'), 'words:\n  series: 5\n');
    const r = await runCli(['validate'], { env: { KARYA_LANGUAGES: dir, LC_ALL: 'id_ID.UTF-8' } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('generators/_covers.yaml: words.series.xx: harus berupa teks');
    // The file and the key path (`words.series.xx`) are names; what follows them is read.
    expect(englishLines(r.stderr.replace(/^\S+: \S+: /gm, ''))).toEqual([]);
  }, 120_000);
});

describe('every code of the YAML parser has its words', () => {
  it("a list inside brackets and two tags: validate names them in Indonesian, never the parser's English", async () => {
    const env = { LC_ALL: LOCALES.id };
    const inFlow = await runKaryaInProcess(['validate', generatorsWith('flow.yaml', 'id: flow\nname: [a,\n  - b]\n')], {
      env,
    });
    expect(inFlow.code).toBe(1);
    expect(inFlow.stderr).toContain(
      'flow.yaml: tidak dapat dibaca sebagai YAML: baris 3, kolom 3: blok (daftar atau peta',
    );
    const tags = await runKaryaInProcess(['validate', generatorsWith('tags.yaml', 'id: tags\nname: !a !b x\n')], {
      env,
    });
    expect(tags.code).toBe(1);
    expect(tags.stderr).toContain('sebuah nilai memiliki lebih dari satu tag (!tag): beri satu saja');
    expect(englishLines(inFlow.stderr + tags.stderr)).toEqual([]);
  }, 120_000);

  it("a code the parser adds later is said generically, with its line and column, in the reader's language", () => {
    const problem = { line: 4, column: 2, code: 'other', params: {}, message: 'Some new parser error' } as const;
    expect(yamlProblemIn(problem, 'id')).toBe('baris 4, kolom 2: tidak dapat dibaca sebagai YAML di sini');
    expect(yamlProblemIn(problem, 'ms')).toBe('baris 4, lajur 2: tidak dapat dibaca sebagai YAML di sini');
  });
});

describe("the covers' palettes: the schema's own checks are kinds, not its English", () => {
  it('a colour not #rrggbb and no default palette', () => {
    const file = path.join(tempDir('karya-covers-'), '_covers.yaml');
    const words = '{ en: a, ms: a, id: a }';
    const palette = '{ top: "#000000", bottom: "#000000", ink: red, soft: "#000000", accent: "#000000", font: serif }';
    writeFileSync(file, `words:\n  series: ${words}\n  seriesOnly: ${words}\npalettes:\n  romance: ${palette}\n`);
    let issues: readonly CoverIssue[] = [];
    try {
      coverData(file);
    } catch (error) {
      if (!(error instanceof CoverDataError)) throw error;
      issues = error.issues;
    }
    expect(issues.map((i) => [i.path, i.kind])).toEqual(
      expect.arrayContaining([
        ['palettes.romance.ink', 'colour'],
        ['palettes', 'noDefault'],
      ]),
    );
    expect(JSON.stringify(issues.map((i) => i.params))).not.toMatch(/[a-z]{3,} [a-z]{3,}/);
  });
});

describe("a jobs file that is not YAML, in the batch's language", () => {
  it.each([
    ['ms', 'twice.yaml:2: bukan YAML yang sah: kunci ini sudah ada dalam peta yang sama: setiap kunci ditulis sekali'],
    ['id', 'twice.yaml:2: bukan YAML yang valid: kunci ini sudah ada di peta yang sama: setiap kunci ditulis sekali'],
  ] as const)(
    '%s: what is wrong, in its words',
    async (lang, said) => {
      const dir = tempDir('karya-jobs-yaml-');
      writeFileSync(path.join(dir, 'twice.yaml'), '- generator: romance\n  generator: fantasy\n');
      const args = ['batch', 'twice.yaml', '--dry-run', '--state', 'state.sqlite'];
      const r = await runKaryaInProcess(args, { env: { LC_ALL: LOCALES[lang] }, cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(said);
      expect(englishLines(r.stderr)).toEqual([]);
    },
    120_000,
  );
});
