// A KaryaError answered as it words itself (server/errors/answer.ts): the status from the one table, the
// message from the catalogue in the answer's language, the request field it concerns; what the catalogue
// cannot word is left to the handler as unexpected.
import { describe, expect, it } from 'vitest';
import {
  EditError,
  ExportLimitError,
  GenerationError,
  ImportRefusal,
  SeriesError,
  VoiceError,
  SpecError,
} from '../../engine/index.js';
import { apiErrorOf, isWorded } from '../../server/errors/answer.js';
import { errorBody } from '../../server/errors/api-error.js';

const answer = (error: Parameters<typeof apiErrorOf>[0], lang: 'en' | 'ms' = 'en') => {
  const api = apiErrorOf(error, lang);
  return { status: api.status, ...errorBody(api).error };
};

describe('apiErrorOf', () => {
  it('an edit refused: its status from the table, its text field carrying the message', () => {
    expect(answer(new EditError('part_not_found'))).toEqual({
      status: 404,
      code: 'part_not_found',
      message: expect.any(String),
    });
    const empty = answer(new EditError('part_empty'), 'ms');
    expect(empty).toMatchObject({ status: 400, code: 'part_empty' });
    expect(empty.fields).toEqual({ text: empty.message });
    expect(answer(new EditError('part_changed')).status).toBe(409);
  });

  it('a voice refusal names its field; a rewrite toward a missing voice is the request’s (409, no field)', () => {
    const avoid = answer(new VoiceError('avoid_too_many', { count: 40, max: 30 }));
    expect(avoid.fields).toEqual({ avoid: avoid.message });
    expect(answer(new VoiceError('voice_language', { expected: 'ms', found: 'en' }), 'ms').fields).toHaveProperty(
      'sample',
    );
    expect(answer(new VoiceError('voice_missing', {}))).toEqual({
      status: 409,
      code: 'voice_missing',
      message: expect.any(String),
    });
  });

  it('series, import and export refusals take their status from the table, in the language asked', () => {
    expect(answer(new SeriesError('series_name_taken', { name: 'Kota' })).status).toBe(409);
    expect(answer(new ImportRefusal('import_too_large', { file: 'a.docx', size: '30 MB', max: '20 MB' })).status).toBe(
      413,
    );
    const busy = answer(new ExportLimitError('export_busy', {}), 'ms');
    expect(busy.status).toBe(503);
    expect(busy.message).not.toBe(answer(new ExportLimitError('export_busy', {}), 'en').message);
  });

  it("a provider's failure never shows its own words (image_failed reads as image_unavailable)", () => {
    const failed = answer(new GenerationError('image_failed', { vars: { message: 'upstream said sk-secret' } }));
    expect(failed.message).not.toContain('sk-secret');
    expect(answer(new GenerationError('rate_limited', { status: 429 })).status).toBe(429);
  });

  it('an error without catalogue words is not worded (the handler answers it 500 unexpected)', () => {
    expect(isWorded(new SpecError([{ file: 'x.yaml', path: 'a', message: 'bad' }]))).toBe(false);
    expect(isWorded(new EditError('part_empty'))).toBe(true);
  });
});
