// The HTTP contract (engine/contract) on the server side: a route's Express response typed with the
// contract's answer, and its event stream typed with the contract's events, so an answer that drifts
// from the contract fails the typecheck.
import type { Response } from 'express';
import type { EventsOf, JsonRouteKey, ResponseOf, StreamRouteKey } from '../../engine/contract/index.js';
import type { EventStream } from './sse.js';

/** The response of route `K` ("GET /me"): `res.json()` accepts only the contract's answer. */
export type Reply<K extends JsonRouteKey> = Response<ResponseOf<K>>;

export interface TypedEventStream<Events> {
  send<E extends keyof Events & string>(event: E, data: Events[E]): void;
  close(): void;
}

/** The event stream of route `K`, typed with the contract's events. */
export function typedStream<K extends StreamRouteKey>(stream: EventStream): TypedEventStream<EventsOf<K>> {
  return stream;
}
