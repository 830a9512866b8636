// The words of a part's provenance on a book's page, in en and ms: the small label on a part card saying how its
// text came to be (the writer's own, rewritten by the AI, the AI's edited by hand) and the passages the AI
// rewrote in it (the AI disclosure counts from the same record). Part of the page's words (PAGE_WORDS in words.ts).
import { studioCatalogue } from '../i18n/catalogue.js';

export const PROVENANCE_WORDS = studioCatalogue('studio-provenance', {
  authoredPart: { en: 'Your text', ms: 'Tulisan anda' },
  authoredPartTitle: { en: 'You wrote this part (imported or typed): it is yours as it is, and the AI disclosure says so.', ms: 'Anda menulis bahagian ini (diimport atau ditaip): ia milik anda seadanya, dan pendedahan AI menyatakannya.' },
  rewrittenPart: { en: 'Rewritten by AI', ms: 'Ditulis semula oleh AI' },
  rewrittenPartTitle: { en: 'The AI rewrote this part: the AI disclosure counts it as AI-generated.', ms: 'AI menulis semula bahagian ini: pendedahan AI mengiranya sebagai dijana AI.' },
  handPart: { en: 'AI text, edited by you', ms: 'Teks AI, disunting oleh anda' },
  handPartTitle: { en: 'You edited the AI\'s text by hand: KDP still counts it as AI-generated, even after substantial edits.', ms: 'Anda menyunting teks AI dengan tangan: KDP masih mengiranya sebagai dijana AI, walaupun selepas suntingan besar.' },
  passagesPart: { en: { one: '{n} passage rewritten by AI', other: '{n} passages rewritten by AI' }, ms: '{n} petikan ditulis semula oleh AI' },
});
