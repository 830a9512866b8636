// A public-domain novel as Project Gutenberg ships it, for the tests of what an import keeps of the writer's
// own: the licence header with `Title:` and `Author:` lines, a "Produced by" line, a title page whose title is
// a line in capitals, a contents list, a PREFACE of about 360 words signed at its end, and chapters headed
// `CHAPTER I` with a title line, hard-wrapped at 70 characters, one of them holding a poem indented four
// spaces and a letter indented as a block (the way Gutenberg's texts set verse and letters).
const WORDS = ['harbour', 'garden', 'letter', 'lamp', 'river', 'music', 'window', 'orchard', 'road', 'evening'];

/** A paragraph of `n` sentences, seeded so paragraphs differ. */
function sentences(seed: number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const k = seed * 5 + i * 3;
    out.push(
      `Katrine thought of the ${WORDS[k % WORDS.length]} and the ${WORDS[(k + 3) % WORDS.length]} ` +
        `while the old house grew quiet around her ${WORDS[(k + 7) % WORDS.length]}.`,
    );
  }
  return out.join(' ');
}

/** A paragraph hard-wrapped at `width` characters, as Project Gutenberg's texts are. */
export function wrap(text: string, width = 70): string[] {
  const lines: string[] = [];
  let line = '';
  for (const w of text.split(' ')) {
    if (line && line.length + 1 + w.length > width) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines;
}

/** The preface's words: the signed first paragraphs of the book, in the writer's voice. */
export const PREFACE_OPENING = 'This story was written in the long summer of the year before last';
export const PREFACE_SIGNATURE = 'E. M. L.';
export const VERSE = [
  'Oh, the river runs to Ravenel,',
  'And the pines stand dark and tall;',
  'But my heart is in the orchard',
  'Where the apple blossoms fall.',
];
export const LETTER_OPENING = 'My dear Katrine, I write to you from the city';

function preface(): string[] {
  const paragraphs = [
    `${PREFACE_OPENING}, in a house by the river where the evenings were ` +
      `long and the music of the water never stopped. ${sentences(1, 4)}`,
    `I owe more than I can say to the friends who read it in its first form. ${sentences(2, 5)}`,
    `The songs in the book are old songs of the valley, written down as they were sung to me. ${sentences(3, 5)}`,
    `Whatever is true in it belongs to the valley, and whatever is false to me. ${sentences(4, 2)}`,
  ];
  return [
    'PREFACE',
    '',
    ...paragraphs.flatMap((p) => [...wrap(p), '']),
    `${' '.repeat(40)}${PREFACE_SIGNATURE}`,
    '',
    'NEW YORK, _March, 1909_.',
  ];
}

function chapter(n: number, roman: string, title: string): string[] {
  const body = [...wrap(sentences(n * 3, 7)), '', ...wrap(sentences(n * 3 + 1, 6)), ''];
  if (n === 2) {
    body.push(
      'She sang it under her breath as she went:',
      '',
      ...VERSE.map((l, i) => `${i % 2 ? '      ' : '    '}${l}`),
      '',
      ...wrap(sentences(40, 5)),
      '',
    );
    // A letter set as a block, hard-wrapped narrower than the text around it.
    body.push(
      ...wrap(
        `${LETTER_OPENING}, where the streets are loud and the evenings are short, to tell ` +
          `you that I shall come home before the pines are white with snow.`,
        60,
      ).map((l) => `    ${l}`),
      '',
      `${' '.repeat(24)}Your loving brother, JOHN.`,
      '',
    );
  }
  body.push(...wrap(sentences(n * 3 + 2, 6)));
  return ['', '', '', `CHAPTER ${roman}`, '', title, '', '', ...body];
}

const TITLES = ['THE HOUSE BY THE RIVER', 'THE SONG IN THE ORCHARD', 'A LETTER FROM THE CITY', 'WHAT THE PINES KNEW'];
const ROMANS = ['I', 'II', 'III', 'IV'];

/** The novel's text, as its .txt file holds it. */
export function katrineText(): string {
  const header = [
    'The Project Gutenberg eBook of Katrine, by Elinor Macartney Lane',
    '',
    'This eBook is for the use of anyone anywhere in the United States and',
    'most other parts of the world at no cost and with almost no restrictions',
    'whatsoever.',
    '',
    'Title: Katrine',
    '',
    'Author: Elinor Macartney Lane',
    '',
    'Release Date: June 1, 2005 [eBook #15961]',
    '',
    'Language: English',
    '',
    '',
    '*** START OF THE PROJECT GUTENBERG EBOOK KATRINE ***',
    '',
    '',
    '',
    '',
    'Produced by Suzanne Shell and the Online Distributed Proofreading Team.',
    '',
    '',
    '',
    '',
  ];
  const titlePage = [
    'KATRINE',
    '',
    'A NOVEL',
    '',
    'BY',
    '',
    'ELINOR MACARTNEY LANE',
    '',
    'AUTHOR OF "NANCY STAIR"',
    '',
    '',
    'NEW YORK AND LONDON',
    'HARPER & BROTHERS PUBLISHERS',
    '1909',
    '',
    '',
    'COPYRIGHT, 1909, BY HARPER & BROTHERS.',
    '',
    '',
    '',
  ];
  const contents = [
    'CONTENTS',
    '',
    ...TITLES.map((t, i) => `     ${`CHAPTER ${ROMANS[i]}`.padEnd(14)}${t}`),
    '',
    '',
    '',
  ];
  const chapters = TITLES.flatMap((t, i) => chapter(i + 1, ROMANS[i]!, t));
  const footer = [
    '',
    '',
    'THE END',
    '',
    '',
    '',
    '*** END OF THE PROJECT GUTENBERG EBOOK KATRINE ***',
    '',
    'Updated editions will replace the previous one--the old editions will',
    'be renamed.',
  ];
  return [...header, ...titlePage, ...contents, ...preface(), '', '', ...chapters, ...footer].join('\n');
}

export const KATRINE_TITLES = TITLES;
