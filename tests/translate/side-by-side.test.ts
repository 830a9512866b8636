// The side-by-side pairing of an edition with its source (engine/session/translate/side-by-side.ts): which of the
// edition's paragraphs a change to the source puts out of date, as a table of changes.
import { describe, expect, it } from 'vitest';
import { partHashes, sideBySide, type BookSpec, type BookState } from '../../engine/index.js';
import { repoCatalog } from '../catalog.js';

const spec = repoCatalog().specs.find((s) => s.id === 'romance')! as unknown as BookSpec;
const book = (lang: 'en' | 'ms', chapter: string[]): BookState => ({
  generatorId: 'romance',
  settings: {},
  lang,
  totalChapters: 1,
  content: ['', chapter.join('\n\n')],
  currentChapter: 2,
  isLocked: true,
});
const SOURCE = ['One.', 'Two.', 'Three.', 'Four.'];
const EDITION = ['Satu.', 'Dua.', 'Tiga.', 'Empat.'];

describe('side by side: only the translation of a changed source paragraph is out of date', () => {
  // Each row as the view shows it: the source paragraph | its translation, then S (out of date), a (may be affected:
  // its context changed) or nothing.
  const cases: Array<{ name: string; now: string[]; rows: string[] }> = [
    { name: 'nothing changed', now: SOURCE, rows: ['One. | Satu.', 'Two. | Dua.', 'Three. | Tiga.', 'Four. | Empat.'] },
    {
      name: 'a sentence added to the second paragraph',
      now: ['One.', 'Two. Then more.', 'Three.', 'Four.'],
      rows: ['One. | Satu.', 'Two. Then more. | Dua. S', 'Three. | Tiga. a', 'Four. | Empat.'],
    },
    {
      name: 'the last paragraph reworded',
      now: ['One.', 'Two.', 'Three.', 'Four!'],
      rows: ['One. | Satu.', 'Two. | Dua.', 'Three. | Tiga.', 'Four! | Empat. S'],
    },
    {
      name: 'a paragraph put in first',
      now: ['Zero.', ...SOURCE],
      rows: ['Zero. | -', 'One. | Satu. a', 'Two. | Dua.', 'Three. | Tiga.', 'Four. | Empat.'],
    },
    {
      name: 'a paragraph put in the middle',
      now: ['One.', 'Two.', 'Two and a half.', 'Three.', 'Four.'],
      rows: ['One. | Satu.', 'Two. | Dua.', 'Two and a half. | -', 'Three. | Tiga. a', 'Four. | Empat.'],
    },
    {
      name: 'the second paragraph taken out',
      now: ['One.', 'Three.', 'Four.'],
      rows: ['One. | Satu.', '- | Dua. S', 'Three. | Tiga. a', 'Four. | Empat.'],
    },
    {
      name: 'the last paragraph taken out',
      now: SOURCE.slice(0, 3),
      rows: ['One. | Satu.', 'Two. | Dua.', 'Three. | Tiga.', '- | Empat. S'],
    },
    {
      name: 'two paragraphs reworded apart, one put in',
      now: ['One!', 'Two.', 'New.', 'Three.', 'Four!'],
      rows: ['One! | Satu. S', 'Two. | Dua. a', 'New. | -', 'Three. | Tiga. a', 'Four! | Empat. S'],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const hashes = { 1: partHashes(book('en', SOURCE), 1) };
      const [part] = sideBySide({ spec, source: book('en', c.now), edition: book('ms', EDITION), hashes });
      // A row with no translation (a paragraph the source gained) is never out of date: there is nothing to redo.
      expect(
        part!.pairs.map(
          (p) => `${p.source ?? '-'} | ${p.edition ?? '-'}${p.isStale ? ' S' : p.isAffected ? ' a' : ''}`,
        ),
      ).toEqual(c.rows);
      expect(part!.staleCount).toBe(c.rows.filter((r) => r.endsWith(' S')).length);
    });
  }

  it(
    'takes a part translated before hashes were kept as up to date, ' +
      'and labels each side in its own language, and the page in its own',
    () => {
      const [part] = sideBySide({ spec, source: book('en', ['Changed.']), edition: book('ms', EDITION), hashes: {} });
      expect(part!.pairs.every((p) => !p.isStale)).toBe(true);
      expect(part!.label).toEqual({ source: 'Chapter 1', edition: 'Bab 1', page: 'Bab 1' });
      const [onPage] = sideBySide({
        spec,
        source: book('en', ['Changed.']),
        edition: book('ms', EDITION),
        hashes: {},
        pageLang: 'en',
      });
      expect(onPage!.label.page).toBe('Chapter 1');
    },
  );
});
