// Only the text (engine/session/answers/text.ts): real-looking answers of local models in English and
// Malay (tests/fixtures/answers/answers.yaml) keep only the text asked for; the stream hides a think block;
// a part's heading goes only when it repeats or names the part (engine/compile/heading.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { answerText, streamedText } from '../../engine/session/answers/text.js';
import { takeLeadingHeading } from '../../engine/compile/heading.js';

const fixtures = parse(readFileSync(new URL('../fixtures/answers/answers.yaml', import.meta.url), 'utf8')) as {
  name: string;
  answer: string;
  text: string;
}[];

describe('only the text of an answer', () => {
  it.each(fixtures.map((f) => [f.name, f] as const))('%s', (_name, f) => {
    expect(answerText(f.answer)).toBe(f.text);
  });

  it('keeps the end of an answer cut at the token limit as written', () => {
    expect(answerText('Here is the chapter:\n\nMira ran.\n\nLet me know', { isCut: true })).toBe(
      'Mira ran.\n\nLet me know',
    );
  });
});

describe('the stream without a think block', () => {
  const shown = (deltas: string[]) => {
    const out: string[] = [];
    const push = streamedText((d) => out.push(d));
    deltas.forEach(push);
    return out.join('');
  };

  it('holds a leading think block back until it closes, then shows the rest', () => {
    expect(shown(['<th', 'ink>\nplan the', ' chapter\n</th', 'ink>\n\nMira', ' climbed.'])).toBe('Mira climbed.');
    expect(shown(['<thinking>', 'still thinking'])).toBe('');
  });

  it('shows an answer without one as it comes', () => {
    expect(shown(['Mira', ' climbed', ' <b>up</b>.'])).toBe('Mira climbed <b>up</b>.');
    expect(shown(['<', 'em>Rain</em> fell.'])).toBe('<em>Rain</em> fell.');
  });
});

describe('a part heading only when it names the part', () => {
  const chapter = { kind: 'chapter', position: 1 } as const;
  it.each([
    ['### Coconut Rice for Two\n\n**Ingredients**\n\n- 1 cup rice'],
    ['**Ingredients**\n\n- 1 cup rice'],
    ['### The Market at Dawn\n\nThe stalls opened.'],
  ])("keeps the writer's sub-heading or label: %j", (text) => {
    expect(takeLeadingHeading(text, chapter).text).toBe(text);
  });

  it.each([
    ['### Chapter 1: Rice\n\nServes two.', 'Rice'],
    ['**Bab 1**\n\nServes two.', undefined],
    ['# Rice Dishes\n\nServes two.', 'Rice Dishes'],
  ])('takes %j', (text, title) => {
    expect(takeLeadingHeading(text, chapter)).toEqual({ text: 'Serves two.', ...(title ? { title } : {}) });
  });

  it("takes a sub-heading that is the part's own title", () => {
    expect(takeLeadingHeading('### Rice Dishes!\n\nServes two.', chapter, 'Rice dishes').text).toBe('Serves two.');
  });
});
