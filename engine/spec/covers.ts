// The format of generators/_covers.yaml, the typographic covers' data (palettes by generator, family or
// default, and the words a cover prints besides the book's own): a zod schema, from which
// engine/spec/covers.schema.json is generated for editors (scripts/gen-json-schema.ts).
import { z } from 'zod';
import { Bilingual } from './format-languages.js';
import { langs } from '../languages/index.js';

// (The schema's messages are codes: each issue is a kind worded per language, engine/node/print/cover-data.ts.)
const Colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'colour');
export const CoverPaletteSchema = z
  .object({ top: Colour, bottom: Colour, ink: Colour, soft: Colour, accent: Colour, font: z.enum(['serif', 'sans']) })
  .strict();
// A cover's words in every language of the table: a language without them would print nothing (or another's).
const Words = Bilingual.superRefine((words, ctx) => {
  for (const lang of langs()) {
    if (words[lang]) continue;
    ctx.addIssue({ code: 'custom', path: [lang], message: 'noText', params: { cover: 'noText', lang } });
  }
});
export const CoverDataSchema = z
  .object({
    words: z.object({ series: Words, seriesOnly: Words }).strict(),
    palettes: z
      .record(z.string(), CoverPaletteSchema)
      .refine((p) => 'default' in p, { message: 'noDefault', params: { cover: 'noDefault' } }),
  })
  .strict();
