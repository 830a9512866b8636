// Catalogue messages of the answers that are not the kind of text a part asks for (engine/session/answers/shape.ts,
// engine/session/answers/verdict.ts) and of the provider's filter: asked again once with a firm note, then the step
// fails with
// one of these; nothing is saved as finished and nothing is charged. Spread into CATALOGUE; another language's words
// are in languages/<code>/errors-answers.yaml.
import { catalogue } from './languages/catalogues.js';

export const ANSWER_CATALOGUE = catalogue('errors-answers', [
  // The provider's own filter stopped the answer (finish_reason content_filter or safety, or a refusal field).
  'filtered',
  // Mostly bullets, numbered lines or a table where the part is prose.
  'listed',
  // Ingredient and measure lines where the book has no recipes.
  'recipe',
  // Chapter title lines (an outline) where the part is prose.
  'outlined',
  // Mostly a copy of what the book already holds.
  'copied',
  // Mostly remarks from the model as an assistant ("As an AI language model…", "Here is the chapter").
  'assistant_talk',
]);
