// The follow-up policies of a step, each a small module of one shape (answer.ts: a FollowUp takes the step's
// draft and gives it back grown): continue a cut answer (continue-cut.ts), ask a chapter about none of the
// book's people again with their names (bible-people.ts), insist on the book's language (firm-language.ts), ask
// for the chapters an outline left out (outline-more.ts), extend a part short of its length (extend-short.ts), end
// a part cut at the token limit on a whole sentence, at its target (whole-end.ts).
export { extendShort, joinExtension, joinSeparator, MAX_EXTENSIONS, proseOf } from './extend-short.js';
export { answerWhole, joinCut, MAX_CONTINUATIONS, partWriter, startsOver } from './continue-cut.js';
export { firmLanguage, type Tally } from './firm-language.js';
export { type FollowUpContext } from './answer.js';
export { outlineMore } from './outline-more.js';
export { keepBiblePeople } from './bible-people.js';
export { cutToWholeEnd, endWhole, endsWhole, OVER_RATIO, wordsNeededOf } from './whole-end.js';
