// The publish word: resolved from _shared.yaml's default and family blocks and the file's own, checked
// when the catalog builds (unknown variables, fields, order), and every real book's plan checked against
// the publishing generators it names (a drift guard).
import { describe, expect, it } from 'vitest';
import { SpecError, formatSpecIssue, type ResolvedSpec } from '../../engine/index.js';
import { checkPublishSteps, packageCoverSpec, closestModelSize } from '../../engine/publish/index.js';
import { loadCatalog } from '../../engine/node/load.js';
import { catalogOf, SAMPLE } from '../engine/fixtures.js';

function errorsOf(text: string): string[] {
  try {
    catalogOf({ 'generators/sample.yaml': text });
  } catch (e) {
    if (e instanceof SpecError) return e.issues.map(formatSpecIssue);
    throw e;
  }
  return [];
}

const withPublish = (block: string) => `${SAMPLE}\npublish:\n${block}\n`;
const catalog = loadCatalog({ useDiskCache: false });
const books = catalog.specs.filter((s) => s.kind === 'book');

describe('resolving publish', () => {
  it("a book starts from _shared.yaml's default and its family's block; its own block overrides key by key", () => {
    const spec = catalogOf({
      'generators/sample.yaml': withPublish(
        '  categories: ["Fiction / Sample"]\n  description: { settings: { genre: thriller } }',
      ),
    }).get('sample')!;
    expect(spec.publish!.categories).toEqual(['Fiction / Sample']);
    expect(spec.publish!.parts.description).toEqual({
      generator: 'amazon-pdp',
      withContext: true,
      settings: expect.objectContaining({
        language: '{{lang}}',
        bookTitle: '{{title}}',
        genre: 'thriller',
        keyFeatures: 'storytelling',
      }),
    });
    expect(spec.publish!.parts.cover.settings).toMatchObject({ title: '{{title}}', genre: 'fantasy' });
    expect(spec.publish!.context).toEqual({ parts: ['outline', 'introduction'], maxWords: 600 });
    expect(Object.isFrozen(spec.publish!.parts.cover.settings)).toBe(true);
  });

  it('naming another generator drops the settings inherited for the old one', () => {
    const spec = catalogOf({
      'generators/sample.yaml': withPublish(
        '  cover: { generator: kids-book-cover, settings: { title: "{{title}}", mainCharacter: x } }',
      ),
    }).get('sample')!;
    expect(spec.publish!.parts.cover).toEqual({
      generator: 'kids-book-cover',
      withContext: false,
      settings: { title: '{{title}}', mainCharacter: 'x' },
    });
  });

  it.each([
    [
      'an unknown variable',
      '  description: { settings: { bookTitle: "{{name}}" } }',
      'generators/sample.yaml: publish.description.settings.bookTitle: ' +
        '{{name}}: "name" is not one of title, subtitle, author',
    ],
    [
      'a field the book does not have',
      '  cover: { settings: { setting: "{{labels.place}}" } }',
      'generators/sample.yaml: publish.cover.settings.setting: {{labels.place}}: the book has no field "place"',
    ],
    [
      'the title before it is chosen',
      '  title: { settings: { bookContent: "{{title}}: {{context}}" } }',
      'generators/sample.yaml: publish.title.settings.bookContent: ' +
        '{{title}}: the title is not known yet when this part is written',
    ],
    [
      'a helper',
      '  keywords: { settings: { bookTitle: "{{join title}}" } }',
      'generators/sample.yaml: publish.keywords.settings.bookTitle: {{join …}}: helpers are not available',
    ],
    [
      'an unknown part',
      '  blurb: { generator: amazon-pdp }',
      'generators/sample.yaml: publish: Unrecognized key: "blurb"',
    ],
    ['more than three categories', '  categories: [a, b, c, d]', 'generators/sample.yaml: publish.categories:'],
  ])('%s is a validate-time error', (_name, block, expected) => {
    const errors = errorsOf(withPublish(block));
    expect(
      errors.some((e) => e.startsWith(expected)),
      errors.join('\n'),
    ).toBe(true);
  });

  it('only books have a publish block', () => {
    const single =
      'id: sample\npreset: creative-single\ntitle: { en: S, ms: S ' +
      '}\ntagline: { en: S, ms: S }\npublish: { categories: [x] }\n';
    expect(errorsOf(single)).toContain(
      'generators/sample.yaml: publish: only books are published; a single generator has no publish block',
    );
    expect(catalog.specs.filter((s) => s.kind !== 'book').every((s) => s.publish === undefined)).toBe(true);
  });

  it('a publishing setting the generator refuses is found before anything is spent', () => {
    const spec = catalogOf({
      'generators/sample.yaml': withPublish('  cover: { settings: { mood: furious, colour: red } }'),
    }).get('sample')!;
    const specOf = (id: string) => (id === 'sample' ? spec : catalog.get(id));
    expect(checkPublishSteps(spec, specOf).map(formatSpecIssue)).toEqual([
      'generators/sample.yaml: publish.cover.settings.colour: book-cover has no field ' +
        '"colour" (it has title, genre, style, mainCharacter, setting, mood, additionalDetails)',
    ]);
    const moodOnly = catalogOf({
      'generators/sample.yaml': withPublish('  cover: { settings: { mood: furious } }'),
    }).get('sample')!;
    expect(
      checkPublishSteps(moodOnly, (id) => (id === 'sample' ? moodOnly : catalog.get(id))).map(formatSpecIssue)[0],
    ).toMatch(/^generators\/sample\.yaml: publish\.cover\.settings\.mood: book-cover: .*furious/);
  });
});

describe('every book in generators/ can be published', () => {
  it.each(books.map((b) => [b.id, b] as [string, ResolvedSpec]))(
    '%s: its plan fits the publishing generators it names',
    (_id, book) => {
      expect(checkPublishSteps(book, (id) => catalog.get(id)).map(formatSpecIssue)).toEqual([]);
      expect(book.publish!.categories.length).toBeGreaterThanOrEqual(1);
      expect(book.publish!.categories.length).toBeLessThanOrEqual(3);
    },
  );

  it("the children's book gets the kids cover, the others the book cover (YAML data)", () => {
    const covers = Object.fromEntries(books.map((b) => [b.id, b.publish!.parts.cover.generator]));
    expect(covers.children).toBe('kids-book-cover');
    expect(
      Object.entries(covers)
        .filter(([, c]) => c === 'kids-book-cover')
        .map(([id]) => id),
    ).toEqual(['children']);
  });

  it('covers ask the model for the size closest to 1600x2560 and say the package size', () => {
    expect(closestModelSize({ width: 1600, height: 2560 })).toBe('1024x1792');
    expect(closestModelSize({ width: 2560, height: 2560 })).toBe('1024x1024');
    const kids = catalog.get('kids-book-cover')!;
    expect(kids.image).toEqual({ size: '1024x1024', publishSize: { width: 1600, height: 2560 } });
    expect(packageCoverSpec(kids).image).toEqual({ size: '1024x1792', publishSize: { width: 1600, height: 2560 } });
    expect(kids.image!.size).toBe('1024x1024');
    expect(packageCoverSpec(catalog.get('book-cover')!)).toBe(catalog.get('book-cover'));
  });
});
