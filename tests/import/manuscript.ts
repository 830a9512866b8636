// Manuscripts shaped as writers and public-domain archives have them, for the import tests: a Project
// Gutenberg-style novel (licence header and footer, a title page, a contents list, 28 chapters each headed by a
// Roman numeral alone on its line and a title line), and Malay manuscripts headed `BAB I` or `Bab 1`.
// The prose is varied sentences, with one-line paragraphs that look like headings to a careless reader
// ("I know she'd be here.", "I", "1"), so only the real headings can make the chapters.
import { countWords } from '../../engine/index.js';

const ROMANS = [
  'I',
  'II',
  'III',
  'IV',
  'V',
  'VI',
  'VII',
  'VIII',
  'IX',
  'X',
  'XI',
  'XII',
  'XIII',
  'XIV',
  'XV',
  'XVI',
  'XVII',
  'XVIII',
  'XIX',
  'XX',
  'XXI',
  'XXII',
  'XXIII',
  'XXIV',
  'XXV',
  'XXVI',
  'XXVII',
  'XXVIII',
  'XXIX',
  'XXX',
];
const NOUNS = [
  'the harbour',
  'the old mill',
  'her brother',
  'the letter',
  'the orchard',
  'the lamp',
  'the village school',
  'the river',
  'his father',
  'the north road',
];
const VERBS = [
  'remembered',
  'waited by',
  'walked towards',
  'spoke of',
  'looked at',
  'left behind',
  'thought about',
  'wrote to',
];
const MS_NOUNS = [
  'pelabuhan',
  'kilang lama',
  'abangnya',
  'surat itu',
  'dusun',
  'pelita',
  'sekolah kampung',
  'sungai',
  'ayahnya',
  'jalan utara',
];
const MS_VERBS = [
  'teringat akan',
  'menunggu di tepi',
  'berjalan ke arah',
  'bercakap tentang',
  'memandang',
  'meninggalkan',
  'memikirkan',
  'menulis kepada',
];

/** A paragraph of `sentences` sentences, seeded so every chapter reads differently. */
function paragraph(seed: number, sentences: number, lang: 'en' | 'ms'): string {
  const out: string[] = [];
  for (let s = 0; s < sentences; s++) {
    const k = seed * 7 + s * 3;
    out.push(
      lang === 'en'
        ? `Margaret ${VERBS[k % VERBS.length]} ${NOUNS[(k + s) % NOUNS.length]} ` +
            `while the evening grew quiet around ${NOUNS[(k + 3) % NOUNS.length]}.`
        : `Aminah ${MS_VERBS[k % MS_VERBS.length]} ${MS_NOUNS[(k + s) % MS_NOUNS.length]} ` +
            `ketika petang menjadi sunyi di sekitar ${MS_NOUNS[(k + 3) % MS_NOUNS.length]}.`,
    );
  }
  return out.join(' ');
}

export const CHAPTER_TITLES = Array.from(
  { length: 28 },
  (_, i) =>
    [
      'THE OLD HOUSE',
      'A LETTER FROM LONDON',
      'THE ORCHARD GATE',
      'MARGARET DECIDES',
      'RAIN ON THE RIVER',
      'THE VILLAGE FAIR',
      'WHAT THE MILLER SAW',
    ][i % 7] + (i >= 7 ? ` ${ROMANS[Math.floor(i / 7)]}` : ''),
);

/** A chapter's body: paragraphs, with a one-line "I know she'd be here." and a lone "I" line among them. */
function chapterBody(n: number, lang: 'en' | 'ms'): string {
  const paragraphs = [paragraph(n, 6, lang), paragraph(n + 1, 5, lang)];
  if (lang === 'en') paragraphs.push('"I know she\'d be here," he said.', 'I', paragraph(n + 2, 7, lang));
  else paragraphs.push('"Saya tahu dia akan datang," katanya.', paragraph(n + 2, 7, lang));
  paragraphs.push(paragraph(n + 3, 4, lang));
  return paragraphs.join('\n\n');
}

/**
 * The Gutenberg-style English novel: header, title page, contents, 28 chapters, THE END, footer. `dotted`
 * heads the chapters "I.", "II." (a converter such as pandoc reads such a line as a numbered list).
 */
export function gutenbergNovel(opts: { dotted?: boolean } = {}): { text: string; bodyWords: number } {
  const header = [
    'The Project Gutenberg eBook of The Orchard Gate',
    '',
    'This ebook is for the use of anyone anywhere in the United States and most',
    'other parts of the world at no cost and with almost no restrictions',
    'whatsoever. You may copy it, give it away or re-use it under the terms',
    'of the Project Gutenberg License included with this ebook.',
    '',
    'Title: The Orchard Gate',
    '',
    'Author: E. M. Hartley',
    '',
    '*** START OF THE PROJECT GUTENBERG EBOOK THE ORCHARD GATE ***',
    '',
  ];
  const title = ['', 'THE ORCHARD GATE', '', 'A NOVEL', '', 'BY E. M. HARTLEY', '', '', 'CONTENTS', ''];
  const contents = CHAPTER_TITLES.map((t, i) => `     ${ROMANS[i]}. ${t}`);
  const chapters: string[] = [];
  let bodyWords = 0;
  CHAPTER_TITLES.forEach((t, i) => {
    const body = chapterBody(i + 1, 'en');
    bodyWords += countWords(body);
    chapters.push('', '', '', `${ROMANS[i]!}${opts.dotted ? '.' : ''}`, '', t, '', body);
  });
  const footer = [
    '',
    '',
    'THE END',
    '',
    '',
    '*** END OF THE PROJECT GUTENBERG EBOOK THE ORCHARD GATE ***',
    '',
    'Updated editions will replace the previous one--the old editions will',
    'be renamed.',
    '',
    'START: FULL LICENSE',
    '',
    'THE FULL PROJECT GUTENBERG LICENSE',
    'PLEASE READ THIS BEFORE YOU DISTRIBUTE OR USE THIS WORK',
  ];
  return { text: [...header, ...title, ...contents, ...chapters, ...footer].join('\n'), bodyWords };
}

/**
 * A Malay manuscript of `n` chapters headed `BAB I`, `BAB II`, … (roman) or `Bab 1`, `Bab 2`, … (digits), each with a
 * title line.
 */
export function malayManuscript(n: number, style: 'roman' | 'digits'): string {
  const parts = ['LAMPU PELABUHAN', '', 'oleh Siti Aminah', ''];
  for (let i = 1; i <= n; i++)
    parts.push(
      '',
      style === 'roman' ? `BAB ${ROMANS[i - 1]}` : `Bab ${i}`,
      '',
      `Ribut di Pelabuhan ${i}`,
      '',
      chapterBody(i, 'ms'),
    );
  return parts.join('\n');
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/**
 * 1 to 9999 in English words as a book's headings write them: "Twenty-One", "One Hundred and One", "One Thousand Two
 * Hundred".
 */
export function inWords(n: number): string {
  const below100 = (k: number) => (k < 20 ? ONES[k]! : TENS[Math.floor(k / 10)]! + (k % 10 ? `-${ONES[k % 10]!}` : ''));
  const out: string[] = [];
  if (n >= 1000) out.push(`${ONES[Math.floor(n / 1000)]!} Thousand`);
  if (n % 1000 >= 100) out.push(`${ONES[Math.floor((n % 1000) / 100)]!} Hundred`);
  if (n % 100) out.push(`${out.length ? 'and ' : ''}${below100(n % 100)}`);
  return out.join(' ');
}

/** 1 to 3999 as a Roman numeral written the standard way ("MCCXXXIV"). */
export function inRoman(n: number): string {
  const digits = [
    ['', 'M', 'MM', 'MMM'],
    ['', 'C', 'CC', 'CCC', 'CD', 'D', 'DC', 'DCC', 'DCCC', 'CM'],
    ['', 'X', 'XX', 'XXX', 'XL', 'L', 'LX', 'LXX', 'LXXX', 'XC'],
    ['', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX'],
  ];
  return digits.map((place, k) => place[Math.floor(n / 10 ** (3 - k)) % 10]!).join('');
}

/**
 * A web serial of `n` short chapters, each headed by `heading(i)` and holding one paragraph that names its own
 * number ("… for the 1000th evening …"), so a chapter run into the next one shows.
 */
export function serialManuscript(n: number, heading: (i: number) => string): string {
  const out = ['THE LONG ROAD', '', 'A serial in many evenings', ''];
  for (let i = 1; i <= n; i++) out.push('', heading(i), '', `On the ${i}th evening ${paragraph(i, 2, 'en')}`);
  return out.join('\n');
}
