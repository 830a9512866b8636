// The words of a part's provenance on a book's page, in every language of the table: the small label on a part card
// saying how its
// text came to be (the writer's own, rewritten by the AI, the AI's edited by hand) and the passages the AI
// rewrote in it (the AI disclosure counts from the same record). Part of the page's words (PAGE_WORDS in words.ts).
import { studioCatalogue } from '../i18n/catalogue.js';

export const PROVENANCE_WORDS = studioCatalogue('studio-provenance', [
  'authoredPart',
  'authoredPartTitle',
  'rewrittenPart',
  'rewrittenPartTitle',
  'handPart',
  'handPartTitle',
  'passagesPart',
]);
