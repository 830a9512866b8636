// Adds the ten slowest test files with their seconds (so the next cut of the suite's time is measurable) and
// the plain closing line CI reads ("tests: N passed, N failed, N skipped") after vitest's own report.
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest files are named. */
const SLOWEST = 10;

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (m.state() === 'failed' && [...m.children.allTests()].length === 0) failed++;
    }
    const slowest = [...modules]
      .map((m) => ({ file: path.relative(process.cwd(), m.moduleId), ms: m.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST);
    if (slowest.length > 1) {
      process.stdout.write(
        `\nslowest test ` +
          `files:\n${slowest.map((s) => `  ${(s.ms / 1000).toFixed(1).padStart(6)} s  ${s.file}`).join('\n')}\n`,
      );
    }
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
