// Package builds on a server run a few at a time (four publishes at once each held a few hundred MB):
// with room for one, four builds asked for together run one after another in the order they came, each the
// moment the one before it ends, and a build that fails gives its place up like one that succeeds.
// KARYA_PUBLISH_BUILDS sets the room (1 to 16); a bad value is refused by name.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PUBLISH_BUILDS, Gate, publishBuildsFromEnv } from '../../server/core/publish-gate.js';

/** A build whose end the test decides. */
function build(): { promise: Promise<void>; end: () => void; fail: () => void } {
  let end!: () => void;
  let fail!: () => void;
  const promise = new Promise<void>((resolve, reject) => {
    end = resolve;
    fail = () => reject(new Error('the build failed'));
  });
  return { promise, end, fail };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('the publish gate', () => {
  it(
    'runs four builds asked for together one at a time, first ' +
      'come first served; a failed build gives its place up',
    async () => {
      const gate = new Gate(1);
      const builds = [build(), build(), build(), build()];
      const started: number[] = [];
      const answers = builds.map((b, i) =>
        gate.run(async () => {
          started.push(i);
          await b.promise;
          return i;
        }),
      );
      await turn();
      expect(started).toEqual([0]);
      expect(gate.load).toEqual({ running: 1, waiting: 3 });
      builds[0]!.end();
      await turn();
      expect(started).toEqual([0, 1]);
      builds[1]!.fail();
      await expect(answers[1]).rejects.toThrow('the build failed');
      await turn();
      expect(started).toEqual([0, 1, 2]);
      builds[2]!.end();
      builds[3]!.end();
      expect(await Promise.all([answers[0], answers[2], answers[3]])).toEqual([0, 2, 3]);
      expect(gate.load).toEqual({ running: 0, waiting: 0 });
    },
  );

  it('with room for two, two run at once and the third waits', async () => {
    const gate = new Gate(2);
    const builds = [build(), build(), build()];
    const started: number[] = [];
    const answers = builds.map((b, i) =>
      gate.run(async () => {
        started.push(i);
        await b.promise;
      }),
    );
    await turn();
    expect(started).toEqual([0, 1]);
    builds[1]!.end();
    await turn();
    expect(started).toEqual([0, 1, 2]);
    builds[0]!.end();
    builds[2]!.end();
    await Promise.all(answers);
  });

  it('KARYA_PUBLISH_BUILDS sets the room; unset it is one; a bad value is refused by name', () => {
    expect(DEFAULT_PUBLISH_BUILDS).toBe(1);
    expect(publishBuildsFromEnv({})).toBe(1);
    expect(publishBuildsFromEnv({ KARYA_PUBLISH_BUILDS: '3' })).toBe(3);
    expect(() => publishBuildsFromEnv({ KARYA_PUBLISH_BUILDS: '0' })).toThrow(/KARYA_PUBLISH_BUILDS/);
    expect(() => publishBuildsFromEnv({ KARYA_PUBLISH_BUILDS: 'many' })).toThrow(/KARYA_PUBLISH_BUILDS/);
  });
});
