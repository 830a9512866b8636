// The story bible (engine/session/bible/bible.ts): a model's update answer is read in either language, merged
// into the bible with older chapter lines folded into arcs, and the whole stays within its limits however
// long the book; a bible a writer edited reads back; a memory kept before the bible is not lost. And one
// heading per part (engine/compile/heading.ts): a model's own leading heading is taken off the part.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyBibleUpdate,
  BIBLE_LIMITS,
  EMPTY_BIBLE,
  linesToFold,
  parseBible,
  parseBibleUpdate,
  renderBible,
  bibleWords,
  capWords,
  shownBible,
  type StoryBible,
} from '../../engine/session/bible/bible.js';
import { bibleAsOf, KEPT_LIMITS } from '../../engine/session/bible/time.js';
import { MAX_BIBLE_CHARS } from '../../engine/session/edits/edit.js';
import { takeLeadingHeading } from '../../engine/compile/heading.js';
import { countWords } from '../../engine/words.js';

const UPDATE_EN = `## Chapter
Aisha finds her father's letter under the stairs and hides it from Daniel.
## Characters
- Aisha Rahman | the lead, a journalist | angry, hiding the letter | Chapter 3
- Daniel Lee | her rival | suspects something | Chapter 3
## Open threads
- Who wrote the letter | Chapter 3 | open
- The missing boat | Chapter 1 | resolved
## Established facts
- The café is on Jalan Alor.
- Aisha is 28.`;

const UPDATE_MS = `## Bab
Aisyah menemui surat ayahnya di bawah tangga dan menyembunyikannya daripada Daniel.
## Watak
- Aisyah | watak utama, wartawan | marah, menyembunyikan surat | Bab 3
## Urusan belum selesai
- Siapa yang menulis surat itu | Bab 3 | terbuka
## Fakta yang ditetapkan
- Kafe itu terletak di Jalan Alor.`;

describe('a bible update answer', () => {
  it('is read in English: the chapter line, the character table, threads with their status, facts', () => {
    const u = parseBibleUpdate(UPDATE_EN)!;
    expect(u.chapterLine).toBe("Aisha finds her father's letter under the stairs and hides it from Daniel.");
    expect(u.characters).toEqual([
      {
        name: 'Aisha Rahman',
        role: 'the lead, a journalist',
        state: 'angry, hiding the letter',
        lastSeen: 'Chapter 3',
      },
      { name: 'Daniel Lee', role: 'her rival', state: 'suspects something', lastSeen: 'Chapter 3' },
    ]);
    expect(u.threads).toEqual([
      { thread: 'Who wrote the letter', opened: 'Chapter 3', isResolved: false },
      { thread: 'The missing boat', opened: 'Chapter 1', isResolved: true },
    ]);
    expect(u.facts).toEqual(['The café is on Jalan Alor.', 'Aisha is 28.']);
  });

  it('is read in Malay', () => {
    const u = parseBibleUpdate(UPDATE_MS)!;
    expect(u.chapterLine).toMatch(/^Aisyah menemui surat/);
    expect(u.characters?.[0]?.name).toBe('Aisyah');
    expect(u.threads).toEqual([{ thread: 'Siapa yang menulis surat itu', opened: 'Bab 3', isResolved: false }]);
    expect(u.facts).toEqual(['Kafe itu terletak di Jalan Alor.']);
  });

  it('with bold headings and "Name: text" characters, as models also write it', () => {
    const u = parseBibleUpdate(
      '**Chapter:** Aisha runs.\n\n**Characters**\n- Aisha: the ' +
        'lead, running\n\n**Established facts**\n1. The sea is cold.',
    )!;
    expect(u.chapterLine).toBe('Aisha runs.');
    expect(u.characters?.[0]).toMatchObject({ name: 'Aisha', state: 'the lead, running' });
    expect(u.facts).toEqual(['The sea is cold.']);
  });

  it('with no sections at all is taken as the chapter line; an empty answer is nothing', () => {
    expect(parseBibleUpdate('Aisha ran to the harbour.')).toEqual({ chapterLine: 'Aisha ran to the harbour.' });
    expect(parseBibleUpdate('   ')).toBeUndefined();
  });
});

describe('the bible, updated part after part', () => {
  const label = (k: number) => (k === 0 ? 'Introduction' : `Chapter ${k}`);
  const grow = (chapters: number, fill: (k: number) => string): StoryBible => {
    let bible = EMPTY_BIBLE;
    for (let k = 0; k <= chapters; k++) {
      const fold = linesToFold(bible);
      const update = parseBibleUpdate(fill(k) + (fold.length ? `\n## Arc\nArc up to ${fold.at(-1)!.label}.` : ''))!;
      bible = parseBible(
        renderBible(applyBibleUpdate(bible, update, { label: label(k), lang: 'en' }), 'en', {
          omit: ['premise', 'ending'],
        }),
      );
    }
    return bible;
  };
  const full = (k: number) =>
    [
      '## Chapter',
      `In chapter ${k} ${'the story moves on and '.repeat(8)}`,
      '## Characters',
      ...Array.from(
        { length: 15 },
        (_, i) => `- Person ${i} | role ${i} ${'word '.repeat(20)}| state ${'long '.repeat(30)}| ${label(k)}`,
      ),
      '## Open threads',
      ...Array.from({ length: 12 }, (_, i) => `- thread ${i} of ${k} | ${label(k)} | open`),
      '## Established facts',
      ...Array.from({ length: 20 }, (_, i) => `- fact ${i} from chapter ${k} ${'detail '.repeat(30)}`),
    ].join('\n');

  it('folds older chapter lines into arcs, using the arc line the model wrote when asked', () => {
    const bible = grow(8, (k) => `## Chapter\nLine of ${label(k)}.`);
    expect(bible.chapters.length).toBeLessThanOrEqual(BIBLE_LIMITS.chapters);
    expect(bible.chapters.at(-1)).toEqual({ label: 'Chapter 8', line: 'Line of Chapter 8.' });
    expect(bible.arcs[0]).toEqual({ label: 'Introduction – Chapter 2', line: 'Arc up to Chapter 2.' });
  });

  it(
    'is shown to a request within a fixed size however long the book ' +
      '(chapter 100 as chapter 10), even when the model writes past every limit',
    () => {
      // As a request renders it (bible/as-of.ts): within the shown limits, without the dates and the replaced values.
      const shown = (b: StoryBible) => bibleWords(renderBible(shownBible(b), 'en', { omit: ['replaced', 'since'] }));
      const ten = shown(grow(10, full));
      const hundred = shown(grow(100, full));
      expect(hundred).toBeLessThanOrEqual(ten * 1.25);
      // The ceiling the limits set: every entry at its word limit (labels and separators a few words more).
      const L = BIBLE_LIMITS;
      const ceiling =
        L.premiseWords +
        L.endingWords +
        (L.chapters + L.arcs) * (L.lineWords + 4) +
        L.characters * (8 + 2 * L.entryWords + 6 + 3) +
        L.threads * (L.entryWords + 6 + 3) +
        L.facts * (L.entryWords + 1) +
        30;
      expect(hundred).toBeLessThanOrEqual(ceiling);
      const b = shownBible(grow(100, full));
      expect(b.characters.length).toBeLessThanOrEqual(BIBLE_LIMITS.characters);
      expect(b.threads.length).toBeLessThanOrEqual(BIBLE_LIMITS.threads);
      expect(b.facts.length).toBeLessThanOrEqual(BIBLE_LIMITS.facts);
      expect(b.arcs.length).toBeLessThanOrEqual(BIBLE_LIMITS.arcs);
    },
  );

  it(
    'a 100-chapter book whose 60 characters and 45 facts all change in every ' +
      'chapter keeps each first appearance, and stays a bible a writer can edit',
    () => {
      const enters = (i: number) => i + 1;
      const churn = (k: number) =>
        [
          '## Chapter',
          `In chapter ${k} the story moves on.`,
          '## Characters',
          ...Array.from({ length: 60 }, (_, i) => i)
            .filter((i) => enters(i) <= k)
            .map((i) => `- Person ${i} | role ${i} | state ${k} of ${i} ${'long '.repeat(20)}| ${label(k)}`),
          '## Established facts',
          ...Array.from({ length: 45 }, (_, i) => `- fact ${i}: value ${k} ${'detail '.repeat(20)}`),
        ].join('\n');
      const kept = grow(100, churn);
      expect(renderBible(kept, 'en').length).toBeLessThanOrEqual(MAX_BIBLE_CHARS);
      expect(kept.characters.length).toBeLessThanOrEqual(KEPT_LIMITS.characters);
      expect((kept.replaced ?? []).length).toBeLessThanOrEqual(KEPT_LIMITS.history);
      const partOf = (l: string) => (/introduction/i.test(l) ? 0 : Number(/(\d+)/.exec(l)?.[1] ?? NaN) || undefined);
      // As of each chapter up to 60, exactly the people who entered by then; the history holds each one's entry
      // chapter.
      for (const k of [1, 2, 10, 30, 59, 60]) {
        const names = bibleAsOf(kept, k, partOf, 100)
          .characters.map((c) => c.name)
          .sort();
        expect(names, `as of Chapter ${k}`).toEqual(Array.from({ length: k }, (_, i) => `Person ${i}`).sort());
      }
      const first = (name: string) =>
        Math.min(
          ...(kept.replaced ?? []).filter((r) => r.subject === name).map((r) => partOf(r.since) ?? Infinity),
          ...kept.characters.filter((c) => c.name === name).map((c) => partOf(c.since ?? '') ?? Infinity),
        );
      for (let i = 0; i < 60; i++) expect(first(`Person ${i}`), `Person ${i}`).toBe(enters(i));
    },
  );

  it(
    'keeps every character the book met (15 people each chapter, ' +
      'more than a request is shown) within the kept limits',
    () => {
      const kept = grow(100, full);
      expect(kept.characters.map((c) => c.name)).toEqual(Array.from({ length: 15 }, (_, i) => `Person ${i}`));
      expect(kept.facts.length).toBeLessThanOrEqual(KEPT_LIMITS.facts);
      // What a model writing past every limit leaves is still a bible a writer can edit (edits/edit.ts
      // MAX_BIBLE_CHARS).
      expect(renderBible(kept, 'en').length).toBeLessThanOrEqual(MAX_BIBLE_CHARS);
    },
  );

  it('keeps a character the update left out while there is room', () => {
    let b = applyBibleUpdate(EMPTY_BIBLE, parseBibleUpdate(UPDATE_EN)!, { label: 'Chapter 3', lang: 'en' });
    b = applyBibleUpdate(
      b,
      parseBibleUpdate('## Chapter\nDaniel leaves.\n## Characters\n- Daniel Lee | rival | gone to Penang | Chapter 4')!,
      { label: 'Chapter 4', lang: 'en' },
    );
    expect(b.characters.map((c) => c.name)).toEqual(['Daniel Lee', 'Aisha Rahman']);
    expect(b.characters[0]!.state).toBe('gone to Penang');
  });

  it('renders in the book language and reads back what it rendered (a writer may edit it as text)', () => {
    const b = applyBibleUpdate(EMPTY_BIBLE, parseBibleUpdate(UPDATE_MS)!, {
      label: 'Bab 3',
      lang: 'ms',
      premise: 'Aisyah mencari ayahnya.',
      ending: 'Dia menemuinya.',
    });
    const text = renderBible(b, 'ms');
    expect(text).toContain('## Premis');
    expect(text).toContain('## Watak');
    expect(text).toContain('## Fakta yang ditetapkan');
    expect(text).not.toMatch(/## (Characters|Premise|Established facts)/);
    expect(parseBible(text)).toEqual(b);
  });

  it('a story memory saved before the bible existed becomes an arc, not lost', () => {
    const b = parseBible('- So far: Aisha met Daniel.\n- Open threads: the letter.');
    expect(b.arcs[0]!.line).toContain('Aisha met Daniel');
  });

  it(
    'a name an update lists twice is one character: nine parts of ' +
      'repeated names leave room for every other (fast-check found it)',
    () => {
      const parts = [
        ['x', 'x', 'f', 'f!'],
        ['$', '$'],
        ['%', '%', '%', '"', '%', '%'],
        ['&', '&', '!', '&', '!', '&', '&', '&'],
        ['!$', "'", "'", "'"],
        ['(', '(', 'G', '(', '$!', 'G', '(', '(', '(', '('],
        [')'],
        ['*', '*', '*', '*', '*', '*', '*'],
        ['$"', '+', '+', '+', '+', '+', '+', '+', '+', '+'],
      ];
      let b = EMPTY_BIBLE;
      parts.forEach((names, i) => {
        b = applyBibleUpdate(
          b,
          {
            chapterLine: 'x',
            characters: names.map((name) => ({ name, role: '', state: '', lastSeen: '' })),
            facts: [],
          },
          { label: `Chapter ${i + 1}`, lang: 'en' },
        );
      });
      // One person whatever the marks around the name: "f" and "f!" are one row.
      const person = (name: string) =>
        name
          .toLowerCase()
          .replace(/[^\p{L}\p{N}]+/gu, ' ')
          .trim() || name;
      const table = b.characters.map((c) => person(c.name));
      expect(new Set(table).size).toBe(table.length);
      expect([...new Set(parts.flat())].every((name) => table.includes(person(name)))).toBe(true);
    },
  );

  it(
    'a name written with marks around it is the same character: a full table ' +
      'pushes "n!" out into the history, not out of the book (fast-check found it)',
    () => {
      const parts = [
        ['n'],
        ['!', '$', 'n!'],
        [')', '%', '&', '*'],
        ['+', "'", ','],
        ['-', '"', '.', '/', '0', '1'],
        ['2', '3', '4', '5', '$$'],
        ['6', '!$', '!%', '7', '8', '(', '9'],
        [':', ';', 'O', '$%', '<', '=', '>', '?'],
        ['@', 'A', 'P', 'B', 'x', 'Y', '$&'],
        ['C', 'D', "$'", '$!', 'E', 'F', 'G', 'H'],
      ];
      let b = EMPTY_BIBLE;
      parts.forEach((names, i) => {
        b = applyBibleUpdate(
          b,
          {
            chapterLine: 'x',
            characters: names.map((name) => ({ name, role: '', state: '', lastSeen: '' })),
            facts: [],
          },
          { label: `Chapter ${i + 1}`, lang: 'en' },
        );
      });
      const kept = [
        ...b.characters.map((c) => c.name),
        ...(b.replaced ?? []).filter((r) => r.kind === 'character').map((r) => r.subject),
      ];
      expect(kept.some((name) => name === 'n!' || name === 'n')).toBe(true);
      expect(b.characters.length).toBeLessThanOrEqual(KEPT_LIMITS.characters);
    },
  );

  it('"Aisha" and "Aisha." in two updates are one row of the table', () => {
    let b = applyBibleUpdate(
      EMPTY_BIBLE,
      { chapterLine: 'x', characters: [{ name: 'Aisha', role: 'lead', state: 'at home', lastSeen: '' }], facts: [] },
      { label: 'Chapter 1', lang: 'en' },
    );
    b = applyBibleUpdate(
      b,
      {
        chapterLine: 'y',
        characters: [{ name: '**Aisha.**', role: 'lead', state: 'at sea', lastSeen: '' }],
        facts: [],
      },
      { label: 'Chapter 2', lang: 'en' },
    );
    expect(b.characters).toHaveLength(1);
    expect(b.characters[0]!.state).toBe('at sea');
  });

  it('any sequence of updates keeps every list within its limit (property)', () => {
    const entry = fc.string({ minLength: 1, maxLength: 60 }).map((s) => s.replace(/[\n|#]/g, ' ').trim() || 'x');
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            line: entry,
            chars: fc.array(entry, { maxLength: 20 }),
            facts: fc.array(entry, { maxLength: 25 }),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        (updates) => {
          let b = EMPTY_BIBLE;
          updates.forEach((u, i) => {
            b = applyBibleUpdate(
              b,
              {
                chapterLine: u.line,
                characters: u.chars.map((name) => ({ name, role: '', state: '', lastSeen: '' })),
                facts: u.facts,
              },
              { label: `Chapter ${i + 1}`, lang: 'en' },
            );
          });
          const shown = shownBible(b);
          // One person whatever the case and marks around the name ("Aisha", "aisha.", "**Aisha**").
          const key = (name: string) => {
            const n = capWords(name, 8).toLowerCase();
            return n.replace(/[^\p{L}\p{N}]+/gu, ' ').trim() || n.trim();
          };
          const named = new Set([
            ...b.characters.map((c) => key(c.name)),
            ...(b.replaced ?? []).filter((r) => r.kind === 'character').map((r) => key(r.subject)),
          ]);
          // Every character an update named is kept (in the table, or its last value in the history); a request is
          // shown the
          // limits.
          const isKept = updates.every((u) => u.chars.every((name) => named.has(key(name))));
          return (
            isKept &&
            b.chapters.length <= BIBLE_LIMITS.chapters &&
            b.arcs.length <= BIBLE_LIMITS.arcs &&
            b.characters.length <= KEPT_LIMITS.characters &&
            shown.characters.length <= BIBLE_LIMITS.characters &&
            shown.facts.length <= BIBLE_LIMITS.facts
          );
        },
      ),
    );
  });
});

describe('an entry in a script written without spaces between words', () => {
  it('is capped at its words, as an English entry is', () => {
    // Thai: a space between sentences, none between words (5 words each): 60 words in 12 runs.
    const thai = Array.from({ length: 12 }, () => 'ฉันกินข้าวที่บ้าน').join(' ');
    const capped = capWords(thai, BIBLE_LIMITS.entryWords);
    expect(capped.endsWith(' …')).toBe(true);
    expect(countWords(capped.slice(0, -2))).toBe(BIBLE_LIMITS.entryWords);
    expect(capWords('ฉันกินข้าว', 8)).toBe('ฉันกินข้าว');
  });
});

describe('one heading per part', () => {
  const chapter3 = { kind: 'chapter', position: 3 } as const;
  it.each([
    ['## Chapter 3: The Storm\n\nRain fell on the harbour.', 'The Storm'],
    ['# Chapter 3 — The Storm\nRain fell on the harbour.', 'The Storm'],
    ['**Chapter Three: The Storm**\n\nRain fell on the harbour.', 'The Storm'],
    ['Chapter 3\n\nRain fell on the harbour.', undefined],
    ['### Bab 3: Ribut\n\nRain fell on the harbour.', 'Ribut'],
    ['**Bab Tiga**\n\nRain fell on the harbour.', undefined],
    ['# The Storm\n\nRain fell on the harbour.', 'The Storm'],
  ])('%j loses its heading (title %j)', (text, title) => {
    const got = takeLeadingHeading(text, chapter3);
    expect(got.text).toBe('Rain fell on the harbour.');
    expect(got.title).toBe(title);
  });

  it('leaves prose that starts the part alone, and a poem its title', () => {
    expect(takeLeadingHeading('Chapter three began with rain. It fell all night.\n\nMore.', chapter3).text).toBe(
      'Chapter three began with rain. It fell all night.\n\nMore.',
    );
    expect(takeLeadingHeading('The harbour was quiet.\nRain fell.', chapter3).text).toBe(
      'The harbour was quiet.\nRain fell.',
    );
    expect(takeLeadingHeading('# Ode to Rain\n\nRain falls.', { kind: 'single' }).text).toBe(
      '# Ode to Rain\n\nRain falls.',
    );
  });

  it("drops an introduction's or a conclusion's own heading without taking a title", () => {
    expect(takeLeadingHeading('## Introduction\n\nIt began in Penang.', { kind: 'introduction', position: 0 })).toEqual(
      { text: 'It began in Penang.' },
    );
    expect(takeLeadingHeading('**Kesimpulan**\n\nAkhirnya.', { kind: 'conclusion', position: 7 })).toEqual({
      text: 'Akhirnya.',
    });
  });
});
