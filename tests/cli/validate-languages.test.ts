// `karya validate` checks the language table: every language, a draft too when KARYA_DRAFT_LANGUAGES=1, worded
// whole, each text a language lacks named by its file and key (the one command that checks a language a
// maintainer adds). A real process: the table is read from the folders KARYA_LANGUAGES names when it starts.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../engine/node.js';
import { langs, languageName, listIn } from '../../engine/index.js';
import { runCli } from './run-cli.js';
import { tempDir } from '../temp.js';

/**
 * A fourth language being worded (a draft), Indonesian's table and words under the code xx, with two CLI texts (one of
 * a command loaded only when it runs), one server message and one studio text left out.
 */
function languageMissingTwoTexts({ draft = true }: { draft?: boolean } = {}): string {
  const dir = tempDir('karya-validate-lang-');
  const words = path.join(dir, 'xx');
  cpSync(path.join(ROOT, 'languages', 'id'), words, { recursive: true });
  writeFileSync(
    path.join(dir, 'xx.yaml'),
    `${readFileSync(path.join(ROOT, 'languages', 'id.yaml'), 'utf8')
      .replace(/^code: id$/m, 'code: xx')
      .replace(/^order: \d+$/m, 'order: 9')}${draft ? 'draft: true\n' : ''}`,
  );
  // Its guard: a family of its own (Malay's family lists its members' markers, and this fixture edits no other
  // language).
  const guard = path.join(words, 'guard.yaml');
  writeFileSync(
    guard,
    readFileSync(guard, 'utf8')
      .replace(/^family: .*$/m, 'family: xx-family')
      .replace(/^markers:\n(?:(?: .*)?\n)*/m, ''),
  );
  const left = [
    ['cli-translate.yaml', 'needsBook'],
    ['cli-batch.yaml', 'notAGenerator'],
    ['server-messages.yaml', 'invalid_email'],
    ['studio-shell.yaml', 'shell.menu'],
  ] as const;
  for (const [file, key] of left) {
    const at = path.join(words, file);
    writeFileSync(
      at,
      readFileSync(at, 'utf8')
        .split('\n')
        .filter((line) => !line.startsWith(`${key}:`))
        .join('\n'),
    );
  }
  return dir;
}

describe('karya validate and the language table', () => {
  it('names each text a draft language lacks, by file and key, and exits 1', async () => {
    const r = await runCli(['validate'], {
      env: { KARYA_LANGUAGES: languageMissingTwoTexts(), KARYA_DRAFT_LANGUAGES: '1' },
    });
    expect(r.code).toBe(1);
    const lines = r.stderr.split('\n');
    expect(lines).toContain('languages/xx/cli-translate.yaml: needsBook: no text in xx (catalogue cli-translate)');
    expect(lines).toContain('languages/xx/cli-batch.yaml: notAGenerator: no text in xx (catalogue cli-batch)');
    expect(lines).toContain(
      'languages/xx/server-messages.yaml: invalid_email: no text in xx (catalogue server-messages)',
    );
    // The studio's words too, which this process registers no catalogue of: by English's keys.
    expect(lines).toContain(
      "languages/xx/studio-shell.yaml: shell.menu: no text in xx (catalogue studio-shell, the studio's)",
    );
    expect(r.stderr).not.toMatch(/languages\/(?:en|ms|id)\//);
  }, 120_000);

  it('names each of them too when the language is no draft (a start stops at the first), and exits 1', async () => {
    const r = await runCli(['validate'], { env: { KARYA_LANGUAGES: languageMissingTwoTexts({ draft: false }) } });
    expect(r.code).toBe(1);
    const lines = r.stderr.split('\n');
    expect(lines).toContain('languages/xx/cli-translate.yaml: needsBook: no text in xx (catalogue cli-translate)');
    expect(lines).toContain('languages/xx/cli-batch.yaml: notAGenerator: no text in xx (catalogue cli-batch)');
    expect(lines).toContain(
      'languages/xx/server-messages.yaml: invalid_email: no text in xx (catalogue server-messages)',
    );
    expect(lines).toContain(
      "languages/xx/studio-shell.yaml: shell.menu: no text in xx (catalogue studio-shell, the studio's)",
    );
    expect(r.stdout).not.toMatch(/^ok:/m);
  }, 120_000);

  it("says a generator's and a cover's missing texts in the writer's language, each language named in it", async () => {
    // A fourth language with no generator texts and no cover words (its folder is Indonesian's, which has neither: they
    // are in generators/), named Bahasa Xx; the maintainer's locale is Indonesian.
    const dir = languageMissingTwoTexts({ draft: false });
    const table = path.join(dir, 'xx.yaml');
    writeFileSync(table, readFileSync(table, 'utf8').replace(/^autonym: .*$/m, 'autonym: Bahasa Xx'));
    const r = await runCli(['validate'], { env: { KARYA_LANGUAGES: dir, LC_ALL: 'id_ID.UTF-8' } });
    expect(r.code).toBe(1);
    const lines = r.stderr.split('\n');
    // Every language the generator still offers, by the name Indonesian's table gives it, joined as Indonesian
    // joins a list.
    const offers = listIn(
      langs().map((l) => `${languageName(l, 'id')} (${l})`),
      'id',
      'and',
    );
    expect(lines).toContain(
      [
        'generators/romance.yaml: title: tidak ada teks xx (Bahasa Xx):',
        `romance ditolak dalam Bahasa Xx sampai teksnya ada (generator ini tersedia dalam ${offers})`,
      ].join(' '),
    );
    expect(lines).toContain(
      [
        'generators/_covers.yaml: words.series.xx: tidak ada teks dalam xx (Bahasa Xx):',
        'setiap bahasa di tabel mencetak baris sampul tipografis ini',
      ].join(' '),
    );
    expect(r.stderr).not.toMatch(/has no|is refused|it offers|every language of the table|English \(en\)/);
  }, 120_000);

  it('passes on the repository, Indonesian included when drafts are checked', async () => {
    const r = await runCli(['validate'], { env: { KARYA_DRAFT_LANGUAGES: '1' } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(`^ok: \\d+ generators valid; languages ${langs().join(', ')} worded whole$`, 'm'),
    );
  }, 120_000);
});
