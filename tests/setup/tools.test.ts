// The tests' front door (tests/setup/tools.ts) on machines made up by fake probes: with every tool, the
// run goes on; without some, a full run installs them (root with apt-get) or stops naming the exact
// command, and only a quick run (KARYA_QUICK=1) goes on without them, saying which tests it skips.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  fileFilters,
  installCommand,
  leftOutQuick,
  missingTools,
  toolPlan,
  toolSkip,
  TOOLS,
  type Probe,
} from './tools.js';
import { sourceFiles } from '../architecture/graph.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A machine with these programs on PATH and these files. */
function machine(programs: string[], files: string[], pgBin: string | null = null): Probe {
  return { which: (p) => programs.includes(p), exists: (f) => files.includes(f), postgresBinDir: () => pgBin };
}
const FULL = machine(
  ['pdfinfo', 'pdftotext', 'pdffonts', 'pandoc', 'ebook-meta', 'apt-get'],
  [
    '/usr/bin/chromium-headless-shell',
    '/usr/share/java/epubcheck.jar',
    '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf',
    '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Italic.ttf',
    '/usr/bin/node',
  ],
  '/usr/lib/postgresql/15/bin',
);
const FRESH = machine(['apt-get'], []);
const ALL_PACKAGES =
  'chromium-headless-shell epubcheck poppler-utils postgresql ' +
  'fonts-dejavu-core fonts-dejavu-extra pandoc nodejs calibre';

describe('the tools the tests need', () => {
  it('are all there on a machine set up like .ci/run: the run goes on', () => {
    expect(missingTools(FULL)).toEqual([]);
    expect(toolPlan({ missing: missingTools(FULL), filters: [], isQuick: false, isRoot: false, hasApt: true })).toEqual(
      { action: 'run' },
    );
  });

  it('a fresh Debian machine misses all of them; as root with apt-get the run installs them first', () => {
    expect(missingTools(FRESH).map((t) => t.id)).toEqual([
      'chromium',
      'epubcheck',
      'poppler',
      'postgres',
      'fonts',
      'pandoc',
      'old-node',
      'calibre',
    ]);
    expect(toolPlan({ missing: missingTools(FRESH), filters: [], isQuick: false, isRoot: true, hasApt: true })).toEqual(
      {
        action: 'install',
        command: `apt-get update -qq && apt-get install -y -qq ${ALL_PACKAGES}`,
      },
    );
  });

  it('without root (or apt-get) the run stops at once with the exact command', () => {
    const plan = toolPlan({ missing: missingTools(FRESH), filters: [], isQuick: false, isRoot: false, hasApt: true });
    expect(plan.action).toBe('stop');
    const message = (plan as { message: string }).message;
    expect(message).toContain(`sudo apt-get update -qq && sudo apt-get install -y -qq ${ALL_PACKAGES}`);
    for (const what of ['chromium', 'epubcheck', 'pdfinfo', 'initdb', 'DejaVu']) expect(message).toContain(what);
    expect(
      toolPlan({ missing: missingTools(FRESH), filters: [], isQuick: false, isRoot: true, hasApt: false }).action,
    ).toBe('stop');
  });

  it('names only what is missing: poppler alone', () => {
    const noPoppler = machine(
      ['apt-get', 'pandoc', 'ebook-meta'],
      [
        '/usr/bin/chromium-headless-shell',
        '/usr/share/java/epubcheck.jar',
        '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf',
        '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Italic.ttf',
        '/usr/bin/node',
      ],
      '/pg',
    );
    expect(missingTools(noPoppler).map((t) => t.id)).toEqual(['poppler']);
    expect(installCommand(missingTools(noPoppler), { isRoot: true })).toBe(
      'apt-get update -qq && apt-get install -y -qq poppler-utils',
    );
    // epubcheck on PATH counts as well as Debian's jar.
    expect(missingTools(machine(['epubcheck'], [])).map((t) => t.id)).not.toContain('epubcheck');
  });

  it('a quick run goes on without them and says which tests it skips', () => {
    const plan = toolPlan({ missing: missingTools(FRESH), filters: [], isQuick: true, isRoot: false, hasApt: true });
    expect(plan.action).toBe('skip');
    expect((plan as { message: string }).message).toMatch(/KARYA_QUICK: skipping .*\n.*chromium.*tests\/e2e\//);
    // The files that do not skip themselves are left out; the browser and Postgres tests skip themselves.
    expect(leftOutQuick(FRESH)).toEqual(expect.arrayContaining(['tests/export/render.test.ts', 'tests/export/**']));
    expect(leftOutQuick(FRESH).some((f) => f.startsWith('tests/e2e') || f.startsWith('tests/scale'))).toBe(false);
    expect(leftOutQuick(FULL)).toEqual([]);
  });

  it('a run of some files needs only their tools', () => {
    const argv = [
      '/usr/bin/node',
      '/x/node_modules/vitest/vitest.mjs',
      'run',
      'tests/engine/flow.test.ts',
      '--reporter',
      'verbose',
    ];
    expect(fileFilters(argv)).toEqual(['tests/engine/flow.test.ts']);
    expect(
      toolPlan({
        missing: missingTools(FRESH),
        filters: fileFilters(argv),
        isQuick: false,
        isRoot: false,
        hasApt: true,
      }),
    ).toEqual({ action: 'run' });
    const exportRun = toolPlan({
      missing: missingTools(FRESH),
      filters: ['tests/export'],
      isQuick: false,
      isRoot: false,
      hasApt: true,
    });
    expect(exportRun.action).toBe('stop');
    expect((exportRun as { message: string }).message).not.toContain('chromium (');
    expect(fileFilters(['node', 'vitest', 'run'])).toEqual([]);
    expect(fileFilters(['node', '/a/vitest.mjs', '-t', 'epub', 'tests/e2e/'])).toEqual(['tests/e2e/']);
  });

  it('a test file needing a missing tool fails naming the package, or skips in a quick run', () => {
    expect(toolSkip('chromium', FULL, {})).toBeNull();
    expect(() => toolSkip('chromium', FRESH, {})).toThrow(/chromium.*apt-get install -y -qq chromium-headless-shell/);
    expect(toolSkip('postgres', FRESH, { KARYA_QUICK: '1' })).toMatch(
      /^skipped \(KARYA_QUICK\): needs the Postgres binaries.*postgresql$/,
    );
  });

  it('every skip in the test files goes through this helper', () => {
    // storeAdapters: each store's `skip` is tests/postgres.ts's postgresUnavailable() (tests/server/adapters.ts).
    const helpers = ['hasChromium', 'SKIP_REASON', 'postgresUnavailable', 'toolSkip', 'storeAdapters'];
    for (const file of sourceFiles(ROOT, ['tests']).filter((f) => /\.test\.tsx?$/.test(f))) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      if (!/\b(skipIf|runIf)\(|\.skip\(/.test(text)) continue;
      expect(
        helpers.some((h) => text.includes(h)),
        `${file} skips without tests/setup/tools.ts`,
      ).toBe(true);
    }
    // Each tool's tests exist.
    for (const tool of TOOLS)
      for (const used of tool.usedBy) expect(existsSync(path.join(ROOT, used)), used).toBe(true);
  });
});
