// A family is no misspelt name: "the Ravenels" beside Edmund Ravenel, "the Bennets'" beside Elizabeth Bennet, a bible
// that records "Ravenels" beside a Malay chapter's "keluarga Ravenel", a family marked by a word ("the Ravenel
// family", "keluarga Ravenel", Indonesian "keluarga Wirasena") are not "a name spelled two ways"; a quoted 'Lizzy'
// is Lizzy. A name the writer's own (imported) chapter writes is the writer's spelling, never asked about, there
// or in the model's chapters after it. A real slip ("Ravenal", "Elizabet") is still a finding, in every language.
// The findings are those the book view shows on each part (continuityFindings), from a story bible as the session
// keeps it (a Characters table dated by part).
import { describe, expect, it } from 'vitest';
import { continuityFindings, type BookState } from '../../engine/index.js';
import { loadCatalog } from '../../engine/node/load.js';

const catalog = loadCatalog({ useDiskCache: true });
const spec = catalog.get('romance')!;

type Lang = 'en' | 'ms' | 'id';
const WORDS = {
  en: { chapter: 'Chapter', intro: 'Introduction', characters: 'Characters', said: 'said' },
  ms: { chapter: 'Bab', intro: 'Pengenalan', characters: 'Watak', said: 'kata' },
  id: { chapter: 'Bab', intro: 'Pendahuluan', characters: 'Tokoh', said: 'kata' },
} as const;

/**
 * A 4-chapter book in `lang`: its parts' texts and its bible's characters (name, since which part), the writer's own
 * parts.
 */
function book(lang: Lang, parts: string[], characters: Array<[string, number]>, own: number[] = []): BookState {
  const w = WORDS[lang];
  const label = (n: number) => (n === 0 ? w.intro : `${w.chapter} ${n}`);
  const memory = [
    `## ${w.characters}`,
    ...characters.map(([name, since]) => `- ${name} | - | - | ${label(since)}`),
  ].join('\n');
  return {
    generatorId: 'romance',
    settings: { language: lang },
    lang,
    totalChapters: 4,
    content: parts,
    currentChapter: parts.length,
    isLocked: true,
    memory,
    memoryUpTo: parts.length - 1,
    provenance: Object.fromEntries(own.map((p) => [p, { origin: 'author' as const }])),
  };
}

/** Each "name spelled two ways" finding as [part, the word found]. */
function spellings(state: BookState): Array<[number, string]> {
  return continuityFindings(spec, state, false).flatMap((found, p) =>
    found
      .filter((f) => f.kind === 'name_spelling')
      .map((f) => [p, /"([^"]+)"/.exec(f.detail)![1]!] as [number, string]),
  );
}

describe('family forms of a known name are not misspellings', () => {
  it(
    'English: "the Ravenels", "the Ravenels\'", "the Ravenel ' + 'family" beside Edmund Ravenel; "Ravenal" is a slip',
    () => {
      const parts = [
        'Edmund Ravenel came home to the hall in the rain.',
        'The Ravenels gathered for dinner. "We are Ravenels," Edmund said. The Ravenels\' silver shone.',
        'The Ravenel family kept the old house. Family was everything to Edmund.',
        'Ravenal stood at the gate and Edmund waved.',
      ];
      // The bible took the family in as a character of its own in chapter 1.
      expect(
        spellings(
          book('en', parts, [
            ['Edmund Ravenel', 0],
            ['The Ravenels', 1],
            ['Ravenel family', 2],
          ]),
        ),
      ).toEqual([[3, 'Ravenal']]);
    },
  );

  it(
    'another book: "the Bennets" and a quoted \'Lizzy\' ' + 'beside Elizabeth Bennet and Lizzy; "Elizabet" is a slip',
    () => {
      const parts = [
        'Elizabeth Bennet walked to Netherfield through the mud.',
        "The Bennets were not rich. 'Lizzy,' her father said, 'come here.' The Bennets' carriage waited.",
        'Mrs Bennet spoke of nothing but the Bennets and their daughters; Lizzy laughed.',
        'Elizabet read the letter twice.',
      ];
      expect(
        spellings(
          book('en', parts, [
            ['Elizabeth Bennet', 0],
            ['Lizzy', 1],
          ]),
        ),
      ).toEqual([[3, 'Elizabet']]);
    },
  );

  it('Malay: a bible that recorded "Ravenels" beside "keluarga Ravenel" in the chapters; "Ravenal" is a slip', () => {
    const parts = [
      'Edmund pulang ke rumah besar itu dalam hujan.',
      'Keluarga Ravenel berkumpul untuk makan malam. "Kita keluarga Ravenel," kata Edmund.',
      'Rumah keluarga Ravenel sunyi malam itu.',
      'Ravenal berdiri di pintu pagar.',
    ];
    expect(
      spellings(
        book('ms', parts, [
          ['Edmund', 0],
          ['Ravenels', 0],
          ['Keluarga Ravenel', 1],
        ]),
      ),
    ).toEqual([[3, 'Ravenal']]);
  });

  it('Indonesian: "keluarga Wirasena" in the bible and the chapters; "Wirasana" is a slip', () => {
    const parts = [
      'Laras Wirasena tiba di Bandung pada pagi hari.',
      'Keluarga Wirasena berkumpul di beranda. "Kita keluarga Wirasena," kata Laras.',
      'Keluargaku, pikir Laras, adalah keluarga Wirasena.',
      'Wirasana menunggu di stasiun.',
    ];
    expect(
      spellings(
        book('id', parts, [
          ['Laras Wirasena', 0],
          ['Keluarga Wirasena', 1],
        ]),
      ),
    ).toEqual([[3, 'Wirasana']]);
  });
});

describe("the writer's own text is the writer's spelling", () => {
  // Lady Catherine is known from the introduction; the writer's imported chapter 1 brings in a Katherine too.
  const parts = [
    'Lady Catherine received them in the great drawing room.',
    "Katherine, the vicar's daughter, brought the tea. Lady Catherine frowned.",
    'Katherine smiled at Lady Catherine and poured again.',
    'Catherina, a cousin, came to stay.',
  ];
  const characters: Array<[string, number]> = [
    ['Lady Catherine', 0],
    ['Katherine', 1],
  ];

  it("a name the imported chapter writes is no finding, there or in the model's chapters after it", () => {
    expect(spellings(book('en', parts, characters, [0, 1]))).toEqual([[3, 'Catherina']]);
  });

  it("the same names in the model's own chapters are asked about", () => {
    expect(spellings(book('en', parts, characters)).map(([p, w]) => `${p} ${w}`)).toEqual([
      '1 Katherine',
      '3 Catherina',
    ]);
  });
});
