// A batch job's own cover picture (`cover: harbour.jpg` beside the jobs file), as `karya batch --publish` takes it:
// the package's cover is the writer's picture; a picture no store takes gets that book no package, the file and its
// size named; and run again after the writer replaced the picture under the same name, the package is made again
// with the new one (a run with nothing changed keeps it). Offline provider, in this process.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';
import { events, removeTempDirs, tempDir, writeJobs } from './helpers.js';

afterAll(removeTempDirs);

/** A KDP-sized picture (1600 × 2560) of one colour. */
const picture = (background: string, width = 1600, height = 2560) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
/** The mean red, green and blue of a package's cover. */
async function meanColour(file: string): Promise<number[]> {
  const stats = await sharp(readFileSync(file)).stats();
  return stats.channels.slice(0, 3).map((c) => Math.round(c.mean));
}

describe("a batch job's own cover picture", () => {
  it(
    "is its package's cover, a picture no store takes gets no package; " +
      'replaced under the same name, the next run makes the package again',
    async () => {
      const dir = tempDir();
      writeFileSync(path.join(dir, 'harbour.jpg'), await picture('#1040c0'));
      writeFileSync(path.join(dir, 'small.jpg'), await picture('#1040c0', 400, 640));
      const jobs = writeJobs(
        dir,
        'jobs.yaml',
        [
          '- { id: harbour, generator: romance, chapters: 1, cover: ' +
            'harbour.jpg, settings: { premise: "a harbour pilot falls in love" } }',
          '- { id: small, generator: romance, chapters: 1, cover: small.jpg, ' +
            'settings: { premise: "a night-market cook falls in love" } }',
        ].join('\n'),
      );
      const run = () =>
        runKaryaInProcess(['batch', jobs, '--publish', '--out', 'out', '--state', 'state.sqlite', '--json'], {
          cwd: dir,
          env: WITHOUT_EPUBCHECK,
        });
      const cover = path.join(dir, 'out', 'harbour-kdp', 'cover.jpg');
      const written = (stdout: string) =>
        events(stdout)
          .filter((e) => e.type === 'package_written')
          .map((e) => [e.job, e.kept ?? false]);

      const first = await run();
      expect(written(first.stdout)).toEqual([['harbour', false]]);
      const [r, , b] = await meanColour(cover);
      expect(b).toBeGreaterThan(150);
      expect(r).toBeLessThan(60);
      // The picture too small for the stores: no package for its book, the file and its size named.
      expect(first.stderr).toMatch(/small-kdp .*small\.jpg.*400 × 640/);

      const again = await run();
      expect(written(again.stdout)).toEqual([['harbour', true]]);

      // The writer replaces the picture with another under the same name.
      writeFileSync(path.join(dir, 'harbour.jpg'), await picture('#c02010'));
      const replaced = await run();
      expect(written(replaced.stdout)).toEqual([['harbour', false]]);
      const [r2, , b2] = await meanColour(cover);
      expect(r2).toBeGreaterThan(150);
      expect(b2).toBeLessThan(60);
    },
    300_000,
  );
});
