// A long public-domain novel as Project Gutenberg ships it, for the tests of a book the writer brings whole: its
// chapters headed `CHAPTER I` … `CHAPTER XXVIII` with a title line each, hard-wrapped at 70 characters, ending with
// its own last chapter (no epilogue, "THE END"). With a title, Gutenberg's licence header names it (`Title:`); without
// one, the file is the chapters alone (an untitled manuscript).
import { wrap } from '../import/katrine.js';

const WORDS = [
  'harbour',
  'garden',
  'letter',
  'lamp',
  'river',
  'music',
  'window',
  'orchard',
  'road',
  'evening',
  'bridge',
  'meadow',
];
const NAMES = ['Margaret', 'Thomas', 'Eleanor', 'Walter'];

/**
 * A paragraph of `n` short sentences, each with a number of its own (seeded), so no run of eight words is said twice
 * in the book (a novel does not repeat its passages: readiness's reused-passages check reads it as one).
 */
function sentences(seed: number, n: number): string {
  return Array.from({ length: n }, (_, i) => {
    const k = seed * 7 + i;
    return (
      `${NAMES[k % NAMES.length]} counted ${seed * 1000 + i * 37 + 11} ${WORDS[k % WORDS.length]}s ` +
      `near the ${WORDS[(k + 5) % WORDS.length]}.`
    );
  }).join(' ');
}

/** `n` in Roman numerals, as Gutenberg's chapter headings write them. */
export function roman(n: number): string {
  const table: Array<[number, string]> = [
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let out = '';
  for (const [value, letters] of table)
    while (n >= value) {
      out += letters;
      n -= value;
    }
  return out;
}

/** Chapter n's title line. */
export const chapterTitle = (n: number): string =>
  `THE ${WORDS[n % WORDS.length]!.toUpperCase()} IN ${n % 2 ? 'WINTER' : 'SPRING'}`;

/**
 * The novel's text as its .txt file holds it: `chapters` chapters, its own ending, `title` in its header when given.
 */
export function longNovelText(opts: { chapters: number; title?: string }): string {
  const header = opts.title
    ? [
        `The Project Gutenberg eBook of ${opts.title}`,
        '',
        'This eBook is for the use of anyone anywhere in the United States and',
        'most other parts of the world at no cost and with almost no restrictions',
        'whatsoever.',
        '',
        `Title: ${opts.title}`,
        '',
        'Author: Anonymous',
        '',
        'Language: English',
        '',
        '',
        `*** START OF THE PROJECT GUTENBERG EBOOK ${opts.title.toUpperCase()} ***`,
        '',
        '',
        '',
      ]
    : [];
  const chapters = Array.from({ length: opts.chapters }, (_, i) => {
    const n = i + 1;
    return [
      '',
      '',
      '',
      `CHAPTER ${roman(n)}`,
      '',
      chapterTitle(n),
      '',
      '',
      ...wrap(sentences(n * 3, 6)),
      '',
      ...wrap(sentences(n * 3 + 1, 6)),
      '',
      ...wrap(sentences(n * 3 + 2, 5)),
    ];
  }).flat();
  const footer = opts.title
    ? ['', '', 'THE END', '', '', `*** END OF THE PROJECT GUTENBERG EBOOK ${opts.title.toUpperCase()} ***`, '']
    : ['', 'THE END', ''];
  return [...header, ...chapters, ...footer].join('\n');
}
