// When a bible's entries were true (engine/session/bible/time.ts): a bible saved before entries had dates
// counts each entry from where it was last seen (a character's last-seen part, a thread's opening part,
// else the last part the bible took in); a replaced value comes back in the bible as of a part it held in;
// a dated bible reads back what it rendered, in English and Malay.
import { describe, expect, it } from 'vitest';
import { applyBibleUpdate, EMPTY_BIBLE, parseBible, parseBibleUpdate, renderBible } from '../../engine/session/bible/bible.js';
import { bibleAsOf } from '../../engine/session/bible/time.js';

const partOf = (label: string) => (/introduction|pengenalan/i.test(label) ? 0 : Number(/(\d+)/.exec(label)?.[1] ?? NaN) || undefined);

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
  ['en', 'Chapter', '## Characters\n- Mara | captain | {state} | {at}\n## Established facts\n- The ship\'s name: {ship}'],
  ['ms', 'Bab', '## Watak\n- Mara | kapten | {state} | {at}\n## Fakta yang ditetapkan\n- Nama kapal: {ship}'],
] as const)('a dated bible (%s)', (lang, word, shape) => {
  const update = (state: string, at: number, ship: string) => parseBibleUpdate(shape.replace('{state}', state).replace('{at}', `${word} ${at}`).replace('{ship}', ship))!;
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
