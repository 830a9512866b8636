// Format words in YAML, not code: golden prompts of real generators whose parts are not plain prose
// (cookbook recipes, a picture book for ages 3-5, study-guide practice questions, pet-care checklists), the
// prose default where nothing overrides it, and grammar across the whole catalog.
import { describe, expect, it } from 'vitest';
import {
  applyStep,
  nextStep,
  parseSettings,
  renderPrompt,
  startBook,
  type Lang,
  type ResolvedSpec,
  type Step,
} from '../../engine/index.js';
import { indefiniteArticle } from '../../engine/compile/prompt.js';
import { catalogOf, SAMPLE } from './fixtures.js';
import { repoCatalog } from '../catalog.js';

const catalog = repoCatalog();

/** The prompt of the `index`-th step of kind `kind` (1 = the first), every earlier step answered with a placeholder. */
function promptOf(spec: ResolvedSpec, raw: Record<string, unknown>, kind: Step['kind'], index = 1) {
  let state = startBook({ spec, settings: parseSettings(spec, raw) });
  let seen = 0;
  for (let step = nextStep(spec, state); step; step = nextStep(spec, state)) {
    if (step.kind === kind && ++seen === index) return renderPrompt({ spec, renderer: catalog.renderer, state, step });
    state = applyStep(spec, state, step, `Text of ${step.kind}.`);
  }
  throw new Error(`${spec.id} has no ${kind} #${index}`);
}

interface GoldenFormat {
  name: string;
  input: { generator: string; settings: Record<string, unknown>; step: Step['kind']; index?: number };
  expected: { contains: string[]; absent?: string[] };
}

const PROSE_EN = 'Write in paragraphs of 100-150 words, in plain prose.';

const golden: GoldenFormat[] = [
  {
    name: 'a cookbook chapter is recipes: ingredients with quantities and numbered steps, not plain prose',
    input: { generator: 'cookbook', settings: {}, step: 'chapter' },
    expected: {
      contains: [
        'Write about 1500 words.',
        '"Ingredients" list',
        'exact quantity',
        'numbered "Method" steps',
        'tip or variation',
      ],
      absent: ['plain prose', '100-150 words'],
    },
  },
  {
    name: 'a Malay cookbook chapter asks for recipes in Malay',
    input: { generator: 'cookbook', settings: { language: 'ms' }, step: 'chapter' },
    expected: {
      contains: ['kira-kira 1500 patah perkataan', '"Bahan-bahan"', '"Cara Memasak"', 'bernombor'],
      absent: ['prosa biasa', 'Ingredients'],
    },
  },
  {
    name: "the cookbook's introduction keeps the prose default",
    input: { generator: 'cookbook', settings: {}, step: 'introduction' },
    expected: { contains: [PROSE_EN], absent: ['Ingredients'] },
  },
  {
    name: "a children's book for ages 3-5 asks for a short part, read aloud, in very short paragraphs",
    input: { generator: 'children', settings: { ageGroup: '3-5' }, step: 'chapter' },
    expected: {
      contains: ['Write about 250 words.', 'read aloud', 'one to three short sentences'],
      absent: ['1500 words', '100-150 words', 'plain prose'],
    },
  },
  {
    name: "a children's book for ages 8-12 asks for a longer chapter",
    input: { generator: 'children', settings: { ageGroup: '8-12' }, step: 'chapter' },
    expected: {
      contains: ['Write about 1200 words.', 'paragraphs of 60-120 words'],
      absent: ['read aloud to a young child', '100-150 words'],
    },
  },
  {
    name: "a children's introduction for ages 3-5 is as short as its chapters",
    input: { generator: 'children', settings: { ageGroup: '3-5', language: 'ms' }, step: 'introduction' },
    expected: {
      contains: ['kira-kira 250 patah perkataan', 'dibacakan kepada kanak-kanak kecil'],
      absent: ['1500', '100-150'],
    },
  },
  {
    name: "the study guide's practice section asks for practice questions, each with its answer",
    input: {
      generator: 'study-guide',
      settings: { subject: 'Biology', topic: 'Cell division' },
      step: 'chapter',
      index: 4,
    },
    expected: {
      contains: ['Practice Problems & Solutions', 'numbered practice questions', '"Answer:"', 'worked solution'],
      absent: ['plain prose', '100-150 words'],
    },
  },
  {
    name: "the study guide's self-assessment section asks for checklists and a quiz with answers",
    input: {
      generator: 'study-guide',
      settings: { subject: 'Biology', topic: 'Cell division' },
      step: 'chapter',
      index: 8,
    },
    expected: {
      contains: [
        'Self-Assessment Guide',
        '"- [ ] I can ..."',
        'quiz of 10 questions',
        'answers in a separate numbered list',
      ],
      absent: ['plain prose'],
    },
  },
  {
    name: 'the other study-guide sections use subheadings, short paragraphs and lists',
    input: {
      generator: 'study-guide',
      settings: { subject: 'Biology', topic: 'Cell division' },
      step: 'chapter',
      index: 2,
    },
    expected: {
      contains: ['Core Topics & Explanations', 'short subheadings, paragraphs of 60-120 words, bullet lists'],
      absent: ['plain prose', 'practice questions of rising'],
    },
  },
  {
    name: 'a Malay study guide practice section asks for "Jawapan:"',
    input: {
      generator: 'study-guide',
      settings: { language: 'ms', subject: 'Biologi', topic: 'Pembahagian sel' },
      step: 'chapter',
      index: 4,
    },
    expected: { contains: ['"Jawapan:"', 'soalan latihan bernombor'], absent: ['prosa biasa'] },
  },
  {
    name: 'a pet-care section asks for checklists and numbered first-aid steps',
    input: { generator: 'pet-care', settings: {}, step: 'chapter' },
    expected: {
      contains: ['checklists ("- [ ] ...")', 'first-aid actions as numbered steps'],
      absent: ['plain prose'],
    },
  },
  {
    name: 'a romance chapter keeps the universal prose rule',
    input: { generator: 'romance', settings: {}, step: 'chapter' },
    expected: { contains: ['Write about 1500 words.', PROSE_EN, 'no preamble'] },
  },
  {
    name: 'an outline asks for no format',
    input: { generator: 'cookbook', settings: {}, step: 'outline' },
    expected: { contains: ['outline'], absent: ['Ingredients', 'plain prose', 'Write about'] },
  },
];

describe('chapter formats from YAML (golden prompts)', () => {
  it.each(golden)('$name', ({ input, expected }) => {
    const spec = catalog.get(input.generator)!;
    const p = promptOf(spec, input.settings, input.step, input.index);
    for (const s of expected.contains) expect(p.user).toContain(s);
    for (const s of expected.absent ?? []) expect(p.user).not.toContain(s);
  });
});

describe('format words in the spec format', () => {
  it('a format on a single-shot generator is refused', () => {
    const single = SAMPLE.replace('preset: fiction-book', 'preset: creative-single')
      .replace(/ {2}numberOfChapters:[\s\S]*?default: 5\n/, '')
      .replace('prompts:', 'prompts:\n  format: { en: Lists., ms: Senarai. }');
    expect(() => catalogOf({ 'generators/sample.yaml': single })).toThrow(
      'generators/sample.yaml: prompts.format: only the parts of a book have a format',
    );
  });

  it('a format that uses an unknown variable is a validate-time error naming where it is', () => {
    const broken = SAMPLE.replace('prompts:', 'prompts:\n  chapterFormat: { en: "{{settings.nope}}", ms: Senarai. }');
    expect(() => catalogOf({ 'generators/sample.yaml': broken })).toThrow(
      /prompts\.chapterFormat\.en: .*no field "nope"/,
    );
  });
});

/** Every select option of every generator (one at a time, the rest at their defaults), in English. */
function* englishPrompts(spec: ResolvedSpec): Generator<[string, string]> {
  if (!spec.fields.some((f) => f.role === 'language') && spec.fixedLanguage !== 'en') return;
  const base: Record<string, unknown> = {};
  for (const f of spec.fields) {
    if (f.role === 'language') base[f.name] = 'en' satisfies Lang;
    else if ((f.type === 'text' || f.type === 'textarea') && f.role !== 'chapterTitle') base[f.name] = 'Sample';
  }
  const variants: Array<Record<string, unknown>> = [{}];
  for (const f of spec.fields) {
    if (f.type !== 'select' || f.role === 'language' || f.role === 'chapters') continue;
    for (const o of f.options ?? []) variants.push({ [f.name]: o.value });
  }
  for (const v of variants) {
    let state = startBook({
      spec,
      settings: parseSettings(spec, { ...base, ...v }),
      totalChapters: spec.kind === 'book' && !spec.flow.sections ? 2 : undefined,
    });
    for (let step = nextStep(spec, state); step; step = nextStep(spec, state)) {
      const p = renderPrompt({ spec, renderer: catalog.renderer, state, step });
      yield [`${JSON.stringify(v)} ${step.kind}`, `${p.system}\n${p.user}`];
      state = applyStep(spec, state, step, 'Text.');
    }
  }
}

// "a" before a vowel sound and "an" before a consonant sound; the exceptions are the English words whose first
// letter misleads (a one-pot, a unique, a user; an hour, an honest).
const A_BEFORE_VOWEL = /\ba (?!one\b|once\b|uni(?![nm])|us[eu]|ut[ei]|eu)[aeiou]\w*/gi;
const AN_BEFORE_CONSONANT = /\ban (?!hour|honest|honou?r|heir)[b-df-hj-np-tv-z]\w*/gi;

describe('English prompts use "a" and "an" correctly', () => {
  for (const spec of catalog.specs) {
    it(spec.id, () => {
      const wrong: string[] = [];
      for (const [where, text] of englishPrompts(spec)) {
        for (const m of text.matchAll(A_BEFORE_VOWEL)) wrong.push(`${where}: "${m[0]}"`);
        for (const m of text.matchAll(AN_BEFORE_CONSONANT)) wrong.push(`${where}: "${m[0]}"`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it.each([
    ['Urban', 'an'],
    ['Enemies to Lovers', 'an'],
    ['Educational', 'an'],
    ['Adventure', 'an'],
    ['Fun', 'a'],
    ['Unique', 'a'],
    ['One-Pot', 'a'],
    ['Useful', 'a'],
    ['Hour-long', 'an'],
    ['8-week', 'an'],
    ['Universe', 'a'],
    ['Unhappy', 'an'],
  ] as const)('indefiniteArticle(%s) is "%s"', (word, article) => {
    expect(indefiniteArticle(word)).toBe(article);
  });

  it('the {{a}} helper writes the word alone in a Malay prompt (Malay has no article)', () => {
    const c = catalogOf({
      'generators/sample.yaml': SAMPLE.replace(
        '"Mood {{labels.mood}}; extras {{labels.extras}}."',
        '"Mood: {{a labels.mood}} one."',
      ).replace('"Suasana {{labels.mood}}; tambahan {{labels.extras}}."', '"Suasana: {{a labels.mood}} sahaja."'),
    });
    const s = c.get('sample')!;
    const render = (language: Lang) =>
      renderPrompt({
        spec: s,
        renderer: c.renderer,
        state: startBook({ spec: s, settings: parseSettings(s, { language }) }),
        step: { kind: 'outline' },
      }).user;
    expect(render('en')).toContain('Mood: a Calm one.');
    expect(render('ms')).toContain('Suasana: Tenang sahaja.');
  });
});

describe('prompts say only what the chosen settings mean', () => {
  const STRUCTURES: Record<string, RegExp> = {
    'free-verse': /free verse/i,
    sonnet: /sonnet/i,
    haiku: /haiku/i,
    narrative: /narrative/i,
  };
  it.each(Object.keys(STRUCTURES))('the %s poem prompt names no other structure', (structure) => {
    const user = promptOf(catalog.get('poems')!, { structure }, 'single').user;
    expect(user).toMatch(STRUCTURES[structure]!);
    for (const [other, pattern] of Object.entries(STRUCTURES))
      if (other !== structure) expect(user).not.toMatch(pattern);
  });

  it('a haiku asks for a few dozen words, not the 200 of free verse', () => {
    expect(promptOf(catalog.get('poems')!, { structure: 'haiku' }, 'single').user).toContain('Write about 60 words');
  });

  it("an adult book cover says nothing about children; a children's one asks for a child-friendly illustration", () => {
    const spec = catalog.get('book-cover')!;
    for (const genre of ['mystery', 'romance', 'horror', 'nonfiction'])
      expect(promptOf(spec, { title: 'T', genre }, 'image').user, genre).not.toMatch(/child/i);
    expect(promptOf(spec, { title: 'T', genre: 'children' }, 'image').user).toContain('child-friendly illustration');
    expect(promptOf(catalog.get('kids-book-cover')!, { title: 'T', mainCharacter: 'a fox' }, 'image').user).toContain(
      'child-friendly illustration',
    );
  });

  it('a publishing prompt asks for its output, not for "the … Generator"', () => {
    for (const spec of catalog.specs.filter((s) => s.family === 'publishing' && s.kind === 'single')) {
      const raw = Object.fromEntries(
        spec.fields
          .filter((f) => f.required && (f.type === 'text' || f.type === 'textarea'))
          .map((f) => [f.name, 'Sample']),
      );
      const user = promptOf(spec, raw, 'single').user;
      expect(user, spec.id).not.toContain(spec.title.en);
      expect(user.split('\n')[0], spec.id).toBe(`Write ${spec.prompts.outputName.en}.`);
    }
  });
});
