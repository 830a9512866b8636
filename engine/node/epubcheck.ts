// epubcheck's verdict on a package's EPUB (engine/node/publish.ts): pass, fail with its first errors, or skipped with
// the reason when epubcheck or Java is not installed; Debian's epubcheck (a jar) runs in the process's long-lived JVM
// (engine/node/epubcheck-server.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { say, type EpubcheckResult } from '../publish/index.js';
import { findOnPath } from './java.js';
import { runEpubcheckCommand } from './epubcheck-server.js';

/**
 * epubcheck's verdict on an EPUB file: pass (no errors), fail (its first errors), or skipped with the
 * reason when epubcheck (Debian: `apt install epubcheck`) or Java is not installed. Debian's epubcheck (a jar)
 * runs in the process's long-lived JVM (engine/node/epubcheck-server.ts).
 */
export async function runEpubcheck(file: string): Promise<EpubcheckResult> {
  const found = findOnPath('epubcheck');
  if (!found) return { status: 'skipped', detail: say('epubcheck.not-installed') };
  // Messages name the file as given, or by its whole path (the long-lived JVM): both become its name alone.
  const { stdout, stderr, failure } = await runEpubcheckCommand(found, file);
  const output = `${stdout}\n${stderr}`;
  const summary = /Messages:\s*(\d+) fatals?\s*\/\s*(\d+) errors?\s*\/\s*(\d+) warnings?/i.exec(output);
  if (!summary) {
    const reason =
      failure?.kind === 'missing'
        ? say('epubcheck.command-missing', { command: failure.command })
        : failure?.kind === 'timed-out'
          ? say('epubcheck.timed-out', { seconds: failure.seconds })
          : failure
            ? say('verbatim', { text: failure.message })
            : say('epubcheck.no-summary');
    return { status: 'skipped', detail: say('epubcheck.did-not-run', { reason }) };
  }
  const [fatals, errors, warnings] = [Number(summary[1]), Number(summary[2]), Number(summary[3])];
  const messages = output
    .split('\n')
    .filter((l) => /^(FATAL|ERROR|WARNING)\(/.test(l.trim()))
    .slice(0, 5)
    .map((l) => l.trim().replace(path.resolve(file), path.basename(file)).replace(file, path.basename(file)));
  const counts = { fatals, errors, warnings };
  const detail = messages.length
    ? say('epubcheck.counts-messages', { ...counts, messages: messages.join(' | ') })
    : say('epubcheck.counts', counts);
  return { status: fatals + errors === 0 ? 'pass' : 'fail', detail };
}

/**
 * epubcheck's verdict on an EPUB in memory: written to a temporary folder for the check and removed after
 * (the server's packages are never written to disk).
 */
export async function runEpubcheckOnBytes(epub: Uint8Array): Promise<EpubcheckResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'karya-epubcheck-'));
  try {
    const file = path.join(dir, 'manuscript.epub');
    writeFileSync(file, epub);
    return await runEpubcheck(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
