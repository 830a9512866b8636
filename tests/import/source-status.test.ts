// What an imported text says of its source (engine/import/source-status.ts), read before the archive's header is
// stripped: a Project Gutenberg novel is public domain, with its original author and, where its header has the
// "Original publication" line, the year; a Malay or Indonesian public-domain statement is read too; a writer's own
// manuscript is not public domain, whatever its story says of the public domain.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readManuscript, readSourceStatus } from '../../engine/import/index.js';
import { malayManuscript } from './manuscript.js';

const NOVEL = path.join(import.meta.dirname, '../fixtures/gutenberg/anne-of-avonlea-xvi-xxi.txt');
const anne = () => readFileSync(NOVEL, 'utf8');
const bytes = (text: string) => new TextEncoder().encode(text);

/** The same chapters under Project Gutenberg's current header, which names the original publication. */
function anneWithCurrentHeader(): string {
  const text = anne();
  const body = text.slice(text.indexOf('*** START OF'));
  const header = [
    'The Project Gutenberg eBook of Anne of Avonlea',
    '',
    'This ebook is for the use of anyone anywhere in the United States and',
    'most other parts of the world at no cost and with almost no restrictions',
    'whatsoever.',
    '',
    'Title: Anne of Avonlea',
    '',
    'Author: L. M. Montgomery',
    '',
    'Release date: March 1, 1992 [eBook #47]',
    '                Most recently updated: October 28, 2024',
    '',
    'Language: English',
    '',
    'Original publication: Boston: L. C. Page & Company, 1909',
    '',
    '',
  ].join('\n');
  return header + body;
}

const story = (opening: string) =>
  [
    'THE LIGHTHOUSE KEEPER',
    '',
    'A novel by Siti Hajar',
    '',
    'Copyright © 2025 Siti Hajar. All rights reserved.',
    '',
    '',
    'Chapter 1',
    '',
    opening,
    '',
    'The keeper climbed the stairs every evening and counted the ships in the strait, ' +
      'one by one, as his father had done before him, and his father before that, in ' +
      'the long years when the lamp still burned oil and the island had no road.',
    '',
    'Chapter 2',
    '',
    "Morning came grey over the water, and the keeper wrote the night's ships in the book that nobody read, " +
      'in the small hand his teacher had praised when he was a boy in the village school across the strait.',
  ].join('\n');

describe('the source status read at import', () => {
  it(
    'a Project Gutenberg novel (Anne of Avonlea, its 2006 header) is public ' +
      'domain, by its original author; its release year is not its publication',
    () => {
      const status = readSourceStatus(anne());
      expect(status).toMatchObject({ publicDomain: true, from: 'gutenberg', originalAuthor: 'Lucy Maud Montgomery' });
      // That header names no publication year, and its eBook's release (2006) is not one.
      expect(status.firstPublished).toBeUndefined();
    },
  );

  it(
    "the same chapters under Gutenberg's current header: public " +
      'domain, first published 1909; karya reads it with the manuscript',
    () => {
      const read = readManuscript('anne-of-avonlea.txt', { bytes: bytes(anneWithCurrentHeader()) });
      expect(read.source).toEqual({
        publicDomain: true,
        from: 'gutenberg',
        firstPublished: 1909,
        originalAuthor: 'L. M. Montgomery',
      });
      // The header is still kept out of the chapters.
      expect(read.parts.map((p) => p.text).join('\n')).not.toMatch(/Project Gutenberg|Original publication/);
    },
  );

  it('a "first published" line and a Malay public-domain statement on the title page', () => {
    const text = [
      'HIKAYAT PELANDUK',
      '',
      'Karya ini berada dalam domain awam.',
      '',
      'Pertama kali diterbitkan pada tahun 1908.',
      '',
      '',
      malayManuscript(3, 'digits'),
    ].join('\n');
    expect(readSourceStatus(text)).toMatchObject({ publicDomain: true, from: 'statement', firstPublished: 1908 });
  });

  it('an Indonesian Wikisource notice at the foot of the text', () => {
    const text = [
      malayManuscript(3, 'digits'),
      '',
      '',
      'Karya ini berada dalam domain publik di Indonesia karena ' +
        'pengarangnya telah meninggal lebih dari 70 tahun yang lalu.',
      '',
    ].join('\n');
    expect(readSourceStatus(text)).toMatchObject({ publicDomain: true, from: 'statement' });
  });

  it('an English statement in the front matter: "This work is in the public domain", first published 1911', () => {
    const text = [
      'THE SECRET GARDEN',
      '',
      'This work is in the public domain in the United States because it was published before 1930.',
      '',
      'First published in 1911.',
      '',
      story('Mary Lennox was sent to Misselthwaite Manor to live with her uncle.').split('\n').slice(7).join('\n'),
    ].join('\n');
    expect(readSourceStatus(text)).toMatchObject({ publicDomain: true, from: 'statement', firstPublished: 1911 });
  });

  it("a copyrighted Project Gutenberg eBook (published with its author's permission) is not public domain", () => {
    const text = anne().replace(
      'This eBook is for the use of anyone anywhere',
      'This is a COPYRIGHTED Project Gutenberg eBook. This eBook is for the use of anyone anywhere',
    );
    expect(readSourceStatus(text)).toMatchObject({ publicDomain: false, from: 'none' });
  });

  it(
    "a writer's own manuscript is not public domain, though " + 'its story says "this book is in the public domain"',
    () => {
      const status = readSourceStatus(
        story(
          '"This book is in the public domain," the librarian said, "and ' +
            'so is the map inside it: public domain, every line of it."',
        ),
      );
      expect(status.publicDomain).toBe(false);
      expect(status.from).toBe('none');
    },
  );

  it('nor is a manuscript with no headings whose first paragraph says it', () => {
    const prose =
      'This story is in the public domain of my family, my grandmother said, and she ' +
      'told it every night while the rain came down on the zinc roof and the lamps ' +
      'flickered in the wind from the sea, until we could say every word of it with her.';
    expect(readSourceStatus([prose, '', prose, '', prose].join('\n')).publicDomain).toBe(false);
  });
});
