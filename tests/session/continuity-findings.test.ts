// Findings that help: a book with one promise never paid (due in chapter 5) and its dead captain speaking in
// chapter 7 has two findings in all, not one per part after the promise was due, and read most serious first
// the captain's comes before the promise's. Calendar words and common nouns are not names: "March" beside a
// character called Marsh is no "name spelled two ways", while "Marhs" still is. English and Malay; the AI API
// is the fake server answered by tests/continuity-book.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeOpenAI } from '../fake-openai.js';
import { writeContinuityBook } from '../continuity-session.js';
import { continuityFindings, sortedBySeverity, type BookSession } from '../../engine/index.js';
import { loadCatalog } from '../../engine/node/load.js';

const catalog = loadCatalog({ useDiskCache: true });
const W = {
  en: {
    ch: (n: number) => `Chapter ${n}`,
    map: 'the stolen map',
    march: 'In March the harbour froze, and on Monday the crew counted the barrels.',
    typo: 'Marhs waved from the quay.',
    harsh: 'Harsh winds came off the sea.',
    harshToo: 'The night was harsh.',
  },
  ms: {
    ch: (n: number) => `Bab ${n}`,
    map: 'peta yang dicuri',
    march: 'Pada bulan Mac pelabuhan membeku, dan pada hari Isnin anak kapal mengira tong. Mac berlalu. Julai tiba.',
    typo: 'Marhs melambai dari dermaga.',
    harsh: 'Harsh, kata orang dagang itu tentang angin laut.',
    harshToo: 'Angin malam itu harsh sekali.',
  },
};

describe.each(['en', 'ms'] as const)(
  'the findings of a book with one overdue promise and one dead character speaking (%s)',
  (lang) => {
    let fake: FakeOpenAI;
    let session: BookSession;
    const w = W[lang];
    beforeAll(async () => {
      // No renamed ship, no respelled village: only the two faults.
      ({ fake, session } = await writeContinuityBook({
        catalog,
        lang,
        plan: { deathAt: 4, speaksAt: 7, renameAt: 99, respellAt: 99 },
      }));
    });
    afterAll(() => fake.close());

    it('lists two findings in all: the promise once (on chapter 6), the captain speaking on chapter 7', () => {
      const found = session.view().parts.flatMap((p) => (p.continuity ?? []).map((f) => [p.label, f.kind]));
      expect(found).toEqual([
        [w.ch(6), 'thread_overdue'],
        [w.ch(7), 'acts_after_death'],
      ]);
    });

    it('read most serious first, the captain speaking comes before the promise', () => {
      const found = sortedBySeverity(session.view().parts.flatMap((p) => p.continuity ?? []));
      expect(found.map((f) => f.kind)).toEqual(['acts_after_death', 'thread_overdue']);
      expect(found[0]!.detail).toContain('Mara');
      expect(found[1]!.detail).toContain(w.map);
    });

    it('"March" and the days are not a misspelt "Marsh"; "Marhs" is', () => {
      const spec = catalog.get('romance')!;
      const state = session.state;
      // The captain renamed Marsh throughout, chapter 8 naming a month and a day, chapter 9 misspelling her.
      const renamed = {
        ...state,
        memory: state.memory!.replaceAll('Mara', 'Marsh'),
        content: state.content.map(
          (t, i) => t.replaceAll('Mara', 'Marsh') + (i === 8 ? `\n\n${w.march}` : i === 9 ? `\n\n${w.typo}` : ''),
        ),
      };
      const spelling = continuityFindings(spec, renamed, true).flatMap((f, i) =>
        f.filter((x) => x.kind === 'name_spelling').map((x) => [i, x.detail]),
      );
      expect(spelling).toHaveLength(1);
      expect(spelling[0]![0]).toBe(9);
      expect(spelling[0]![1]).toContain('"Marhs"');
      expect(spelling[0]![1]).toContain('"Marsh"');
    });

    it('a capitalised word one letter from a name is a finding, unless the part also writes it in lower case', () => {
      const spec = catalog.get('romance')!;
      const state = session.state;
      const renamed = (extra: string) => ({
        ...state,
        memory: state.memory!.replaceAll('Mara', 'Marsh'),
        content: state.content.map((t, i) => t.replaceAll('Mara', 'Marsh') + (i === 8 ? `\n\n${extra}` : '')),
      });
      const spellings = (extra: string) =>
        continuityFindings(spec, renamed(extra), true).flatMap((f, i) =>
          f.filter((x) => x.kind === 'name_spelling').map((x) => [i, x.detail]),
        );
      // "Harsh" starting a sentence, nowhere else: one letter from "Marsh", so asked about.
      const alone = spellings(w.harsh);
      expect(alone).toHaveLength(1);
      expect(alone[0]![0]).toBe(8);
      expect(alone[0]![1]).toContain('"Harsh"');
      // The same part writing "harsh" in lower case too: a common word, not a name.
      expect(spellings(`${w.harsh} ${w.harshToo}`)).toEqual([]);
    });
  },
);
