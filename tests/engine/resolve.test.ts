// A broken generator file is reported as `file: path: message`, never a stack trace; presets and shared
// fields resolve; the resolved spec is frozen.
import { describe, expect, it } from 'vitest';
import { catalogOf, SAMPLE } from './fixtures.js';
import {
  SpecError,
  SettingsError,
  compileForm,
  formatSpecIssue,
  generatorLanguageGaps,
  parseSettings,
} from '../../engine/index.js';
import { langs } from '../../engine/languages/index.js';
import { repoCatalog } from '../catalog.js';

function errorsOf(files: Record<string, string>, templates?: Record<string, string>): string[] {
  try {
    catalogOf(files, templates);
  } catch (e) {
    if (e instanceof SpecError) return e.issues.map(formatSpecIssue);
    throw e;
  }
  return [];
}

const broken = (from: string, to: string) => ({ 'generators/sample.yaml': SAMPLE.replace(from, to) });

describe('spec errors name the file, the path and what is wrong', () => {
  it.each([
    [
      'a default that is not an option',
      broken(
        '      - { value: tense, en: Tense, ms: Tegang }',
        '      - { value: tense, en: Tense, ms: Tegang }\n    default: hot',
      ),
      'generators/sample.yaml: fields.mood.default: "hot" is not one of calm, tense',
    ],
    ['an unknown field type', broken('type: select', 'type: dropdown'), 'generators/sample.yaml: fields.mood.type:'],
    [
      'an unknown shared field',
      broken('language: { use: language }', 'language: { use: lang }'),
      'generators/sample.yaml: fields.language.use: "lang" is not one of language, numberOfChapters, chapterTitle',
    ],
    [
      'a condition on a missing field',
      broken('visibleWhen: { field: includeISBN', 'visibleWhen: { field: includeIsbn'),
      'generators/sample.yaml: fields.isbn.visibleWhen.field: "includeIsbn" is not a field of this generator',
    ],
    [
      'an unknown preset',
      broken('preset: fiction-book', 'preset: fiction'),
      'generators/sample.yaml: preset: "fiction" is not one of',
    ],
    [
      'an unknown token preset',
      broken('prompts:', 'model: { tokens: huge }\nprompts:'),
      'generators/sample.yaml: model.tokens: "huge" is not one of',
    ],
    [
      'a flags default that is not an option',
      broken('default: [map]', 'default: [atlas]'),
      'generators/sample.yaml: fields.extras.default.0: "atlas" is not one of map, glossary',
    ],
    [
      'a number default out of range',
      broken('defaultFrom: currentYear', 'default: 1800'),
      'generators/sample.yaml: fields.year.default: 1800 is not between 1900 and 2100',
    ],
    [
      'an unknown top-level key',
      broken('tagline:', 'tagLine: { en: x, ms: y }\ntagline:'),
      'generators/sample.yaml: Unrecognized key: "tagLine"',
    ],
    ['invalid YAML', { 'generators/sample.yaml': 'id: sample\n  bad: [' }, 'generators/sample.yaml: 1:5:'],
    [
      'an id that is not the file name',
      { 'generators/other.yaml': SAMPLE },
      'generators/other.yaml: id: "sample" must match the file name "other"',
    ],
    [
      'a template variable the spec does not provide',
      broken('"Mood {{labels.mood}}', '"Mood {{labels.colour}} {{heat}}'),
      'generators/sample.yaml: prompts.brief.en: {{labels.colour}}: sample has no field "colour"',
    ],
    [
      'an unknown prompt variable',
      broken('"Mood {{labels.mood}}', '"Mood {{heat}}'),
      'generators/sample.yaml: prompts.brief.en: {{heat}}: "heat" is not a prompt variable',
    ],
    [
      'a word target for a value the field does not have',
      broken('prompts:', 'prompts:\n  wordTarget: { field: mood, values: { calm: 500, angry: 900 } }'),
      'generators/sample.yaml: prompts.wordTarget.values',
    ],
    [
      'a missing template',
      broken('preset: fiction-book', 'preset: fiction-book\nprompts: { chapter: fiction/nope }\n'),
      'generators/sample.yaml',
    ],
  ])('%s', (_name, files, expected) => {
    const errors = errorsOf(files);
    expect(errors.length).toBeGreaterThan(0);
    expect(
      errors.some((e) => e.startsWith(expected)),
      errors.join('\n'),
    ).toBe(true);
    for (const e of errors) expect(e).not.toMatch(/\n\s+at /);
  });

  it('reports every problem of every file at once', () => {
    const errors = errorsOf({
      'generators/sample.yaml': SAMPLE.replace('default: 5', 'default: 4'),
      'generators/second.yaml': SAMPLE.replace('id: sample', 'id: second').replace('type: select', 'type: nope'),
    });
    expect(
      errors.some((e) => e.startsWith('generators/sample.yaml: fields.numberOfChapters.default: 4 is not one of 3, 5')),
    ).toBe(true);
    expect(errors.some((e) => e.startsWith('generators/second.yaml: fields.mood.type'))).toBe(true);
  });

  it('a template with an unknown partial is reported with the template file', () => {
    const errors = errorsOf(
      { 'generators/sample.yaml': SAMPLE },
      { ...catalogOf({}).renderer.templates, 'fiction/chapter': '{{> nothing}} {{step.title}}' },
    );
    expect(errors).toContain(
      'templates/fiction/chapter.hbs: (used by sample): {{> nothing}}: ' +
        'partial templates/partials/nothing.hbs does not exist',
    );
  });
});

describe('a generator without a text in one language is refused for that language only', () => {
  const spec = catalogOf(broken('label: { en: Mood, ms: Suasana }', 'label: { en: Mood }')).get('sample')!;

  it('still serves the languages it is whole in, and its language field leaves Malay out', () => {
    expect(spec.languageGaps?.ms).toEqual(['fields.mood.label']);
    const language = spec.fields.find((f) => f.role === 'language')!;
    expect(language.options!.map((o) => o.value)).not.toContain('ms');
    expect(language.options!.map((o) => o.value)).toContain('en');
    expect(parseSettings(spec, { language: 'en' }).language).toBe('en');
  });

  it(
    'asked for in Malay, the settings are refused, listing ' + 'what it offers (nothing is shown in English instead)',
    () => {
      let error: unknown;
      try {
        parseSettings(spec, { language: 'ms' });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SettingsError);
      expect((error as SettingsError).issues).toContainEqual(
        expect.objectContaining({
          field: 'language',
          code: 'not_an_option',
          params: expect.objectContaining({
            value: 'ms',
            allowed: langs().filter((l) => l !== 'ms' && !spec.languageGaps?.[l]),
          }),
        }),
      );
    },
  );

  it("the studio's form model names Malay as refused, so the page is not shown in Malay with a label missing", () => {
    // The sample is written in English and Malay only: any other language of the table is refused too.
    expect(compileForm(spec).refusedLanguages).toEqual(langs().filter((l) => l !== 'en'));
    expect(compileForm(repoCatalog().get('romance')!)).not.toHaveProperty('refusedLanguages');
  });

  it('karya validate names the generator file, the path and the language, and what it still offers', () => {
    // (tests/generators/malay-prompts.test.ts reads the line validate prints from it.)
    expect(generatorLanguageGaps([spec])).toContainEqual({
      file: 'generators/sample.yaml',
      path: 'fields.mood.label',
      generator: 'sample',
      lang: 'ms',
      offers: ['en'],
    });
  });
});

describe('resolved spec', () => {
  const spec = catalogOf({ 'generators/sample.yaml': SAMPLE }).get('sample')!;
  it('applies the preset, shared fields and defaults', () => {
    expect(spec.kind).toBe('book');
    expect(spec.family).toBe('fiction');
    expect(spec.flow.outline).toBe('story');
    expect(spec.fields.map((f) => f.name)).toEqual([
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
    ]); // the preset's book brief before the chapter title
    expect(spec.fields.find((f) => f.name === 'language')!.default).toBe('en');
    expect(spec.fields.find((f) => f.name === 'mood')!.default).toBe('calm');
    expect(spec.fields.find((f) => f.name === 'year')!.default).toBe(2026);
    expect(spec.model.tokens).toBe(3000);
    expect(spec.bookType).toBe('sample');
  });
  it('is frozen', () => {
    expect(Object.isFrozen(spec)).toBe(true);
    expect(Object.isFrozen(spec.fields[1]!.options)).toBe(true);
    expect(() => {
      (spec.fields as unknown as unknown[]).push({});
    }).toThrow();
  });
});
