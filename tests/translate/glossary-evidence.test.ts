// The glossary holds fast only what the book shows to be a name, on text the rule was not tuned for: a name is
// written capitalised mid-sentence, (next to) never in lower case; a sentence's first word, an ALL-CAPS heading, a
// month, a weekday, a people's or a language's word (Norwegian, Brazilian, Welshman), an institution (the Senate)
// and a common word capitalised for weight ("Duty", also written "duty") are not; a name also set in capitals
// stays one; every character of the story bible is held, whatever the text. Each term says why it is held.
// English prose, and an Indonesian book (whose edition is English) whose story bible's fact opens with a common word.
import { describe, expect, it } from 'vitest';
import { EMPTY_BIBLE, glossaryWithReasons, renderBible } from '../../engine/index.js';

const ENGLISH = [
  'MARGARETHE\n\nOn a wet Tuesday in November, the ferry brought ' +
    'Margarethe back to Kestrel Point with her Norwegian cousin.',
  'She walked past the Senate and the old Parliament, where a Brazilian consul and a Welshman argued about the tide.',
  'Her cousin said that Tobias had kept the lamp at Kestrel Point ' +
    'burning all winter, and that Duty was all Tobias ever spoke of.',
  'It was in March that Margarethe and Tobias rowed out together; ' +
    'Sebastian watched from the quay, and Sebastian’s dog barked.',
  'The Congress would meet in April, the Japanese sailors said, and everyone ' +
    'there knew that Duty and duty were not the same thing to Margarethe.',
  'Later, Sebastian asked what her duty was now, and Margarethe laughed.',
].join('\n\n');

describe('the glossary by the evidence of a book it was not tuned for', () => {
  it(
    'holds the English names (the heroine set in capitals too) and none of ' +
      'the months, days, peoples, institutions or capitalised common words',
    () => {
      const entries = glossaryWithReasons({ memory: '', content: [ENGLISH], lang: 'en' });
      const terms = entries.map((e) => e.term);
      expect(terms).toEqual(expect.arrayContaining(['Margarethe', 'Tobias', 'Kestrel Point', 'Sebastian']));
      for (const word of [
        'Tuesday',
        'November',
        'March',
        'April',
        'Norwegian',
        'Brazilian',
        'Welshman',
        'Japanese',
        'Senate',
        'Parliament',
        'Congress',
        'Duty',
        'MARGARETHE',
        'On',
        'She',
        'Her',
        'It',
        'Later',
        'The',
      ])
        expect(terms, word).not.toContain(word);
      // Why: the count of its capitalised mid-sentence uses, and that the book never writes it in lower case.
      expect(entries.find((e) => e.term === 'Tobias')?.why).toEqual({ kind: 'text', capitalised: 3, lowercase: 0 });
    },
  );

  it(
    'holds none of the words a 1909 novel capitalises that are ' +
      'no names (Irishwoman, Celtic, Scotch, the Senate, Duty)',
    () => {
      const text = [
        'Mrs. Lynde said that the Irishwoman had Celtic blood and a Scotch ' +
          'temper, and that Priscilla thought the Senate a fine thing.',
        'Even so, Priscilla knew that the Irishwoman with her Celtic eyes and ' +
          'Scotch ways was the one Duty had sent, and the Senate could wait.',
        'It was her duty, Priscilla said; and Duty was a hard word for anybody.',
      ];
      const terms = glossaryWithReasons({ memory: '', content: text, lang: 'en' }).map((e) => e.term);
      expect(terms).toContain('Priscilla');
      for (const word of ['Irishwoman', 'Celtic', 'Scotch', 'Senate', 'Duty']) expect(terms, word).not.toContain(word);
    },
  );

  it('holds every character of the story bible, a name the text uses once or not mid-sentence included', () => {
    const memory = renderBible(
      {
        ...EMPTY_BIBLE,
        characters: [
          { name: 'Ilse Brandt', role: 'the ferry pilot, a widow', state: 'at Kestrel Point', lastSeen: 'Chapter 1' },
        ],
      },
      'en',
    );
    const entries = glossaryWithReasons({
      memory,
      content: ['Ilse Brandt stood at the rail. Ilse said nothing.'],
      lang: 'en',
    });
    expect(entries.filter((e) => e.why.kind === 'character').map((e) => e.term)).toEqual(
      expect.arrayContaining(['Ilse Brandt', 'Ilse']),
    );
  });

  it(
    'takes no common word from the start of an Indonesian story ' +
      'bible fact ("Kebun"), but the names the text writes mid-sentence',
    () => {
      const text = [
        'Pada hari Senin di bulan Januari, Sari berjalan ke kebun bersama Budi.',
        'Kebun itu luas, dan Sari menanam cabai di sana setiap tahun sementara Budi menyiram bunga.',
        'Di pasar Cibodas, Sari membeli bibit dari pedagang Jawa yang ramah, lalu Budi membawa keranjangnya pulang.',
      ];
      const memory = renderBible(
        { ...EMPTY_BIBLE, facts: ['Kebun keluarga Sari ada di Cibodas.', 'Budi adalah adik Sari.'] },
        'id',
      );
      const terms = glossaryWithReasons({ memory, content: text, lang: 'id' }).map((e) => e.term);
      expect(terms).toEqual(expect.arrayContaining(['Sari', 'Budi', 'Cibodas']));
      for (const word of ['Kebun', 'Senin', 'Januari', 'Jawa', 'Pada', 'Di']) expect(terms, word).not.toContain(word);
    },
  );
});
