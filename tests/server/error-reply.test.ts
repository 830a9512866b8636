// Any error as the API answers it (server/errors/reply.ts), one body for the app's handler, an event stream's
// `error` event and the lifecycle's 503s: a KaryaError worded with its params in the user's language, a call cut
// off by its time-out answered as one, a path that does not decode the client's mistake, anything else the
// catalogue's internal error, in the user's language and never in the thrown error's own words.
import { describe, expect, it } from 'vitest';
import { EditError, GenerationError, SeriesError } from '../../engine/index.js';
import { ApiError } from '../../server/errors/api-error.js';
import { errorReply, wordedIn } from '../../server/errors/reply.js';

describe('errorReply', () => {
  it('words a refusal with its params in the language asked, its status from the table', () => {
    const en = errorReply(new SeriesError('series_previous_unfinished', { name: 'Kota', number: 2 }), { lang: 'en' });
    const ms = errorReply(new SeriesError('series_previous_unfinished', { name: 'Kota', number: 2 }), { lang: 'ms' });
    expect(en.status).toBe(409);
    expect(en.body.error.code).toBe('series_previous_unfinished');
    expect(en.body.error.message).toContain('Kota');
    expect(ms.body.error.message).toContain('Kota');
    expect(ms.body.error.message).not.toBe(en.body.error.message);
    expect(en.isUnexpected).toBe(false);
  });

  it('answers an error nobody expected as the internal error, in the language asked, never in its own words', () => {
    const reply = errorReply(new Error('connection to db.internal:5432 refused'), { lang: 'ms' });
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ error: { code: 'unexpected', message: 'Ralat yang tidak dijangka berlaku' } });
    expect(reply.isUnexpected).toBe(true);
  });

  it('a model call cut off by its time-out answers 504 timeout; a provider down 503 with its Retry-After', () => {
    expect(errorReply(new GenerationError('server_error'), { lang: 'en', isTimeout: true }).body.error.code).toBe(
      'timeout',
    );
    expect(errorReply(new GenerationError('server_error'), { lang: 'en', isTimeout: true }).status).toBe(504);
    const down = errorReply(new GenerationError('service_unavailable', { status: 503 }), { lang: 'en' });
    expect(down.status).toBe(503);
    expect(down.retryAfter).toBe(10);
    expect(down.isServerFailure).toBe(true);
  });

  it('a path that does not decode is the client’s mistake (400 bad_path), worded in the caller’s language', () => {
    expect(errorReply(new URIError('URI malformed'), { lang: 'en', callerLang: 'ms' }).body.error).toEqual({
      code: 'bad_path',
      message: 'Alamat ini tidak sah.',
    });
  });

  it('the lifecycle’s 503 is the same body: its code, its words in the caller’s language, its own wait', () => {
    const reply = errorReply(ApiError.catalogue(503, 'starting').retryAfter(1), { lang: 'ms' });
    expect(reply).toMatchObject({
      status: 503,
      retryAfter: 1,
      body: { error: { code: 'starting', message: 'Pelayan sedang bermula. Sila cuba lagi sebentar lagi.' } },
    });
  });

  it('wordedIn words a refusal now (a queued step has no request) and leaves anything else as it is', () => {
    const worded = wordedIn(new EditError('part_not_found'), 'ms');
    expect(worded).toBeInstanceOf(ApiError);
    expect((worded as ApiError).status).toBe(404);
    const bug = new TypeError('x is undefined');
    expect(wordedIn(bug, 'ms')).toBe(bug);
  });
});
