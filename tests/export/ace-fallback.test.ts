// Where Ace's long-lived process cannot answer (engine/node/ace-checker.ts: here it ends before its first answer,
// as one whose package is missing its checker does), runAce runs Ace's command line for that file, and the verdict is
// the command line's, not lost; that process is not started again. The package is a stand-in whose bin/ace.js (on
// PATH as ace-cli) runs the installed @daisy/ace-cli's command line, so the long-lived process, started with the
// stand-in's folder, finds no @daisy/ace-core; the command line is the real one, headless on Debian's Chromium, on a
// one-chapter EPUB (a check of a few pages: Ace's cost grows with each page it opens).
// The suite turns Ace off (vitest.config.ts, KARYA_ACE=off); this file turns it on for its own run and puts it back.
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium, runAce } from '../../engine/node/ace.js';
import { sharedAceChecker } from '../../engine/node/ace-checker.js';
import { writeSmallEpub } from './tools.js';
import { toolSkip } from '../setup/tools.js';
import { tempDir } from '../temp.js';

const skip = toolSkip('chromium');
const REAL_ACE = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@daisy/ace-cli/package.json')),
  'bin',
  'ace.js',
);

describe.skipIf(skip !== null)("Ace's command line when its long-lived process cannot answer", () => {
  const saved = { KARYA_ACE: process.env.KARYA_ACE, PATH: process.env.PATH };
  const root = tempDir('karya-ace-fallback-');
  const standIn = path.join(root, 'node_modules', '@daisy', 'ace-cli');
  const epub = path.join(root, 'kecil.epub');

  beforeAll(async () => {
    mkdirSync(path.join(standIn, 'bin'), { recursive: true });
    mkdirSync(path.join(root, 'bin'));
    writeFileSync(path.join(standIn, 'package.json'), JSON.stringify({ name: '@daisy/ace-cli', version: '0.0.0' }));
    // The installed command line, run by this Node: a shell script, so it needs no `node` on PATH.
    const bin = path.join(standIn, 'bin', 'ace.js');
    writeFileSync(bin, `#!/bin/sh\nexec '${process.execPath}' '${REAL_ACE}' "$@"\n`);
    chmodSync(bin, 0o755);
    // Linked as the package's bin is linked: runAce finds the package by where ace-cli leads.
    symlinkSync(bin, path.join(root, 'bin', 'ace-cli'));
    await writeSmallEpub(epub);
    process.env.KARYA_ACE = 'on';
    process.env.PATH = `${path.join(root, 'bin')}${path.delimiter}${saved.PATH ?? ''}`;
  });
  afterAll(() => {
    for (const [name, value] of Object.entries(saved))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  });

  it("gives the command line's verdict, and does not start the process again", async () => {
    const ace = await runAce(epub);
    expect(ace.status, JSON.stringify(ace.detail)).toBe('pass');
    expect(ace.counts).toEqual({ critical: 0, serious: 0, moderate: 0, minor: 0 });
    // The stand-in's checker tried once, and says at once that it cannot answer, without a process.
    const checker = sharedAceChecker(standIn, findChromium()!);
    expect(checker.started).toBe(1);
    const job = { epub, outdir: path.join(root, 'out'), tmpdir: path.join(root, 'tmp'), timeoutMs: 60_000 };
    expect(await checker.check(job)).toMatchObject({
      kind: 'unavailable',
      why: expect.stringMatching(/^Ace's process ended \(1\)/),
    });
    expect(checker.started).toBe(1);
  }, 120_000);
});
