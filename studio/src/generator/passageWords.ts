// The words of the passage tools (PassageTools.tsx), in every language of the table: a passage rewritten, expanded, shortened
// or described, shown beside the old one and kept or discarded. Part of the page's words (PAGE_WORDS in words.ts).
import { studioCatalogue } from '../i18n/catalogue.js';

export const PASSAGE_WORDS = studioCatalogue('studio-passage', [
  'passageTools', 'passageToolsLabel', 'passageHint', 'passageWhich', 'passageSelection', 'passageParagraph',
  'passageNote', 'passageTone', 'passageToneNone', 'passageTone_warmer', 'passageTone_tenser', 'passageTone_lighter',
  'passageTone_formal', 'passageTone_lyrical', 'passage_rewrite', 'passage_expand', 'passage_shorten',
  'passage_describe', 'passageWorking', 'passageBefore', 'passageAfter', 'passageKeep', 'passageDiscard',
  'passageDiscarded', 'passageShort', 'topUpLink', 'passageKept', 'passageFailed',
]);
