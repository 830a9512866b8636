// Front matter a book keeps, in English and Malay (engine/import): a preface, a foreword ("Kata Pengantar"), an
// author's note, a dedication ("Dedikasi") and an epigraph before the first chapter are kept, each with its
// heading as written, never counted among what is left out and never a chapter; a contents list's entry named
// "Preface" is not a preface; a Markdown "## Introduction" is the book's introduction, not Chapter 1; indented
// lines of a text are the writer's verse or letter (block quotes), never Markdown's code.
import { describe, expect, it } from 'vitest';
import { readManuscript, splitManuscript } from '../../engine/import/index.js';
import { parseMarkdown } from '../../engine/markdown.js';

const prose = (who: string, n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `${who} walked to the harbour on the ${i + 1}th morning and ` +
      `watched the boats come in while the lamps went out one by one.`,
  ).join(' ');
const malay = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `Aminah berjalan ke pelabuhan pada pagi yang ke-${i + 1} dan ` +
      `memerhati bot-bot pulang ketika pelita dipadamkan satu demi satu.`,
  ).join(' ');

describe('front matter kept', () => {
  it(
    'English: a dedication, an epigraph, a foreword and an ' + "author's note before Chapter 1, the contents left out",
    () => {
      const text = [
        'HARBOUR LIGHTS',
        '',
        'by Siti Aminah',
        '',
        '',
        'DEDICATION',
        '',
        'For my mother, who kept the lamps.',
        '',
        '',
        'EPIGRAPH',
        '',
        '"The sea remembers everything." (an old saying)',
        '',
        '',
        'CONTENTS',
        '',
        'PREFACE',
        '',
        'Chapter 1',
        '',
        'Chapter 2',
        '',
        '',
        'FOREWORD',
        '',
        prose('The editor', 3),
        '',
        "Author's Note",
        '',
        prose('I', 3),
        '',
        '',
        'Chapter 1',
        '',
        prose('Aisha', 5),
        '',
        'Chapter 2',
        '',
        prose('Daniel', 5),
      ].join('\n');
      const split = splitManuscript(text);
      expect(split.frontMatter?.map((f) => [f.kind, f.title])).toEqual([
        ['dedication', 'DEDICATION'],
        ['epigraph', 'EPIGRAPH'],
        ['foreword', 'FOREWORD'],
        ['authorsNote', "Author's Note"],
      ]);
      expect(split.frontMatter![0]!.text).toBe('For my mother, who kept the lamps.');
      expect(split.title).toBe('HARBOUR LIGHTS');
      expect(split.leftOut).toEqual(['titlePage', 'contents']);
      expect(split.parts.map((p) => p.number)).toEqual([1, 2]);
      expect(split.parts.map((p) => p.text).join('\n')).not.toMatch(/FOREWORD|For my mother/);
    },
  );

  it('Malay: Prakata, Kata Pengantar and Dedikasi kept before BAB I', () => {
    const text = [
      'LAMPU PELABUHAN',
      '',
      'oleh Siti Aminah',
      '',
      '',
      'DEDIKASI',
      '',
      'Untuk ibu, yang menjaga pelita.',
      '',
      '',
      'KATA PENGANTAR',
      '',
      malay(3),
      '',
      '',
      'PRAKATA',
      '',
      malay(4),
      '',
      '',
      'BAB I',
      '',
      malay(5),
      '',
      'BAB II',
      '',
      malay(5),
    ].join('\n');
    const split = splitManuscript(text);
    expect(split.frontMatter?.map((f) => f.kind)).toEqual(['dedication', 'foreword', 'preface']);
    expect(split.frontMatter?.map((f) => f.title)).toEqual(['DEDIKASI', 'KATA PENGANTAR', 'PRAKATA']);
    expect(split.title).toBe('LAMPU PELABUHAN');
    expect(split.parts).toHaveLength(2);
  });

  it(
    'Markdown: a "## Preface" is front matter and "## ' + 'Introduction" the book\'s introduction, neither a chapter',
    () => {
      const text = [
        '# The Ferry',
        '',
        '## Preface',
        '',
        prose('I', 3),
        '',
        '## Introduction',
        '',
        prose('Mei Ling', 3),
        '',
        '## Chapter 1',
        '',
        prose('Mei Ling', 4),
        '',
        '## Chapter 2',
        '',
        prose('Daniel', 4),
      ].join('\n');
      const read = readManuscript('ferry.md', { bytes: new TextEncoder().encode(text) });
      expect(read.title).toBe('The Ferry');
      expect(read.frontMatter?.map((f) => f.kind)).toEqual(['preface']);
      expect(read.parts.map((p) => [p.kind, p.number])).toEqual([
        ['introduction', undefined],
        ['chapter', 1],
        ['chapter', 2],
      ]);
    },
  );
});

describe('the title', () => {
  it(
    "a Gutenberg text without a Title: header: the title page's " +
      "line in capitals, not the transcriber's line or the byline",
    () => {
      const text = [
        '*** START OF THE PROJECT GUTENBERG EBOOK KATRINE ***',
        '',
        'Produced by Suzanne Shell and the Online Distributed Proofreading Team.',
        '',
        '',
        'A NOVEL',
        '',
        'KATRINE',
        '',
        'BY',
        '',
        'ELINOR MACARTNEY LANE',
        '',
        '',
        'CHAPTER I',
        '',
        prose('Katrine', 4),
        '',
        'CHAPTER II',
        '',
        prose('Katrine', 4),
      ].join('\n');
      expect(splitManuscript(text).title).toBe('KATRINE');
    },
  );

  it("a writer's manuscript: its first short line", () => {
    expect(
      splitManuscript(
        [
          'Harbour Lights',
          '',
          'a novel by Siti Aminah',
          '',
          'Chapter 1',
          '',
          prose('Aisha', 4),
          '',
          'Chapter 2',
          '',
          prose('Daniel', 4),
        ].join('\n'),
      ).title,
    ).toBe('Harbour Lights');
  });
});

describe("indented text is the writer's, never code", () => {
  it('a first-line indent, a poem and a quoted letter in a text file: no code block, the poem line by line', () => {
    const text = [
      'Chapter 1',
      '',
      '    She began the day as she always did, by the window.',
      prose('Aisha', 2),
      '',
      '  The wind is in the willows,',
      '  The rain is on the sea;',
      '  And all the lamps of Penang',
      '  Are lit again for me.',
      '',
      '        Dear Aisha, the bank has written again about the shop and the',
      '        money owed, and I do not know what to tell them any more.',
      '',
      'Chapter 2',
      '',
      prose('Daniel', 4),
    ].join('\n');
    const read = readManuscript('lamps.txt', { bytes: new TextEncoder().encode(text) });
    const blocks = parseMarkdown(read.parts[0]!.text);
    expect(blocks.some((b) => b.kind === 'code')).toBe(false);
    const quotes = blocks.filter((b) => b.kind === 'quote');
    expect(quotes).toHaveLength(2);
    expect(JSON.stringify(quotes[0])).toContain('"break"');
    expect(JSON.stringify(quotes[1])).toContain('and the money owed');
    expect(read.parts[0]!.text.split('\n')[0]).toBe('She began the day as she always did, by the window.');
  });
});
