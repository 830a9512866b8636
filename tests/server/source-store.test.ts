// A book's source status kept on each database (the state file's SQLite, and Postgres): saved with the book's
// header (migration 0036 / the state file's 0016), read back with it, set alone by the writer (saveSource), and kept
// when a later step saves a header that carries none (a state made without it never takes it away).
import { afterAll, describe, expect, it } from 'vitest';
import type { SourceStatus, StepSave } from '../../engine/index.js';
import { openStateStore, type StateFile } from '../../server/store/state.js';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../postgres.js';

let cluster: PostgresCluster | undefined;
const opened: StateFile[] = [];
afterAll(async () => {
  for (const state of opened) await state.close();
  cluster?.stop();
});

const databases = [
  { name: 'sqlite', skip: null, open: () => openStateStore({ file: ':memory:' }) },
  {
    name: 'postgres',
    skip: postgresUnavailable(),
    open: async () => {
      cluster ??= await startPostgres();
      return openStateStore({ databaseUrl: await cluster.createDatabase() });
    },
  },
];

const GUTENBERG: SourceStatus = { publicDomain: true, from: 'gutenberg', originalAuthor: 'Lucy Maud Montgomery' };

function stepSave(position: number, content: string[], source?: SourceStatus): StepSave {
  return {
    generatorId: 'romance',
    bookType: 'romance',
    step: position ? { kind: 'chapter', position, chapter: position } : { kind: 'introduction', position: 0 },
    stepKey: position ? `chapter:${position}` : 'introduction',
    position,
    text: content[position]!,
    state: {
      generatorId: 'romance',
      settings: {},
      lang: 'en',
      totalChapters: 3,
      content,
      currentChapter: position + 1,
      isLocked: true,
      ...(source ? { source } : {}),
    },
    isComplete: true,
    continuations: 0,
    isFirst: position === 0,
    isFinished: false,
    keepsProgress: true,
    label: 'Part',
    words: 1,
    seconds: 0.1,
  } as StepSave;
}

describe.each(databases)("a book's source status on $name", (database) => {
  const it_ = database.skip ? it.skip : it;
  it_('is saved and read with the book, set by the writer, and kept by a later step that carries none', async () => {
    const file = await database.open();
    opened.push(file);
    const store = file.progress('u1');
    await store.saveStep('romance', stepSave(0, ['Intro'], GUTENBERG));
    expect((await store.load('romance'))?.state.source).toEqual(GUTENBERG);
    const confirmed: SourceStatus = { ...GUTENBERG, firstPublished: 1909, confirmed: true };
    expect(await file.repos.books.saveSource({ userId: 'u1', key: 'romance', source: confirmed })).toBe(true);
    expect((await store.load('romance'))?.state.source).toEqual(confirmed);
    await store.saveStep('romance', stepSave(1, ['Intro', 'Chapter one']));
    expect((await store.load('romance'))?.state.source).toEqual(confirmed);
    expect(await file.repos.books.saveSource({ userId: 'u1', key: 'nothing', source: confirmed })).toBe(false);
  });
});
