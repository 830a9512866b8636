// whenAborted (engine/providers/timing.ts): many waiters on one signal behave as many listeners would,
// with one real listener on the signal.
import { describe, expect, it } from 'vitest';
import { raceAbort, sleep, startDeadline, whenAborted } from '../../engine/timing.js';

describe('whenAborted', () => {
  it('runs every waiter once on abort, not those that stopped waiting, and adds one listener to the signal', () => {
    const controller = new AbortController();
    let added = 0;
    const add = controller.signal.addEventListener.bind(controller.signal);
    controller.signal.addEventListener = ((...args: Parameters<typeof add>) => {
      added++;
      add(...args);
    }) as typeof add;
    const ran: number[] = [];
    const stops = Array.from({ length: 200 }, (_, i) => whenAborted(controller.signal, () => ran.push(i)));
    for (let i = 0; i < 200; i += 2) stops[i]!();
    controller.abort(new Error('stop'));
    controller.abort(new Error('again'));
    expect(added).toBe(1);
    expect(ran).toEqual(Array.from({ length: 100 }, (_, i) => 2 * i + 1));
  });

  it('calls at once for a signal already aborted', () => {
    const controller = new AbortController();
    controller.abort();
    let calls = 0;
    whenAborted(controller.signal, () => calls++);
    expect(calls).toBe(1);
  });

  it('sleep, raceAbort and deadlines on one shared signal all end on its abort, with its reason', async () => {
    const controller = new AbortController();
    const reason = new Error('interrupted');
    const sleeping = sleep(60_000, controller.signal);
    const racing = raceAbort(new Promise(() => undefined), controller.signal);
    const deadlines = Array.from({ length: 50 }, () => startDeadline(60_000, controller.signal));
    const finished = startDeadline(60_000, controller.signal);
    finished.dispose();
    controller.abort(reason);
    await expect(sleeping).rejects.toBe(reason);
    await expect(racing).rejects.toBe(reason);
    for (const d of deadlines) {
      expect(d.signal.aborted).toBe(true);
      expect(d.signal.reason).toBe(reason);
      expect(d.isTimedOut()).toBe(false);
      d.dispose();
    }
    expect(finished.signal.aborted).toBe(false);
  });
});
