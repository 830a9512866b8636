// When a bible's entries were true (engine/session/bible/time.ts): a bible saved before entries had dates
// counts each entry from where it was last seen (a character's last-seen part, a thread's opening part,
// else the last part the bible took in); a replaced value comes back in the bible as of a part it held in;
// a dated bible reads back what it rendered, in English and Malay.
import { describe, expect, it } from 'vitest';
import {
  applyBibleUpdate,
  EMPTY_BIBLE,
  parseBible,
  parseBibleUpdate,
  renderBible,
} from '../../engine/session/bible/bible.js';
import { bibleAsOf } from '../../engine/session/bible/time.js';

const partOf = (label: string) =>
  /introduction|pengenalan/i.test(label) ? 0 : Number(/(\d+)/.exec(label)?.[1] ?? NaN) || undefined;

describe('a bible saved before entries had dates', () => {
  const legacy = `## Characters
- Aisha | the lead | in Penang | Chapter 2
- Daniel | her rival | back from Ipoh | Chapter 5
## Open threads
- the letter | Chapter 1 | open
- the boat | Chapter 4 | open
## Established facts
- The café is on Jalan Alor.`;

  it('counts each entry from where it was last seen, and an undated fact from the last part taken in', () => {
    const asOf3 = bibleAsOf(parseBible(legacy), 3, partOf, 5);
    expect(asOf3.characters.map((c) => c.name)).toEqual(['Aisha']);
    expect(asOf3.threads.map((t) => t.thread)).toEqual(['the letter']);
    expect(asOf3.facts).toEqual([]);
    const asOf5 = bibleAsOf(parseBible(legacy), 5, partOf, 5);
    expect(asOf5.characters.map((c) => c.name)).toEqual(['Aisha', 'Daniel']);
    expect(asOf5.facts).toEqual(['The café is on Jalan Alor.']);
  });
});

describe.each([
  [
    'en',
    'Chapter',
    "## Characters\n- Mara | captain | {state} | {at}\n## Established facts\n- The ship's name: {ship}",
  ],
  ['ms', 'Bab', '## Watak\n- Mara | kapten | {state} | {at}\n## Fakta yang ditetapkan\n- Nama kapal: {ship}'],
] as const)('a dated bible (%s)', (lang, word, shape) => {
  const update = (state: string, at: number, ship: string) =>
    parseBibleUpdate(shape.replace('{state}', state).replace('{at}', `${word} ${at}`).replace('{ship}', ship))!;
  const grown = () => {
    let b = applyBibleUpdate(EMPTY_BIBLE, update('alive', 1, 'Heron'), { label: `${word} 1`, lang });
    b = applyBibleUpdate(b, update('alive', 2, 'Heron'), { label: `${word} 2`, lang });
    b = applyBibleUpdate(b, update('dead', 4, 'Osprey'), { label: `${word} 4`, lang });
    return b;
  };

  it('keeps the replaced values with where they held, and brings them back as of a part they held in', () => {
    const b = grown();
    expect(b.characters[0]).toMatchObject({ name: 'Mara', state: 'dead', since: `${word} 4` });
    const asOf3 = bibleAsOf(b, 3, partOf, 4);
    expect(asOf3.characters[0]).toMatchObject({ name: 'Mara', state: 'alive', since: `${word} 1` });
    expect(asOf3.facts[0]).toMatch(/Heron/);
    expect(bibleAsOf(b, 4, partOf, 4).facts[0]).toMatch(/Osprey/);
  });

  it('reads back what it rendered', () => {
    const b = grown();
    expect(parseBible(renderBible(b, lang))).toEqual(b);
  });
});

describe('a bible saved when only the last 8 replaced values were kept', () => {
  // As the bible was kept before it held the whole book's history: 8 replaced values, the oldest from Chapter 3.
  const saved = [
    '## Characters',
    '- Mara | captain | state 11 | Chapter 11 | since Chapter 11',
    '## Replaced',
    ...Array.from(
      { length: 8 },
      (_, i) =>
        `- character | Mara | captain | state ${i + 3} | Chapter ${i + 3} | Chapter ${i + 3} → Chapter ${i + 4}`,
    ),
  ].join('\n');

  it('reads as it was, and later updates keep every value it held and every new one', () => {
    let b = parseBible(saved);
    expect(b.replaced).toHaveLength(8);
    for (let k = 12; k <= 30; k++) {
      b = applyBibleUpdate(b, parseBibleUpdate(`## Characters\n- Mara | captain | state ${k} | Chapter ${k}`)!, {
        label: `Chapter ${k}`,
        lang: 'en',
      });
      b = parseBible(renderBible(b, 'en'));
    }
    // Chapter 3's value (the oldest the saved bible had) and every one after it, as of each chapter.
    for (let k = 3; k <= 30; k++)
      expect(bibleAsOf(b, k, partOf, 30).characters[0], `as of Chapter ${k}`).toMatchObject({
        name: 'Mara',
        state: expect.stringMatching(new RegExp(`^state ${k}\\b`)),
      });
    expect(bibleAsOf(b, 2, partOf, 30).characters).toEqual([]);
  });
});
