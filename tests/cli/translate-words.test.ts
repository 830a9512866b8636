// What `karya translate` says of a part done counts its credits as English counts them: "1 credit", "2 credits"
// (it said "1 credits"); Malay has one form.
import { describe, expect, it } from 'vitest';
import { translateWord } from '../../cli/translate-words.js';

describe('karya translate counts credits in words', () => {
  it('one credit, two credits; in Malay "kredit" for both', () => {
    expect(translateWord('partDone', 'en', { label: 'Chapter 1', credits: 1 })).toBe('Chapter 1 translated (1 credit)');
    expect(translateWord('partDone', 'en', { label: 'Chapter 2', credits: 2 })).toBe(
      'Chapter 2 translated (2 credits)',
    );
    expect(translateWord('partDone', 'en', { label: 'Chapter 3', credits: 0 })).toBe(
      'Chapter 3 translated (0 credits)',
    );
    expect(translateWord('partDone', 'ms', { label: 'Bab 1', credits: 1 })).toBe('Bab 1 diterjemah (1 kredit)');
  });
});
