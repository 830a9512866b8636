// A language file refused as `karya` starts (no language can be read yet): said in the language the writer's locale
// names, read from that language's own cli-help.yaml (bin/language-refusal.js), naming the file and its place or
// key; English, as before, says the loader's own detail. A Node too old is said the same way.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, KARYA, runCli } from './run-cli.js';
import { tempDir } from '../temp.js';
import { fourthLanguage } from '../languages/fourth-language.js';
import { englishLines } from './english-lines.js';

describe("a broken language file at start, in the locale's language", () => {
  it('a file that is not YAML: its place, in Indonesian and Malay', async () => {
    const dir = fourthLanguage();
    writeFileSync(path.join(dir, 'xx/studio-shelf.yaml'), 'a: 1\na: 2\n');
    const id = await runCli(['list'], { env: { KARYA_LANGUAGES: dir, LC_ALL: 'id_ID.UTF-8' } });
    expect(id.code).toBe(1);
    expect(id.stderr).toMatch(
      /studio-shelf\.yaml:2:1: berkas bahasa ini tidak dapat dibaca sebagai YAML; karya dimulai/,
    );
    expect(englishLines(id.stderr.replace(/^karya: \S+ /, ''))).toEqual([]);
    const ms = await runCli(['list'], { env: { KARYA_LANGUAGES: dir, LC_ALL: 'ms_MY.UTF-8' } });
    expect(ms.stderr).toMatch(/studio-shelf\.yaml:2:1: fail bahasa ini tidak dapat dibaca sebagai YAML/);
    const en = await runCli(['list'], { env: { KARYA_LANGUAGES: dir, LC_ALL: 'en_GB.UTF-8' } });
    expect(en.stderr).toMatch(/studio-shelf\.yaml:2:1: Map keys must be unique/);
  }, 120_000);

  it('a table file without a key it needs: the file and the key, in Indonesian', async () => {
    const dir = fourthLanguage();
    const table = path.join(dir, 'xx.yaml');
    writeFileSync(table, readFileSync(table, 'utf8').replace(/^autonym: .*\n/m, ''));
    const r = await runCli(['list'], { env: { KARYA_LANGUAGES: dir, LC_ALL: 'id_ID.UTF-8' } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/xx\.yaml: kata-kata untuk "autonym" tidak ada atau tidak sesuai format berkas ini/);
  }, 120_000);
});

describe("a Node too old, in the locale's language", () => {
  it('Node 22.13 for an Indonesian writer: what Karya needs and how to install it, in Indonesian', () => {
    const tmp = tempDir('karya-old-node-');
    const preload = path.join(tmp, 'as-node-22.13.mjs');
    const versions = "{ value: { ...process.versions, node: '22.13.1' } }";
    writeFileSync(preload, `Object.defineProperty(process, 'versions', ${versions});\n`);
    const env = cleanEnv({ LC_ALL: 'id_ID.UTF-8' });
    const r = spawnSync(process.execPath, ['--import', preload, KARYA, 'books'], { cwd: tmp, env, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('karya: Karya memerlukan Node 22.14 atau yang lebih baru (disarankan Node 24 LTS); ini');
    expect(r.stderr).toContain('Pasang Node 24 LTS khusus untuk Karya, tanpa mengubah Node sistem');
    expect(englishLines(r.stderr.replace(/^ {4}.*$/gm, ''))).toEqual([]);
  });
});
