// The token window (--tpm): sent tokens never exceed the limit in any window, reservations count,
// nothing waits while there is room, and aborted waiters leave the line.
import { describe, expect, it } from 'vitest';
import { TokenWindow, estimatePromptTokens } from '../../cli/batch/limits.js';
import { lowerBound } from '../../cli/batch/plan.js';
import { requestPacing } from '../../cli/batch/call-queue.js';

describe('TokenWindow', () => {
  it('lets calls go at once while they fit, then as the oldest tokens leave the window', async () => {
    const window = new TokenWindow(100, 200);
    const t0 = Date.now();
    // At once: granted in this turn of the event loop, before any timer runs (a wait on the window is a timer); not
    // measured in ms, which a loaded machine stretches.
    let hasTimerRun = false;
    const timer = setTimeout(() => (hasTimerRun = true), 0);
    const a = await window.acquire(60);
    a.send();
    const b = await window.acquire(40);
    b.send();
    expect(hasTimerRun).toBe(false);
    clearTimeout(timer);
    const c = await window.acquire(30);
    c.send();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(195);
    window.close();
  });

  it('counts reservations not yet sent, and frees them on release', async () => {
    const window = new TokenWindow(100, 10_000);
    const a = await window.acquire(80);
    let isGranted = false;
    const pending = window.acquire(50).then((r) => {
      isGranted = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(isGranted).toBe(false);
    a.release();
    (await pending).send();
    expect(isGranted).toBe(true);
    expect(window.used()).toBe(50);
    window.close();
  });

  it('never has more than the limit sent in any window', async () => {
    const window = new TokenWindow(300, 100);
    const sent: Array<{ at: number; tokens: number }> = [];
    await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const r = await window.acquire(60 + (i % 3) * 40);
        sent.push({ at: Date.now(), tokens: r.tokens });
        r.send();
      }),
    );
    for (const s of sent) {
      const inWindow = sent.filter((x) => x.at >= s.at && x.at - s.at < 100).reduce((n, x) => n + x.tokens, 0);
      expect(inWindow).toBeLessThanOrEqual(300);
    }
    window.close();
  });

  it('caps a call above the limit at the limit, so it waits for an empty window instead of forever', async () => {
    const window = new TokenWindow(100, 50);
    const big = await window.acquire(500);
    expect(big.tokens).toBe(100);
    big.send();
    window.close();
  });

  it('drops an aborted waiter from the line', async () => {
    const window = new TokenWindow(10, 10_000);
    (await window.acquire(10)).send();
    const controller = new AbortController();
    const waiting = window.acquire(5, controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    window.close();
  });
});

describe('budgets and bounds', () => {
  it('estimates about 4 characters a token plus the chat format', () => {
    expect(estimatePromptTokens('a'.repeat(400), 'b'.repeat(800))).toBe(3 + 104 + 204);
  });

  it('takes the largest of the chain, concurrency, request and token terms', () => {
    expect(lowerBound({ calls: 300, longestChain: 6, concurrency: 8, latencySeconds: 0.1 }).seconds).toBeCloseTo(3.75);
    expect(
      lowerBound({ calls: 300, longestChain: 6, concurrency: 16, rpm: 60, windowMs: 1000, latencySeconds: 0.1 })
        .seconds,
    ).toBeCloseTo(5);
    expect(lowerBound({ calls: 10, longestChain: 10, concurrency: 16, latencySeconds: 2 }).seconds).toBe(20);
    expect(
      lowerBound({ calls: 10, longestChain: 1, tokens: 90_000, tpm: 30_000, concurrency: 16, latencySeconds: 1 })
        .seconds,
    ).toBe(180);
  });
});

describe('request pacing (--rpm as p-queue slices)', () => {
  // [rpm, window, margin, expected interval, expected cap]
  const cases: Array<[number, number, number, number, number]> = [
    [60, 60_000, 600, 1010, 1],
    [500, 60_000, 600, 121.2, 1],
    [10_000, 60_000, 600, 60.6, 10],
    [3, 60_000, 600, 20_200, 1],
    [60, 1_000, 25, 51.25, 3],
    [5, 300, 40, 68, 1],
  ];
  it.each(cases)('rpm %i per %i ms (+%i ms) → %f ms slices of %i', (rpm, windowMs, marginMs, interval, cap) => {
    const pacing = requestPacing(rpm, windowMs, marginMs);
    expect(pacing.interval).toBeCloseTo(interval, 6);
    expect(pacing.intervalCap).toBe(cap);
  });

  it('never lets more than rpm requests into a window plus its margin, and keeps at least 90% of the rate', () => {
    for (const rpm of [1, 2, 7, 13, 60, 61, 97, 250, 999, 4_000, 30_000]) {
      for (const [windowMs, marginMs] of [
        [60_000, 600],
        [1_000, 25],
        [250, 25],
      ] as const) {
        const { interval, intervalCap } = requestPacing(rpm, windowMs, marginMs);
        const slices = Math.round((windowMs + marginMs) / interval);
        expect(slices * intervalCap).toBeLessThanOrEqual(rpm);
        expect((slices * intervalCap) / rpm).toBeGreaterThanOrEqual(0.9);
      }
    }
  });
});
