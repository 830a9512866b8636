// The book flow, with expectations from the guides-and-fiction and the non-fiction requirements (§4 of each).
import { describe, expect, it } from 'vitest';
import { catalogOf, SAMPLE } from './fixtures.js';
import {
  applyStep,
  buttonLabel,
  editOutline,
  extractCharacterDetails,
  outlineChapters,
  nextStep,
  outlineToast,
  stepsFor,
  progress,
  restoreBook,
  startBook,
  stepLabel,
  parseSettings,
  type BookState,
  type ResolvedSpec,
} from '../../engine/index.js';

const variant = (flow: string) => SAMPLE.replace('prompts:', `flow: { ${flow} }\nprompts:`);
const cat = catalogOf({
  'generators/sample.yaml': SAMPLE,
  'generators/replaces.yaml': variant('conclusion: replaces-last').replace('id: sample', 'id: replaces'),
  'generators/plustwo.yaml': variant('outline: guide, progressDenominator: total+2').replace(
    'id: sample',
    'id: plustwo',
  ),
  'generators/noline.yaml': variant('outline: none, progressDenominator: 10').replace('id: sample', 'id: noline'),
});
const get = (id: string) => cat.get(id)!;

function walk(spec: ResolvedSpec, lang: 'en' | 'ms', chapters = 3) {
  let state = startBook({ spec, settings: parseSettings(spec, { language: lang, numberOfChapters: chapters }) });
  const rows: Array<{ label: string; button: string; progress: string }> = [];
  for (let step = nextStep(spec, state); step; step = nextStep(spec, state)) {
    const button = buttonLabel(spec, step, lang);
    state = applyStep(spec, state, step, `text ${rows.length}`);
    const p = progress(spec, state);
    rows.push({ label: stepLabel(step, lang, spec), button, progress: `${p.current}/${p.total}` });
  }
  return { rows, state };
}

describe('book flow', () => {
  it('outline → introduction (chapter 0) → chapters 1..N → conclusion at N+1, with spec button labels', () => {
    expect(walk(get('sample'), 'en').rows).toEqual([
      { label: 'Story Outline', button: 'Generate Story Outline', progress: '0/3' },
      { label: 'Introduction', button: 'Generate Introduction', progress: '1/3' },
      { label: 'Chapter 1', button: 'Generate Chapter 1', progress: '2/3' },
      { label: 'Chapter 2', button: 'Generate Chapter 2', progress: '3/3' },
      { label: 'Chapter 3', button: 'Generate Chapter 3', progress: '3/3' },
      { label: 'Conclusion', button: 'Generate Conclusion', progress: '3/3' },
    ]);
  });
  it('labels in Bahasa Malaysia', () => {
    expect(walk(get('sample'), 'ms').rows.map((r) => [r.label, r.button])).toEqual([
      ['Rangka Cerita', 'Jana Rangka Cerita'],
      ['Pengenalan', 'Jana Pengenalan'],
      ['Bab 1', 'Jana Bab 1'],
      ['Bab 2', 'Jana Bab 2'],
      ['Bab 3', 'Jana Bab 3'],
      ['Kesimpulan', 'Jana Kesimpulan'],
    ]);
    expect(buttonLabel(get('sample'), null, 'ms', true)).toBe('Sedang Menjana...');
    expect(buttonLabel(get('sample'), null, 'en', true)).toBe('Generating...');
  });
  it('a conclusion that replaces the last chapter sits at position total', () => {
    const { rows, state } = walk(get('replaces'), 'en', 3);
    expect(rows.map((r) => r.label)).toEqual(['Story Outline', 'Introduction', 'Chapter 1', 'Chapter 2', 'Conclusion']);
    expect(state.currentChapter).toBe(4);
    expect(stepsFor(get('replaces'), 3).at(-1)).toEqual({ kind: 'conclusion', position: 3 });
    expect(stepsFor(get('sample'), 3).at(-1)).toEqual({ kind: 'conclusion', position: 4 });
  });
  it(
    'a replaces-last book keeps the conclusion after the chapters the writer ' +
      'outlined: three chapter cards, three chapters, then the conclusion',
    () => {
      const spec = get('replaces');
      let state = startBook({ spec, settings: parseSettings(spec, { language: 'en', numberOfChapters: 3 }) });
      state = applyStep(
        spec,
        state,
        { kind: 'outline' },
        'Title: T\n\nChapter 1: One\nPlan one.\n\nChapter 2: Two\nPlan two.',
      );
      expect(outlineChapters(spec, state).map((c) => c.title)).toEqual(['One', 'Two']);
      const edited = editOutline(spec, state, [
        { title: 'One', plan: 'Plan one.' },
        { title: 'Two', plan: 'Plan two.' },
        { title: 'Three', plan: 'Plan three.' },
      ]);
      expect(outlineChapters(spec, edited).map((c) => c.title)).toEqual(['One', 'Two', 'Three']);
      const labels: string[] = [];
      for (
        let s = edited, step = nextStep(spec, s);
        step;
        s = applyStep(spec, s, step, 'text'), step = nextStep(spec, s)
      )
        labels.push(stepLabel(step, 'en', spec));
      expect(labels).toEqual(['Introduction', 'Chapter 1', 'Chapter 2', 'Chapter 3', 'Conclusion']);
    },
  );
  it('progress out of total+2 and out of a fixed number; guide outline wording; no outline step', () => {
    expect(walk(get('plustwo'), 'en').rows.map((r) => r.progress)).toEqual(['0/5', '1/5', '2/5', '3/5', '4/5', '5/5']);
    expect(buttonLabel(get('plustwo'), { kind: 'outline' }, 'en')).toBe('Generate Guide Outline');
    expect(outlineToast(get('plustwo'), 'en')).toBe('Guide outline generated!');
    expect(outlineToast(get('sample'), 'ms')).toBe('Rangka cerita telah dijana!');
    const noline = walk(get('noline'), 'en');
    expect(noline.rows[0]!.label).toBe('Introduction');
    expect(noline.rows.map((r) => r.progress).at(-1)).toBe('10/10');
  });
  it('locks settings at the introduction and extracts character details for fiction', () => {
    const spec = get('sample');
    let state: BookState = startBook({ spec, settings: parseSettings(spec, {}) });
    state = applyStep(spec, state, { kind: 'outline' }, 'the outline');
    expect(state.isLocked).toBe(false);
    state = applyStep(
      spec,
      state,
      { kind: 'introduction', position: 0 },
      'Once upon a time.\n\nCharacter Details:\n- Aisha: lead\n- Daniel: rival\n\nChapter One begins',
    );
    expect(state.isLocked).toBe(true);
    expect(state.characterDetails).toBe('- Aisha: lead\n- Daniel: rival');
    expect(state.outline).toBe('the outline');
    expect(() => applyStep(spec, state, { kind: 'chapter', position: 3 }, 'x')).toThrow(/not the next step/);
  });
  it('resumes from a saved state and refuses one from another generator', () => {
    const spec = get('sample');
    const { state } = walk(spec, 'en');
    const half: BookState = { ...state, content: state.content.slice(0, 2), currentChapter: 2 };
    const restored = restoreBook(spec, JSON.parse(JSON.stringify(half)))!;
    expect(nextStep(spec, restored)).toEqual({ kind: 'chapter', position: 2 });
    expect(restoreBook(get('replaces'), half)).toBeNull();
    expect(restoreBook(spec, { nonsense: true })).toBeNull();
  });
});

describe('character details (spec/guides-and-fiction.md §4)', () => {
  it.each([
    [
      'label on its own line, up to a blank line',
      'Intro.\nCharacter Details:\n- A: one\n- B: two\n\nMore text',
      '- A: one\n- B: two',
    ],
    ['markdown heading label, up to the next heading', '## Character Details\n- A: one\n## Chapter 1', '- A: one'],
    [
      'bold label with text on the same line',
      '**Character Details:** Aisha, 28, a baker.\nNext Heading',
      'Aisha, 28, a baker.',
    ],
    ['no label', 'Just a story.', undefined],
  ])('%s', (_n, text, expected) => {
    expect(extractCharacterDetails(text)).toBe(expected);
  });
});
