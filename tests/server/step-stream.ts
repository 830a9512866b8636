// A generation step's event stream read as it arrives (POST /api/generators/:id/generate with
// Accept: text/event-stream): the text of its deltas so far, read until enough words reached the client,
// then the rest with the last event. For tests that act while a part streams (Stop).
import { parseEvents } from './helpers.js';

export interface StepStream {
  /** Read until the deltas hold at least `words` words (the stream ending first is an error). */
  until(words: number): Promise<string>;
  /** Read to the end: every delta's text joined, and the last event. */
  rest(): Promise<{ text: string; last: { event: string; data: unknown } }>;
}

export async function stepStream(base: string, input: { id: string; cookie: string; body: object }): Promise<StepStream> {
  const res = await fetch(`${base}/api/generators/${input.id}/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie: input.cookie },
    body: JSON.stringify(input.body),
  });
  if (res.status !== 200) throw new Error(`the step answered ${res.status}: ${await res.text()}`);
  const reader = res.body!.getReader();
  let raw = '';
  const deltas = () => parseEvents(raw).filter((e) => e.event === 'delta').map((e) => (e.data as { text: string }).text).join('');
  const read = async () => {
    const { value, done } = await reader.read();
    if (!done) raw += new TextDecoder().decode(value);
    return done;
  };
  return {
    async until(words) {
      while (deltas().split(/\s+/).filter(Boolean).length < words) {
        if (await read()) throw new Error('the stream ended early');
      }
      return deltas();
    },
    async rest() {
      while (!(await read()));
      return { text: deltas(), last: parseEvents(raw).at(-1)! };
    },
  };
}
