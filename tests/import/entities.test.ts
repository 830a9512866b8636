// An EPUB written with character references, as EPUB 2 books made by older tools and by hand are (the XHTML 1.1
// DTD names HTML's entities): `&eacute;`, `&mdash;`, `&hellip;`, `&#8212;`, `&#x2014;` in the chapters, the
// table of contents and the package come out as the characters they stand for, never as `&eacute;` in a book.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { pandoc } from './hostile-files.js';
import { tempDir } from '../temp.js';

const dir = tempDir('karya-entities-');
const DTD = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">';

/** pandoc's EPUB of a two-chapter novel, its text rewritten with character references as an EPUB 2 writes them. */
function epubWithEntities(): Uint8Array {
  const novel = ['# The Ferry', '', 'Mei Ling crossed before dawn.', '', '# The Market', '', 'By noon it rained.'].join(
    '\n',
  );
  const files = unzipSync(pandoc(novel, 'epub', 'Harbour Lights'));
  const edit = (name: string, change: (text: string) => string) =>
    (files[name] = strToU8(change(strFromU8(files[name]!))));
  for (const name of Object.keys(files).filter((n) => /ch00\d\.xhtml$/.test(n))) {
    edit(name, (x) =>
      x
        .replace('<!DOCTYPE html>', DTD)
        .replace(
          'Mei Ling crossed before dawn.',
          'Mei Ling crossed to the caf&eacute; before dawn &mdash; ' +
            'alone&hellip; as always&#8212;and &#x2014; quietly&nbsp;so.',
        )
        .replace('<h1 data-number="1">The Ferry</h1>', '<h1 data-number="1">The Ferry &amp; the Caf&eacute;</h1>'),
    );
  }
  edit('EPUB/nav.xhtml', (x) =>
    x.replace('<!DOCTYPE html>', DTD).replace('>The Ferry<', '>The Ferry &amp; the Caf&eacute;<'),
  );
  edit('EPUB/toc.ncx', (x) => x.replace('<text>The Ferry</text>', '<text>The Ferry &amp; the Caf&#233;</text>'));
  edit('EPUB/content.opf', (x) => x.replace('>Harbour Lights<', '>Harbour Lights &#8212; Caf&#xE9; Stories<'));
  const zip: Zippable = { mimetype: [files.mimetype!, { level: 0 }] };
  for (const [name, data] of Object.entries(files)) if (name !== 'mimetype') zip[name] = data;
  return zipSync(zip);
}

describe('character references in an imported EPUB', () => {
  it('named and numeric references in the chapters, contents and package are characters in the book', async () => {
    const file = path.join(dir, 'entities.epub');
    writeFileSync(file, epubWithEntities());
    const run = await runKaryaInProcess(['import', file, '--dry-run', '--json'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    const read = JSON.parse(run.stdout) as { title: string; chapters: Array<{ title: string; firstLine: string }> };
    expect(read.title).toBe('Harbour Lights — Café Stories');
    expect(read.chapters.map((c) => c.title)).toEqual(['The Ferry & the Café', 'The Market']);
    expect(read.chapters[0]!.firstLine).toBe(
      'Mei Ling crossed to the café before dawn — alone… as always—and — quietly\u00a0so.'.replace('\u00a0', ' '),
    );
    expect(run.stdout).not.toMatch(/&[a-z]+;|&#/i);
  });
});
