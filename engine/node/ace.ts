// DAISY's Ace on an EPUB (Node only): the accessibility checker retailers and distributors run since the European
// Accessibility Act (28 June 2025) covers e-books. Ace runs in a child process, headless on a system Chromium
// (PUPPETEER_EXECUTABLE_PATH, else Debian's chromium-headless-shell or chromium on PATH): the @daisy/ace-cli package
// (installed with Karya, or the `ace-cli` on PATH that is that package) in one long-lived process that keeps its
// Chromium for the next check (ace-checker.ts); another `ace-cli` on PATH as its command line each time. One check at
// a time in a process (Chromium is a few hundred MB and seconds of CPU an EPUB), each bounded by a time-out. Where it
// cannot run (KARYA_ACE=off, no Ace, no Chromium, a time-out, no report) the verdict is `skipped` saying why and how
// to install it, never a silent pass. The readiness rule that reads this verdict:
// engine/publish/readiness/accessibility.ts.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { findOnPath } from './java.js';
import { sharedAceChecker } from './ace-checker.js';
import { say, type AceResult, type ReadinessText } from '../publish/index.js';

/** The longest one Ace check may take (a 12-chapter book takes ~4 s, a long novel under a minute). */
export const ACE_TIMEOUT_MS = 180_000;

/** Where Debian puts its Chromium builds, looked for when PUPPETEER_EXECUTABLE_PATH is not set. */
const CHROMIUMS = ['chromium-headless-shell', 'chromium', 'chromium-browser', 'google-chrome'];

/** How Ace is started: a program and its first arguments. */
type AceCommand = { command: string; args: string[] };

/**
 * Ace's command: `ace-cli` (or `ace`) on PATH, else the installed @daisy/ace-cli run by this Node; none when neither.
 */
export function findAce(): AceCommand | undefined {
  const onPath = findOnPath('ace-cli') ?? findOnPath('ace');
  if (onPath) return { command: onPath, args: [] };
  try {
    const pkg = createRequire(import.meta.url).resolve('@daisy/ace-cli/package.json');
    const bin = path.join(path.dirname(pkg), 'bin', 'ace.js');
    return existsSync(bin) ? { command: process.execPath, args: [bin] } : undefined;
  } catch {
    return undefined;
  }
}

/** The Chromium Ace drives: PUPPETEER_EXECUTABLE_PATH when it names a file, else one on PATH. */
export function findChromium(): string | undefined {
  const given = process.env.PUPPETEER_EXECUTABLE_PATH;
  if (given) return existsSync(given) ? given : undefined;
  for (const name of CHROMIUMS) {
    const found = findOnPath(name);
    if (found) return found;
  }
  return undefined;
}

/**
 * Whether Ace is turned off for this process (KARYA_ACE=off: the test suite, a server that leaves it to the stores).
 */
export const isAceOff = (): boolean => /^(off|0|false|no)$/i.test(process.env.KARYA_ACE ?? '');

/** One violation as Ace's report (report.json) gives it. */
export interface AceViolation {
  file: string;
  rule: string;
  impact: 'critical' | 'serious' | 'moderate' | 'minor';
}

/** The violations of an Ace report (report.json): each page's assertions, with its file, rule and impact. */
export function aceViolations(report: unknown): AceViolation[] {
  const pages = (report as { assertions?: unknown[] })?.assertions ?? [];
  return pages.flatMap((page) => {
    const p = page as { 'earl:testSubject'?: { url?: string }; assertions?: unknown[] };
    return (p.assertions ?? []).flatMap((a) => {
      const test = (a as { 'earl:test'?: { 'earl:impact'?: string; 'dct:title'?: string } })['earl:test'];
      const impact = test?.['earl:impact'];
      if (impact !== 'critical' && impact !== 'serious' && impact !== 'moderate' && impact !== 'minor') return [];
      return [{ file: p['earl:testSubject']?.url ?? '', rule: test?.['dct:title'] ?? '', impact }];
    });
  });
}

/** Ace's violations as a readiness verdict: serious or critical fail, moderate or minor warn, none pass. */
export function aceVerdict(violations: readonly AceViolation[]): AceResult {
  const n = (impact: AceViolation['impact']) => violations.filter((v) => v.impact === impact).length;
  const counts = { critical: n('critical'), serious: n('serious'), moderate: n('moderate'), minor: n('minor') };
  const status = counts.critical + counts.serious > 0 ? 'fail' : counts.moderate + counts.minor > 0 ? 'warn' : 'pass';
  const order = ['critical', 'serious', 'moderate', 'minor'];
  const first = [...violations]
    .sort((a, b) => order.indexOf(a.impact) - order.indexOf(b.impact))
    .slice(0, 5)
    .map((v) => `${v.rule} (${v.impact}, ${path.basename(v.file)})`);
  return {
    status,
    detail: first.length
      ? say('ace.counts-messages', { ...counts, messages: first.join(' | ') })
      : say('ace.counts', counts),
    counts,
  };
}

const skipped = (detail: ReadinessText): AceResult => ({ status: 'skipped', detail });

/** Ace's checks, one at a time in this process. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Ace's verdict on an EPUB file: pass (no violations), warn (moderate or minor ones), fail (serious or critical
 * ones), each with its counts and first rules; or skipped saying why (turned off, not installed, no Chromium,
 * timed out) and how to install what is missing. A check `signal` gives up (its package failed) is not started or is
 * ended, and rejects with the signal's reason.
 */
export async function runAce(file: string, signal?: AbortSignal, timeoutMs = ACE_TIMEOUT_MS): Promise<AceResult> {
  if (isAceOff()) return skipped(say('ace.off'));
  const ace = findAce();
  if (!ace) return skipped(say('ace.not-installed'));
  const chromium = findChromium();
  if (!chromium) return skipped(say('ace.no-chromium'));
  const run = queue.then(() => {
    signal?.throwIfAborted();
    return aceOnce({ ace, chromium, file, timeoutMs, ...(signal ? { signal } : {}) });
  });
  queue = run.catch(() => undefined);
  return run;
}

/** The @daisy/ace-cli package's folder when Ace's command is that package's own (on PATH or installed), else none. */
function cliPackageOf(ace: AceCommand): string | undefined {
  try {
    const bin = realpathSync(ace.args[0] ?? ace.command);
    return /[\\/]@daisy[\\/]ace-cli[\\/]bin[\\/]ace\.js$/.test(bin) ? path.dirname(path.dirname(bin)) : undefined;
  } catch {
    return undefined;
  }
}

/** Ace's verdict from the report it wrote into `out`, else skipped saying why (what it said, or its time-out). */
function verdictIn(out: string, timeoutMs: number, failure: { said: string; killed: boolean }): AceResult {
  const report = path.join(out, 'report.json');
  if (existsSync(report)) return aceVerdict(aceViolations(JSON.parse(readFileSync(report, 'utf8'))));
  const reason = failure.killed
    ? say('ace.timed-out', { seconds: Math.round(timeoutMs / 1000) })
    : failure.said
      ? say('verbatim', { text: failure.said })
      : say('ace.no-report');
  return skipped(say('ace.did-not-run', { reason }));
}

/** One check of `file` by `ace` on `chromium`, given up when `signal` aborts. */
interface AceRun {
  ace: AceCommand;
  chromium: string;
  file: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** One check: in the package's long-lived process when it can answer, else Ace's command line on its own. */
async function aceOnce(run: AceRun): Promise<AceResult> {
  const { ace, chromium, file, timeoutMs, signal } = run;
  const cliPackage = cliPackageOf(ace);
  if (!cliPackage) return aceCommandOnce(run);
  const out = mkdtempSync(path.join(os.tmpdir(), 'karya-ace-'));
  try {
    const served = await sharedAceChecker(cliPackage, chromium).check(
      { epub: path.resolve(file), outdir: out, tmpdir: path.join(out, 'epub'), timeoutMs },
      signal,
    );
    if (served.kind === 'given-up') signal?.throwIfAborted();
    if (served.kind === 'unavailable') return aceCommandOnce(run);
    try {
      return verdictIn(out, timeoutMs, { said: '', killed: served.kind === 'timed-out' });
    } catch (e) {
      return skipped(say('ace.did-not-run', { reason: say('verbatim', { text: (e as Error).message }) }));
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function aceCommandOnce({ ace, chromium, file, timeoutMs, signal }: AceRun): Promise<AceResult> {
  const out = mkdtempSync(path.join(os.tmpdir(), 'karya-ace-'));
  const args = [
    ...ace.args,
    '--silent',
    '--force',
    '--timeout',
    String(timeoutMs),
    '--outdir',
    out,
    path.resolve(file),
  ];
  const env = { ...process.env, PUPPETEER_EXECUTABLE_PATH: chromium, PUPPETEER_SKIP_DOWNLOAD: '1' };
  return new Promise<AceResult>((resolve, reject) => {
    execFile(
      ace.command,
      args,
      { env, timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024, ...(signal ? { signal } : {}) },
      (error, stdout, stderr) => {
        try {
          if (signal?.aborted) return reject(signal.reason);
          const said = (String(stderr) || String(stdout) || error?.message || '')
            .trim()
            .split('\n')
            .slice(-3)
            .join(' ')
            .slice(0, 300);
          resolve(verdictIn(out, timeoutMs, { said, killed: error?.killed === true }));
        } catch (e) {
          resolve(skipped(say('ace.did-not-run', { reason: say('verbatim', { text: (e as Error).message }) })));
        } finally {
          rmSync(out, { recursive: true, force: true });
        }
      },
    );
  });
}

/**
 * Ace's verdict on an EPUB in memory: written to a temporary folder for the check and removed after (the server's
 * packages).
 */
export async function runAceOnBytes(epub: Uint8Array, signal?: AbortSignal): Promise<AceResult> {
  if (isAceOff()) return skipped(say('ace.off'));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'karya-ace-epub-'));
  try {
    const file = path.join(dir, 'manuscript.epub');
    writeFileSync(file, epub);
    return await runAce(file, signal);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
