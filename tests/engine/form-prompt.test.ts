// The form model (plain data for the studio) and rendered prompts (golden cases as data).
import { describe, expect, it } from 'vitest';
import { catalogOf, SAMPLE, realTemplates } from './fixtures.js';
import {
  compileForm,
  nextStep,
  parseSettings,
  renderPrompt,
  startBook,
  applyStep,
  type Step,
} from '../../engine/index.js';

const cat = catalogOf({ 'generators/sample.yaml': SAMPLE });
const spec = cat.get('sample')!;

describe('form model', () => {
  const form = compileForm(spec);
  it('is ordered, plain, with widgets, bilingual labels, defaults and visibility rules', () => {
    expect(form.fields.map((f) => [f.name, f.widget])).toEqual([
      ['language', 'select'],
      ['mood', 'select'],
      ['includeISBN', 'checkbox'],
      ['isbn', 'text'],
      ['extras', 'flags'],
      ['year', 'number'],
      ['numberOfChapters', 'select'],
      // The fiction-book preset's brief, then the per-chapter title last.
      ['workingTitle', 'text'],
      ['premise', 'textarea'],
      ['characters', 'textarea'],
      ['pointOfView', 'select'],
      ['tense', 'select'],
      ['chapterTitle', 'text'],
    ]);
    expect(form.fields[1]).toMatchObject({
      label: { en: 'Mood', ms: 'Suasana' },
      default: 'calm',
      options: [
        { value: 'calm', label: { en: 'Calm', ms: 'Tenang' } },
        { value: 'tense', label: { en: 'Tense', ms: 'Tegang' } },
      ],
    });
    expect(form.fields[3]).toMatchObject({
      visibleWhen: { field: 'includeISBN', is: true },
      requiredWhen: { field: 'includeISBN', is: true },
    });
    expect(form.fields[0]!.role).toBe('language');
    expect(form.flow).toMatchObject({
      outline: true,
      conclusion: 'after-last',
      progressDenominator: 'total',
      savesProgress: true,
      characterDetails: true,
    });
    expect(JSON.parse(JSON.stringify(form))).toEqual(form);
  });
});

interface GoldenCase {
  name: string;
  input: { settings: Record<string, unknown>; step: Step; chapterTitle?: string; before?: Array<[Step, string]> };
  expected: { contains: string[]; absent?: string[]; maxTokens: number; temperature: number };
}

const golden: GoldenCase[] = [
  {
    name: 'outline in English with every setting',
    input: { settings: { mood: 'tense', extras: ['glossary'], numberOfChapters: 3 }, step: { kind: 'outline' } },
    expected: {
      contains: [
        'story outline',
        '3 chapters',
        'Mood: Tense',
        'Extras: Glossary',
        'Mood Tense; extras Glossary.',
        'Write the whole answer in English.',
      ],
      absent: ['Bahasa Malaysia'],
      maxTokens: 3000,
      temperature: 0.8,
    },
  },
  {
    name:
      'Malay chapter is asked for in Malay (title, settings, part names), ' +
      'carries outline, character details, the previous ending and the title',
    input: {
      settings: { language: 'ms', numberOfChapters: 3 },
      step: { kind: 'chapter', position: 1 },
      chapterTitle: 'Hujan Pertama',
      before: [
        [{ kind: 'outline' }, 'OUTLINE-TEXT'],
        [{ kind: 'introduction', position: 0 }, 'Opening words.\nCharacter Details:\n- Siti: lead\n\nLAST-SENTENCE'],
      ],
    },
    expected: {
      contains: [
        'Tulis Bab 1 daripada 3 bab, bertajuk "Hujan Pertama"',
        'OUTLINE-TEXT',
        '- Siti: lead',
        'LAST-SENTENCE',
        'Bahasa Malaysia',
        '- Suasana: Tenang',
        'kira-kira 1500 patah perkataan',
        '100-150 patah perkataan',
      ],
      absent: ['Chapter', "The author's choices", 'Mood:', 'Calm'],
      // 1,500 Malay words (~1.9 tokens each, measured) with a quarter's headroom: above the chapter floor of 3000.
      maxTokens: 3650,
      temperature: 0.8,
    },
  },
  {
    name: 'the conditional ISBN reaches the prompt only when included',
    input: { settings: { includeISBN: true, isbn: '978-983-0000' }, step: { kind: 'outline' } },
    expected: { contains: ['ISBN: 978-983-0000', 'Include ISBN: Yes'], maxTokens: 3000, temperature: 0.8 },
  },
];

describe('rendered prompts (golden cases)', () => {
  it.each(golden)('$name', ({ input, expected }) => {
    let state = startBook({ spec, settings: parseSettings(spec, input.settings) });
    for (const [step, text] of input.before ?? []) state = applyStep(spec, state, step, text);
    expect(nextStep(spec, state)).toEqual(input.step);
    const p = renderPrompt({ spec, renderer: cat.renderer, state, step: input.step, chapterTitle: input.chapterTitle });
    for (const s of expected.contains) expect(p.user).toContain(s);
    for (const s of expected.absent ?? []) expect(p.user).not.toContain(s);
    expect(p.system).toMatch(state.lang === 'ms' ? /penulis dan editor pakar/ : /expert writer/);
    expect(p.maxTokens).toBe(expected.maxTokens);
    expect(p.temperature).toBe(expected.temperature);
    expect(p.presencePenalty).toBe(0.3);
    expect(p.frequencyPenalty).toBe(0.3);
  });

  it('renders with noEscape: quotes and ampersands stay as typed', () => {
    const c = catalogOf(
      {
        'generators/sample.yaml': SAMPLE.replace(
          '"Mood {{labels.mood}}; extras {{labels.extras}}."',
          '"{{labels.mood}} & \\"quoted\\" <b>"',
        ),
      },
      realTemplates,
    );
    const s = c.get('sample')!;
    const state = startBook({ spec: s, settings: parseSettings(s, {}) });
    expect(renderPrompt({ spec: s, renderer: c.renderer, state, step: { kind: 'outline' } }).user).toContain(
      'Calm & "quoted" <b>',
    );
  });
});

describe('bookSpecFromForm (what the studio rebuilds from the form model)', () => {
  it('validates and labels steps exactly like the resolved spec', async () => {
    const { bookSpecFromForm, compileSettingsSchema, buttonLabel, stepsFor, stepLabel } =
      await import('../../studio/src/engine.js');
    const form = JSON.parse(JSON.stringify(compileForm(spec)));
    const rebuilt = bookSpecFromForm(form);
    for (const raw of [
      {},
      { mood: 'tense', numberOfChapters: '3' },
      { mood: 'angry' },
      { includeISBN: true },
      { includeISBN: true, isbn: 'x' },
    ]) {
      expect(compileSettingsSchema(rebuilt).safeParse(raw)).toEqual(compileSettingsSchema(spec).safeParse(raw));
    }
    for (const lang of ['en', 'ms'] as const) {
      expect(stepsFor(rebuilt, 3).map((s) => [stepLabel(s, lang, rebuilt), buttonLabel(rebuilt, s, lang)])).toEqual(
        stepsFor(spec, 3).map((s) => [stepLabel(s, lang, spec), buttonLabel(spec, s, lang)]),
      );
    }
  });
});

describe('a word target chosen by a field', () => {
  it('asks for the words of the chosen length', () => {
    const c = catalogOf({
      'generators/sample.yaml': SAMPLE.replace(
        'prompts:',
        'prompts:\n  wordTarget: { field: mood, values: { calm: 500, tense: 1200 } }',
      ),
    });
    const s = c.get('sample')!;
    for (const [mood, words] of [
      ['calm', 500],
      ['tense', 1200],
    ] as const) {
      let state = startBook({ spec: s, settings: parseSettings(s, { mood }) });
      state = applyStep(s, state, { kind: 'outline' }, 'o');
      const p = renderPrompt({ spec: s, renderer: c.renderer, state, step: { kind: 'introduction', position: 0 } });
      expect(p.user).toContain(`about ${words} words`);
      expect(p.meta.wordTarget).toBe(words);
    }
  });
});
