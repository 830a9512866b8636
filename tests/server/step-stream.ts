// A generation step's event stream read as it arrives (POST /api/generators/:id/generate with
// Accept: text/event-stream): the text of its deltas so far, read until enough words reached the client,
// then the rest with the last event. For tests that act while a part streams (Stop). And any request asked as events
// (eventsOf), read until a test has the events it needs.
import { parseEvents } from './helpers.js';

export interface StepStream {
  /** Read until the deltas hold at least `words` words (the stream ending first is an error). */
  until(words: number): Promise<string>;
  /** Read to the end: every delta's text joined, and the last event. */
  rest(): Promise<{ text: string; last: { event: string; data: unknown } }>;
}

export async function stepStream(
  base: string,
  input: { id: string; cookie: string; body: object },
): Promise<StepStream> {
  const res = await fetch(`${base}/api/generators/${input.id}/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie: input.cookie },
    body: JSON.stringify(input.body),
  });
  if (res.status !== 200) throw new Error(`the step answered ${res.status}: ${await res.text()}`);
  const reader = res.body!.getReader();
  let raw = '';
  const deltas = () =>
    parseEvents(raw)
      .filter((e) => e.event === 'delta')
      .map((e) => (e.data as { text: string }).text)
      .join('');
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

/** An event of a stream that waits on the model (`waiting`, `delta`, `done`, `error`) with its data. */
export type Event = { event: string; data: Record<string, unknown> };

/** Any request asked as events (POST with Accept: text/event-stream), read as far as a test needs. */
export async function eventsOf(
  ts: { url: string },
  input: { path: string; cookie: string; json?: object; raw?: Buffer },
) {
  const client = new AbortController();
  const res = await fetch(`${ts.url}${input.path}`, {
    method: 'POST',
    signal: client.signal,
    headers: {
      cookie: input.cookie,
      accept: 'text/event-stream',
      'content-type': input.raw ? 'application/octet-stream' : 'application/json',
    },
    body: input.raw ? new Uint8Array(input.raw) : JSON.stringify(input.json ?? {}),
  });
  if (res.status !== 200 || !res.headers.get('content-type')?.startsWith('text/event-stream'))
    throw new Error(`not an event stream: ${res.status} ${await res.text()}`);
  const reader = res.body!.getReader();
  let raw = '';
  return {
    /** The events so far once `enough` holds of them (the stream still open). */
    async until(enough: (events: Event[]) => boolean): Promise<Event[]> {
      for (;;) {
        // Whole events only: a large one (a book's `done`) may arrive over several reads.
        const events = parseEvents(raw.slice(0, raw.lastIndexOf('\n\n') + 2)) as Event[];
        if (enough(events)) return events;
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended first: ${raw}`);
        raw += new TextDecoder().decode(value);
      }
    },
    close: () => client.abort(),
  };
}
