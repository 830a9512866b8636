// The repeat measure and the echo check read a text's words one way (engine/session/runs.ts): letters and digits
// with inner apostrophes and hyphens, lower case, punctuation left out, so a passage written again is found
// however it was punctuated, in English and in Malay, and words that differ by an accent stay different words.
import { describe, expect, it } from 'vitest';
import { isEcho, repeatedShare } from '../../engine/index.js';
import { repeatedShares } from '../../engine/session/reading/index.js';
import { readRuns } from '../../engine/session/runs.js';
import { splitWalls } from '../../engine/session/answers/shape.js';

const passage =
  "Aisha didn't look back at the harbour, where the blue lantern her father had painted still swung over the water.";

describe('repeats', () => {
  it(
    'a part that writes an earlier part again, punctuated otherwise ' +
      '(curly apostrophes, dashes, capitals), repeats all of it',
    () => {
      const again =
        'AISHA DIDN’T LOOK BACK — at the harbour; where the blue ' +
        'lantern her father had painted still swung over… the water!';
      expect(repeatedShare(again, [passage])).toBe(1);
    },
  );

  it('words written together with a dash are two words, as the earlier part wrote them apart', () => {
    expect(
      repeatedShare(
        "Aisha didn't look back—at the harbour, where the blue " +
          'lantern her father had painted still swung over the water.',
        [passage],
      ),
    ).toBe(1);
  });

  it('a Malay passage with its doubled words and a German one with its ß are found again whole', () => {
    const malay = 'Kanak-kanak itu berlari ke kedai buku lama di hujung jalan sambil memikirkan surat ayahnya.';
    const german = 'Die Straße am Hafen war still, und über dem Wasser schwang die blaue Laterne ihres Vaters.';
    expect(repeatedShare(`«${malay}»`, [malay])).toBe(1);
    expect(repeatedShare(german.toUpperCase().replace('STRASSE', 'STRAßE'), [german])).toBe(1);
  });

  it('words that differ only by an accent are different words', () => {
    // 15 words, the 6th changed: only the 9 after it stand in a run the earlier part has.
    const cafe = 'She sat in the old cafe by the harbour and counted the lanterns twice over.';
    expect(repeatedShare(cafe.replace('cafe', 'café'), [cafe])).toBe(0.6);
  });

  it('a passage looped in one part counts from its second time, and each part against the parts before it', () => {
    // The passage is 20 words: 20 of 23 in the second part.
    expect(repeatedShares([passage, `The rain fell. ${passage}`, `${passage} ${passage}`])).toEqual([0, 0.87, 1]);
    expect(repeatedShare(`${passage} ${passage}`)).toBe(0.5);
    expect(repeatedShare('Too short to hold a run.')).toBe(0);
  });
});

describe('echoes read with curly apostrophes', () => {
  it('a system prompt sent back with curly apostrophes is still the request', () => {
    const request = {
      system:
        "You are the author's editor. You don't explain, you don't " +
        'apologise, you write the chapter the outline plans and nothing else.',
      user: 'Write Chapter 2.',
    };
    const answer = `${request.system.replace(/'/g, '’')}\n\nThe morning came grey over the water.`;
    expect(isEcho(answer, request, { kind: 'prose', material: () => [] })).toBe(true);
    expect(
      isEcho('The morning came grey over the water, and Aisha counted the lanterns twice.', request, {
        kind: 'prose',
        material: () => [],
      }),
    ).toBe(false);
  });
});

describe('echoes across paragraphs', () => {
  it("the request's paragraphs sent back as one, none of them 60 words alone, are the request sent back", () => {
    const first =
      'Keep every name the story bible gives, and keep each person to the part ' +
      'the bible gives them in the story so far, so that a reader who knows ' +
      'the earlier chapters finds the same people doing what they did before.';
    const second =
      'Write the scenes in the order the outline plans them, with dialogue that moves the plot on, and ' +
      'close the chapter on a beat that leads into the next one without telling the reader what it will be.';
    const request = { system: 'You are a novelist.', user: `Write Chapter 4.\n\n${first}\n\n${second}` };
    expect(isEcho(`The rain stopped. ${first} ${second}`, request, { kind: 'prose', material: () => [] })).toBe(true);
    expect(isEcho(`The rain stopped. ${first}`, request, { kind: 'prose', material: () => [] })).toBe(false);
  });
});

describe('a wall of text split into paragraphs', () => {
  it('has the words and 8-word runs it had before (the judge keeps its reading for the split text)', () => {
    const SENTENCES =
      "She didn't wait. The harbour lights came on one by one " +
      '— blue, then gold. \u201cKanak-kanak!\u201d she called. ';
    const wall = `${SENTENCES.repeat(60)}The ` + `end.`;
    const split = splitWalls(wall, { wallWords: 400, paragraphWords: 120 });
    expect(split.split).toBeGreaterThan(1);
    expect([...readRuns(split.text).keys]).toEqual([...readRuns(wall).keys]);
  });
});
