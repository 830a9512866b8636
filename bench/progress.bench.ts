// `npm run bench:progress`: what saving a step costs as a book grows. Writes a 100-chapter romance with the
// offline provider through the book session into a fresh state file, and measures for every step the bytes
// it adds to SQLite's write-ahead log (checkpoints off, so the log holds every page written) and the time
// the save takes. Reference in the same run: the same steps saved the way Karya saved them before (the
// whole book rewritten in one row at every step). Prints figures; asserts nothing.
import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BookSession, parseSettings, type ProgressStore, type StepSave } from '../engine/index.js';
import { loadProviders } from '../engine/node.js';

const { createOfflineProvider } = await loadProviders();
import { loadCatalog } from '../engine/node.js';
import { STATE_MIGRATION_TABLE, stateMigrations } from '../migrations/state.js';
import { openSqlite } from '../server/store/sqlite/connect.js';
import { Store } from '../server/store/sqlite/store.js';
import { bookStore } from '../server/store/sqlite/books.js';

const CHAPTERS = 100;
const catalog = loadCatalog({ useDiskCache: true });
const spec = catalog.get('romance')!;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function run(mode: 'parts' | 'whole-book'): Promise<Array<{ position: number; bytes: number; ms: number }>> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'karya-bench-progress-')), 'state.sqlite');
  const opened = await openSqlite(file, { migrations: stateMigrations, tableName: STATE_MIGRATION_TABLE });
  opened.sqlite.pragma('wal_autocheckpoint = 0');
  const runner = new Store(opened.db as never, opened.sqlite);
  opened.sqlite.exec(
    'CREATE TABLE whole_book (key TEXT PRIMARY KEY, content TEXT ' +
      'NOT NULL, settings TEXT NOT NULL, position INTEGER NOT NULL)',
  );
  const whole = opened.sqlite.prepare(
    'INSERT INTO whole_book (key, content, settings, position) VALUES (?, ?, ?, ?) ON CONFLICT(key) DO ' +
      'UPDATE SET content = excluded.content, settings = excluded.settings, position = excluded.position',
  );
  const parts = bookStore(runner, 'bench');
  const rows: Array<{ position: number; bytes: number; ms: number }> = [];
  const wal = () => statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
  const measured: ProgressStore = {
    load: parts.load,
    saveMemory: parts.saveMemory,
    saveStep: async (key: string, save: StepSave) => {
      const before = wal();
      const t = performance.now();
      if (mode === 'parts') await parts.saveStep(key, save);
      else
        whole.run(
          key,
          JSON.stringify(save.state.content),
          JSON.stringify(save.state.settings),
          save.state.currentChapter,
        );
      rows.push({ position: save.position, bytes: wal() - before, ms: performance.now() - t });
    },
  };
  const session = await BookSession.open({
    spec,
    renderer: catalog.renderer,
    provider: createOfflineProvider(),
    store: measured,
    key: 'bench',
    settings: parseSettings(spec, {}),
    totalChapters: CHAPTERS,
    onFinished: 'restart',
  });
  while (session.next()) await session.advance();
  await opened.close();
  return rows;
}

function summary(rows: Array<{ position: number; bytes: number; ms: number }>, from: number, to: number) {
  const some = rows.filter((r) => r.position >= from && r.position <= to);
  return { bytes: median(some.map((r) => r.bytes)), ms: median(some.map((r) => r.ms)) };
}

const fmt = (x: { bytes: number; ms: number }) => `${(x.bytes / 1024).toFixed(1)} KiB, ${x.ms.toFixed(3)} ms`;
for (const mode of ['parts', 'whole-book'] as const) {
  const rows = await run(mode);
  const early = summary(rows, 1, 10);
  const late = summary(rows, 91, 100);
  process.stdout.write(
    `${mode === 'parts' ? 'append one part (Karya)' : 'rewrite the whole book (reference)'}: ` +
      `chapters 1-10 ${fmt(early)} per step; chapters 91-100 ${fmt(late)} per step; ` +
      `late ÷ early: bytes ${(late.bytes / early.bytes).toFixed(2)}×, time ${(late.ms / early.ms).toFixed(2)}×\n`,
  );
}
process.stdout.write(
  `load: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
