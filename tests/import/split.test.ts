// Splitting a manuscript into its chapters (engine/import): the reading whose numbers run in order and cover
// the text wins; a contents list, a licence header and footer and a title page stay out of the chapters; a
// line such as "I know she'd be here" is never a chapter; English and Malay headings.
import { describe, expect, it } from 'vitest';
import { chapterNumber, readManuscript, splitManuscript } from '../../engine/import/index.js';
import { CHAPTER_TITLES, gutenbergNovel, inRoman, inWords, malayManuscript, serialManuscript } from './manuscript.js';

describe('a Gutenberg-style novel of 28 chapters (Roman numeral alone, then a title line)', () => {
  const { text, bodyWords } = gutenbergNovel();
  const split = splitManuscript(text);

  it('gives its 28 chapters in order with their titles, and no contents entry or licence line', () => {
    expect(split.parts.map((p) => p.number)).toEqual(Array.from({ length: 28 }, (_, i) => i + 1));
    expect(split.parts.map((p) => p.title)).toEqual(CHAPTER_TITLES);
    expect(split.parts.every((p) => p.kind === 'chapter')).toBe(true);
    const all = split.parts.map((p) => p.text).join('\n');
    expect(all).not.toMatch(/PROJECT GUTENBERG|CONTENTS|THE END/);
    // The title as Project Gutenberg's header names it (`Title: The Orchard Gate`), before its title page's capitals.
    expect(split.title).toBe('The Orchard Gate');
  });

  it('keeps the chapters\' words within 2 % of the body, and "I know she\'d be here" inside its chapter', () => {
    const words = split.parts.reduce((sum, p) => sum + p.words, 0);
    expect(Math.abs(words - bodyWords) / bodyWords).toBeLessThan(0.02);
    expect(split.parts[0]!.text).toContain('"I know she\'d be here," he said.');
    expect(split.parts[0]!.firstLine).toMatch(/^Margaret /);
  });

  it('reads the same from UTF-8, UTF-16 with a mark, and Latin-1 with CRLF', () => {
    const latin1 = Buffer.from(text.replace(/Margaret/g, 'Margarète').replace(/\n/g, '\r\n'), 'latin1');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    for (const [bytes, encoding] of [
      [Buffer.from(text, 'utf8'), 'utf-8'],
      [utf16, 'utf-16le'],
      [latin1, 'windows-1252'],
    ] as const) {
      const read = readManuscript('orchard.txt', { bytes: new Uint8Array(bytes) });
      expect(read.encoding).toBe(encoding);
      expect(read.parts).toHaveLength(28);
      expect(read.parts[3]!.title).toBe('MARGARET DECIDES');
    }
    const accented = readManuscript('orchard.txt', { bytes: new Uint8Array(latin1) });
    expect(accented.parts[0]!.firstLine).toMatch(/^Margarète /);
    expect(accented.parts[0]!.text).not.toContain('\r');
  });
});

describe('Malay manuscripts', () => {
  it.each(['roman', 'digits'] as const)('headed BAB I… / Bab 1… (%s): every chapter with its title', (style) => {
    const split = splitManuscript(malayManuscript(12, style));
    expect(split.parts.map((p) => p.number)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(split.parts[4]!.title).toBe('Ribut di Pelabuhan 5');
    expect(split.title).toBe('LAMPU PELABUHAN');
  });

  it('Prolog and Epilog are the introduction and the conclusion', () => {
    const text = [
      'Prolog',
      '',
      'Hujan turun di pelabuhan sejak pagi.',
      '',
      'Bab 1: Surat',
      '',
      'Aminah membaca surat itu dua kali.',
      '',
      'Bab 2: Kapal',
      '',
      'Kapal itu tiba lewat petang.',
      '',
      'Epilog',
      '',
      'Bertahun-tahun kemudian, dia kembali.',
    ].join('\n');
    const split = splitManuscript(text);
    expect(split.parts.map((p) => [p.kind, p.number ?? null, p.title])).toEqual([
      ['introduction', null, ''],
      ['chapter', 1, 'Surat'],
      ['chapter', 2, 'Kapal'],
      ['conclusion', null, ''],
    ]);
  });
});

describe('headings in other shapes', () => {
  it('Chapter Three, CHAPTER III and Chapter 3 are the same number; Dua Puluh Satu is 21', () => {
    expect(
      ['Three', 'III', '3', 'Tiga', 'twenty-one', 'Dua Puluh Satu', 'Sebelas', 'Dua Belas'].map(chapterNumber),
    ).toEqual([3, 3, 3, 3, 21, 21, 11, 12]);
  });

  it('Markdown: the level used for chapters, a lone # title above them is the book title', () => {
    const text = [
      '# Harbour Lights',
      '',
      '## Chapter 1: The Storm',
      '',
      'Rain fell.',
      '',
      '## Chapter 2: The Letter',
      '',
      'She read it twice.',
    ].join('\n');
    const split = splitManuscript(text);
    expect(split.reading).toBe('markdown');
    expect(split.title).toBe('Harbour Lights');
    expect(split.parts.map((p) => p.title)).toEqual(['The Storm', 'The Letter']);
  });

  it("the writer's own pattern: every line it matches starts a chapter", () => {
    const text = ['~ one ~ The Storm', 'Rain fell on the harbour.', '~ two ~ The Letter', 'She read it twice.'].join(
      '\n',
    );
    const split = splitManuscript(text, { split: /^~ \w+ ~/ });
    expect(split.reading).toBe('regex');
    expect(split.parts.map((p) => [p.title, p.firstLine])).toEqual([
      ['The Storm', 'Rain fell on the harbour.'],
      ['The Letter', 'She read it twice.'],
    ]);
  });

  it('no heading at all: one chapter, the whole text', () => {
    const split = splitManuscript("It was a quiet morning.\n\nI know she'd be here.\n\nThe end came slowly.");
    expect(split.reading).toBe('none');
    expect(split.parts).toHaveLength(1);
    expect(split.parts[0]!.words).toBe(14);
  });

  it('a contents list of Chapter lines before the chapters is not taken for them', () => {
    const rain = 'The rain came down over the town for days. '.repeat(4).trim();
    const wind = 'Then the wind arrived from the sea and stayed. '.repeat(4).trim();
    const text = [
      'Contents',
      '',
      'Chapter 1: Rain',
      '',
      'Chapter 2: Wind',
      '',
      '',
      'Chapter 1: Rain',
      '',
      rain,
      '',
      'Chapter 2: Wind',
      '',
      wind,
    ].join('\n');
    const split = splitManuscript(text);
    expect(split.parts.map((p) => p.text)).toEqual([rain, wind]);
  });
});

describe('a serial of 1,200 chapters: every chapter its own part, none run into the next', () => {
  it.each([
    ['Chapter 1 … Chapter 1200', (i: number) => `Chapter ${i}`],
    ['CHAPTER I … CHAPTER MCC', (i: number) => `CHAPTER ${inRoman(i)}`],
    ['Chapter One … Chapter One Thousand Two Hundred', (i: number) => `Chapter ${inWords(i)}`],
  ])('%s', (_name, heading) => {
    const read = readManuscript('serial.txt', { bytes: new TextEncoder().encode(serialManuscript(1200, heading)) });
    expect(read.parts).toHaveLength(1200);
    expect(read.parts.map((p) => p.number)).toEqual(Array.from({ length: 1200 }, (_, i) => i + 1));
    const wrong = read.parts.filter(
      (p, i) =>
        !p.firstLine.startsWith(`On the ${i + 1}th evening`) ||
        /On the \d+th evening[^]*On the \d+th evening/.test(p.text),
    );
    expect(wrong).toEqual([]);
    expect(read.title).toBe('THE LONG ROAD');
  });

  it('numbers in words past a hundred, English and Malay; "Twenty-One" is 21, not 20 with a title "One"', () => {
    const table: Array<[string, number]> = [
      ['One Hundred', 100],
      ['One Hundred and One', 101],
      ['a hundred and first', 101],
      ['Two Hundred Twenty-Two', 222],
      ['Twelve Hundred', 1200],
      ['One Thousand Two Hundred', 1200],
      ['Seratus', 100],
      ['Seratus Satu', 101],
      ['Dua Ratus Dua Puluh Dua', 222],
      ['Seribu Dua Ratus', 1200],
      ['1000', 1000],
      ['MCC', 1200],
    ];
    expect(table.map(([text]) => chapterNumber(text))).toEqual(table.map(([, n]) => n));
    const text = Array.from({ length: 25 }, (_, i) =>
      [
        '',
        `Chapter ${inWords(i + 1)}: Evening ${i + 1}`,
        '',
        `On the ${i + 1}th evening the lamps were lit along the harbour wall, ` +
          `and the boats came in one by one before the rain.`,
      ].join('\n'),
    ).join('\n');
    const split = splitManuscript(text);
    expect(split.parts.map((p) => [p.number, p.title])).toEqual(
      Array.from({ length: 25 }, (_, i) => [i + 1, `Evening ${i + 1}`]),
    );
  });
});

describe('HTML of DOCX and EPUB chapters', () => {
  it(
    'headings become # lines, paragraphs paragraphs, ' + 'entities decoded; a numbered list keeps its numbers',
    async () => {
      const { htmlToText } = await import('../../engine/import/index.js');
      const html =
        '<html><body><h1>The Orchard &amp; the Gate</h1><p>It rained &#8212; all day.</p><ol ' +
        'start="2" type="I"><li></li></ol><p>A LETTER</p><ol><li>milk</li></ol><pre><code> ' +
        'I. One\n II. Two</code></pre></body></html>';
      expect(htmlToText(html)).toBe(
        '# The Orchard & the Gate\n\nIt rained — all day.\n\nII.\n\nA LETTER\n\nmilk\n\nI. One\nII. Two',
      );
    },
  );
});

describe('DOCX numbering', () => {
  it("a numbered paragraph gets its number as text ('II. '), bullets are left alone", async () => {
    const { withListNumbers } = await import('../../engine/node/import/docx-numbering.js');
    const numbering =
      '<w:numbering><w:abstractNum w:abstractNumId="7"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt ' +
      'w:val="upperRoman"/><w:lvlText w:val="%1."/></w:lvl></w:abstractNum><w:abstractNum ' +
      'w:abstractNumId="8"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText ' +
      'w:val="•"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId ' +
      'w:val="7"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="2"/></w:lvlOverride></w:num><w:num ' +
      'w:numId="2"><w:abstractNumId w:val="8"/></w:num></w:numbering>';
    const para = (numId: number, text: string) =>
      `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId ` +
      `w:val="${numId}"/></w:numPr></w:pPr><w:r><w:t>${text}</w:t></w:r></w:p>`;
    const out = withListNumbers(
      `<w:body>${para(1, 'A LETTER')}${para(1, 'THE GATE')}${para(2, 'milk')}</w:body>`,
      numbering,
    );
    expect(out).toContain('<w:t xml:space="preserve">II. </w:t></w:r><w:r><w:t>A LETTER</w:t>');
    expect(out).toContain('<w:t xml:space="preserve">III. </w:t></w:r><w:r><w:t>THE GATE</w:t>');
    expect(out).toContain('<w:numId w:val="2"/>');
    expect(out.match(/<w:numPr>/g)).toHaveLength(1);
  });
});

describe('headings as public-domain books write them', () => {
  const prose = (n: number) =>
    Array.from(
      { length: 4 },
      (_, k) => `Alice walked by the river ${n} and thought about it ${k} times, until the light changed.`,
    ).join('\n');
  const ROMAN = ['I', 'II', 'III', 'IV'];
  it('a contents list of "CHAPTER I.     Title" lines, then "CHAPTER I." with the title on the next line', () => {
    const text = [
      'Contents',
      '',
      ...ROMAN.map((r, i) => ` CHAPTER ${r}.     Title ${i + 1}`),
      '',
      '',
      ...ROMAN.flatMap((r, i) => ['', '', `CHAPTER ${r}.`, `Title ${i + 1}`, '', prose(i)]),
    ].join('\n');
    expect(splitManuscript(text).parts.map((p) => [p.number, p.title, p.firstLine.slice(0, 12)])).toEqual(
      ROMAN.map((_, i) => [i + 1, `Title ${i + 1}`, 'Alice walked']),
    );
  });

  it('"CHAPTER I. Down the Rabbit-Hole." loses its closing full stop; "Chapter 1" alone has no title', () => {
    expect(
      splitManuscript(
        ROMAN.flatMap((r, i) => ['', `CHAPTER ${r}. Down the Rabbit-Hole ${i + 1}.`, '', prose(i)]).join('\n'),
      ).parts[0]!.title,
    ).toBe('Down the Rabbit-Hole 1');
    expect(
      splitManuscript(ROMAN.flatMap((_, i) => ['', `Chapter ${i + 1}`, '', '', prose(i)]).join('\n')).parts.map(
        (p) => p.title,
      ),
    ).toEqual(['', '', '', '']);
  });
});
