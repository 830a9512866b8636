// The format of generators/_covers.yaml, the typographic covers' data (palettes by generator, family or
// default, and the words a cover prints besides the book's own): a zod schema, from which
// engine/spec/covers.schema.json is generated for editors (scripts/gen-json-schema.ts).
import { z } from 'zod';
import { Bilingual } from './format-languages.js';
import { langs } from '../languages/index.js';

const Colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #rrggbb');
export const CoverPaletteSchema = z
  .object({ top: Colour, bottom: Colour, ink: Colour, soft: Colour, accent: Colour, font: z.enum(['serif', 'sans']) })
  .strict();
// A cover's words in every language of the table: a language without them would print nothing (or another's).
const Words = Bilingual.superRefine((words, ctx) => {
  for (const lang of langs()) {
    if (words[lang]) continue;
    const message = `has no ${lang} text: every language of the table prints this line`;
    ctx.addIssue({ code: 'custom', path: [lang], message, params: { cover: 'noText', lang } });
  }
});
export const CoverDataSchema = z
  .object({
    words: z.object({ series: Words, seriesOnly: Words }).strict(),
    palettes: z
      .record(z.string(), CoverPaletteSchema)
      .refine((p) => 'default' in p, { message: 'needs a `default` palette', params: { cover: 'noDefault' } }),
  })
  .strict();
