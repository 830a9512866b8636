// The codes of the AI-disclosure check's words (disclosure.ts): the ai-disclosure rule's (readiness/ai-disclosure.ts),
// kept beside disclosure.ts, which says them too. Their texts, in every language, are languages/<code>/readiness.yaml's
// "ai-disclosure". Placeholders as engine/i18n.ts fills them: {name}.
import type { Bilingual } from '../spec/types.js';

export const DISCLOSURE_WORDS = {
  'label.ai-disclosure': {},
  'ai.text.none': {},
  'ai.text.some': {},
  'ai.text.most': {},
  'ai.text.entirely': {},
  'ai.derived': {},
  'ai.parts-model': {},
  'ai.parts-rewritten': {},
  'ai.parts-hand': {},
  'ai.parts-author': {},
  'ai.passages': {},
  'ai.passage': {},
  'ai.added': {},
  'ai.images.ai-generated': {},
  'ai.images.none': {},
  'ai.translations': {},
  'ai.translated-from': {},
  // A package made before the language was a value of the text says these.
  'ai.translated-from.en': {},
  'ai.translated-from.ms': {},
  'ai.summary': {},
  'ai.corrected': {},
  'ai.corrected-fix': {},
  'ai.level.none': {},
  'ai.level.some': {},
  'ai.level.most': {},
  'ai.level.entirely': {},
} as const satisfies Record<string, Bilingual>;
