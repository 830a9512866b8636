// `karya batch JOBS --publish` in this process with the offline provider: four books written and packaged in one run,
// planned at KDP's three new titles a day: schedule.csv has a header and four rows with their dates last, over two
// days from today (3, 1); each package's metadata.json carries its date and its readiness list says "publish on or
// after <date>"; a second batch on that state the same day counts the titles the first put on each day (at two a
// day: tomorrow, then the day after). A daily limit out of range is refused before anything is written, naming the
// flag and the range (in Malay for a Malay batch). A catalogue published under its author: --author signs every
// package, a job's own author: wins (metadata.json, the EPUB's creator and copyright page); a copy of another book is
// held back with its reason and takes no day.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { removeTempDirs, tempDir, writeJobs } from './helpers.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';
import { readZip, zipText } from '../export/tools.js';

const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const dayAfter = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

afterAll(removeTempDirs);

describe('karya batch --publish', () => {
  // Four books are the fewest that fill a day and go on to the next; each more is a whole package (EPUB, DOCX,
  // two PDFs, a cover) for the same rule (--per-day 1 below spreads books over three days).
  it(
    'four books in one run: a schedule of two days (3, 1), each readiness list names its date; ' +
      'a second batch that day counts the titles the first put on each day',
    async () => {
      const dir = tempDir();
      const premises = ['a baker in Ipoh', 'a pilot and a poet', 'two rival architects', 'a night-market cook'];
      const jobs = writeJobs(
        dir,
        'jobs.yaml',
        premises
          .map(
            (p, i) =>
              `- { id: b${String(i + 1).padStart(2, '0')}, generator: romance, ` +
              `chapters: 1, settings: { premise: "${p} falls in love" } }`,
          )
          .join('\n'),
      );
      const today = localToday();
      const r = await runKaryaInProcess(
        ['batch', jobs, '--publish', '--out', 'out', '--state', 'state.sqlite', '--json'],
        { cwd: dir, env: WITHOUT_EPUBCHECK },
      );
      expect(r.code, r.stderr).toBe(0);

      const csv = readFileSync(path.join(dir, 'out', 'schedule.csv'), 'utf8')
        .trim()
        .split(/\r?\n/);
      expect(csv[0]).toBe('folder,title,author,language,status,readiness,publish_on');
      const rows = csv.slice(1).map((line) => line.split(','));
      expect(rows).toHaveLength(4);
      const dates = rows.map((row) => row[row.length - 1]!);
      const days = [0, 0, 0, 1].map((n) => dayAfter(today, n));
      expect(dates).toEqual(days);
      expect(rows.map((row) => row[0])).toEqual(premises.map((_, i) => `b${String(i + 1).padStart(2, '0')}-kdp`));

      for (const [i, row] of rows.entries()) {
        const pkg = path.join(dir, 'out', row[0]!);
        expect(readdirSync(pkg)).toEqual(
          expect.arrayContaining(['manuscript.epub', 'cover.jpg', 'metadata.json', 'readiness.json']),
        );
        expect(JSON.parse(readFileSync(path.join(pkg, 'metadata.json'), 'utf8')).publishOn).toBe(days[i]);
        const readiness = JSON.parse(readFileSync(path.join(pkg, 'readiness.json'), 'utf8')) as {
          channels: Record<string, { checks: Array<{ id: string; status: string; detail?: string }> }>;
        };
        for (const channel of Object.values(readiness.channels)) {
          expect(channel.checks.find((c) => c.id === 'release-date')).toMatchObject({
            status: 'pass',
            detail: expect.stringContaining(`publish on or after ${days[i]}`),
          });
        }
      }
      expect(r.stderr).toContain('karya: 4 packages over 2 days (at most 3 new titles a day)');
      const events = r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string; publishOn?: string; days?: number; titles?: number });
      expect(events.filter((e) => e.type === 'package_written').map((e) => e.publishOn)).toEqual(days);
      expect(events.find((e) => e.type === 'schedule_written')).toMatchObject({ titles: 4, days: 2 });
      expect(events.at(-1)?.type).toBe('summary');

      // A second batch on the same state file the same day counts the titles the first put on each day: at two a day,
      // today (3) is full and tomorrow (1) has room for one, so its two books go tomorrow and the day after. One that
      // forgot the first batch would put them today; one that took any used day as full, on the two days after that.
      const second = writeJobs(
        dir,
        'second.yaml',
        [
          '- { id: ferry, generator: romance, chapters: 1, settings: { premise: "a ferry captain falls in love" } }',
          '- { id: tea, generator: romance, chapters: 1, settings: { premise: "a tea planter falls in love" } }',
        ].join('\n'),
      );
      const again = await runKaryaInProcess(
        ['batch', second, '--publish', '--per-day', '2', '--out', 'out2', '--state', 'state.sqlite', '--json'],
        { cwd: dir, env: WITHOUT_EPUBCHECK },
      );
      expect(again.code, again.stderr).toBe(0);
      const secondDates = readFileSync(path.join(dir, 'out2', 'schedule.csv'), 'utf8')
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((line) => line.split(',').at(-1));
      expect(secondDates).toEqual([dayAfter(today, 1), dayAfter(today, 2)]);
    },
    600_000,
  );

  it(
    "--author signs every package and a job's own author: " +
      'wins; a copy of another book is held back and takes no day',
    async () => {
      const dir = tempDir();
      // The offline provider writes the same book for the same settings: "copy" is "kl" again, word for word. Three
      // books are the fewest for the rule: the one after the copy, with an author of its own, is a day after "kl".
      const jobs = writeJobs(
        dir,
        'jobs.yaml',
        [
          '- { id: kl, generator: romance, chapters: 1, settings: { premise: "a baker in Ipoh falls in love" } }',
          '- { id: copy, generator: romance, chapters: 1, settings: { premise: "a baker in Ipoh falls in love" } }',
          '- { id: melaka, generator: romance, chapters: 1, author: "Nur Aisyah ' +
            'Tan", settings: { premise: "a librarian in Melaka falls in love" } }',
        ].join('\n'),
      );
      // The book written first is the original: nearly always "kl" (it starts first), but the two run side by side
      // (a call holds its place only while it is out), so the test reads which of them is held.
      const r = await runKaryaInProcess(
        [
          'batch',
          jobs,
          '--publish',
          '--author',
          'Farid Hakim',
          '--per-day',
          '1',
          '--concurrency',
          '1',
          '--out',
          'out',
          '--state',
          'state.sqlite',
          '--json',
        ],
        { cwd: dir, env: WITHOUT_EPUBCHECK },
      );
      expect(r.code, r.stderr).toBe(0);
      const today = localToday();

      const authors: Record<string, string> = { kl: 'Farid Hakim', copy: 'Farid Hakim', melaka: 'Nur Aisyah Tan' };
      for (const [job, author] of Object.entries(authors)) {
        const pkg = path.join(dir, 'out', `${job}-kdp`);
        expect(JSON.parse(readFileSync(path.join(pkg, 'metadata.json'), 'utf8')).author, job).toBe(author);
        const epub = readZip(readFileSync(path.join(pkg, 'manuscript.epub')));
        const opf = zipText(epub, epub.find((e) => e.name.endsWith('.opf'))!.name);
        expect(opf).toContain(`<dc:creator id="creator">${author}</dc:creator>`);
        const copyright = zipText(epub, epub.find((e) => e.name.endsWith('copyright.xhtml'))!.name);
        expect(copyright).toContain(`© ${new Date().getFullYear()} ${author}`);
      }

      const events = r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const heldJobs = events.filter((e) => e.type === 'package_written' && e.held).map((e) => e.job as string);
      expect(heldJobs.length === 1 && ['kl', 'copy'].includes(heldJobs[0]!), heldJobs.join()).toBe(true);
      const copy = heldJobs[0]!;
      const original = copy === 'kl' ? 'copy' : 'kl';
      const csv = readFileSync(path.join(dir, 'out', 'schedule.csv'), 'utf8')
        .trim()
        .split(/\r?\n/);
      expect(csv[0]).toBe('folder,title,author,language,status,readiness,publish_on');
      const rows = Object.fromEntries(
        csv
          .slice(1)
          .map((line) => line.split(','))
          .map((row) => [row[0]!, row]),
      );
      // One title a day, in the jobs' order: the copy takes no day, so the book after it is published a day later, not
      // two.
      const scheduled = ['kl', 'copy', 'melaka'].filter((job) => job !== copy);
      for (const [day, job] of scheduled.entries())
        expect(rows[`${job}-kdp`]!.slice(2), job).toEqual([
          authors[job],
          'en',
          'scheduled',
          expect.any(String),
          day ? dayAfter(today, day) : today,
        ]);
      expect(rows[`${copy}-kdp`]!.slice(2)).toEqual([
        'Farid Hakim',
        'en',
        `held: 100 % like ${original}`,
        expect.stringMatching(/^\d+ blocking$/),
        '',
      ]);
      // The readiness column counts the checks that keep a package from a store (the offline demo text is one).
      const readiness = JSON.parse(readFileSync(path.join(dir, 'out', `${copy}-kdp`, 'readiness.json'), 'utf8')) as {
        ready: boolean;
        channels: Record<string, { checks: Array<{ id: string; status: string }> }>;
      };
      const blocking = new Set(
        Object.values(readiness.channels).flatMap((c) =>
          c.checks.filter((x) => x.status === 'fail' || x.status === 'check').map((x) => x.id),
        ),
      );
      expect(blocking.has('not-too-close')).toBe(true);
      expect(rows[`${copy}-kdp`]![5]).toBe(`${blocking.size} blocking`);
      expect(
        JSON.parse(readFileSync(path.join(dir, 'out', `${copy}-kdp`, 'metadata.json'), 'utf8')).publishOn,
      ).toBeUndefined();
      expect(Object.values(readiness.channels).every((c) => !c.checks.some((x) => x.id === 'release-date'))).toBe(true);

      expect(r.stderr).toMatch(new RegExp(`⚠ ${copy}-kdp .* held back: 100 % of it is in ${original}`));
      expect(r.stderr).toContain('1 held back as too close to another book');
      expect(events.find((e) => e.type === 'package_written' && e.job === copy)).toMatchObject({
        publishOn: null,
        ready: false,
        author: 'Farid Hakim',
        held: { book: original, share: 1 },
      });
      expect(events.find((e) => e.type === 'schedule_written')).toMatchObject({ titles: 2, days: 2, held: 1 });
    },
    600_000,
  );

  it(
    '--per-day out of 1 to 50 is refused before anything is written, ' +
      'naming the flag and the range; in Malay for a Malay batch',
    async () => {
      const dir = tempDir();
      const en = writeJobs(dir, 'en.yaml', '- { id: one, generator: romance, chapters: 1 }');
      const zero = await runKaryaInProcess(
        ['batch', en, '--publish', '--per-day', '0', '--out', 'out', '--state', 'state.sqlite'],
        { cwd: dir },
      );
      expect(zero.code).toBe(2);
      expect(zero.stderr).toContain('karya: --per-day: "0" is not a whole number of new titles a day from 1 to 50');
      expect(existsSync(path.join(dir, 'out'))).toBe(false);
      const ms = writeJobs(dir, 'ms.yaml', '- { id: satu, generator: romance, chapters: 1, lang: ms }');
      const many = await runKaryaInProcess(
        ['batch', ms, '--publish', '--per-day', '51', '--out', 'out', '--state', 'state.sqlite'],
        { cwd: dir },
      );
      expect(many.code).toBe(2);
      expect(many.stderr).toContain('karya: --per-day: "51" bukan nombor bulat judul baharu sehari dari 1 hingga 50');
      const alone = await runKaryaInProcess(
        ['batch', en, '--per-day', '3', '--out', 'out', '--state', 'state.sqlite'],
        {
          cwd: dir,
        },
      );
      expect(alone.code).toBe(2);
      expect(alone.stderr).toContain('--per-day plans the releases of --publish');
    },
  );
});
