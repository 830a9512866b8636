// Asking for an answer's text: one call to the provider, its text only (text.ts answerText, its stream shown without
// a reasoning block), judged against what was asked (verdict.ts) and asked again once when it is not the text, each
// ask counted in the run's call budget. Every text call of the book session goes through askText.
import type { Provider, TextRequest, TextResult } from '../../provider.js';
import { addUsage, isCutOff } from '../../provider.js';
import { GenerationError } from '../../errors.js';
import { budgetOf } from '../../budget.js';
import { cleanText } from '../../clean-text.js';
import { addNotes, judgeAnswer, type AnswerExpectation, type AnswerNotes, type AnswerOutcome } from './verdict.js';
import { answerText, streamedText, withoutReasoning } from './text.js';

/** Provider failures that are an answer not being text, asked again once like a verdict (the provider names them). */
const ASKED_AGAIN: ReadonlySet<string> = new Set<AnswerOutcome>(['reasoning_only', 'not_text', 'filtered']);

/** An answer's text kept by askText, with what was done to it (assistant paragraphs out, a wall split, asked again). */
export interface AskedText extends TextResult {
  notes?: AnswerNotes;
}

/**
 * One call: the answer's text only (answerText), judged when an expectation is given; its outcome when it is not the
 * text.
 */
async function askOnce(
  provider: Provider,
  request: TextRequest,
  expect: AnswerExpectation | undefined,
): Promise<{ result: AskedText; outcome?: AnswerOutcome }> {
  const { onDelta, ...rest } = request;
  let result: TextResult;
  try {
    result = await provider.generateText({ ...rest, ...(onDelta ? { onDelta: streamedText(onDelta) } : {}) });
  } catch (error) {
    if (expect && error instanceof GenerationError && ASKED_AGAIN.has(error.code) && !request.signal?.aborted) {
      return { result: { text: '', model: '' }, outcome: error.code as AnswerOutcome };
    }
    throw error;
  }
  // What the model sent, without hidden characters (NUL, bidi overrides, zero-width: engine/clean-text.ts), then
  // only its text.
  const text = answerText(cleanText(result.text), { isCut: isCutOff(result) });
  // Reasoning and no text after it (a block left open to the end, or closed with nothing after).
  if (!text && withoutReasoning(result.text.replace(/\r\n?/g, '\n')) !== result.text.replace(/\r\n?/g, '\n'))
    return { result: { ...result, text }, outcome: 'reasoning_only' };
  if (!expect || !text) return { result: { ...result, text } };
  const verdict = judgeAnswer(text, request, expect);
  return {
    result: { ...result, text: verdict.text, ...(verdict.notes ? { notes: verdict.notes } : {}) },
    ...(verdict.outcome ? { outcome: verdict.outcome } : {}),
  };
}

/**
 * Ask the provider for one answer and keep only its text (answerText), its stream shown without a
 * reasoning block. Every text call of the book session goes through here. With an expectation, the answer
 * is judged (answers/verdict.ts): one that is not the text asked for (refused, echoed, reasoning only, not a
 * model answer) is asked again once with the expectation's firm note (not streamed; a reasoning model with
 * twice the answer budget), and a second one that is not fails with a GenerationError naming the outcome. Each
 * judged answer counts in the run's call budget (engine/budget.ts); `isJudgedLater`: the caller judges and counts it.
 */
export async function askText(
  provider: Provider,
  request: TextRequest,
  expect?: AnswerExpectation,
  how: { isJudgedLater?: boolean } = {},
): Promise<AskedText> {
  // One ask in the run's budget (engine/budget.ts): the answer and, when it is not the text, the one asked again; kept
  // unless the second is not the text either. An answer no expectation judges is kept, unless its caller judges it.
  const budget = budgetOf(provider);
  // An empty answer the provider refused to hand over (no_content) is a failed ask too, unless the caller makes it its
  // problem.
  const counted = (error: unknown): never => {
    if (
      error instanceof GenerationError &&
      error.code === 'no_content' &&
      !how.isJudgedLater &&
      !request.signal?.aborted
    )
      budget?.failed(error.code);
    throw error;
  };
  const first = await askOnce(provider, request, expect).catch(counted);
  if (!first.outcome || !expect || request.signal?.aborted) {
    if ((expect || !how.isJudgedLater) && first.result.text) budget?.kept();
    return first.result;
  }
  const { onDelta: _shown, ...unstreamed } = request;
  const roomier = first.outcome === 'reasoning_only' ? { maxTokens: request.maxTokens * 2 } : {};
  const again = await askOnce(
    provider,
    { ...unstreamed, ...roomier, user: `${request.user}\n\n${expect.again(first.outcome)}` },
    expect,
  ).catch(counted);
  if (again.outcome && !request.signal?.aborted) {
    budget?.failed(again.outcome);
    throw new GenerationError(again.outcome);
  }
  budget?.kept();
  // The answer kept says why the one before it was asked again (the part names it).
  const notes = addNotes({ askedAgain: [first.outcome] }, again.result.notes);
  return {
    ...again.result,
    ...(notes ? { notes } : {}),
    ...(first.result.usage && again.result.usage ? { usage: addUsage(first.result.usage, again.result.usage)! } : {}),
  };
}
