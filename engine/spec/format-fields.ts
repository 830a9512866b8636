// The YAML format of a generator's settings form: a field (its type, role, choices, default and limits), a choice
// of a select, and the condition that shows a field or makes it required. Part of the generator format (format.ts).
import * as z from 'zod';
import { Bilingual, LangText, onlyLanguageKeys } from './format-languages.js';

/** A field's plain value: text, a number or a yes/no. */
export const Scalar = z.union([z.string(), z.number(), z.boolean()]);

/** Visibility or requiredness that depends on another field's value. */
export const Condition = z
  .object({
    field: z.string().describe('name of the field this one depends on'),
    is: z
      .union([Scalar, z.array(Scalar)])
      .optional()
      .describe('the value (or any of the values) that turns the rule on'),
    where: z
      .string()
      .regex(/^[a-z][a-zA-Z0-9]*$/)
      .optional()
      .describe(
        "on the language field only: a flag of the language table's grammar section " +
          '(languages/<code>/grammar.yaml), e.g. tenseMarked: the rule is on for every language whose flag is true',
      ),
  })
  .strict()
  .refine((c) => (c.is === undefined) !== (c.where === undefined), {
    message: 'takes either is (a value) or where (a ' + 'flag of the language table), not both',
  });

export const OptionDef = z
  .object({
    value: z
      .union([z.string(), z.number()])
      .describe('"" is the "no choice" option of an optional select (Any): it stays out of the prompt'),
    description: Bilingual.optional(),
  })
  .catchall(LangText)
  .superRefine(onlyLanguageKeys(['value', 'description']))
  .describe(
    'One choice: its machine value and its label in every language of the table, by code: { value: sweet, ' +
      'en: Sweet, ms: Manis, id: Manis }',
  );

export const FIELD_TYPES = ['select', 'text', 'textarea', 'number', 'checkbox', 'flags'] as const;
export const FIELD_ROLES = [
  'language',
  'chapters',
  'chapterTitle',
  'bookTitle',
  'author',
  'mainCharacter',
  'genre',
  'mood',
  'colorScheme',
  'workingTitle',
  'premise',
  'characters',
] as const;

export const FieldDef = z
  .object({
    use: z
      .string()
      .optional()
      .describe('start from a shared field in generators/_shared.yaml, then apply the keys ' + 'given here'),
    type: z.enum(FIELD_TYPES).optional(),
    role: z
      .enum(FIELD_ROLES)
      .optional()
      .describe(
        'language: the output language (a code of the language table); chapters: the chapter count; chapterTitle: ' +
          'the per-chapter title; ' +
          'bookTitle, author, mainCharacter, genre, mood, colorScheme: what the offline cover draws (title, by-line, ' +
          'featuring line, colours); ' +
          "workingTitle, premise, characters: the writer's brief of a book (the outline keeps the title, every step " +
          'carries the premise, the story bible starts from the characters); ' +
          'workingTitle also titles a single output (its heading, EPUB title and history). Each kind takes only the ' +
          'roles it reads (karya validate lists them)',
      ),
    label: Bilingual.optional(),
    help: Bilingual.optional(),
    placeholder: Bilingual.optional(),
    options: z
      .union([z.literal('languages'), z.array(OptionDef)])
      .optional()
      .describe(
        'the choices; `languages` (the language field): every language of the table, each named in every ' +
          'language as the table names it',
      ),
    default: z.union([Scalar, z.array(z.string())]).optional(),
    defaultFrom: z.enum(['currentYear']).optional().describe('a default computed when the generator is compiled'),
    required: z.boolean().optional(),
    visibleWhen: Condition.optional(),
    requiredWhen: Condition.optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    maxLength: z.number().int().positive().optional(),
    inPrompt: z
      .boolean()
      .optional()
      .describe('false keeps the field out of the settings list in prompts (default true)'),
  })
  .strict();

export type AuthoredField = z.infer<typeof FieldDef>;
