// `karya batch --lang id` for a writer whose locale is Malay: every message of the batch is in Indonesian, the ones
// said before the jobs run too (a --publisher without --publish, an empty --author, a queue without its database),
// a broken JSON Lines line (its column and what is found there, not JSON.parse's English) and a YAML problem the
// parser names by a code (two anchors on one value). Without --lang, the locale's language, whatever the jobs ask.
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { writeJobs } from '../batch/helpers.js';
import { englishLines } from './english-lines.js';

const MALAY = { LC_ALL: 'ms_MY.UTF-8' };
const INDONESIAN = { LC_ALL: 'id_ID.UTF-8' };
const JOBS = '- { id: a, generator: romance, lang: en }\n- { id: b, generator: romance, lang: ms }\n';

const batch = (args: string[], env: Record<string, string>, cwd: string) =>
  runKaryaInProcess(['batch', ...args, '--state', 'state.sqlite'], { env, cwd });

describe("karya batch's early refusals follow --lang", () => {
  it('--publisher without --publish, an empty --author, --queue without a database: Indonesian', async () => {
    const dir = tempDir('karya-batch-leftovers-');
    writeJobs(dir, 'jobs.yaml', JOBS);
    const runs = [
      await batch(['jobs.yaml', '--dry-run', '--publisher', 'Pustaka', '--lang', 'id'], MALAY, dir),
      await batch(['jobs.yaml', '--dry-run', '--author', '', '--lang', 'id'], MALAY, dir),
      await batch(['jobs.yaml', '--queue', '--lang', 'id'], MALAY, dir),
    ];
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2]);
    expect(runs[0]!.stderr).toContain('karya: --publisher menamai penerbit paket --publish; tambahkan --publish');
    expect(runs[1]!.stderr).toContain('karya: --author: "" tidak boleh kosong');
    expect(runs[2]!.stderr).toContain('karya: --queue menjalankan batch pada proses `karya worker` lewat Postgres');
    expect(englishLines(runs.map((r) => r.stderr).join(''))).toEqual([]);
  }, 120_000);

  it("--per-day without --publish, jobs of two languages, no --lang: the locale's language", async () => {
    const dir = tempDir('karya-batch-leftovers-');
    writeJobs(dir, 'jobs.yaml', JOBS);
    const r = await batch(['jobs.yaml', '--dry-run', '--per-day', '2'], INDONESIAN, dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('karya: --per-day merencanakan rilis --publish; tambahkan --publish');
    expect(englishLines(r.stderr)).toEqual([]);
  }, 120_000);

  it("a broken JSON Lines line and a YAML problem by its code: where, and what, in the batch's language", async () => {
    const dir = tempDir('karya-batch-leftovers-');
    writeJobs(dir, 'jobs.jsonl', '{"generator": "romance", "lang": "en"}\n{"generator": "romance", "lang": en}\n');
    writeJobs(dir, 'ended.jsonl', '{"generator": "romance", "lang": "en"\n');
    writeJobs(dir, 'anchors.yaml', '- generator: &a &b romance\n');
    const runs = [
      await batch(['jobs.jsonl', '--dry-run', '--lang', 'id'], MALAY, dir),
      await batch(['ended.jsonl', '--dry-run', '--lang', 'id'], MALAY, dir),
      await batch(['anchors.yaml', '--dry-run', '--lang', 'id'], MALAY, dir),
    ];
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2]);
    const at = 'jobs.jsonl:2: bukan JSON yang valid (kolom 34: “e” tidak diharapkan di sana)';
    expect(runs[0]!.stderr).toContain(at);
    expect(runs[1]!.stderr).toContain('ended.jsonl:1: bukan JSON yang valid (kolom 38: baris berakhir sebelum');
    expect(runs[2]!.stderr).toContain(
      'anchors.yaml:1: bukan YAML yang valid: sebuah nilai memiliki lebih dari satu jangkar',
    );
    expect(englishLines(runs.map((r) => r.stderr).join(''))).toEqual([]);
  }, 120_000);
});
