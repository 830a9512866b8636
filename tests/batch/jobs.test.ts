// Jobs files: YAML lists and JSON Lines with line numbers, every invalid job reported together, and
// the same settings and saved-progress keys as `karya generate`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJsonLines, parseYamlList, validateJobs, JobsFileError, type RawJob } from '../../cli/batch/jobs.js';
import { progressKey, settingsFromOptions } from '../../cli/commands/generate.js';
import { langs, startBook } from '../../engine/index.js';
import { repoCatalog } from '../catalog.js';

const catalog = repoCatalog();
const outDir = '/tmp/karya-batch-out';
const validate = (raw: RawJob[]) => validateJobs(raw, { catalog, file: 'jobs.yaml', outDir });
const rawJobs = (...values: unknown[]): RawJob[] => values.map((value, i) => ({ index: i + 1, line: i + 1, value }));

describe('reading a jobs file', () => {
  it('reads a YAML list with the line each job starts on', () => {
    const jobs = parseYamlList(
      'jobs.yaml',
      '# comment\n- generator: poems\n  lang: ms\n\n- id: b\n  generator: romance\n',
    );
    expect(jobs.map((j) => [j.index, j.line])).toEqual([
      [1, 2],
      [2, 5],
    ]);
    expect(jobs[1]!.value).toEqual({ id: 'b', generator: 'romance' });
  });

  it('reads JSON Lines, skipping blank lines, and names the line of broken JSON', () => {
    const jobs = parseJsonLines('jobs.jsonl', '{"generator":"poems"}\n\n{"generator":"romance","chapters":2}\n');
    expect(jobs.map((j) => j.line)).toEqual([1, 3]);
    expect(() => parseJsonLines('jobs.jsonl', '{"generator":"poems"}\n{oops\n')).toThrow(
      /jobs\.jsonl:2: not valid JSON/,
    );
  });

  it('refuses a file that is not a list', () => {
    expect(() => parseYamlList('jobs.yaml', 'generator: poems\n')).toThrow(JobsFileError);
    expect(() => parseYamlList('jobs.yaml', '- generator: [\n')).toThrow(/jobs\.yaml/);
  });
});

describe('validating jobs', () => {
  it('reports every invalid job at once, with the job, the field and the allowed values', () => {
    const { jobs, issues } = validate(
      rawJobs(
        { id: 'ok', generator: 'poems', lang: 'ms' },
        { id: 'hot', generator: 'romance', settings: { heatLevel: 'scorching' } },
        { generator: 'no-such-generator' },
        { id: 'fr', generator: 'poems', lang: 'fr' },
        { id: 'many', generator: 'romance', chapters: 0 },
        { id: 'extra', generator: 'poems', colour: 'red' },
        { id: 'ok', generator: 'poems' },
        { id: 'unknown-setting', generator: 'poems', settings: { rhyme: true } },
        'just text',
      ),
    );
    expect(jobs.map((j) => j.name)).toEqual(['ok']);
    const byJob = (job: string) => issues.filter((i) => i.job === job);
    expect(byJob('job "hot"')).toEqual([
      expect.objectContaining({
        line: 2,
        field: 'settings.heatLevel',
        allowed: ['sweet', 'mild', 'moderate', 'steamy'],
      }),
    ]);
    expect(byJob('job 3')[0]).toMatchObject({ field: 'generator', message: '"no-such-generator" is not a generator' });
    expect(byJob('job 3')[0]!.allowed).toContain('romance');
    expect(byJob('job "fr"')[0]).toMatchObject({ field: 'lang', allowed: [...langs()] });
    expect(byJob('job "many"')[0]).toMatchObject({
      field: 'chapters',
      message: '0 must be a whole number from 1 to 100',
    });
    expect(byJob('job "extra"')[0]).toMatchObject({ field: 'colour', message: 'is not a job field' });
    expect(issues.find((i) => i.line === 7)).toMatchObject({
      field: 'id',
      message: 'is used by job 1 too; ids must be unique',
    });
    expect(byJob('job "unknown-setting"')[0]).toMatchObject({
      field: 'settings.rhyme',
      message: 'is not a setting of poems',
    });
    expect(byJob('job 9')[0]!.message).toMatch(/must be an object/);
    expect(new Set(issues.map((i) => i.line))).toEqual(new Set([2, 3, 4, 5, 6, 7, 8, 9]));
  });

  it(
    'refuses an out with a NUL or over 200 bytes before any call ' +
      '(the file system would refuse it after the call was paid for)',
    () => {
      const { jobs, issues } = validate(
        rawJobs(
          { id: 'nul', generator: 'poems', out: 'poem\u0000.md' },
          { id: 'long', generator: 'poems', out: 'é'.repeat(101) },
          { id: 'fits', generator: 'poems', out: `${'é'.repeat(97)}.md` },
        ),
      );
      expect(jobs.map((j) => j.name)).toEqual(['fits']);
      expect(issues).toEqual([
        expect.objectContaining({ job: 'job "nul"', field: 'out', message: 'must not contain a NUL character' }),
        expect.objectContaining({ job: 'job "long"', field: 'out', message: 'is 202 bytes long; at most 200 bytes' }),
      ]);
    },
  );

  it(
    "takes a book's author, title, subtitle and publisher; the job's own " +
      "author wins over the batch's; refuses them empty, too long or on a piece",
    () => {
      const given = { author: 'Farid Hakim', publisher: 'Rumah Buku' };
      const { jobs, issues } = validateJobs(
        rawJobs(
          { id: 'own', generator: 'romance', author: '  Nur Aisyah Tan ', title: 1984, subtitle: 'A Love Story' },
          { id: 'batch', generator: 'romance' },
          { id: 'long', generator: 'romance', author: 'x'.repeat(101), title: '' },
          { id: 'list', generator: 'romance', author: ['Siti'] },
          { id: 'poem', generator: 'poems', author: 'Siti' },
        ),
        { catalog, file: 'jobs.yaml', outDir, given },
      );
      expect(jobs.map((j) => [j.name, j.publish])).toEqual([
        ['own', { author: 'Nur Aisyah Tan', title: '1984', subtitle: 'A Love Story', publisher: 'Rumah Buku' }],
        ['batch', { author: 'Farid Hakim', publisher: 'Rumah Buku' }],
      ]);
      expect(issues.map((i) => `${i.job}: ${i.field}: ${i.message}`)).toEqual([
        'job "long": author: is too long: at most 100 characters',
        'job "long": title: must not be empty',
        'job "list": author: must be a text',
        'job "poem": author: poems is not a book that karya batch --publish packages; only books take author',
      ]);
    },
  );

  it('refuses a language on a generator that always writes in one', () => {
    const { issues } = validate(rawJobs({ generator: 'dad-jokes', lang: 'ms' }));
    expect(issues).toEqual([expect.objectContaining({ field: 'lang', message: 'dad-jokes always writes in en' })]);
  });

  it("uses the settings of the same `karya generate` command, saved under the job's id", () => {
    const { jobs, issues } = validate(
      rawJobs(
        { generator: 'romance', lang: 'ms', chapters: 3, settings: { heatLevel: 'mild', plotStyle: 'slow-burn' } },
        { generator: 'travel-guide', settings: { destination: 'Penang, Malaysia', tripDuration: 'week' } },
        { generator: 'amazon-pdp', settings: { bookTitle: 'Hujan', includeElements: ['hook', 'benefits'] } },
      ),
    );
    expect(issues).toEqual([]);
    const cases = [
      { id: 'romance', set: ['heatLevel=mild', 'plotStyle=slow-burn'], lang: 'ms', chapters: '3' },
      { id: 'travel-guide', set: ['destination=Penang, Malaysia', 'tripDuration=week'] },
      { id: 'amazon-pdp', set: ['bookTitle=Hujan', 'includeElements=hook,benefits'] },
    ];
    cases.forEach((c, i) => {
      const spec = catalog.get(c.id)!;
      const generate = settingsFromOptions(spec, c);
      const total = startBook({
        spec,
        settings: generate.settings,
        totalChapters: generate.totalChapters,
      }).totalChapters;
      expect(jobs[i]!.settings).toEqual(generate.settings);
      expect(jobs[i]!.totalChapters).toBe(total);
      expect(jobs[i]!.key).toBe(`batch:${jobs[i]!.name}:${progressKey(spec, generate.settings, total)}`);
    });
    expect(jobs[0]!.totalChapters).toBe(3);
  });

  it('gives identical jobs their own books and names outputs from the id or the index and generator', () => {
    const { jobs } = validate(
      rawJobs(
        { generator: 'poems' },
        { generator: 'poems' },
        { id: 'Puisi Saya!', generator: 'poems', lang: 'ms' },
        { generator: 'poems', out: 'custom/p' },
      ),
    );
    expect(new Set(jobs.map((j) => j.key)).size).toBe(4);
    expect(jobs.map((j) => path.relative(outDir, j.outFile))).toEqual([
      '01-poems.md',
      '02-poems.md',
      'Puisi-Saya.md',
      path.join('custom', 'p.md'),
    ]);
  });

  it('refuses two jobs writing the same file', () => {
    const { issues } = validate(rawJobs({ generator: 'poems', out: 'a.md' }, { generator: 'riddles', out: 'a.md' }));
    expect(issues).toEqual([expect.objectContaining({ job: 'job 2', field: 'out' })]);
  });
});

describe('examples/jobs.yaml', () => {
  it('is valid, mixes generators and kinds, and writes both languages', () => {
    const file = path.join(import.meta.dirname, '..', '..', 'examples', 'jobs.yaml');
    const { jobs, issues } = validate(parseYamlList(file, readFileSync(file, 'utf8')));
    expect(issues).toEqual([]);
    const generators = new Set(jobs.map((j) => j.spec.id));
    for (const id of ['romance', 'travel-guide', 'poems']) expect(generators).toContain(id);
    expect(new Set(jobs.map((j) => j.spec.kind))).toEqual(new Set(['book', 'single']));
    expect(new Set(jobs.map((j) => startBook({ spec: j.spec, settings: j.settings }).lang))).toEqual(
      new Set(['en', 'ms']),
    );
    // Small books, so the example runs in seconds offline.
    expect(Math.max(...jobs.map((j) => j.totalChapters))).toBeLessThanOrEqual(8);
  });
});
