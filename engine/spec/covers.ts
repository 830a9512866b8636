// The format of generators/_covers.yaml, the typographic covers' data (palettes by generator, family or
// default, and the words a cover prints besides the book's own): a zod schema, from which
// engine/spec/covers.schema.json is generated for editors (scripts/gen-json-schema.ts).
import { z } from 'zod';

const Colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #rrggbb');
export const CoverPaletteSchema = z.object({ top: Colour, bottom: Colour, ink: Colour, soft: Colour, accent: Colour, font: z.enum(['serif', 'sans']) }).strict();
const Words = z.object({ en: z.string().min(1), ms: z.string().min(1) }).strict();
export const CoverDataSchema = z.object({
  words: z.object({ series: Words, seriesOnly: Words }).strict(),
  palettes: z.record(z.string(), CoverPaletteSchema).refine((p) => 'default' in p, 'needs a `default` palette'),
}).strict();
