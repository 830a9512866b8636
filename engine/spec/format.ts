// The YAML format of a generator file (authored spec) and of generators/_shared.yaml, as zod schemas.
// `AuthoredSpec` is inferred from here; scripts/gen-json-schema.ts turns it into JSON Schema for editors.
import * as z from 'zod';
// The settings form is in format-fields.ts, the publish block in format-publish.ts, what a step asks of the model
// (its max_tokens budget, its settings) and the answer shapes in format-model.ts.

export { Bilingual, LANG_CODE, languageTexts } from './format-languages.js';
import { Bilingual, LangCode } from './format-languages.js';
import { FieldDef, type FIELD_ROLES } from './format-fields.js';
import { PublishDef } from './format-publish.js';
import { AnswerShapeDef, ModelDef } from './format-model.js';

/**
 * The roles each kind of generator reads; a field with any other role would be accepted and silently do
 * nothing, so `karya validate` refuses it. A book reads its brief, its chapter count and titles, and the title
 * and by-line of its pages; a single output (and the test kind, written as one) is titled by its working
 * title; a picture draws its title, by-line and colours (its history is titled by its bookTitle).
 */
export const ROLES_BY_KIND = {
  book: ['language', 'chapters', 'chapterTitle', 'bookTitle', 'author', 'workingTitle', 'premise', 'characters'],
  single: ['language', 'workingTitle'],
  test: ['language', 'workingTitle'],
  image: ['language', 'bookTitle', 'author', 'mainCharacter', 'genre', 'mood', 'colorScheme'],
} as const satisfies Record<(typeof KINDS)[number], ReadonlyArray<(typeof FIELD_ROLES)[number]>>;

/** How a part of a book is laid out, in the book's language (handlebars, like a brief). */
export const FormatText = Bilingual.describe(
  'how a part is laid out, in each output language the generator offers (handlebars, like brief): paragraphs, lists, ' +
    'recipes, questions with answers…; follows "Write about N words." in the prompt',
);

/**
 * A generator's brief, in the language of the book (handlebars). A generator writes it in every output language
 * it offers (its language field: every language of the table; or its fixed `language`), side by side; a plain
 * string is the English brief of a generator that writes English only.
 */
export const BriefText = z
  .union([
    z
      .string()
      .describe(
        'the English brief of a generator that writes English only (fixed `language: en`, no ' + 'language field)',
      ),
    Bilingual.describe(
      'one brief per output language the generator offers, each written in that language (not a ' +
        'translation word for word): each of its language codes mapped to its brief',
    ),
  ])
  .describe(
    'handlebars text describing this generator, included in every prompt of its book or piece, in the output ' +
      'language: ' +
      'one text per language the generator offers (karya validate refuses it without one); a plain string only for ' +
      'an English-only generator',
  );

export type AuthoredBrief = z.infer<typeof BriefText>;

/** The name of an answer shape in generators/_shared.yaml `answerShapes` (what a part's answer must look like). */
export const ShapeName = z
  .string()
  .min(1)
  .describe(
    'a shape in generators/_shared.yaml answerShapes (prose, guide, lists, recipes…): what an answer for the ' +
      'part must look like to be kept',
  );

export const SectionDef = z
  .object({
    id: z.string().min(1),
    label: Bilingual.describe("the section's title in every language of the table"),
    description: Bilingual.optional(),
    format: FormatText.optional().describe(
      "this section's layout, instead of prompts.chapterFormat and prompts.format (e.g. practice questions with " +
        'answers)',
    ),
    shape: ShapeName.optional().describe(
      "this section's answer shape, instead of prompts.chapterShape and prompts.shape (e.g. lists for practice " +
        'questions)',
    ),
  })
  .strict();

export const FlowDef = z
  .object({
    outline: z.enum(['story', 'guide', 'none']).optional().describe('outline step flavour, or none'),
    sections: z.array(SectionDef).min(1).optional().describe('fixed sections instead of a chosen chapter count'),
    conclusion: z
      .enum(['after-last', 'replaces-last'])
      .optional()
      .describe('after-last: conclusion at position total+1; replaces-last: conclusion at position total'),
    progressDenominator: z.union([z.enum(['total', 'total+2']), z.number().int().positive()]).optional(),
    savesProgress: z.boolean().optional(),
    characterDetails: z.boolean().optional().describe('extract "Character Details" from the introduction (fiction)'),
    retry: z.boolean().optional(),
    languageCheck: z
      .boolean()
      .optional()
      .describe(
        'false for a piece that mixes languages on purpose (a language-learning story): its answers are not ' +
          'checked for the output language (default true)',
      ),
    continuity: z
      .enum(['checks', 'audit'])
      .optional()
      .describe(
        'checks: continuity checked from the story bible only (default); audit: also one model call a ' +
          'chapter that checks it against the bible',
      ),
  })
  .strict();

export const PromptsDef = z
  .object({
    brief: BriefText.optional(),
    system: z.string().optional(),
    outline: z.string().optional(),
    introduction: z.string().optional(),
    chapter: z.string().optional(),
    conclusion: z.string().optional(),
    single: z.string().optional(),
    image: z.string().optional(),
    wordTarget: z
      .union([
        z.number().int().positive(),
        z
          .object({ field: z.string(), values: z.record(z.string(), z.number().int().positive()) })
          .strict()
          .describe('a word target chosen by a select field, e.g. storyLength: {short: 500, medium: 1000, long: 1500}'),
      ])
      .optional()
      .describe('words asked for per chapter or output'),
    format: FormatText.optional().describe(
      "the layout of every part of a book (introduction, chapters, conclusion); _shared.yaml's book presets give the " +
        'plain-prose default',
    ),
    chapterFormat: FormatText.optional().describe(
      'the layout of the numbered chapters only, instead of format (e.g. recipes: ingredients and numbered steps)',
    ),
    shape: ShapeName.optional().describe(
      'the answer shape of every part of a book (introduction, chapters, conclusion, and their passages, write-more ' +
        "and rewrites); _shared.yaml's book presets give prose or guide",
    ),
    chapterShape: ShapeName.optional().describe(
      'the answer shape of the numbered chapters only, instead of shape (e.g. recipes)',
    ),
    outputName: Bilingual.optional().describe('what a single output is called, e.g. poem / puisi'),
    demo: z
      .enum(['story', 'guide', 'recipe'])
      .optional()
      .describe(
        "what the offline demo writes for a book's chapters: story (fiction's default), guide (the others') " +
          "or recipe (a cookbook's recipes)",
      ),
  })
  .strict()
  .describe('template names are paths under templates/ without .hbs');

export { AnswerShapeDef, BudgetDef, ModelDef, type AuthoredAnswerShape, type AuthoredBudget } from './format-model.js';

export const FAMILIES = ['fiction', 'nonfiction', 'creative', 'publishing', 'covers', 'test'] as const;
export const KINDS = ['book', 'single', 'image', 'test'] as const;

export const AuthoredSpec = z
  .object({
    $schema: z.string().optional(),
    id: z.string().regex(/^[a-z][a-z0-9-]*$/, 'lower-case letters, digits and dashes'),
    preset: z.string().optional().describe('a preset in generators/_shared.yaml whose values this file starts from'),
    family: z.enum(FAMILIES).optional(),
    kind: z.enum(KINDS).optional(),
    bookType: z
      .string()
      .regex(/^[a-z][a-z0-9_]*$/)
      .optional()
      .describe('saved-progress key, e.g. mystery_thriller'),
    contentType: z.string().optional().describe('content_type in history and prompt_type in usage records'),
    title: Bilingual,
    tagline: Bilingual,
    typeLabel: Bilingual.optional().describe('the book type as the resume dialog names it'),
    buttonLabel: Bilingual.optional().describe('the submit button of a single-shot tool'),
    language: LangCode.optional().describe(
      'fixed output language (a code of the language table) when there is no language field',
    ),
    fields: z.record(z.string(), FieldDef).optional(),
    flow: FlowDef.optional(),
    prompts: PromptsDef.optional(),
    model: ModelDef.optional(),
    cost: z.number().int().min(0).optional(),
    image: z
      .object({
        size: z.enum(['1024x1024', '1024x1792', '1792x1024']).describe('the size the image model is asked for'),
        publishSize: z
          .string()
          .regex(/^[1-9]\d{2,4}x[1-9]\d{2,4}$/, 'WIDTHxHEIGHT in pixels, e.g. 1600x2560')
          .optional()
          .describe(
            "the cover's size in a KDP package (`karya publish`), e.g. KDP's ideal 1600x2560: the image is " +
              'scaled to fill it and cropped evenly',
          ),
      })
      .strict()
      .optional(),
    publish: PublishDef.optional(),
  })
  .strict();
export type AuthoredSpec = z.infer<typeof AuthoredSpec>;

/** A preset: any part of a spec except its identity. */
export const PresetDef = AuthoredSpec.omit({
  $schema: true,
  id: true,
  preset: true,
  title: true,
  tagline: true,
  publish: true,
}).partial();

export const SharedFile = z
  .object({
    $schema: z.string().optional(),
    fields: z.record(z.string(), FieldDef),
    tokenPresets: z.record(z.string(), z.number().int().positive()),
    budgets: z
      .object({
        headroom: z.number().min(1).max(3).describe('the measured tokens are multiplied by this'),
        overhead: z.number().int().min(0).describe('tokens added for a title, headings and blank lines'),
        rates: z
          .record(
            z.string().regex(/^[a-z][a-zA-Z0-9]*$/, 'a camelCase name'),
            z.record(LangCode, z.number().positive()),
          )
          .describe(
            'tokens per unit (a joke, a riddle with its answer…) in each language of the table, by code, at ' +
              "least what tests/engine/token-samples.yaml measures; a word's is the language table's tokensPerWord",
          ),
      })
      .strict()
      .optional()
      .describe('what model.budget computes max_tokens from'),
    answerShapes: z
      .record(z.string().regex(/^[a-z][a-z0-9-]*$/, 'lower-case letters, digits and dashes'), AnswerShapeDef)
      .optional()
      .describe(
        'what an answer for a part of a book must look like to be kept, by name (prompts.shape, ' +
          "prompts.chapterShape, a section's shape)",
      ),
    presets: z.record(z.string(), PresetDef),
    publish: z
      .partialRecord(z.enum(['default', 'fiction', 'nonfiction', 'creative']), PublishDef)
      .optional()
      .describe(
        "`karya publish` data every book starts from (default), then its family's, then the generator's own " +
          'publish block',
      ),
  })
  .strict();
export type SharedFile = z.infer<typeof SharedFile>;
