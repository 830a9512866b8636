// The YAML format of what a generator's step asks of the model (generator files and generators/_shared.yaml), as
// zod schemas: the max_tokens budget that follows the request, the model settings of a step, and the shape an
// answer for a part must have to be kept.
import * as z from 'zod';

export const BudgetDef = z
  .object({
    per: z
      .string()
      .min(1)
      .describe(
        "word (each language's tokensPerWord, in its table languages/<code>.yaml) or a rate in _shared.yaml " +
          'budgets.rates: the tokens of one unit in each language (joke, fact, riddle…), measured on sample outputs',
      ),
    items: z
      .union([z.string().min(1), z.number().int().positive()])
      .optional()
      .describe(
        'how many units the step asks for: a field whose value is the count (e.g. numberOfJokes) or a fixed ' +
          'count; without it, the words the step asks for (its word target)',
      ),
  })
  .strict()
  .describe(
    'max_tokens that follows the request: units x tokens per unit x headroom + overhead (_shared.yaml ' +
      'budgets), never below model.tokens',
  );
export type AuthoredBudget = z.infer<typeof BudgetDef>;

export const ModelDef = z
  .object({
    tokens: z
      .union([z.string(), z.number().int().positive()])
      .optional()
      .describe('a token preset name or a number; with a budget, the floor max_tokens never goes below'),
    budget: BudgetDef.optional(),
    temperature: z.number().min(0).max(2).optional(),
    presencePenalty: z.number().min(-2).max(2).optional(),
    frequencyPenalty: z.number().min(-2).max(2).optional(),
  })
  .strict();

/**
 * What an answer for a part must look like to be kept (generators/_shared.yaml answerShapes;
 * engine/session/answers/shape.ts).
 */
export const AnswerShapeDef = z
  .object({
    listShare: z
      .number()
      .min(0)
      .max(1)
      .describe(
        "the most of an answer's words that may stand in list items, numbered lines and table rows; more is " +
          'a list, not this part (1: a list is the part)',
      ),
    recipes: z
      .boolean()
      .describe(
        'true when recipes (ingredient and measure lines) belong in the part; false: an ' +
          'answer that is a recipe is asked again',
      ),
    outlines: z
      .boolean()
      .describe(
        'true when lines of chapter titles belong in the part; false: an answer that is ' +
          'an outline of the book is asked again',
      ),
    copyShare: z
      .number()
      .min(0)
      .max(1)
      .describe(
        "the most of an answer's distinct 8-word runs that may already stand in the book before it; more is " +
          'a copy of an earlier part',
      ),
    minWords: z
      .number()
      .int()
      .min(0)
      .describe(
        'the fewest words an answer has before its lines are judged (a continuation of a few sentences is not)',
      ),
    wallWords: z
      .number()
      .int()
      .positive()
      .describe('a paragraph of more words than this (a wall of text on one line) is split at sentence ends'),
    paragraphWords: z
      .number()
      .int()
      .positive()
      .describe('the words of each paragraph a wall of text is split into, at least'),
  })
  .strict();
export type AuthoredAnswerShape = z.infer<typeof AnswerShapeDef>;
