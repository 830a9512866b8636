// The settings schema: options, defaults, required and conditional fields, flags, numbers, chapter counts.
import { describe, expect, it } from 'vitest';
import { catalogOf, SAMPLE } from './fixtures.js';
import { compileSettingsSchema, parseSettings, SettingsError } from '../../engine/index.js';

const spec = catalogOf({ 'generators/sample.yaml': SAMPLE }).get('sample')!;

function issuesOf(raw: Record<string, unknown>) {
  try {
    parseSettings(spec, raw);
  } catch (e) {
    if (e instanceof SettingsError) return e.issues;
    throw e;
  }
  return [];
}

describe('settings schema', () => {
  it('fills defaults and hides fields whose condition is off', () => {
    expect(parseSettings(spec, {})).toEqual({ language: 'en', mood: 'calm', includeISBN: false, extras: ['map'], year: 2026, numberOfChapters: 5, chapterTitle: '' });
  });
  it('rejects a value outside the options, naming the allowed values', () => {
    expect(issuesOf({ mood: 'angry' })).toEqual([{ field: 'mood', message: '"angry" is not one of calm, tense', allowed: ['calm', 'tense'] }]);
  });
  it('parses chapter counts given as text to integers and rejects other counts', () => {
    expect(parseSettings(spec, { numberOfChapters: '3' }).numberOfChapters).toBe(3);
    expect(issuesOf({ numberOfChapters: '4' })[0]).toMatchObject({ field: 'numberOfChapters', message: '"4" is not one of 3, 5' });
  });
  it('requires the conditional field only when its condition holds, and drops it otherwise', () => {
    expect(issuesOf({ includeISBN: true })).toEqual([{ field: 'isbn', message: 'is required' }]);
    expect(parseSettings(spec, { includeISBN: 'true', isbn: ' 978-1 ' })).toMatchObject({ includeISBN: true, isbn: '978-1' });
    expect(parseSettings(spec, { includeISBN: false, isbn: '978-1' })).not.toHaveProperty('isbn');
  });
  it('validates flags and numbers', () => {
    expect(parseSettings(spec, { extras: ['glossary', 'map', 'map'] }).extras).toEqual(['glossary', 'map']);
    expect(issuesOf({ extras: ['atlas'] })[0]).toMatchObject({ field: 'extras', message: '"atlas" is not one of map, glossary' });
    expect(parseSettings(spec, { year: '1999' }).year).toBe(1999);
    expect(issuesOf({ year: 1800 })[0]).toMatchObject({ field: 'year', message: 'must be a number between 1900 and 2100' });
  });
  it('rejects unknown settings and non-en/ms languages', () => {
    expect(issuesOf({ colour: 'red' })[0]).toMatchObject({ field: 'colour', message: 'is not a setting of sample' });
    expect(issuesOf({ language: 'fr' })[0]).toMatchObject({ field: 'language', message: '"fr" is not one of en, ms' });
  });
  it('is one cached zod schema per generator', () => {
    expect(compileSettingsSchema(spec)).toBe(compileSettingsSchema(spec));
    expect(compileSettingsSchema(spec).safeParse('nope').success).toBe(false);
  });
});
