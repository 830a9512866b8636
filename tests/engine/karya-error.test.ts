// Every error class extends KaryaError: a code, its params, an HTTP status and whether to retry, and a brand
// that `KaryaError.isInstance` recognises even on an error from another copy of the module.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  EditError,
  ExportLimitError,
  GenerationError,
  ImportRefusal,
  KaryaError,
  SeriesError,
  SessionError,
  SettingsError,
  SpecError,
  VoiceError,
} from '../../engine/index.js';
import { MissingFontError } from '../../engine/node/print/fonts.js';
import { ApiError } from '../../server/errors/api-error.js';
import { CliExit } from '../../cli/util.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

describe('KaryaError', () => {
  it('is the base of every error class in the engine, the server, the CLI and the studio', () => {
    const direct = ['engine', 'server', 'cli', 'studio/src']
      .flatMap(sources)
      .filter(
        (f) =>
          f !== 'engine/karya-error.ts' && /class \w+ extends Error\b/.test(readFileSync(path.join(ROOT, f), 'utf8')),
      );
    expect(direct, 'extend KaryaError (engine/karya-error.ts) instead of Error').toEqual([]);
  });

  it('carries a code, params, an HTTP status and whether a retry may help', () => {
    const cases: Array<[KaryaError, string, number, boolean]> = [
      [new GenerationError('rate_limited', { status: 429, isRetryable: true }), 'rate_limited', 502, true],
      [new ExportLimitError('export_too_large', { limit: '1' }), 'export_too_large', 413, false],
      [new EditError('part_not_found'), 'part_not_found', 400, false],
      [new SessionError('step_not_allowed'), 'step_not_allowed', 409, false],
      [new SeriesError('series_not_found', {}), 'series_not_found', 400, false],
      [new VoiceError('voice_missing', {}), 'voice_missing', 400, false],
      [new ImportRefusal('import_empty', {}), 'import_empty', 400, false],
      [new SettingsError([]), 'invalid_settings', 400, false],
      [new SpecError([]), 'spec_invalid', 500, false],
      [new MissingFontError('/x.ttf'), 'font_missing', 500, false],
      [ApiError.of(404, 'not_found'), 'not_found', 404, false],
      [new CliExit(2), 'cli_exit', 500, false],
    ];
    for (const [error, code, status, isRetryable] of cases) {
      expect(error).toBeInstanceOf(KaryaError);
      expect([error.code, error.httpStatus, error.isRetryable]).toEqual([code, status, isRetryable]);
    }
    expect(new EditError('chapter_written', { chapter: 3 }).params).toEqual({ chapter: 3 });
    expect(new CliExit(2).exitCode).toBe(2);
  });

  it('recognises an error from another copy of the module by its brand, not by instanceof', () => {
    // A second copy (a bundle, a worker) has its own class; the brand is in the global symbol registry.
    const foreign = Object.assign(
      Object.create(Error.prototype, { [Symbol.for('karya.error')]: { value: true } }) as Error,
      { code: 'not_found' },
    );
    expect(foreign instanceof KaryaError).toBe(false);
    expect(KaryaError.isInstance(foreign)).toBe(true);
    expect(KaryaError.isInstance(new GenerationError('timeout'))).toBe(true);
    expect(KaryaError.isInstance(new Error('plain'))).toBe(false);
    expect(KaryaError.isInstance(null)).toBe(false);
    expect(KaryaError.isInstance({ code: 'not_found' })).toBe(false);
  });
});
