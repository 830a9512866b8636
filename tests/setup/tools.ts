// The system tools the tests need, checked once before any test runs (vitest globalSetup): Debian's
// chromium (browser tests), epubcheck (EPUB validity), poppler's pdfinfo/pdftotext/pdffonts (PDF checks),
// the Postgres binaries (throw-away clusters, tests/postgres.ts), the DejaVu fonts (the PDF export) and pandoc
// (the DOCX and EPUB manuscripts the import tests read).
//
// `npm test` never goes green having skipped one of them: when something is missing it is installed with
// apt-get where it can be (root, apt-get present; as .ci/run does), else the run stops at once naming the
// exact command. Only a quick run asked for (`KARYA_QUICK=1 npm test`) goes on without them: the test
// files that need a missing tool are left out (vitest.config.ts) or skip themselves (toolSkip), and the
// list is printed. The checks take their probes as arguments so that tests can give fake ones.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type ToolId = 'chromium' | 'epubcheck' | 'poppler' | 'postgres' | 'fonts' | 'pandoc' | 'old-node' | 'calibre';

/** How the machine is looked at: a program on PATH, a file, the Postgres binaries' folder. */
export interface Probe {
  which(program: string): boolean;
  exists(file: string): boolean;
  postgresBinDir(): string | null;
  /** The major version of a node binary (undefined when it does not run); a made-up machine's node is taken as old. */
  nodeMajor?(node: string): number | undefined;
}

export interface Tool {
  id: ToolId;
  /** What is missing, as a person reads it. */
  what: string;
  /** The Debian packages that bring it. */
  packages: readonly string[];
  /** The test files (or folders, ending in /) that need it. */
  usedBy: readonly string[];
  /** Left out of a quick run when missing (files that do not skip themselves with toolSkip). */
  leaveOutQuick: boolean;
  isPresent(probe: Probe): boolean;
}

/** Where Debian's nodejs puts its node. */
export const OLD_NODE = '/usr/bin/node';

/** The major version of a node binary, or undefined when it does not run. */
function nodeMajorOf(node: string): number | undefined {
  const version = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  return version.status === 0 ? Number(version.stdout.split('.')[0]) : undefined;
}

/**
 * Debian's chromium-headless-shell: the headless build playwright itself runs for headless tests (no browser UI to
 * start per window; a browser context with its first page is about 1.1 s of CPU here against 1.7 s in chromium's
 * full --headless, a page load 0.3 s against 0.4 s). The same Blink and V8 as the `chromium` package of its version.
 */
export const CHROMIUM = '/usr/bin/chromium-headless-shell';
export const EPUBCHECK_JAR = '/usr/share/java/epubcheck.jar';
/**
 * The environment of a `karya` run whose package's EPUB check is skipped: a PATH (a folder that need not exist) where
 * no epubcheck is found. For the tests that read no verdict: a check is a JVM, several seconds of CPU.
 */
export const WITHOUT_EPUBCHECK: { PATH: string } = { PATH: path.join(os.tmpdir(), 'karya-no-epubcheck') };
const DEJAVU = '/usr/share/fonts/truetype/dejavu';

export const TOOLS: readonly Tool[] = [
  // DAISY Ace (tests/export/ace.test.ts) drives it too; Ace itself is a devDependency (@daisy/ace-cli).
  {
    id: 'chromium',
    what: `chromium-headless-shell (${CHROMIUM})`,
    packages: ['chromium-headless-shell'],
    usedBy: ['tests/e2e/', 'tests/export/ace.test.ts', 'tests/export/read-along-ace.test.ts'],
    leaveOutQuick: false,
    isPresent: (p) => p.exists(CHROMIUM),
  },
  {
    id: 'epubcheck',
    what: `epubcheck (${EPUBCHECK_JAR} or epubcheck on PATH)`,
    packages: ['epubcheck'],
    usedBy: ['tests/export/render.test.ts', 'tests/export/cli-export.test.ts', 'tests/export/java.test.ts'],
    leaveOutQuick: true,
    isPresent: (p) => p.exists(EPUBCHECK_JAR) || p.which('epubcheck'),
  },
  {
    id: 'poppler',
    what: 'pdfinfo, pdftotext and pdffonts (poppler-utils)',
    packages: ['poppler-utils'],
    usedBy: ['tests/export/render.test.ts', 'tests/export/cli-export.test.ts', 'tests/export/batch-formats.test.ts'],
    leaveOutQuick: true,
    isPresent: (p) => ['pdfinfo', 'pdftotext', 'pdffonts'].every((program) => p.which(program)),
  },
  {
    id: 'postgres',
    what: 'the Postgres binaries initdb and pg_ctl (or set KARYA_PG_BIN)',
    packages: ['postgresql'],
    usedBy: ['tests/scale/', 'tests/server/store.test.ts'],
    leaveOutQuick: false,
    isPresent: (p) => p.postgresBinDir() !== null,
  },
  {
    id: 'fonts',
    what: `the DejaVu fonts (${DEJAVU}: serif, italics)`,
    packages: ['fonts-dejavu-core', 'fonts-dejavu-extra'],
    usedBy: [
      'tests/export/',
      'tests/publish/cli.test.ts',
      'tests/server/publish.test.ts',
      'tests/server/books-export.test.ts',
    ],
    leaveOutQuick: true,
    // KARYA_FONT_DIR: where the PDF export looks instead (engine/node/export/pdf.ts).
    isPresent: (p) =>
      ['DejaVuSerif.ttf', 'DejaVuSerif-Italic.ttf'].every((font) =>
        p.exists(path.join(process.env.KARYA_FONT_DIR ?? DEJAVU, font)),
      ),
  },
  // The DOCX and EPUB manuscripts an import reads are made by another tool, as a writer's are.
  {
    id: 'pandoc',
    what: 'pandoc (DOCX and EPUB manuscripts to import)',
    packages: ['pandoc'],
    usedBy: [
      'tests/import/formats.test.ts',
      'tests/import/invisible.test.ts',
      'tests/import/hostile.test.ts',
      'tests/import/epub-contents.test.ts',
      'tests/server/import-hostile.test.ts',
    ],
    leaveOutQuick: true,
    isPresent: (p) => p.which('pandoc'),
  },
  // The launcher's own Node check runs on the Node a newcomer may still have: Debian's nodejs (20 on these machines).
  {
    id: 'old-node',
    what: `a Node older than 22.14 at ${OLD_NODE} (Debian's nodejs), for the launcher's version check`,
    packages: ['nodejs'],
    usedBy: ['tests/cli/cli.test.ts'],
    leaveOutQuick: false,
    isPresent: (p) => p.exists(OLD_NODE) && (p.nodeMajor?.(OLD_NODE) ?? 0) < 22,
  },
  // A translated edition's translator is read as a reader's library reads it (calibre's ebook-meta).
  {
    id: 'calibre',
    what: "calibre's ebook-meta (a translated edition's translator as calibre reads it)",
    packages: ['calibre'],
    usedBy: ['tests/translate/edition-book.test.ts'],
    leaveOutQuick: true,
    isPresent: (p) => p.which('ebook-meta'),
  },
];

/**
 * The folder of initdb and pg_ctl (KARYA_PG_BIN, Debian's /usr/lib/postgresql/<n>/bin, or pg_config --bindir), or null.
 */
export function postgresBinDir(): string | null {
  const candidates: string[] = [];
  if (process.env.KARYA_PG_BIN) candidates.push(process.env.KARYA_PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    for (const v of readdirSync(debian).sort((a, b) => Number(b) - Number(a)))
      candidates.push(path.join(debian, v, 'bin'));
  }
  const fromConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (fromConfig.status === 0) candidates.push(fromConfig.stdout.trim());
  return candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) ?? null;
}

/** This machine. */
export const systemProbe: Probe = {
  which: (program) =>
    (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir !== '' && existsSync(path.join(dir, program))),
  exists: existsSync,
  postgresBinDir,
  nodeMajor: nodeMajorOf,
};

/** The tools that are missing. */
export function missingTools(probe: Probe, tools: readonly Tool[] = TOOLS): Tool[] {
  return tools.filter((tool) => !tool.isPresent(probe));
}

/** The command that installs them (Debian). */
export function installCommand(missing: readonly Tool[], opts: { isRoot: boolean }): string {
  const packages = [...new Set(missing.flatMap((t) => t.packages))].join(' ');
  const sudo = opts.isRoot ? '' : 'sudo ';
  return `${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq ${packages}`;
}

/**
 * Whether the developer asked for a quick run (KARYA_QUICK=1): tests needing a missing tool are then skipped, and said
 * so.
 */
export function isQuickRun(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.KARYA_QUICK === '1' || env.KARYA_QUICK === 'true';
}

/**
 * The test files named on the command line (`vitest run tests/export`), or [] for the whole suite: the
 * arguments that are not options nor an option's value.
 */
export function fileFilters(argv: readonly string[]): string[] {
  const WITH_VALUE = new Set([
    '-t',
    '--testNamePattern',
    '-c',
    '--config',
    '-r',
    '--root',
    '--dir',
    '--reporter',
    '--project',
    '--pool',
    '--shard',
    '--maxWorkers',
    '--minWorkers',
    '--environment',
    '--outputFile',
    '--mode',
    '--testTimeout',
    '--hookTimeout',
    '--retry',
    '--bail',
    '--sequence.seed',
    '--exclude',
  ]);
  const start = argv.findIndex((a) => /(^|[/\\])vitest(\.m?js)?$/.test(a));
  const args = argv.slice(start + 1);
  const filters: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.startsWith('-')) {
      if (WITH_VALUE.has(arg)) i++;
      continue;
    }
    if (i === 0 && ['run', 'watch', 'dev', 'related', 'bench'].includes(arg)) continue;
    filters.push(arg.replace(/\\/g, '/').replace(/^\.\//, ''));
  }
  return filters;
}

/** Whether a run with these filters runs a test file the tool is needed by (every one when there are none). */
export function isNeeded(tool: Tool, filters: readonly string[]): boolean {
  if (filters.length === 0) return true;
  return filters.some((f) => tool.usedBy.some((used) => used.includes(f) || f.startsWith(used)));
}

/** What to do about the missing tools before the tests: nothing, skip some (quick), install, or stop. */
export function toolPlan(input: {
  missing: readonly Tool[];
  filters: readonly string[];
  isQuick: boolean;
  isRoot: boolean;
  hasApt: boolean;
}):
  | { action: 'run' }
  | { action: 'skip'; message: string }
  | { action: 'install'; command: string }
  | { action: 'stop'; message: string } {
  const needed = input.missing.filter((t) => isNeeded(t, input.filters));
  if (needed.length === 0) return { action: 'run' };
  const command = installCommand(needed, { isRoot: input.isRoot });
  const list = needed.map((t) => `  - ${t.what}: needed by ${t.usedBy.join(', ')}`).join('\n');
  if (input.isQuick)
    return {
      action: 'skip',
      message:
        `KARYA_QUICK: skipping the tests that need what is missing ` +
        `here:\n${list}\nInstall it for a full run: ${command}`,
    };
  if (input.isRoot && input.hasApt) return { action: 'install', command };
  return {
    action: 'stop',
    message:
      `The tests need what is missing here:\n${list}\nInstall it with:\n ` +
      ` ${command}\n(or run a quick run without those tests: KARYA_QUICK=1 npm test)`,
  };
}

/** The test files a quick run leaves out (tools missing here whose tests do not skip themselves). */
export function leftOutQuick(probe: Probe = systemProbe): string[] {
  return missingTools(probe)
    .filter((t) => t.leaveOutQuick)
    .flatMap((t) => t.usedBy.map((u) => (u.endsWith('/') ? `${u}**` : u)));
}

/**
 * For a test file that needs a tool: null when it is there; in a quick run, the reason to skip (printed);
 * otherwise it throws, naming the command that installs it (the file fails rather than pass having skipped).
 */
export function toolSkip(id: ToolId, probe: Probe = systemProbe, env: NodeJS.ProcessEnv = process.env): string | null {
  const tool = TOOLS.find((t) => t.id === id)!;
  if (tool.isPresent(probe)) return null;
  const command = installCommand([tool], { isRoot: process.getuid?.() === 0 });
  if (isQuickRun(env)) {
    const reason = `skipped (KARYA_QUICK): needs ${tool.what}; install it with: ${command}`;
    console.warn(reason);
    return reason;
  }
  throw new Error(
    `These tests need ${tool.what}: install it with \`${command}\` (or KARYA_QUICK=1 for a quick run without them)`,
  );
}

/** vitest globalSetup: before any test file runs. */
export default function setup(): void {
  const isRoot = process.getuid?.() === 0;
  const hasApt = systemProbe.which('apt-get');
  const filters = fileFilters(process.argv);
  const plan = toolPlan({ missing: missingTools(systemProbe), filters, isQuick: isQuickRun(), isRoot, hasApt });
  if (plan.action === 'run') return;
  if (plan.action === 'skip') {
    process.stderr.write(`\n${plan.message}\n\n`);
    return;
  }
  if (plan.action === 'install') {
    process.stderr.write(`\nThe tests need system packages that are missing; installing them: ${plan.command}\n`);
    const done = spawnSync('sh', ['-c', plan.command], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const still = missingTools(systemProbe).filter((t) => isNeeded(t, filters));
    if (done.status === 0 && still.length === 0) return;
    throw new Error(
      `Installing the tests' system packages failed (${plan.command}); ` +
        `still missing: ${still.map((t) => t.what).join('; ') || 'none'}`,
    );
  }
  throw new Error(plan.message);
}
