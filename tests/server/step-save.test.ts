// A book's step saved through the engine's saving port on each database (the state file's SQLite, and Postgres as a
// queued batch's worker and a local batch on KARYA_DATABASE_URL save it): a step is done once saveStep returns and is
// saved whole or not at all (engine/session/ports.ts, server/store/queries/step.ts).
import { afterAll, describe, expect, it } from 'vitest';
import type { ProgressStore, StepSave } from '../../engine/index.js';
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

/** The save of a romance's step at `position` (0 the introduction), with the book's parts so far. */
function stepSave(position: number, content: string[], opts: { isFirst?: boolean; text?: string } = {}): StepSave {
  const text = 'text' in opts ? opts.text! : content[position]!;
  return {
    generatorId: 'romance',
    bookType: 'romance',
    step: position ? { kind: 'chapter', position, chapter: position } : { kind: 'introduction', position: 0 },
    stepKey: position ? `chapter:${position}` : 'introduction',
    position,
    text,
    state: {
      generatorId: 'romance',
      settings: {},
      lang: 'en',
      totalChapters: 3,
      content,
      currentChapter: position + 1,
      isLocked: true,
    },
    isComplete: true,
    continuations: 0,
    isFirst: opts.isFirst ?? false,
    isFinished: false,
    keepsProgress: true,
    label: 'Part',
    words: 1,
    seconds: 0.1,
  } as StepSave;
}

describe.each(databases)('a step saved on $name', (database) => {
  const it_ = database.skip ? it.skip : it;
  const progress = async (owner: string): Promise<ProgressStore> => {
    const state = await database.open();
    opened.push(state);
    return state.progress(owner);
  };

  it_(
    'a later step of a book not saved yet saves the book with its part; written again, the part is replaced',
    async () => {
      const store = await progress('u1');
      await store.saveStep('romance', stepSave(1, ['Intro', 'Chapter one']));
      expect((await store.load('romance'))?.state).toMatchObject({ content: ['Chapter one'], currentChapter: 2 });
      await store.saveStep('romance', stepSave(2, ['Intro', 'Chapter one', 'Chapter two']));
      await store.saveStep('romance', stepSave(1, ['Intro', 'Chapter one again', 'Chapter two']));
      expect((await store.load('romance'))?.state).toMatchObject({
        content: ['Chapter one again', 'Chapter two'],
        currentChapter: 2,
      });
    },
  );

  it_(
    'a later step whose part the database refuses is not saved: the book stays as the step before left it',
    async () => {
      const store = await progress('u2');
      await store.saveStep('romance', stepSave(0, ['Intro'], { isFirst: true }));
      const refused = store.saveStep('romance', stepSave(1, ['Intro', 'Chapter one'], { text: null as never }));
      await expect(refused).rejects.toThrow(/null/i);
      expect((await store.load('romance'))?.state).toMatchObject({ content: ['Intro'], currentChapter: 1 });
    },
  );

  it_('later steps of one new book saved at once make one book with every part', async () => {
    const store = await progress('u3');
    const content = ['Intro', 'One', 'Two', 'Three', 'End'];
    await Promise.all(content.map((_, position) => store.saveStep('romance', stepSave(position, content))));
    expect((await store.load('romance'))?.state.content).toEqual(content);
  });
});
