// The checks a translated window's answer passes before it is kept (engine/session/translate/checks.ts), as a
// table of answers and what is wrong with each; the length band holds the fixture's English–Malay sentence pairs;
// the glossary is read from the story bible.
import { describe, expect, it } from 'vitest';
import {
  EMPTY_BIBLE,
  lengthBand,
  checkWindow,
  glossaryOf,
  renderBible,
  withWritersGlossary,
} from '../../engine/index.js';
import { PROSE_SENTENCES } from '../fake-openai.js';

const source = [
  'Aisha folded the letter twice and slipped it into the pocket of her coat.',
  'Neither of them spoke for a while, and the silence felt warmer than any apology.',
];
const good = [
  'Aisha melipat surat itu dua kali dan menyimpannya di dalam poket kotnya.',
  'Mereka tidak bercakap untuk seketika, dan kesunyian itu terasa lebih hangat daripada sebarang permohonan maaf.',
];
const glossary = [{ term: 'Aisha', rendering: 'Aisha' }];
const indonesian =
  'Dia tidak mengerti karena uang itu tidak cukup untuk membayar ' +
  'kontrakan, dan saat ini dia harus segera ke rumah sakit bersama Aisha.';

describe('a translated window is kept only when every paragraph is accounted for', () => {
  const cases: Array<{ name: string; answer: string[]; code: string | undefined }> = [
    { name: 'a faithful translation', answer: good, code: undefined },
    { name: 'a paragraph dropped', answer: [good[0]!], code: 'translate_paragraphs' },
    {
      name: 'two paragraphs merged and one added',
      answer: [good.join(' '), good[1]!, good[1]!],
      code: 'translate_paragraphs',
    },
    { name: 'an English paragraph left', answer: [good[0]!, source[1]!], code: 'translate_untranslated' },
    { name: 'Indonesian', answer: [indonesian, indonesian], code: 'translate_language' },
    {
      name: 'the glossary name changed',
      answer: [good[0]!.replace('Aisha', 'Aisyah'), good[1]!],
      code: 'translate_glossary',
    },
    { name: 'a paragraph cut short', answer: [good[0]!, 'Mereka diam.'], code: 'translate_length' },
    {
      name: 'a note instead of a paragraph',
      answer: [good[0]!, "I hope you enjoyed this chapter! Let me know if you'd like any changes."],
      code: 'translate_talk',
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(checkWindow({ source, answer: c.answer, glossary, from: 'en', to: 'ms' })?.code).toBe(c.code);
    });
  }

  it('holds every English–Malay sentence pair of the fixtures inside its band, both ways', () => {
    PROSE_SENTENCES.en.forEach((en, i) => {
      const ms = PROSE_SENTENCES.ms[i]!;
      expect(ms.length / en.length).toBeGreaterThanOrEqual(lengthBand('en', 'ms')![0]);
      expect(ms.length / en.length).toBeLessThanOrEqual(lengthBand('en', 'ms')![1]);
      expect(en.length / ms.length).toBeGreaterThanOrEqual(lengthBand('ms', 'en')![0]);
      expect(en.length / ms.length).toBeLessThanOrEqual(lengthBand('ms', 'en')![1]);
    });
  });

  it(
    "reads the glossary from the story bible's characters (full name " +
      "and first name, unchanged), the writer's renderings over it",
    () => {
      const memory = renderBible(
        {
          ...EMPTY_BIBLE,
          characters: [{ name: 'Aisha Rahman', role: 'bookshop owner', state: '', lastSeen: 'Chapter 1' }],
        },
        'en',
      );
      const own = glossaryOf({ memory, content: ['Aisha Rahman opened the shop. Later Aisha smiled.'] });
      expect(own).toEqual([
        { term: 'Aisha Rahman', rendering: 'Aisha Rahman' },
        { term: 'Aisha', rendering: 'Aisha' },
      ]);
      expect(withWritersGlossary(own, { Aisha: 'Aisyah' })).toContainEqual({ term: 'Aisha', rendering: 'Aisyah' });
    },
  );
});
