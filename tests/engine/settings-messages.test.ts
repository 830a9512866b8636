// Settings issues are data ({field, code, params}); one catalogue words each code in en and ms, after
// the field's name (CLI, API) or as a sentence naming the field's label (studio). Expected texts are
// typed from the README, docs/ and the studio's wording, not read back from the catalogue.
import { describe, expect, it } from 'vitest';
import { catalogOf, SAMPLE } from './fixtures.js';
import {
  SETTINGS_MESSAGES,
  SettingsError,
  fillPlaceholders,
  parseSettings,
  settingsIssueMessage,
  type SettingsIssue,
} from '../../engine/index.js';

const spec = catalogOf({ 'generators/sample.yaml': SAMPLE }).get('sample')!;

function issuesOf(raw: unknown): readonly SettingsIssue[] {
  try {
    parseSettings(spec, raw as Record<string, unknown>);
  } catch (e) {
    if (e instanceof SettingsError) return e.issues;
    throw e;
  }
  return [];
}

describe('every field type reports its problems as a code with params', () => {
  // [raw settings, the issue]
  const cases: Array<[unknown, SettingsIssue]> = [
    [
      { mood: 'angry' },
      { field: 'mood', code: 'not_an_option', params: { value: 'angry', allowed: ['calm', 'tense'] } },
    ],
    [{ numberOfChapters: 6 }, { field: 'numberOfChapters', code: 'number_range', params: { min: 1, max: 5 } }],
    [
      { extras: ['atlas'] },
      { field: 'extras', code: 'not_an_option', params: { value: 'atlas', allowed: ['map', 'glossary'] } },
    ],
    [{ extras: 'map' }, { field: 'extras', code: 'not_a_list', params: {} }],
    [{ year: 'soon' }, { field: 'year', code: 'number_range', params: { min: 1900, max: 2100 } }],
    [{ year: 2101 }, { field: 'year', code: 'number_range', params: { min: 1900, max: 2100 } }],
    [{ includeISBN: 'maybe' }, { field: 'includeISBN', code: 'not_true_false', params: {} }],
    [
      { includeISBN: true, isbn: 42 },
      { field: 'isbn', code: 'not_text', params: {} },
    ],
    [
      { includeISBN: true, isbn: 'x'.repeat(201) },
      { field: 'isbn', code: 'too_long', params: { max: 200 } },
    ],
    [{ includeISBN: true }, { field: 'isbn', code: 'required', params: {} }],
    [
      { colour: 'red' },
      {
        field: 'colour',
        code: 'unknown_setting',
        params: {
          generator: 'sample',
          allowed: [
            'language',
            'mood',
            'includeISBN',
            'isbn',
            'extras',
            'year',
            'numberOfChapters',
            'workingTitle',
            'premise',
            'characters',
            'pointOfView',
            'tense',
            'chapterTitle',
          ],
        },
      },
    ],
    [['calm'], { field: '', code: 'not_an_object', params: {} }],
  ];
  it.each(cases)('%j', (raw, issue) => {
    expect(issuesOf(raw)).toEqual([issue]);
  });

  it('SettingsError.message is readable English for logs', () => {
    expect(() => parseSettings(spec, { mood: 'angry', includeISBN: true })).toThrow(
      'mood: "angry" is not one of calm, tense\nisbn: is required',
    );
  });
});

describe('the catalogue words every code in en and ms', () => {
  // [issue, label, after the name (en), after the name (ms), sentence with label (en), sentence with label (ms)]
  const cases: Array<[SettingsIssue, string, string, string, string, string]> = [
    [
      {
        field: 'heatLevel',
        code: 'not_an_option',
        params: { value: 'scorching', allowed: ['sweet', 'mild', 'moderate', 'steamy'] },
      },
      'Heat Level',
      '"scorching" is not one of sweet, mild, moderate, steamy',
      '"scorching" bukan salah satu daripada sweet, mild, moderate, steamy',
      'Heat Level: please choose one of the options',
      'Heat Level: sila pilih salah satu pilihan',
    ],
    [
      { field: 'numberOfChapters', code: 'not_an_option', params: { value: 13, allowed: [7, 10] } },
      'Chapters',
      '13 is not one of 7, 10',
      '13 bukan salah satu daripada 7, 10',
      'Chapters: please choose one of the options',
      'Chapters: sila pilih salah satu pilihan',
    ],
    [
      { field: 'destination', code: 'required', params: {} },
      'Destination',
      'is required',
      'diperlukan',
      'Destination is required',
      'Destination diperlukan',
    ],
    [
      { field: 'year', code: 'number_range', params: { min: 1900, max: 2100 } },
      'Year',
      'must be a number between 1900 and 2100',
      'mesti nombor antara 1900 dan 2100',
      'Year must be a number between 1900 and 2100',
      'Year mesti nombor antara 1900 dan 2100',
    ],
    [
      { field: 'age', code: 'number_range', params: { min: 1 } },
      'Age',
      'must be a number at least 1',
      'mesti nombor sekurang-kurangnya 1',
      'Age must be a number at least 1',
      'Age mesti nombor sekurang-kurangnya 1',
    ],
    [
      { field: 'age', code: 'number_range', params: { max: 9 } },
      'Age',
      'must be a number at most 9',
      'mesti nombor paling banyak 9',
      'Age must be a number at most 9',
      'Age mesti nombor paling banyak 9',
    ],
    [
      { field: 'age', code: 'number_range', params: {} },
      'Age',
      'must be a number',
      'mesti nombor',
      'Age must be a number',
      'Age mesti nombor',
    ],
    [
      { field: 'isbn', code: 'too_long', params: { max: 40 } },
      'ISBN',
      'must be at most 40 characters',
      'mesti tidak melebihi 40 aksara',
      'ISBN must be at most 40 characters',
      'ISBN mesti tidak melebihi 40 aksara',
    ],
    [
      { field: 'isbn', code: 'not_text', params: {} },
      'ISBN',
      'must be text',
      'mesti teks',
      'ISBN must be text',
      'ISBN mesti teks',
    ],
    [
      { field: 'isbn', code: 'not_true_false', params: {} },
      'ISBN',
      'must be true or false',
      'mesti ya atau tidak',
      'ISBN must be true or false',
      'ISBN mesti ya atau tidak',
    ],
    [
      { field: 'extras', code: 'not_a_list', params: {} },
      'Extras',
      'must be a list',
      'mesti senarai',
      'Extras must be a list',
      'Extras mesti senarai',
    ],
    [
      { field: '', code: 'not_an_object', params: {} },
      'Settings',
      'settings must be an object',
      'tetapan mesti objek',
      'Settings must be an object',
      'Settings mesti objek',
    ],
    [
      { field: 'heatlevel', code: 'unknown_setting', params: { generator: 'romance', allowed: ['heatLevel'] } },
      'heatlevel',
      'is not a setting of romance',
      'bukan tetapan romance',
      'heatlevel is not a setting of romance',
      'heatlevel bukan tetapan romance',
    ],
  ];
  it.each(cases)('%j', (issue, label, bareEn, bareMs, labelledEn, labelledMs) => {
    expect(settingsIssueMessage(issue)).toBe(bareEn);
    expect(settingsIssueMessage(issue, { lang: 'ms' })).toBe(bareMs);
    expect(settingsIssueMessage(issue, { label })).toBe(labelledEn);
    expect(settingsIssueMessage(issue, { lang: 'ms', label })).toBe(labelledMs);
  });

  it('covers every code', () => {
    expect(new Set(cases.map(([i]) => i.code))).toEqual(new Set(Object.keys(SETTINGS_MESSAGES)));
  });
});

describe('one placeholder filler', () => {
  it('fills known names and leaves unknown ones as written', () => {
    expect(fillPlaceholders('Chapter {n} of {total}', { n: 3 })).toBe('Chapter 3 of {total}');
    expect(fillPlaceholders('{constructor}', {})).toBe('{constructor}');
  });
});
