// The front of a book read by its structure (engine/import/front-matter.ts, title-page.ts, contents.ts): a half-title
// set between the preface and Chapter 1 is no part of the preface; an EPUB whose contents list calls its preface
// "Introduction" has a preface; a run of letters before Chapter 1 in an EPUB's contents is the story's; a title
// with a converter's site name after it is the book's own; one misprinted chapter number does not cut the book in
// two; bold and italic in a DOCX's or an EPUB's HTML are Markdown emphasis; indented headlines in bold keep their
// lines. Malay and Indonesian headings (a "Persembahan", "Surat 1", "Daftar Isi") read from the language data.
import { describe, expect, it } from 'vitest';
import { htmlToText, readManuscript, splitByContents, splitManuscript } from '../../engine/import/index.js';
import { parseMarkdown } from '../../engine/markdown.js';

const prose = (who: string, n: number) =>
  Array.from(
    { length: n },
    (_, i) => `${who} walked along the canal on the ${i + 1}th morning and counted the barges tied below the mill.`,
  ).join(' ');
const malay = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `Halimah berjalan ke tepi sungai pada pagi yang ke-${i + 1} dan melihat perahu-perahu nelayan pulang ke kuala.`,
  ).join(' ');

describe('the front by its structure', () => {
  it('a half-title between the preface and Chapter 1 is left out, not glued onto the preface', () => {
    const text = [
      'THE MILL CANAL',
      '',
      'by Joan Hartley',
      '',
      '',
      'PREFACE',
      '',
      prose('I', 3),
      '',
      '',
      'THE MILL CANAL',
      '',
      '',
      'CHAPTER I',
      '',
      prose('Joan', 4),
      '',
      'CHAPTER II',
      '',
      prose('Tom', 4),
    ].join('\n');
    const split = splitManuscript(text);
    expect(split.frontMatter?.map((f) => [f.kind, f.title])).toEqual([['preface', 'PREFACE']]);
    expect(split.frontMatter![0]!.text).not.toContain('THE MILL CANAL');
    expect(split.leftOut).toEqual(['titlePage']);
    expect(split.author).toBe('Joan Hartley');
  });

  it(
    'an EPUB whose contents list calls the preface "Introduction": its own heading ' +
      'says Preface, so it is a preface; its letters before Chapter 1 are letters',
    () => {
      const split = splitByContents(
        [
          { title: 'Introduction', text: `# PREFACE\n\n${prose('I', 3)}` },
          { title: 'Letter 1', text: `# Letter 1\n\n${prose('Robert', 3)}` },
          { title: 'Letter 2', text: `# Letter 2\n\n${prose('Robert', 3)}` },
          { title: 'Chapter 1', text: `# Chapter 1\n\n${prose('Victor', 4)}` },
          { title: 'Chapter 2', text: `# Chapter 2\n\n${prose('Victor', 4)}` },
        ],
        0,
      );
      expect(split.frontMatter?.map((f) => [f.kind, f.title])).toEqual([
        ['preface', 'PREFACE'],
        ['letter', 'Letter 1'],
        ['letter', 'Letter 2'],
      ]);
      expect(split.frontMatter![0]!.text).not.toContain('PREFACE');
      expect(split.parts.map((p) => [p.kind, p.number])).toEqual([
        ['chapter', 1],
        ['chapter', 2],
      ]);
    },
  );

  it(
    'Malay and Indonesian: a Persembahan, letters headed ' +
      '"Surat", a Daftar Isi left out, the author after "karangan"',
    () => {
      const text = [
        'HUJAN DI KUALA',
        '',
        'karangan Halimah Yusof',
        '',
        '',
        'PERSEMBAHAN',
        '',
        'Untuk bonda, yang menunggu di jeti.',
        '',
        '',
        'DAFTAR ISI',
        '',
        'Surat 1',
        'Surat 2',
        'Bab 1',
        '',
        '',
        'Surat 1',
        '',
        malay(3),
        '',
        'Surat 2',
        '',
        malay(3),
        '',
        '',
        'BAB 1',
        '',
        malay(5),
        '',
        'BAB 2',
        '',
        malay(5),
      ].join('\n');
      const split = splitManuscript(text);
      expect(split.author).toBe('Halimah Yusof');
      expect(split.frontMatter?.map((f) => [f.kind, f.title])).toEqual([
        ['dedication', 'PERSEMBAHAN'],
        ['letter', 'Surat 1'],
        ['letter', 'Surat 2'],
      ]);
      expect(split.leftOut).toEqual(['titlePage', 'contents']);
      expect(split.parts.map((p) => p.number)).toEqual([1, 2]);
    },
  );

  it('one misprinted chapter number (XXVII between XVI and XVIII) is read as the chapter its place says', () => {
    const numerals = ['XV', 'XVI', 'XXVII', 'XVIII', 'XIX'];
    const text = numerals.flatMap((n, i) => [n, `Title ${i}`, '', prose('Jim', 3), '', '']).join('\n');
    const split = splitManuscript(text);
    expect(split.parts.map((p) => p.title)).toEqual(['Title 0', 'Title 1', 'Title 2', 'Title 3', 'Title 4']);
  });

  it("a title in a file's metadata with a site's name after it is the title page's own", () => {
    const text = [
      '# Frankenstein | Project Gutenberg',
      '',
      '# Frankenstein;',
      '',
      '### or, the Modern Prometheus',
      '',
      '## by Mary Shelley',
      '',
      '## Chapter 1',
      '',
      prose('Victor', 4),
      '',
      '## Chapter 2',
      '',
      prose('Victor', 4),
    ].join('\n');
    const read = readManuscript('f.epub', {
      text,
      format: 'epub',
      meta: { title: 'Frankenstein | Project Gutenberg' },
    });
    expect(read.title).toBe('Frankenstein');
    expect(read.subtitle).toBe('or, the Modern Prometheus');
    expect(read.author).toBe('Mary Shelley');
    expect(read.parts.map((p) => p.number)).toEqual([1, 2]);
  });
});

describe('emphasis and headlines as the source set them', () => {
  it('HTML italics and bold become Markdown emphasis, never in a heading, never around spaces', () => {
    const text = htmlToText(
      '<h2>Letter <i>1</i></h2><p class="letter2"><i> To Mrs. Saville, England.</i></p><p>It was <b>not</b> so.</p>',
    );
    expect(text).toBe('## Letter 1\n\n*To Mrs. Saville, England.*\n\nIt was **not** so.');
  });

  it('indented headlines in bold keep their lines as a quote, the bold rendered, never code', () => {
    const text = [
      'Chapter 1',
      '',
      prose('Tom', 3),
      '',
      '    **THE DAILY CLARION**',
      '    **BARGE LOST AT THE MILL**',
      '    _Keeper tells of a strange light_',
      '',
      prose('Tom', 2),
      '',
      'Chapter 2',
      '',
      prose('Joan', 4),
    ].join('\n');
    const read = readManuscript('clarion.txt', { bytes: new TextEncoder().encode(text) });
    const blocks = parseMarkdown(read.parts[0]!.text);
    expect(blocks.some((b) => b.kind === 'code')).toBe(false);
    const quote = blocks.find((b) => b.kind === 'quote')!;
    const json = JSON.stringify(quote);
    expect(json.match(/"break"/g)).toHaveLength(2);
    expect(json).toContain('"kind":"strong"');
    expect(json).not.toContain('**');
  });
});
