// The offline demo's composed prose, each a section of the language table read the same way for every language:
// stories (languages/<code>/offline-story.yaml: scenes of a quiet town with the demo's three characters), guides
// (offline-guide.yaml: plain advice with examples, mistakes and questions to try) and a cookbook's kitchen notes
// (offline-kitchen.yaml: a recipe's headnote and the line that opens a recipe chapter). Each is frames and slots,
// composed by offline-compose.ts; slots stand every word or two, and every phrase fits every frame it can land in,
// so each sentence is grammatical and a long book rarely says the same eight words twice (the repetition check of
// engine/session counts such runs).
import type { Grammar } from './offline-compose.js';
import { demoSection, grammarCheck } from './offline-words.js';

/** A story's grammar in every language. */
export const STORY = demoSection('offline-story', grammarCheck());

/** A guide's grammar (non-fiction books but cookbooks) in every language. */
export const GUIDE = demoSection('offline-guide', grammarCheck());

/**
 * The kitchen's words in every language: `notes` (sentences of a recipe's headnote, whose frames may name the
 * recipe's own slots, [main], [aroma], [sauce]… of offline-recipes.yaml, so a note speaks of its dish) and
 * `opening` (the line that opens a recipe chapter), each frames and slots.
 */
export const KITCHEN = demoSection<{ notes: Grammar; opening: Grammar }>('offline-kitchen', (raw, _at, file) => {
  const record = (raw ?? {}) as Record<string, unknown>;
  return {
    notes: grammarCheck(null)(record.notes, 'notes', file),
    opening: grammarCheck()(record.opening, 'opening', file),
  };
});
