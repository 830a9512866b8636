// The settings schema: options, defaults, required and conditional fields, flags, numbers, chapter counts.
import { describe, expect, it } from 'vitest';
import { catalogOf, SAMPLE } from './fixtures.js';
import { compileSettingsSchema, parseSettings, SettingsError, settingsIssueMessage } from '../../engine/index.js';

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

/** Each issue as the CLI and the API word it after the field's name. */
function messagesOf(raw: Record<string, unknown>) {
  return issuesOf(raw).map((i) => ({ field: i.field, message: settingsIssueMessage(i) }));
}

describe('settings schema', () => {
  it('fills defaults and hides fields whose condition is off', () => {
    expect(parseSettings(spec, {})).toEqual({
      language: 'en',
      mood: 'calm',
      includeISBN: false,
      extras: ['map'],
      year: 2026,
      numberOfChapters: 5,
      workingTitle: '',
      premise: '',
      characters: '',
      pointOfView: '',
      tense: '',
      chapterTitle: '',
    });
  });
  it('rejects a value outside the options, naming the allowed values', () => {
    expect(issuesOf({ mood: 'angry' })).toEqual([
      { field: 'mood', code: 'not_an_option', params: { value: 'angry', allowed: ['calm', 'tense'] } },
    ]);
    expect(messagesOf({ mood: 'angry' })).toEqual([{ field: 'mood', message: '"angry" is not one of calm, tense' }]);
  });
  it(
    'parses chapter counts given as text to integers: any from ' +
      "1 to the menu's largest (the menu holds presets), no other",
    () => {
      expect(parseSettings(spec, { numberOfChapters: '3' }).numberOfChapters).toBe(3);
      // A count off the menu, within it, is the writer's choice.
      expect(parseSettings(spec, { numberOfChapters: '4' }).numberOfChapters).toBe(4);
      expect(parseSettings(spec, { numberOfChapters: 1 }).numberOfChapters).toBe(1);
      for (const bad of [0, 6, '2.5', 'many', -1])
        expect(issuesOf({ numberOfChapters: bad })).toEqual([
          { field: 'numberOfChapters', code: 'number_range', params: { min: 1, max: 5 } },
        ]);
    },
  );
  it('requires the conditional field only when its condition holds, and drops it otherwise', () => {
    expect(issuesOf({ includeISBN: true })).toEqual([{ field: 'isbn', code: 'required', params: {} }]);
    expect(messagesOf({ includeISBN: true })).toEqual([{ field: 'isbn', message: 'is required' }]);
    expect(parseSettings(spec, { includeISBN: 'true', isbn: ' 978-1 ' })).toMatchObject({
      includeISBN: true,
      isbn: '978-1',
    });
    expect(parseSettings(spec, { includeISBN: false, isbn: '978-1' })).not.toHaveProperty('isbn');
  });
  it('validates flags and numbers', () => {
    expect(parseSettings(spec, { extras: ['glossary', 'map', 'map'] }).extras).toEqual(['glossary', 'map']);
    expect(messagesOf({ extras: ['atlas'] })[0]).toEqual({
      field: 'extras',
      message: '"atlas" is not one of map, glossary',
    });
    expect(parseSettings(spec, { year: '1999' }).year).toBe(1999);
    expect(issuesOf({ year: 1800 })).toEqual([
      { field: 'year', code: 'number_range', params: { min: 1900, max: 2100 } },
    ]);
    expect(messagesOf({ year: 1800 })[0]).toEqual({ field: 'year', message: 'must be a number between 1900 and 2100' });
  });
  it('rejects unknown settings and non-en/ms languages', () => {
    expect(issuesOf({ colour: 'red' })[0]).toMatchObject({
      field: 'colour',
      code: 'unknown_setting',
      params: { generator: 'sample' },
    });
    expect(messagesOf({ colour: 'red' })[0]).toEqual({ field: 'colour', message: 'is not a setting of sample' });
    expect(messagesOf({ language: 'fr' })[0]).toEqual({ field: 'language', message: '"fr" is not one of en, ms' });
  });
  it('is one cached zod schema per generator', () => {
    expect(compileSettingsSchema(spec)).toBe(compileSettingsSchema(spec));
    expect(compileSettingsSchema(spec).safeParse('nope').success).toBe(false);
  });
});
