// A paid answer is kept the moment it arrives (engine/session/kept-answers.ts): a session stopped before its step
// or bible update is saved (a kill, an interrupt) leaves its answers with the book, and the next session asks only
// what is left. A step that failed for good (refused) and a book started afresh are asked anew. Counted at the fake
// model; the store is the state file's and the server's (SQLite, and Postgres when its binaries are here).
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookSession, parseSettings, type ProgressStore } from '../../engine/index.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { loadCatalog } from '../../engine/node/load.js';
import { openStateStore, type StateFile } from '../../server/store/state.js';
import {
  isBibleRequest,
  REFUSAL_TEXT,
  startFakeOpenAI,
  userMessageOf,
  type FakeOpenAI,
  type ScriptedReply,
} from '../fake-openai.js';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../postgres.js';
import { tempDir } from '../temp.js';

const catalog = loadCatalog({ useDiskCache: true });
const spec = catalog.get('romance')!;
let cluster: PostgresCluster | undefined;
const opened: StateFile[] = [];
afterAll(async () => {
  for (const state of opened) await state.close();
  cluster?.stop();
});

/** What the fake answers now (undefined: as a model would), and whether the introduction's first answer is short. */
const script: { reply?: (body: Record<string, unknown>) => ScriptedReply | undefined; shortIntroduction: boolean } = {
  shortIntroduction: false,
};
let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({
    writeRatio: (body) => (script.shortIntroduction && isIntroduction(body) && !isMore(body) ? 0.4 : 1),
    reply: (body) => script.reply?.(body),
  });
});
afterAll(() => fake.close());

const isIntroduction = (body: Record<string, unknown>) => userMessageOf(body).startsWith('Write the introduction');
/** An ask for more of a part begun (a length extension). */
const isMore = (body: Record<string, unknown>) => /Your answer so far is/.test(JSON.stringify(body.messages ?? ''));
const answered = (which: (body: Record<string, unknown>) => boolean) =>
  fake.generationRequests().filter((r) => r.answeredAt !== undefined && which(r.body ?? {})).length;
const introductionAsks = () => answered((b) => isIntroduction(b) && !isMore(b));

async function sqliteStore(): Promise<ProgressStore> {
  const state = await openStateStore({ file: ':memory:' });
  opened.push(state);
  return state.progress('cli');
}

function open(store: ProgressStore, key: string, opts: { isFresh?: boolean } = {}) {
  const provider = providerFromEnv({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL });
  return BookSession.open({
    spec,
    renderer: catalog.renderer,
    provider,
    store,
    key,
    settings: parseSettings(spec, {}),
    totalChapters: 2,
    onFinished: 'restart',
    ...opts,
  });
}

/** Run `work` until the fake is asked what `stops` says, then stop it there (as a kill would, its answers in hand). */
async function stoppedAt(
  stops: (body: Record<string, unknown>) => boolean,
  work: (signal: AbortSignal) => Promise<unknown>,
): Promise<void> {
  const stop = new AbortController();
  script.reply = (body) => {
    if (!stops(body)) return undefined;
    setTimeout(() => stop.abort(), 20);
    return { hang: true };
  };
  await expect(work(stop.signal)).rejects.toThrow();
  script.reply = undefined;
}

describe('answers kept before their step is saved', () => {
  it(
    'an introduction answered, then stopped while it asks for more: ' +
      'the next session is given it back and asks only for the rest',
    async () => {
      const store = await sqliteStore();
      const first = await open(store, 'more');
      await first.advance();
      script.shortIntroduction = true;
      const before = introductionAsks();
      await stoppedAt(isMore, (signal) => first.advance({ signal }));
      expect(introductionAsks()).toBe(before + 1);
      expect(first.state.content).toHaveLength(0);

      const second = await open(store, 'more');
      const moreBefore = answered(isMore);
      const done = await second.advance();
      script.shortIntroduction = false;
      // Not asked again: the introduction is the answer the first session paid for, and its ask for more.
      expect(introductionAsks()).toBe(before + 1);
      expect(answered(isMore)).toBe(moreBefore + 1);
      expect(done.step.kind).toBe('introduction');
      expect(done.words).toBeGreaterThan(1_000);
    },
  );

  it(
    'a bible update answered with nothing, then stopped ' + 'while asked again: the next session asks only again',
    async () => {
      const store = await sqliteStore();
      const first = await open(store, 'bible');
      await first.advance();
      await first.advance();
      // The update's first answer is empty (the server's 200 with no text): asked again with that named, and stopped
      // there.
      const isAgain = (body: Record<string, unknown>) =>
        isBibleRequest(body) && /not an update of the story bible/.test(userMessageOf(body));
      const stop = new AbortController();
      script.reply = (body) => {
        if (!isBibleRequest(body)) return undefined;
        if (!isAgain(body)) return { text: '' };
        setTimeout(() => stop.abort(), 20);
        return { hang: true };
      };
      const firstAsks = () => answered((b) => isBibleRequest(b) && !isAgain(b));
      const before = firstAsks();
      await expect(first.remember({ signal: stop.signal })).rejects.toThrow();
      script.reply = undefined;
      expect(firstAsks()).toBe(before + 1);

      const second = await open(store, 'bible');
      const againBefore = answered(isAgain);
      await second.remember();
      expect(firstAsks()).toBe(before + 1);
      expect(answered(isAgain)).toBe(againBefore + 1);
      expect(second.state.memoryUpTo).toBe(0);
    },
  );

  it('a step refused for good is asked anew by the next session, not given its refusals back', async () => {
    const store = await sqliteStore();
    const first = await open(store, 'refused');
    await first.advance();
    script.reply = (body) => (isIntroduction(body) ? { text: REFUSAL_TEXT.en } : undefined);
    const before = introductionAsks();
    await expect(first.advance()).rejects.toThrow();
    const refused = introductionAsks() - before;
    expect(refused).toBeGreaterThan(0);
    script.reply = undefined;
    const second = await open(store, 'refused');
    await second.advance();
    expect(introductionAsks()).toBe(before + refused + 1);
  });

  it('a book started afresh (--fresh) keeps none of the answers its last session left', async () => {
    const store = await sqliteStore();
    const first = await open(store, 'fresh');
    await first.advance();
    script.shortIntroduction = true;
    await stoppedAt(isMore, (signal) => first.advance({ signal }));
    script.shortIntroduction = false;
    expect((await store.keptAnswers!('fresh')).map((k) => k.scope)).toEqual(['step:introduction']);
    await open(store, 'fresh', { isFresh: true });
    expect(await store.keptAnswers!('fresh')).toEqual([]);
  });

  it(
    'a piece whose file is its progress keeps its answer until it ' +
      'is out: one killed before its file was written is given it back',
    async () => {
      const store = await sqliteStore();
      const poems = catalog.get('poems')!;
      const openPoem = () =>
        BookSession.open({
          spec: poems,
          renderer: catalog.renderer,
          provider: providerFromEnv({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL }),
          store,
          key: 'poem',
          settings: parseSettings(poems, {}),
          onFinished: 'restart',
        });
      const before = fake.generationRequests().length;
      const first = await (await openPoem()).advance();
      expect(fake.generationRequests().length).toBe(before + 1);
      // Written, not yet out (a kill before its file): the next session is given the same poem, unpaid.
      const poem = await openPoem();
      const again = await poem.advance();
      expect(fake.generationRequests().length).toBe(before + 1);
      expect(again.text).toBe(first.text);
      // Out: the next poem is a new one.
      await poem.delivered();
      await (await openPoem()).advance();
      expect(fake.generationRequests().length).toBe(before + 2);
    },
  );
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

describe.each(databases)('answers kept on $name', (database) => {
  const it_ = database.skip ? it.skip : it;
  it_('are read back in the order kept, per book, and dropped by scope or all at once', async () => {
    const state = await database.open();
    opened.push(state);
    const store = state.progress('cli');
    const answer = (text: string) => ({
      text,
      model: 'm',
      finishReason: 'length',
      usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 },
    });
    await store.keepAnswer!('a', { scope: 'step:introduction', request: 'r1', answer: answer('one') });
    await store.keepAnswer!('a', { scope: 'step:introduction', request: 'r2', answer: answer('two') });
    await store.keepAnswer!('a', { scope: 'memory:0', request: 'r3', answer: answer('three') });
    await store.keepAnswer!('b', { scope: 'step:introduction', request: 'r1', answer: answer('other book') });
    expect((await store.keptAnswers!('a')).map((k) => [k.scope, k.request, k.answer.text])).toEqual([
      ['step:introduction', 'r1', 'one'],
      ['step:introduction', 'r2', 'two'],
      ['memory:0', 'r3', 'three'],
    ]);
    expect((await store.keptAnswers!('a'))[0]!.answer).toEqual(answer('one'));
    await store.dropAnswers!('a', 'step:introduction');
    expect((await store.keptAnswers!('a')).map((k) => k.answer.text)).toEqual(['three']);
    await store.dropAnswers!('a');
    expect(await store.keptAnswers!('a')).toEqual([]);
    expect((await store.keptAnswers!('b')).map((k) => k.answer.text)).toEqual(['other book']);
  });
});

describe.each(databases)('a save drops its kept answers with it, on $name', (database) => {
  const it_ = database.skip ? it.skip : it;
  it_(
    "the step's and the bible's save drop them, nothing after it: " +
      'a process killed the moment its save returns keeps no answer of what it saved',
    async () => {
      const state = await database.open();
      opened.push(state);
      const real = state.progress('cli');
      let keptCount = 0;
      // The store as a kill right after each save leaves it: nothing that runs after the save reaches it.
      const store: ProgressStore = {
        ...real,
        keepAnswer: async (key, kept) => {
          keptCount++;
          await real.keepAnswer!(key, kept);
        },
        dropAnswers: async () => {
          throw new Error('killed after the save');
        },
      };
      const session = await open(store, 'killed-after');
      await session.advance();
      expect(keptCount).toBeGreaterThan(0);
      expect(await real.keptAnswers!('killed-after')).toEqual([]);
      const before = keptCount;
      await session.advance();
      expect(keptCount).toBeGreaterThan(before);
      expect(await real.keptAnswers!('killed-after')).toEqual([]);
      expect((await real.load('killed-after'))!.state.content).toHaveLength(1);
      const beforeBible = keptCount;
      await session.remember();
      expect(keptCount).toBeGreaterThan(beforeBible);
      expect(await real.keptAnswers!('killed-after')).toEqual([]);
      expect((await real.load('killed-after'))!.state.memoryUpTo).toBe(0);
    },
  );
});

describe("a save and its kept answers' drop are one commit (the state file)", () => {
  it(
    'a save whose drop fails is not saved: the step and the bible update stay unsaved ' +
      'with their answers kept, and the next session is given them back unpaid',
    async () => {
      const file = path.join(tempDir('karya-kept-answers-'), 'state.db');
      const state = await openStateStore({ file });
      opened.push(state);
      const store = state.progress('cli');
      const first = await open(store, 'one-commit');
      await first.advance();
      // The drop refused from now on (a second connection's trigger on the file): the save it is part of must fail
      // whole.
      const other = new SQLite(file);
      other.exec(
        "CREATE TRIGGER kept_drop_refused BEFORE DELETE ON kept_answers BEGIN SELECT RAISE(ABORT, 'refused'); END",
      );
      const asked = fake.generationRequests().length;
      await expect(first.advance()).rejects.toThrow(/refused/);
      const paid = fake.generationRequests().length - asked;
      expect(paid).toBeGreaterThan(0);
      expect((await store.load('one-commit'))!.state.content).toHaveLength(0);
      expect((await store.keptAnswers!('one-commit')).map((k) => k.scope)).toEqual(
        Array(paid).fill('step:introduction'),
      );
      other.exec('DROP TRIGGER kept_drop_refused');

      const second = await open(store, 'one-commit');
      const done = await second.advance();
      expect(fake.generationRequests().length - asked).toBe(paid);
      expect(done.step.kind).toBe('introduction');
      expect((await store.load('one-commit'))!.state.content).toHaveLength(1);
      expect(await store.keptAnswers!('one-commit')).toEqual([]);

      // The bible's update likewise.
      other.exec(
        "CREATE TRIGGER kept_drop_refused BEFORE DELETE ON kept_answers BEGIN SELECT RAISE(ABORT, 'refused'); END",
      );
      const bibleAsked = fake.generationRequests().length;
      await expect(second.remember()).rejects.toThrow(/refused/);
      const biblePaid = fake.generationRequests().length - bibleAsked;
      expect(biblePaid).toBeGreaterThan(0);
      expect((await store.load('one-commit'))!.state.memoryUpTo ?? -1).toBe(-1);
      expect((await store.keptAnswers!('one-commit')).map((k) => k.scope)).toEqual(Array(biblePaid).fill('memory:0'));
      other.exec('DROP TRIGGER kept_drop_refused');
      other.close();
      const third = await open(store, 'one-commit');
      await third.remember();
      expect(fake.generationRequests().length - bibleAsked).toBe(biblePaid);
      expect((await store.load('one-commit'))!.state.memoryUpTo).toBe(0);
      expect(await store.keptAnswers!('one-commit')).toEqual([]);
    },
  );
});
