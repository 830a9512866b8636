// A run's budget of model calls (engine/budget.ts), the one rule every run follows: it stops once 4 asks in a row have
// failed, naming the failure the model kept giving in the writer's language, or once its calls reach 3 for each call
// planned and 8 (or the writer's --max-calls); a kept answer starts the count of failures again; every request a
// provider sends, its own retries included, is a call.
import { describe, expect, it } from 'vitest';
import {
  CallBudget,
  FAILED_ASKS_IN_A_ROW,
  GenerationError,
  budgetOf,
  providerThrough,
  withBudget,
  type Provider,
  type TextRequest,
} from '../../engine/index.js';

const stopOf = (fn: () => void): GenerationError => {
  try {
    fn();
  } catch (error) {
    return error as GenerationError;
  }
  throw new Error('expected the budget to stop the run');
};

/** A provider whose every call is answered after `retries` retry notices (each one more request sent). */
function retrying(retries: number): Provider {
  return {
    name: 'test',
    isOffline: false,
    generateText: async (request: TextRequest) => {
      for (let n = 1; n <= retries; n++)
        request.onRetry?.({
          reason: 'rate_limited',
          code: 'rate_limited',
          attempt: n,
          of: retries,
          delayMs: 0,
          message: '',
        });
      return { text: 'Rain fell on the harbour.', model: 'm' };
    },
    generateImage: async () => ({ png: new Uint8Array(), model: 'm' }),
  };
}

describe("a run's budget of model calls", () => {
  it('stops after 4 failed asks in a row, naming the last failure in en, ms and id', () => {
    expect(FAILED_ASKS_IN_A_ROW).toBe(4);
    const budget = new CallBudget({ planned: 5 });
    for (let i = 0; i < 3; i++) budget.failed('refused');
    const stop = stopOf(() => budget.failed('translate_not_text', 'refused'));
    expect(stop.code).toBe('run_failing');
    expect(stop.messageIn('en')).toMatch(/^The model failed 4 times in a row \(refusals\)/);
    expect(stop.messageIn('ms')).toMatch(/^Model gagal 4 kali berturut-turut \(penolakan\)/);
    expect(stop.messageIn('id')).toMatch(/^Model gagal 4 kali berturut-turut \(penolakan\)/);
  });

  it.each([
    ['rate_limited', undefined, 'rate limits, HTTP 429'],
    ['server_error', undefined, 'server errors'],
    ['no_content', undefined, 'empty answers'],
    ['translate_empty', undefined, 'empty answers'],
    ['translate_language', undefined, 'answers in another language'],
    ['wrong_language', undefined, 'answers in another language'],
    ['translate_length', undefined, 'answers too short or too long'],
    ['echoed', undefined, 'answers that were not the text asked for'],
  ])('names %s as "%s"', (code, outcome, words) => {
    const budget = new CallBudget({ planned: 1 });
    const stop = stopOf(() => {
      for (let i = 0; i < FAILED_ASKS_IN_A_ROW; i++) budget.failed(code, outcome);
    });
    expect(stop.messageIn('en')).toContain(`(${words})`);
  });

  it('starts the count again at each kept answer', () => {
    const budget = new CallBudget({ planned: 5 });
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < FAILED_ASKS_IN_A_ROW - 1; i++) budget.failed('refused');
      budget.kept();
    }
  });

  it("bounds the calls at 3 for each call planned and 8, or at the writer's own bound", () => {
    const budget = new CallBudget({ planned: 4 });
    expect(budget.bound).toBe(20);
    for (let i = 0; i < 20; i++) budget.willSend();
    const stop = stopOf(() => budget.willSend());
    expect(stop.code).toBe('run_over_budget');
    expect(stop.messageIn('en')).toMatch(/^The run stopped at its bound of 20 model calls \(4 planned\)/);
    expect(new CallBudget({ planned: 4, maxCalls: 2 }).bound).toBe(2);
    const replanned = new CallBudget({ planned: 1 });
    replanned.plan(10);
    expect([replanned.planned, replanned.bound]).toEqual([10, 38]);
  });

  it(
    'counts every request a provider sends, its retries ' + 'included, and is found through the providers around it',
    async () => {
      const budget = new CallBudget({ planned: 1 });
      const provider = withBudget(retrying(2), budget);
      await provider.generateText({ system: 's', user: 'u', maxTokens: 10, temperature: 0 } as TextRequest);
      expect(budget.calls).toBe(3);
      const around = providerThrough(provider, { text: (request, send) => send(request) });
      expect(budgetOf(around)).toBe(budget);
      // A retry past the bound is never sent.
      const tight = new CallBudget({ planned: 1, maxCalls: 2 });
      await expect(
        withBudget(retrying(2), tight).generateText({
          system: 's',
          user: 'u',
          maxTokens: 10,
          temperature: 0,
        } as TextRequest),
      ).rejects.toMatchObject({ code: 'run_over_budget' });
      expect(tight.calls).toBe(2);
    },
  );
});
