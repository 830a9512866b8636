// /api/generators: the compiled list and each generator's form model (compileForm), as served.
// The generation route and its events belong to books.ts.
import * as z from 'zod';
import type { FormModel } from '../compile/form.js';
import { FAMILIES, KINDS } from '../spec/format.js';
import { FIELD_ROLES, FIELD_TYPES } from '../spec/format-fields.js';
import { LangSchema, WordedSchema } from './common.js';

const Bilingual = WordedSchema;
const Scalar = z.union([z.string(), z.number(), z.boolean()]);
const Condition = z.strictObject({ field: z.string(), is: z.union([Scalar, z.array(Scalar)]) });

export const GeneratorIdParamsSchema = z.strictObject({ id: z.string().min(1).max(80) });

/** One generator of the list: enough for the navigation, the dashboard and the credit guard. */
export const GeneratorSummarySchema = z.strictObject({
  id: z.string().min(1),
  route: z.string().min(1),
  family: z.enum(FAMILIES),
  kind: z.enum(KINDS),
  bookType: z.string().min(1),
  title: Bilingual,
  tagline: Bilingual,
  typeLabel: Bilingual,
  cost: z.number().int().min(0),
  /**
   * The languages of the table the generator lacks a text in (absent when it is whole): it is refused in them, as
   * the book's language and as the page's (a studio in one of them leaves it out and says why on its page).
   */
  refusedLanguages: z.array(LangSchema).optional(),
});
export type GeneratorSummary = z.infer<typeof GeneratorSummarySchema>;

export const GeneratorsResponseSchema = z.strictObject({ generators: z.array(GeneratorSummarySchema) });
export type GeneratorsResponse = z.infer<typeof GeneratorsResponseSchema>;

const FormFieldSchema = z.strictObject({
  name: z.string().min(1),
  type: z.enum(FIELD_TYPES),
  widget: z.enum(FIELD_TYPES),
  role: z.enum(FIELD_ROLES).optional(),
  label: Bilingual,
  help: Bilingual.optional(),
  placeholder: Bilingual.optional(),
  options: z
    .array(
      z.strictObject({ value: z.union([z.string(), z.number()]), label: Bilingual, description: Bilingual.optional() }),
    )
    .optional(),
  /**
   * Absent from the JSON when the field has no default; the engine's FormField types that as a key that may be
   * undefined.
   */
  default: z
    .union([z.string(), z.number(), z.boolean(), z.array(z.string())])
    .optional()
    .transform((value) => value),
  required: z.boolean(),
  visibleWhen: Condition.optional(),
  requiredWhen: Condition.optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  maxLength: z.number().int().positive().optional(),
});

const FlowSummarySchema = z.strictObject({
  outline: z.boolean(),
  outlineKind: z.enum(['story', 'guide', 'none']),
  conclusion: z.enum(['after-last', 'replaces-last']),
  progressDenominator: z.union([z.literal('total'), z.literal('total+2'), z.number().int().positive()]),
  sections: z
    .array(z.strictObject({ id: z.string().min(1), label: Bilingual, description: Bilingual.optional() }))
    .optional(),
  savesProgress: z.boolean(),
  characterDetails: z.boolean(),
  retry: z.boolean(),
  chapterField: z.string().optional(),
});

/** `GET /api/generators/:id`: the form model, typed as the engine's FormModel (what bookSpecFromForm reads). */
export const GeneratorFormSchema: z.ZodType<FormModel> = GeneratorSummarySchema.extend({
  buttonLabel: Bilingual.optional(),
  fixedLanguage: LangSchema,
  outputName: Bilingual,
  contentType: z.string().min(1),
  fields: z.array(FormFieldSchema),
  flow: FlowSummarySchema,
});
export type GeneratorForm = FormModel;
