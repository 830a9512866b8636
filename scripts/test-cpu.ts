// Sums the CPU a test run wrote with KARYA_TEST_CPU=<folder> (tests/setup/cpu-per-file.ts): the costliest files and
// each folder's total, seconds. `npx tsx scripts/test-cpu.ts <folder> [how many files]`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface FileCpu {
  file: string;
  self: number;
  children: number;
  wall: number;
  /** The run's chromium while the file ran (a browser file run alone, or one file at a time: --maxWorkers=1). */
  chromium?: number;
}

const [folder, top = '40'] = process.argv.slice(2);
if (!folder) {
  process.stderr.write('usage: npx tsx scripts/test-cpu.ts <folder> [how many files]\n');
  process.exit(2);
}
const files: FileCpu[] = readdirSync(folder)
  .filter((name) => name.endsWith('.ndjson'))
  .flatMap((name) => readFileSync(path.join(folder, name), 'utf8').split('\n').filter(Boolean))
  .map((line) => JSON.parse(line) as FileCpu);
const cpu = (f: FileCpu) => f.self + f.children;
const byFolder = new Map<string, number>();
for (const f of files) {
  const area = f.file.split('/').slice(0, 2).join('/');
  byFolder.set(area, (byFolder.get(area) ?? 0) + cpu(f));
}
const total = files.reduce((sum, f) => sum + cpu(f), 0);
const chromium = files.reduce((sum, f) => sum + (f.chromium ?? 0), 0);
const lines = [
  `${files.length} files, ${total.toFixed(0)} s of CPU (a worker's own + its reaped children's); ` +
    `chromium ${chromium.toFixed(0)} s (not in cpu)`,
  '',
];
lines.push('  cpu   self  child   wall chromium  file');
for (const f of [...files].sort((a, b) => cpu(b) - cpu(a)).slice(0, Number(top))) {
  const cells = [cpu(f), f.self, f.children, f.wall, f.chromium ?? 0].map((n, i) =>
    n.toFixed(1).padStart(i === 4 ? 8 : 6),
  );
  lines.push(`${cells.join(' ')}  ${f.file}`);
}
lines.push('', 'by folder:');
for (const [area, seconds] of [...byFolder].sort((a, b) => b[1] - a[1])) {
  lines.push(`${seconds.toFixed(1).padStart(7)}  ${area}`);
}
process.stdout.write(`${lines.join('\n')}\n`);
