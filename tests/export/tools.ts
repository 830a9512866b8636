// Helpers of the export tests: read a ZIP (EPUB, DOCX) with node:zlib, write a small EPUB, and run Debian's epubcheck,
// pdfinfo and pdftotext on a file.
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { runEpubcheckCommand } from '../../engine/node/epubcheck-server.js';
import { renderDocument } from '../../engine/node/export/index.js';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  data: Buffer;
}

/** Every entry of a ZIP file, in the order of its central directory. */
export function readZip(bytes: Uint8Array): ZipEntry[] {
  const buf = Buffer.from(bytes);
  let end = buf.length - 22;
  while (end >= 0 && buf.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a ZIP file: no end of central directory');
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry ${i}`);
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const skip = nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(start, start + size);
    entries.push({ name, method, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
    at += 46 + skip;
  }
  return entries;
}

/** One entry's text, or an error naming the entries there are. */
export function zipText(entries: readonly ZipEntry[], name: string): string {
  const entry = entries.find((e) => e.name === name);
  if (!entry) throw new Error(`${name} is not in the archive (${entries.map((e) => e.name).join(', ')})`);
  return entry.data.toString('utf8');
}

export interface ToolRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runTool(command: string, args: readonly string[]): Promise<ToolRun> {
  return new Promise((resolve) => {
    execFile(command, [...args], { maxBuffer: 32 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 127) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr || (error && !stdout ? error.message : '')) });
    });
  });
}

// Debian installs epubcheck as /usr/bin/epubcheck -> epubcheck.jar, which runs directly only where the
// kernel knows to hand jars to Java (binfmt_misc): call Java with the jar instead.
const EPUBCHECK_JAR = '/usr/share/java/epubcheck.jar';

/** epubcheck on a file: exit code and its report (stdout and stderr together). */
export async function epubcheck(file: string): Promise<{ code: number; report: string }> {
  // Checked as Karya's own check is (engine/node/epubcheck-server.ts): the jar in the worker's one long-lived JVM,
  // which every file of a worker shares.
  if (!existsSync(EPUBCHECK_JAR)) {
    const run = await runTool('epubcheck', [file]);
    return { code: run.code, report: `${run.stdout}${run.stderr}` };
  }
  const run = await runEpubcheckCommand(EPUBCHECK_JAR, file);
  return { code: run.code, report: `${run.stdout}${run.stderr}` };
}

/** A one-chapter Malay book's EPUB, written to `file`: a check of a few pages (Ace's cost grows with each page). */
export async function writeSmallEpub(file: string): Promise<void> {
  const doc = {
    title: 'Kecil',
    author: 'Nur',
    lang: 'ms' as const,
    typeLabel: 'Novel',
    parts: [{ id: 'chapter:1', heading: 'Satu', markdown: 'Hujan turun di atas bukit.' }],
  };
  writeFileSync(file, await renderDocument(doc, 'epub', { date: new Date('2026-03-04T05:06:07Z') }));
}
