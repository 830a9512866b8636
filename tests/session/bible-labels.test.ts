// The labels on the story bible's lines (engine/session/bible/labels.ts through bible.ts): the session labels
// each part's line itself, so the label a model writes on its own line, in either language and in any of the
// shapes models give it, is taken off and the line kept; a line that only starts with a name is left as it
// is. Arcs merged in a long book still name every part they fold, the introduction included; an arc of a
// guide's named sections ("Introduction – Must-See Attractions") names them too. The parts the bible has read
// are those its own lines and arcs name, never the parts a model's table cells name.
import { describe, expect, it } from 'vitest';
import {
  applyBibleUpdate,
  EMPTY_BIBLE,
  parseBible,
  parseBibleUpdate,
  renderBible,
  type StoryBible,
} from '../../engine/session/bible/bible.js';
import { bibleAsOf } from '../../engine/session/bible/time.js';
import { bibleReadUpTo } from '../../engine/session/bible/as-of.js';
import { partsOf } from '../../engine/session/bible/parts-of.js';
import { restoreBook } from '../../engine/index.js';
import { bibleCovers } from '../../engine/session/bible/covers.js';
import { loadCatalog } from '../../engine/node/load.js';
import { coverageOf, partNames } from '../bible-coverage.js';

const TABLES_EN = '## Characters\n- Aisha Rahman | bookshop owner | worried | Chapter 1';
const TABLES_MS = '## Watak\n- Aisyah Rahman | pemilik kedai buku | bimbang | Bab 1';

describe("a model's own label on its line", () => {
  const en = 'Aisha meets Daniel again at the harbour.';
  const ms = 'Aisyah bertemu semula dengan Daniel di pelabuhan.';
  it.each([
    ['labelled', `## Chapter\nChapter 1: ${en}\n${TABLES_EN}`, 'Chapter 1', en],
    ['labelled with the title', `## Chapter\nChapter 1 – The Quiet Harbour: ${en}\n${TABLES_EN}`, 'Chapter 1', en],
    ['numbered and labelled', `## Chapter\n1. Chapter 1 – ${en}\n${TABLES_EN}`, 'Chapter 1', en],
    ['numbered', `## Chapter\n1. ${en}\n${TABLES_EN}`, 'Chapter 1', en],
    ['bold label', `## Chapter\n**Chapter 1:** ${en}\n${TABLES_EN}`, 'Chapter 1', en],
    ['a bold label on a line of its own', `## Chapter\n**Chapter 1:**\n${en}\n${TABLES_EN}`, 'Chapter 1', en],
    ['under a heading with the title', `## Chapter 1: The Quiet Harbour\n${en}\n${TABLES_EN}`, 'Chapter 1', en],
    ['under a bold heading', `**Chapter 1**\n${en}\n${TABLES_EN}`, 'Chapter 1', en],
    ['under "## Summary"', `## Summary\n${en}\n${TABLES_EN}`, 'Chapter 1', en],
    ['the introduction labelled', `## Chapter\nIntroduction: ${en}\n${TABLES_EN}`, 'Introduction', en],
    ['labelled, no sections', `Chapter 1: ${en}`, 'Chapter 1', en],
    ['Malay, labelled', `## Bab\nBab 1: ${ms}\n${TABLES_MS}`, 'Bab 1', ms],
    ['Malay, the introduction labelled', `## Bab\nPengenalan: ${ms}\n${TABLES_MS}`, 'Pengenalan', ms],
    ['Malay, under a heading', `### Bab 1 – Pelabuhan yang Sunyi\n${ms}\n${TABLES_MS}`, 'Bab 1', ms],
    ['Malay, under "## Ringkasan"', `## Ringkasan\n${ms}\n${TABLES_MS}`, 'Bab 1', ms],
    ["a guide's section name", `## Bab\nSosialisasi: ${ms}\n${TABLES_MS}`, 'Sosialisasi', ms],
  ])('%s: the line is kept without it', (_, answer, label, line) => {
    const update = parseBibleUpdate(answer, label)!;
    expect(update.chapterLine).toBe(line);
    expect(applyBibleUpdate(EMPTY_BIBLE, update, { label, lang: line === en ? 'en' : 'ms' }).chapters).toEqual([
      { label, line },
    ]);
  });

  it.each([
    ['a name before a colon', 'Aisha: she finds the letter under the stairs.'],
    ['a chapter named inside the sentence', 'In Chapter 1, Aisha finds the letter under the stairs.'],
  ])('%s is the line itself and stays', (_, line) => {
    expect(parseBibleUpdate(`## Chapter\n${line}\n${TABLES_EN}`, 'Chapter 2')!.chapterLine).toBe(line);
  });

  it('the arc line under "## Arc (Chapters 1–3)" keeps its words without the chapters the model counted', () => {
    const update = parseBibleUpdate(
      `## Chapter\nChapter 6: ${'Aisha sells the boat.'}\n## Arc (Chapters ` +
        `1–3)\nChapters 1–3: Aisha fights to save the shop.\n${TABLES_EN}`,
      'Chapter 6',
    )!;
    expect(update).toMatchObject({ chapterLine: 'Aisha sells the boat.', arcLine: 'Aisha fights to save the shop.' });
  });
});

describe('arcs merged in a long book', () => {
  it.each(['en', 'ms'] as const)(
    '%s: after the introduction and 30 chapters every part is still named by a line or an arc',
    (lang) => {
      const names = partNames(30, lang);
      let bible: StoryBible = EMPTY_BIBLE;
      for (const [k, label] of names.entries())
        bible = applyBibleUpdate(bible, { chapterLine: `Line of part ${k}.` }, { label, lang });
      const shown = renderBible(bible, lang);
      expect(coverageOf(shown, names, lang).missing, shown).toEqual([]);
      // The oldest arc still starts at the introduction.
      expect(bible.arcs[0]!.label).toMatch(lang === 'ms' ? /^Pengenalan – Bab \d+$/ : /^Introduction – Chapter \d+$/);
    },
  );
});

describe("a guide's named sections", () => {
  const catalog = loadCatalog({ useDiskCache: true });
  const spec = catalog.get('travel-guide')!;
  const sections = (spec.flow.sections ?? []).map((s) => s.label.en);

  it(
    'an arc folding the introduction to "Must-See Attractions" ' + 'covers them all, and counts as of its last section',
    () => {
      expect(sections.slice(0, 3)).toEqual([
        'Cultural Highlights & History',
        'Must-See Attractions',
        'Food & Dining Guide',
      ]);
      const memory =
        `## Earlier arcs\n- Introduction – ${sections[1]}: The island's past and ` +
        `its sights.\n## Chapters so far\n- ${sections[2]}: Where to eat laksa.`;
      expect(bibleCovers(spec, { memory, totalChapters: 7, lang: 'en' })).toEqual({
        positions: [0, 1, 2, 3],
        label: `Introduction, ${sections.slice(0, 3).join(', ')}`,
      });
      const partOf = partsOf(spec, { totalChapters: 7 });
      expect(bibleAsOf(parseBible(memory), 1, partOf, 3).arcs).toEqual([]);
      expect(bibleAsOf(parseBible(memory), 2, partOf, 3).arcs).toHaveLength(1);
    },
  );
});

describe('the parts the bible has read', () => {
  const catalog = loadCatalog({ useDiskCache: true });
  const spec = catalog.get('romance')!;

  it("are its own lines and arcs, not the parts a model's cells name: after the introduction, chapter 1 is new", () => {
    // The introduction's update names Chapter 2 (a character last seen there) and Chapter 1 (a thread opened there).
    const memory =
      '## Chapters so far\n- Introduction: Aisha comes home.\n## Characters\n- Aunt Rohani | ' +
      'aunt | keeps a letter | Chapter 2\n## Open threads\n- why Daniel left | Chapter 1 | open';
    const state = restoreBook(spec, {
      generatorId: 'romance',
      lang: 'en',
      currentChapter: 2,
      totalChapters: 7,
      content: ['Intro.', 'One.'],
      settings: { language: 'en', numberOfChapters: 7 },
      memory,
      memoryUpTo: 0,
    })!;
    expect(bibleReadUpTo(spec, state)).toBe(0);
    expect(bibleReadUpTo(spec, { ...state, memory: `## Earlier arcs\n- Introduction – Chapter 2: x\n${memory}` })).toBe(
      2,
    );
  });
});
