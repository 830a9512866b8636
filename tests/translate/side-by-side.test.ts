// The side-by-side pairing of an edition with its source (engine/session/translate/side-by-side.ts): which of the
// edition's paragraphs a change to the source puts out of date, as a table of changes.
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../engine/node.js';
import { partHashes, sideBySide, type BookSpec, type BookState } from '../../engine/index.js';

const spec = loadCatalog().specs.find((s) => s.id === 'romance')! as unknown as BookSpec;
const book = (lang: 'en' | 'ms', chapter: string[]): BookState => ({ generatorId: 'romance', settings: {}, lang, totalChapters: 1, content: ['', chapter.join('\n\n')], currentChapter: 2, isLocked: true });
const SOURCE = ['One.', 'Two.', 'Three.', 'Four.'];
const EDITION = ['Satu.', 'Dua.', 'Tiga.', 'Empat.'];

describe('side by side: out of date from the first changed source paragraph on', () => {
  const cases: Array<{ name: string; now: string[]; stale: boolean[] }> = [
    { name: 'nothing changed', now: SOURCE, stale: [false, false, false, false] },
    { name: 'the second paragraph reworded', now: ['One.', 'Two, again.', 'Three.', 'Four.'], stale: [false, true, true, true] },
    { name: 'the last paragraph reworded', now: ['One.', 'Two.', 'Three.', 'Four!'], stale: [false, false, false, true] },
    { name: 'a paragraph put in first', now: ['Zero.', ...SOURCE], stale: [true, true, true, true, false] },
    { name: 'the last paragraph taken out', now: SOURCE.slice(0, 3), stale: [false, false, false, true] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const hashes = { 1: partHashes(book('en', SOURCE), 1) };
      const [part] = sideBySide({ spec, source: book('en', c.now), edition: book('ms', EDITION), hashes });
      // A row with no translation (a paragraph the source gained) is never out of date: there is nothing to redo.
      expect(part!.pairs.map((p) => p.isStale)).toEqual(c.stale);
      expect(part!.staleCount).toBe(c.stale.filter(Boolean).length);
    });
  }

  it('takes a part translated before hashes were kept as up to date, and labels each side in its own language', () => {
    const [part] = sideBySide({ spec, source: book('en', ['Changed.']), edition: book('ms', EDITION), hashes: {} });
    expect(part!.pairs.every((p) => !p.isStale)).toBe(true);
    expect(part!.label).toEqual({ source: 'Chapter 1', edition: 'Bab 1' });
  });
});
