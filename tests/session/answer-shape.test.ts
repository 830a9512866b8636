// What a part's answer is, judged on its content: each generator's shape comes from its YAML
// (answerShapes in generators/_shared.yaml), so a novel's chapter answered as a recipe, an outline or bullets and
// a table is not the part, while a cookbook's recipes, a guide's numbered steps, pet care's checklists and a study
// guide's practice questions are. Assistant paragraphs inside prose are found in English and Malay (dialogue and
// first-person narration are not); a copy of an earlier part is measured on its 8-word runs; a wall of text is
// split at sentence ends; a continuation that starts over is not glued after the text.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  copiedShare,
  isAssistantTalk,
  joinCut,
  judgeShape,
  stepsFor,
  shapeOf,
  splitWalls,
  withoutTalk,
  type Catalog,
} from '../../engine/index.js';
import { PROSE_SENTENCES, writeProse } from '../fake-openai.js';
import { AI_PARAGRAPH, RECIPE, bulletsAndTable, chapterTitles } from '../wrong-kind.js';
import { repoCatalog } from '../catalog.js';

let catalog: Catalog;
beforeAll(() => {
  catalog = repoCatalog();
});

/** The shape of a generator's part: its first chapter (or a fixed section by id), or the introduction. */
function shape(id: string, part: 'introduction' | 'chapter' | string = 'chapter') {
  const spec = catalog.get(id)!;
  const steps = stepsFor(spec, 5);
  const step = steps.find((s) =>
    part === 'introduction'
      ? s.kind === 'introduction'
      : part === 'chapter'
        ? s.kind === 'chapter'
        : s.kind === 'chapter' && s.section?.id === part,
  )!;
  return shapeOf(spec, step)!;
}

const PROSE = { en: writeProse(1500, PROSE_SENTENCES.en), ms: writeProse(1500, PROSE_SENTENCES.ms) };

const GUIDE_INTRO =
  'Good soil is the start of every healthy garden, and a raised bed lets you make that soil yourself ' +
  'instead of fighting the clay or sand you were given. This chapter walks through building one bed in ' +
  'a weekend, filling it and planting it, with the tools most households already own.';
const GUIDE_SETTLING =
  'Once the bed has settled, the soil will have sunk by a few centimetres; top it up with compost ' +
  'rather than more topsoil, because the compost feeds the first crops while the soil life gets going. ' +
  'A bed filled in spring can be planted within the week, while one filled in autumn benefits from a ' +
  'winter under a thick mulch of leaves.';
const GUIDE_PLANTING =
  'Planting comes next. Start with easy crops such as lettuce, radishes and bush beans, which grow ' +
  'quickly and forgive the mistakes every new gardener makes, and leave the tomatoes and peppers until ' +
  'the nights are warm.';

const GUIDE_STEPS = `${GUIDE_INTRO}

### Building the bed

1. Choose a spot that gets at least six hours of direct sun a day.
2. Mark out a rectangle no wider than 1.2 metres, so you can reach the middle from either side.
3. Screw the four boards together at the corners and set the frame level on the ground.
4. Line the bottom with cardboard to smother the grass underneath.
5. Fill the frame with a mix of topsoil, compost and coarse sand.
6. Water the bed well and let it settle for two or three days before planting.

${GUIDE_SETTLING}

You will need:

- a spade and a garden fork
- a cordless drill and outdoor screws
- four boards of untreated timber
- a spirit level
- a wheelbarrow for the soil

${GUIDE_PLANTING}`;

const PET_CARE = `### Daily routine

- [ ] Fresh water morning and evening
- [ ] Two meals at the same times each day
- [ ] A 20-minute walk after breakfast
- [ ] Check the ears and paws after the walk

### How much to feed

| Weight | Dry food a day | Meals |
|---|---|---|
| 5 kg | 100 g | 2 |
| 10 kg | 180 g | 2 |
| 20 kg | 300 g | 2 |

### If your dog eats something it should not

1. Take away whatever is left and keep the packet.
2. Do not make the dog vomit unless a vet tells you to.
3. Call your vet or the emergency clinic at once.
4. Note the time, the amount eaten and any symptoms.`;

const PRACTICE = Array.from(
  { length: 10 },
  (_, i) =>
    `${i + 1}. Which organelle releases energy from glucose in question ${i + 1}?\n` +
    `   a) nucleus  b) mitochondrion  c) ribosome  d) vacuole\n   Answer: b) the ` +
    `mitochondrion, where aerobic respiration releases energy as ATP.`,
).join('\n\n');

const COOKBOOK_CHAPTER = `Rice is the heart of a Malaysian table, and these two dishes show how far a cup of it can go.

## Nasi Lemak

Serves 4 · Preparation 15 minutes · Cooking 30 minutes

### Ingredients
- 2 cups jasmine rice
- 400 ml coconut milk
- 1 cup water
- 2 pandan leaves, knotted
- 1 tsp salt

### Method
1. Rinse the rice until the water runs clear.
2. Put the rice, coconut milk, water, pandan and salt in a pot.
3. Bring to the boil, cover and cook on a low heat for 15 minutes.
4. Rest for 10 minutes before fluffing with a fork.

Tip: a slice of ginger in the pot gives the rice a gentle warmth.

## Nasi Goreng

Serves 2 · Preparation 10 minutes · Cooking 10 minutes

### Ingredients
- 3 cups cooked rice, a day old
- 2 tbsp oil
- 2 cloves garlic, chopped
- 1 tbsp kecap manis
- 2 eggs

### Method
1. Fry the garlic in the oil until golden.
2. Add the rice and stir-fry for 3 minutes.
3. Stir in the kecap manis, then push the rice aside and scramble the eggs.
4. Toss together and serve at once.

Tip: day-old rice fries without turning mushy.`;

describe("the shape of each generator's part, from its YAML", () => {
  it.each([
    ['romance', 'chapter', 'prose'],
    ['romance', 'introduction', 'prose'],
    ['guide', 'chapter', 'guide'],
    ['cookbook', 'chapter', 'recipes'],
    ['cookbook', 'introduction', 'guide'],
    ['pet-care', 'chapter', 'lists'],
    ['study-guide', 'practice', 'lists'],
  ])('%s %s: %s', (id, part, name) => {
    expect(shape(id, part).name).toBe(name);
  });

  it.each([
    ['a guide chapter with numbered steps and a tool list', 'guide', 'chapter', GUIDE_STEPS],
    ['pet care with a checklist, a feeding table and first-aid steps', 'pet-care', 'chapter', PET_CARE],
    ["a study guide's practice questions with answers", 'study-guide', 'practice', PRACTICE],
    ["a cookbook chapter's recipes", 'cookbook', 'chapter', COOKBOOK_CHAPTER],
    ['a novel chapter of plain prose (en)', 'romance', 'chapter', PROSE.en],
    ['a novel chapter of plain prose (ms)', 'romance', 'chapter', PROSE.ms],
    [
      'a novel chapter with a short list in a letter and tea measured in prose',
      'romance',
      'chapter',
      `${PROSE.en.slice(0, 2000)}\n\nShe wrote the list on the back of the letter:\n` +
        `\n- bread\n- candles\n- stamps\n\nShe poured two cups of tea and added a ` +
        `teaspoon of sugar to his, as she always had.\n\n${PROSE.en.slice(2000, 4000)}`,
    ],
  ])('%s is the part', (_name, id, part, text) => {
    expect(judgeShape(text, shape(id, part))).toBeUndefined();
  });

  it.each([
    ['a recipe (en)', 'recipe', RECIPE.en],
    ['a recipe (ms)', 'recipe', RECIPE.ms],
    ['a numbered list of chapter titles (en)', 'outlined', chapterTitles('en')],
    ['a numbered list of chapter titles (ms)', 'outlined', chapterTitles('ms')],
    [
      'bare numbered titles',
      'listed',
      Array.from({ length: 12 }, (_, i) => `${i + 1}. The Harbour at Dawn, Part ${i + 1}`).join('\n'),
    ],
    ['prose as bullets and a table (en)', 'listed', bulletsAndTable('en', PROSE_SENTENCES.en)],
    ['prose as bullets and a table (ms)', 'listed', bulletsAndTable('ms', PROSE_SENTENCES.ms)],
  ] as const)('a novel chapter answered as %s is %s', (_name, outcome, text) => {
    expect(judgeShape(text, shape('romance'))).toBe(outcome);
  });

  it('a guide chapter answered as an outline of the book is not the part either', () => {
    expect(judgeShape(chapterTitles('en'), shape('guide'))).toBe('outlined');
  });
});

describe('assistant talk inside prose', () => {
  it.each([
    AI_PARAGRAPH.en,
    AI_PARAGRAPH.ms,
    "I'm sorry, but I can't write explicit content. The scene continues below.",
    'Here is the rest of the chapter:',
    'Berikut ialah sambungan bab ini:',
    "I hope this helps! Let me know if you'd like any changes.",
    "Let me know if you'd like any changes to the chapter.",
    'Semoga ini membantu. Beritahu saya jika anda mahu sebarang perubahan pada bab ini.',
    '**As an AI**, I have kept the scene gentle.',
  ])('is the model speaking: %s', (paragraph) => {
    expect(isAssistantTalk(paragraph)).toBe(true);
  });

  it.each([
    '"As an AI language model, I cannot love you," the android said, and the room went quiet.',
    '“Sebagai model bahasa AI, saya tidak dapat…” kata robot itu sambil tersenyum.',
    "I can't continue like this, I told myself, and went down to the harbour.",
    "I'm sorry, but I can't stay, she said to the empty kitchen.",
    'Here is the harbour where we first met, and here is the bench where you left me.',
    'Ini adalah bab terakhir dalam hidupnya di pekan itu, fikir Aisyah.',
    'I hope you know what you are doing, Daniel.',
    'I cannot describe the joy I felt when the ferry finally came round the point.',
    'I hope you like it, she had written on the card, in her careful hand.',
    PROSE_SENTENCES.en.slice(0, 5).join(' '),
  ])('is the text: %s', (paragraph) => {
    expect(isAssistantTalk(paragraph)).toBe(false);
  });

  it('in a single piece (a poem) only the model naming itself is talk', () => {
    expect(
      isAssistantTalk('I hope you remember the story of the sea,\nthe changes of the tide,', { isOpenerOnly: true }),
    ).toBe(false);
    expect(isAssistantTalk(AI_PARAGRAPH.en, { isOpenerOnly: true })).toBe(true);
  });

  it('takes the paragraphs out and says how many, with their share of the words', () => {
    const prose = PROSE.en.split('\n\n');
    const text = [
      prose[0],
      AI_PARAGRAPH.en,
      prose[1],
      "I hope this helps! Let me know if you'd like any changes to the story.",
    ].join('\n\n');
    const out = withoutTalk(text);
    expect(out.text).toBe([prose[0], prose[1]].join('\n\n'));
    expect(out.removed).toBe(2);
    expect(out.share).toBeLessThan(0.2);
  });
});

describe('a copy of an earlier part', () => {
  const one = writeProse(1500, PROSE_SENTENCES.en, 0);
  const two = writeProse(1500, PROSE_SENTENCES.en, 1008);
  it('Chapter 1 word for word is a copy; a new chapter is not; a looping answer is left to the repeat measure', () => {
    expect(copiedShare(one, ['An introduction.', one])).toBe(1);
    expect(copiedShare(two, [one])).toBe(0);
    expect(
      copiedShare('The rain kept falling on the town. '.repeat(200), [
        'The rain kept falling on the town. '.repeat(200),
      ]),
    ).toBe(0);
    // Half of Chapter 1 and half new.
    const half = `${one.slice(0, one.length / 2)}\n\n${two.slice(0, two.length / 2)}`;
    expect(copiedShare(half, [one])).toBeGreaterThan(0.4);
    expect(copiedShare(half, [one])).toBeLessThan(0.6);
  });
});

describe('a wall of text', () => {
  it.each(['en', 'ms'] as const)('4,000 words on one line are split at sentence ends into paragraphs (%s)', (lang) => {
    const wall = writeProse(4000, PROSE_SENTENCES[lang]).replace(/\s*\n\s*/g, ' ');
    const { text, split } = splitWalls(wall, shape('romance'));
    const paragraphs = text.split('\n\n');
    expect(split).toBe(paragraphs.length);
    expect(paragraphs.length).toBeGreaterThanOrEqual(25);
    expect(paragraphs.join(' ')).toBe(wall);
    for (const p of paragraphs) expect(p).toMatch(/[.!?]$/);
  });

  it('leaves paragraphs of a usual length, lists and tables as they are', () => {
    expect(splitWalls(PROSE.en, shape('romance'))).toEqual({ text: PROSE.en, split: 0 });
    expect(splitWalls(PET_CARE, shape('pet-care')).split).toBe(0);
  });
});

describe('a continuation that starts the text over', () => {
  it('keeps one opening, the longer answer', () => {
    const opening = 'The rain kept falling over the harbour while the lights of the town came on';
    expect(joinCut(opening, `${opening} one by one.`)).toBe(`${opening} one by one.`);
    expect(joinCut(`${opening} one by one. Aisha folded`, opening)).toBe(`${opening} one by one. Aisha folded`);
    // A continuation proper is joined as before.
    expect(joinCut('She folded the letter', 'twice and slipped it away.')).toBe(
      'She folded the letter twice and slipped it away.',
    );
  });
});
