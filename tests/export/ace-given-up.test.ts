// An Ace check its caller gives up (the package it was for failed: engine/node/publish-checks.ts) holds nothing: one
// given up before its turn is never started, and one under way ends its process and that process's Chromium at once,
// rather than running to its end (up to ACE_TIMEOUT_MS) while the server's one Ace turn waits. Real Ace (the installed
// @daisy/ace-cli, its long-lived process) on Debian's Chromium, on a one-chapter EPUB.
// The suite turns Ace off (vitest.config.ts, KARYA_ACE=off); this file turns it on for its own run and puts it back.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findChromium, runAce } from '../../engine/node/ace.js';
import { AceChecker, sharedAceChecker } from '../../engine/node/ace-checker.js';
import { writeSmallEpub } from './tools.js';
import { toolSkip } from '../setup/tools.js';
import { tempDir } from '../temp.js';

const skip = toolSkip('chromium');
const CLI_PACKAGE = path.dirname(createRequire(import.meta.url).resolve('@daisy/ace-cli/package.json'));

/** The live processes under `pid` (children, theirs, …), zombies left out. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] !== 'Z') parents.set(Number(name), Number(fields[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  for (let at = [pid]; at.length > 0;) {
    at = [...parents].filter(([, parent]) => at.includes(parent)).map(([child]) => child);
    found.push(...at);
  }
  return found;
}

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};

describe.skipIf(skip !== null)('an Ace check given up', () => {
  const before = process.env.KARYA_ACE;
  const root = tempDir('karya-ace-given-up-');
  const epub = path.join(root, 'kecil.epub');

  beforeAll(async () => {
    await writeSmallEpub(epub);
    process.env.KARYA_ACE = 'on';
  });
  afterAll(() => {
    if (before === undefined) delete process.env.KARYA_ACE;
    else process.env.KARYA_ACE = before;
  });

  it('before its turn: rejects with the reason given, and starts no process', async () => {
    const shared = sharedAceChecker(CLI_PACKAGE, findChromium()!);
    const started = shared.started;
    const failed = new Error('the DOCX could not be made');
    await expect(runAce(epub, AbortSignal.abort(failed))).rejects.toBe(failed);
    expect(shared.started).toBe(started);
  });

  it('under way: its process and its Chromium end at once', async () => {
    const ours = () => descendants(process.pid).filter((pid) => commandOf(pid).includes('ace-server.cjs'));
    const already = new Set(ours());
    const checker = new AceChecker(CLI_PACKAGE, findChromium()!);
    const giveUp = new AbortController();
    const job = { epub, outdir: path.join(root, 'out'), tmpdir: path.join(root, 'tmp'), timeoutMs: 120_000 };
    const checked = checker.check(job, giveUp.signal);
    // The check is under way once its process has a Chromium open.
    let server = 0;
    let browsers: number[] = [];
    await vi.waitFor(
      () => {
        server = ours().find((pid) => !already.has(pid)) ?? 0;
        browsers = server ? descendants(server).filter((pid) => /chrom|headless/.test(commandOf(pid))) : [];
        expect(browsers.length).toBeGreaterThan(0);
      },
      { timeout: 60_000, interval: 50 },
    );
    giveUp.abort(new Error('the package failed'));
    expect(await checked).toEqual({ kind: 'given-up' });
    expect(checker.started).toBe(1);
    await vi.waitFor(() => expect(descendants(process.pid)).not.toContain(server), { timeout: 15_000, interval: 50 });
    const left = () => browsers.filter((pid) => commandOf(pid) !== '');
    await vi.waitFor(() => expect(left()).toEqual([]), { timeout: 15_000, interval: 50 });
  }, 90_000);
});
