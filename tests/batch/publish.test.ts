// `karya batch JOBS --publish` in this process with the offline provider (issue 53): ten books written and
// packaged in one run, planned at KDP's three new titles a day: schedule.csv has a header and ten rows with
// their dates last, over four days from today (3, 3, 3, 1); each package's metadata.json carries its date
// and its readiness list says "publish on or after <date>". A daily limit out of range is refused before
// anything is written, naming the flag and the range (in Malay for a Malay batch).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { removeTempDirs, tempDir, writeJobs } from './helpers.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';


const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const dayAfter = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

afterAll(removeTempDirs);

describe('karya batch --publish', () => {
  it('ten books in one run: a schedule of four days (3, 3, 3, 1) and each readiness list names its date', async () => {
    const dir = tempDir();
    const premises = ['a baker in Ipoh', 'a pilot and a poet', 'two rival architects', 'a night-market cook', 'a violinist in Penang', 'a ferry captain', 'a librarian in Melaka', 'a surfer and a surgeon', 'a tea planter', 'a radio host'];
    const jobs = writeJobs(dir, 'jobs.yaml', premises.map((p, i) => `- { id: b${String(i + 1).padStart(2, '0')}, generator: romance, chapters: 1, settings: { premise: "${p} falls in love" } }`).join('\n'));
    const today = localToday();
    const r = await runKaryaInProcess(['batch', jobs, '--publish', '--out', 'out', '--state', 'state.sqlite', '--json'], { cwd: dir, env: WITHOUT_EPUBCHECK });
    expect(r.code, r.stderr).toBe(0);

    const csv = readFileSync(path.join(dir, 'out', 'schedule.csv'), 'utf8').trim().split(/\r?\n/);
    expect(csv[0]).toBe('folder,title,author,language,publish_on');
    const rows = csv.slice(1).map((line) => line.split(','));
    expect(rows).toHaveLength(10);
    const dates = rows.map((row) => row[row.length - 1]!);
    const days = [0, 0, 0, 1, 1, 1, 2, 2, 2, 3].map((n) => dayAfter(today, n));
    expect(dates).toEqual(days);
    expect(rows.map((row) => row[0])).toEqual(premises.map((_, i) => `b${String(i + 1).padStart(2, '0')}-kdp`));

    for (const [i, row] of rows.entries()) {
      const pkg = path.join(dir, 'out', row[0]!);
      expect(readdirSync(pkg)).toEqual(expect.arrayContaining(['manuscript.epub', 'cover.jpg', 'metadata.json', 'readiness.json']));
      expect(JSON.parse(readFileSync(path.join(pkg, 'metadata.json'), 'utf8')).publishOn).toBe(days[i]);
      const readiness = JSON.parse(readFileSync(path.join(pkg, 'readiness.json'), 'utf8')) as { channels: Record<string, { checks: Array<{ id: string; status: string; detail?: string }> }> };
      for (const channel of Object.values(readiness.channels)) {
        expect(channel.checks.find((c) => c.id === 'release-date')).toMatchObject({ status: 'pass', detail: expect.stringContaining(`publish on or after ${days[i]}`) });
      }
    }
    expect(r.stderr).toContain('karya: 10 packages over 4 days (at most 3 new titles a day)');
    const events = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string; publishOn?: string; days?: number; titles?: number });
    expect(events.filter((e) => e.type === 'package_written').map((e) => e.publishOn)).toEqual(days);
    expect(events.find((e) => e.type === 'schedule_written')).toMatchObject({ titles: 10, days: 4 });
    expect(events.at(-1)?.type).toBe('summary');
  }, 600_000);

  it('--per-day out of 1 to 50 is refused before anything is written, naming the flag and the range; in Malay for a Malay batch', async () => {
    const dir = tempDir();
    const en = writeJobs(dir, 'en.yaml', '- { id: one, generator: romance, chapters: 1 }');
    const zero = await runKaryaInProcess(['batch', en, '--publish', '--per-day', '0', '--out', 'out', '--state', 'state.sqlite'], { cwd: dir });
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain('karya: --per-day: "0" is not a whole number of new titles a day from 1 to 50');
    expect(existsSync(path.join(dir, 'out'))).toBe(false);
    const ms = writeJobs(dir, 'ms.yaml', '- { id: satu, generator: romance, chapters: 1, lang: ms }');
    const many = await runKaryaInProcess(['batch', ms, '--publish', '--per-day', '51', '--out', 'out', '--state', 'state.sqlite'], { cwd: dir });
    expect(many.code).toBe(2);
    expect(many.stderr).toContain('karya: --per-day: "51" bukan nombor bulat judul baharu sehari dari 1 hingga 50');
    const alone = await runKaryaInProcess(['batch', en, '--per-day', '3', '--out', 'out', '--state', 'state.sqlite'], { cwd: dir });
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--per-day plans the releases of --publish');
  });
});
