// Terms as a language writes them: a glossary name stands in a Malay answer with its particles (-lah, -kah, -tah,
// -pun, -nya) and in an English one with its possessive, a name really dropped is still caught; the glossary holds
// names, never dictionary words (languages, peoples, months, days, feasts, titles, God); a whole name's rendering
// governs its parts; a paragraph with no words (a scene break, an ornament) is kept as it is wherever it stands;
// a writer's glossary file may give a character's gender.
import { describe, expect, it } from 'vitest';
import {
  EMPTY_BIBLE,
  checkWindow,
  glossaryFileOf,
  glossaryOf,
  hasTerm,
  renderBible,
  termsIn,
  withWordlessKept,
  withWritersGlossary,
} from '../../engine/index.js';

const glossary = [
  { term: 'Aisha', rendering: 'Aisha' },
  { term: 'Daniel Lee', rendering: 'Daniel Lee' },
];
const OPENING = ['Aisha was the one who opened the door of the shop that morning.'];
const check = (source: string[], answer: string[], g = glossary) =>
  checkWindow({ source, answer, glossary: g, from: 'en', to: 'ms' })?.code;

describe('a glossary term as the language writes it', () => {
  for (const [name, answer] of [
    ['-lah', 'Aishalah yang membuka pintu kedai itu pada pagi tersebut.'],
    ['-kah', 'Aishakah yang membuka pintu kedai itu pada pagi tersebut?'],
    ['-tah', 'Aishatah yang membuka pintu kedai itu pada pagi tersebut.'],
    ['-pun', 'Aishapun membuka pintu kedai itu pada pagi tersebut dengan perlahan.'],
    ['-nya', 'Pintu kedai itu dibuka oleh Aishanya sendiri pada pagi tersebut.'],
    ['-nya and -lah together', 'Aishanyalah yang membuka pintu kedai itu pada pagi tersebut.'],
  ] as const) {
    it(`holds "Aisha" written with ${name}`, () => expect(check(OPENING, [answer])).toBeUndefined());
  }

  it('holds a whole name with its particle, and an English possessive either way of writing the apostrophe', () => {
    expect(
      check(
        ['Daniel Lee was the one who came back to town for the restaurant.'],
        ['Daniel Leelah yang pulang ke bandar kerana restoran itu, bukan kerana orang lain.'],
      ),
    ).toBeUndefined();
    expect(hasTerm("Aisha's shop", 'Aisha', 'en')).toBe(true);
    expect(hasTerm('Aisha’s shop', 'Aisha', 'en')).toBe(true);
  });

  it('still catches a name dropped or written as another word', () => {
    expect(check(OPENING, ['Dialah yang membuka pintu kedai itu pada pagi tersebut dengan perlahan.'])).toBe(
      'translate_glossary',
    );
    expect(check(OPENING, ['Aishah yang membuka pintu kedai itu pada pagi tersebut dengan perlahan.'])).toBe(
      'translate_glossary',
    );
    expect(check(OPENING, ['Aishalahan yang membuka pintu kedai itu pada pagi tersebut dengan perlahan.'])).toBe(
      'translate_glossary',
    );
    expect(hasTerm('Aishalah', 'Aisha')).toBe(false);
    // An ending of the other language is no ending: English has no -lah.
    expect(hasTerm('Aishalah opened it', 'Aisha', 'en')).toBe(false);
  });
});

describe('the glossary holds names, never dictionary words', () => {
  // A 1909 novel's kind of text: peoples, languages, months, days, feasts, titles and God, each capitalised
  // mid-sentence,
  // twice and more.
  const text = [
    'It was in October that Mrs Wilson came back from the American ' +
      'ports, and she spoke English and Cantonese as well as any.',
    'On Friday the English ladies went to church, and Mrs Wilson thanked God ' +
      'for the Christmas that was coming; the American consul thanked God too.',
    'By October the Cantonese cook had learnt the Christmas songs, and on ' +
      'Friday Mr Hartley of Penang sent for him; Mr Hartley was a kind man.',
    'They crossed the Strait to Penang, where Mei Ling Tan kept the ' +
      'books, and Mei Ling Tan was the only one who never lied to Wilson.',
  ];
  const memory = renderBible(
    {
      ...EMPTY_BIBLE,
      characters: [
        { name: 'Mei Ling Tan', role: 'bookkeeper, a widow', state: 'keeps her books', lastSeen: 'Chapter 1' },
        { name: 'Mr Hartley', role: 'merchant', state: 'in Penang', lastSeen: 'Chapter 1' },
      ],
    },
    'en',
  );
  const own = glossaryOf({ memory, content: text, lang: 'en' });
  const terms = own.map((e) => e.term);

  it('keeps out languages, peoples, months, days, feasts, titles, God and a common geographic noun', () => {
    for (const word of [
      'English',
      'American',
      'October',
      'Friday',
      'Christmas',
      'God',
      'Cantonese',
      'Mrs',
      'Mr',
      'Strait',
      'Mrs Wilson',
      'Mr Hartley',
    ])
      expect(terms).not.toContain(word);
  });

  it('keeps the names: the character without the title, the places and the people the text names', () => {
    expect(terms).toEqual(expect.arrayContaining(['Mei Ling Tan', 'Mei', 'Hartley', 'Penang', 'Wilson']));
  });

  it("gives a character the gender the bible's entry says (a widow, her books), none where it says nothing", () => {
    expect(own.find((e) => e.term === 'Mei Ling Tan')?.gender).toBe('female');
    expect(own.find((e) => e.term === 'Mei')?.gender).toBe('female');
    expect(own.find((e) => e.term === 'Hartley')?.gender).toBe('male');
    expect(own.find((e) => e.term === 'Penang')?.gender).toBeUndefined();
  });

  it("lets a whole name's rendering govern its parts", () => {
    // Reordered: "Mei" is still a word of the rendering, so it stays; "Ling" alone stays too.
    const reordered = withWritersGlossary([...own, { term: 'Ling', rendering: 'Ling' }], {
      'Mei Ling Tan': 'Tan Mei Ling',
    });
    expect(reordered).toContainEqual(expect.objectContaining({ term: 'Mei', rendering: 'Mei' }));
    // As many words: the part takes the word in its place. Fewer words: the part the rendering has no word for is
    // dropped.
    const lead = [
      { term: 'Daniel Lee', rendering: 'Daniel Lee' },
      { term: 'Daniel', rendering: 'Daniel' },
    ];
    expect(withWritersGlossary(lead, { 'Daniel Lee': 'Danial Lee' })).toContainEqual({
      term: 'Daniel',
      rendering: 'Danial',
    });
    const joined = withWritersGlossary([...own, { term: 'Ling', rendering: 'Ling' }], { 'Mei Ling Tan': 'Meiling' });
    expect(joined.map((e) => e.term)).not.toContain('Mei');
    expect(joined.map((e) => e.term)).not.toContain('Ling');
    // A part the writer renders stays theirs.
    expect(withWritersGlossary(lead, { 'Daniel Lee': 'Danial Lee', Daniel: 'Dan' })).toContainEqual({
      term: 'Daniel',
      rendering: 'Dan',
    });
  });
});

describe('a Malay book whose names carry their particles', () => {
  it('holds the name, never the name with its particle, and finds it in a source paragraph that writes it so', () => {
    const text = [
      'Pagi itu, Aisyahlah yang membuka pintu kedai, dan Aisyah tersenyum.',
      'Selepas itu, Aisyahlah juga yang menutupnya, kerana Daniel lambat.',
    ];
    const terms = glossaryOf({ memory: '', content: text, lang: 'ms' }).map((e) => e.term);
    expect(terms).toContain('Aisyah');
    expect(terms).not.toContain('Aisyahlah');
    const glossary = [{ term: 'Aisyah', rendering: 'Aisha' }];
    expect(
      checkWindow({
        source: ['Aisyahlah yang membuka pintu kedai itu pada pagi tersebut.'],
        answer: ['It was Aisyah who opened the shop door that morning.'],
        glossary,
        from: 'ms',
        to: 'en',
      })?.code,
    ).toBe('translate_glossary');
    expect(
      checkWindow({
        source: ['Aisyahlah yang membuka pintu kedai itu pada pagi tersebut.'],
        answer: ['It was Aisha who opened the shop door that morning.'],
        glossary,
        from: 'ms',
        to: 'en',
      }),
    ).toBeUndefined();
  });
});

describe('a paragraph with no words is kept as it is, wherever it stands in a window', () => {
  const en = [
    'Aisha closed the shop early and walked down to the harbour alone.',
    'Daniel Lee was waiting by the water when the lamps came on.',
  ];
  const ms = [
    'Aisha menutup kedai awal dan berjalan seorang diri ke pelabuhan.',
    'Daniel Lee sedang menunggu di tepi air apabila lampu dinyalakan.',
  ];
  for (const brk of ['*       *       *', '* * *', '***', '—', '❧']) {
    it(
      `"${brk}" in the middle, first and last: never "left ` + `untranslated", and put back when the answer lost it`,
      () => {
        expect(check([en[0]!, brk, en[1]!], [ms[0]!, brk, ms[1]!])).toBeUndefined();
        expect(check([brk, ...en], [brk, ...ms])).toBeUndefined();
        expect(check([...en, brk], [...ms, brk])).toBeUndefined();
        // Taken off the answer's end as a closing rule, or left out: the source's break is kept where it stood.
        expect(check([...en, brk], ms)).toBeUndefined();
        expect(withWordlessKept([...en, brk], ms)).toEqual([...ms, brk]);
        expect(withWordlessKept([brk, en[0]!], [ms[0]!])).toEqual([brk, ms[0]!]);
        expect(withWordlessKept([en[0]!, brk, en[1]!], [ms[0]!, '* * *', ms[1]!])).toEqual([ms[0]!, brk, ms[1]!]);
        // A window of a break alone.
        expect(withWordlessKept([brk], [])).toEqual([brk]);
        expect(check([brk], [])).toBeUndefined();
      },
    );
  }

  it('still counts a paragraph really dropped beside a break', () => {
    expect(check([en[0]!, '* * *', en[1]!], [ms[0]!, '* * *'])).toBe('translate_paragraphs');
  });
});

describe("the writer's glossary file", () => {
  it("reads plain renderings and { rendering, gender } entries, in either language's words", () => {
    const read = glossaryFileOf({
      Aisha: { rendering: 'Aisyah', gender: 'female' },
      Daniel: 'Danial',
      Rahman: { gender: 'dia' },
      Lee: { gender: 'lelaki' },
    });
    expect(read).toEqual({
      glossary: {
        Aisha: { rendering: 'Aisyah', gender: 'female' },
        Daniel: { rendering: 'Danial' },
        Rahman: { gender: 'unknown' },
        Lee: { gender: 'male' },
      },
    });
    const glossary = withWritersGlossary(
      [
        { term: 'Aisha', rendering: 'Aisha' },
        { term: 'Daniel', rendering: 'Daniel' },
      ],
      'glossary' in read ? read.glossary : {},
    );
    expect(glossary).toContainEqual({ term: 'Aisha', rendering: 'Aisyah', gender: 'female' });
    expect(glossary).toContainEqual({ term: 'Daniel', rendering: 'Danial' });
  });

  it('refuses a gender it does not know, an entry with neither rendering nor gender, and a term too long', () => {
    expect(glossaryFileOf({ Aisha: { rendering: 'Aisha', gender: 'tall' } })).toEqual({
      problem: 'term',
      term: 'Aisha',
      why: 'gender',
    });
    expect(glossaryFileOf({ Aisha: { colour: 'red' } })).toEqual({ problem: 'term', term: 'Aisha', why: 'rendering' });
    expect(glossaryFileOf({ Aisha: 'x'.repeat(81) })).toEqual({ problem: 'term', term: 'Aisha', why: 'too_long' });
    expect(glossaryFileOf(['Aisha'])).toEqual({ problem: 'not_map' });
  });
});

describe('termsIn: the entries a window holds, with their gender', () => {
  it('gives only the terms the paragraphs hold, as the language writes them', () => {
    const g = [
      { term: 'Aisyah', rendering: 'Aisha', gender: 'female' as const },
      { term: 'Daniel', rendering: 'Daniel', gender: 'male' as const },
      { term: 'Penang', rendering: 'Penang' },
    ];
    expect(termsIn(g, ['Aisyahlah yang membuka pintu.', 'Dia tersenyum.'], 'ms')).toEqual([
      { term: 'Aisyah', rendering: 'Aisha', gender: 'female' },
    ]);
  });
});
