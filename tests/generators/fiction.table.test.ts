// The eight fiction books beyond romance, typed from the guides-and-fiction requirements: §3 (fields and options,
// "defaults come first in each list" unless stated), §4 (flow) and §9 (chapter choices, model constants).
import { langs } from '../../engine/languages/index.js';
import { checkGeneratorTable, type GeneratorExpectation } from './expect-table.js';

const language = { options: [...langs()], default: 'en' };
const chapterTitle = { type: 'text', required: false };
// §9: "Horror, sci-fi, mystery, crime, conspiracy, apocalyptic chapters: 7, 10, 12 (default), 15, 18, 20".
const genreChapters = { options: [7, 10, 12, 15, 18, 20], default: 12 };
// §9: "Adventure chapters: 7, 10, 12 (default), 15, 20 (10 is listed twice)": each value once.
const adventureChapters = { options: [7, 10, 12, 15, 20], default: 12 };
// §9: "Children chapters: 5 (default), 7, 10, 12".
const childrenChapters = { options: [5, 7, 10, 12], default: 5 };

// §9: temperature 0.8, presence and frequency penalty 0.3. Max tokens: spec/ says chapter 1500, but the
// project gives chapters 3000 (docs/generators.md, "Choices where the requirements contradict themselves"), so the
// token budget is not asserted here. Cost §9: 1 per generation, 1 per chapter.
const model = { temperature: 0.8, presencePenalty: 0.3, frequencyPenalty: 0.3 };

// §4: outline first ("Story outline generated!"), progress is current chapter / total for fiction,
// progress saved after the introduction and each chapter, character details sent by every fiction page.
const fictionFlow = {
  outline: true,
  progressDenominator: 'total' as const,
  savesProgress: true,
  characterDetails: true,
};
// §4: "Horror, sci-fi and mystery thriller treat the conclusion as the chapter before the total instead"
// (position total); the others generate it at position total + 1.
const replacesLast = { ...fictionFlow, conclusion: 'replaces-last' as const };
// §2: retry appears on the mystery, crime, adventure, children's, conspiracy and apocalyptic pages;
// on horror and sci-fi "its presence ... is not shown", so retry is not asserted for those two.
const afterLastWithRetry = { ...fictionFlow, conclusion: 'after-last' as const, retry: true };

const rows: GeneratorExpectation[] = [
  {
    id: 'horror',
    family: 'fiction',
    kind: 'book',
    bookType: 'horror',
    fields: {
      language,
      horrorType: {
        options: ['psychological', 'supernatural', 'cosmic', 'gothic', 'body-horror', 'folk', 'paranormal', 'slasher'],
        default: 'psychological',
      },
      settingType: {
        options: [
          'haunted-house',
          'small-town',
          'asylum',
          'wilderness',
          'urban',
          'historical',
          'institution',
          'alternate-reality',
        ],
        default: 'haunted-house',
      },
      monsterType: {
        options: ['supernatural', 'human', 'psychological', 'cosmic', 'demonic', 'unknown', 'creature', 'viral'],
        default: 'supernatural',
      },
      atmosphereStyle: {
        options: ['gothic', 'suspense', 'creepy', 'visceral', 'surreal', 'claustrophobic', 'psychological', 'dread'],
        default: 'gothic',
      },
      thematicFocus: {
        options: [
          'psychological',
          'guilt',
          'isolation',
          'survival',
          'corruption',
          'supernatural',
          'social',
          'existential',
        ],
        default: 'psychological',
      },
      numberOfChapters: genreChapters,
      chapterTitle,
    },
    flow: replacesLast,
    model,
    cost: 1,
  },
  {
    id: 'sci-fi',
    family: 'fiction',
    kind: 'book',
    bookType: 'scifi',
    fields: {
      language,
      sciFiType: {
        options: [
          'space-opera',
          'hard-scifi',
          'cyberpunk',
          'first-contact',
          'time-travel',
          'dystopian',
          'military-scifi',
          'alien-invasion',
        ],
        default: 'space-opera',
      },
      techLevel: {
        options: ['near-future', 'advanced', 'post-singularity', 'interstellar', 'quantum', 'mixed'],
        default: 'near-future',
      },
      settingScope: {
        options: ['earth', 'solar-system', 'interplanetary', 'galactic', 'intergalactic', 'multiverse'],
        default: 'interplanetary',
      },
      mainTheme: {
        options: [
          'exploration',
          'ai',
          'humanity',
          'survival',
          'politics',
          'evolution',
          'first-contact',
          'colonization',
        ],
        default: 'exploration',
      },
      storyTone: {
        options: ['optimistic', 'dark', 'philosophical', 'action', 'mystery', 'political'],
        default: 'optimistic',
      },
      numberOfChapters: genreChapters,
      chapterTitle,
    },
    flow: replacesLast,
    model,
    cost: 1,
  },
  {
    id: 'mystery-thriller',
    family: 'fiction',
    kind: 'book',
    bookType: 'mystery_thriller',
    fields: {
      language,
      mysteryType: {
        options: ['psychological', 'murder', 'domestic', 'supernatural', 'crime', 'espionage', 'legal', 'medical'],
        default: 'psychological',
      },
      protagonistType: {
        options: ['detective', 'amateur', 'psychologist', 'journalist', 'victim', 'lawyer', 'profiler', 'ordinary'],
        default: 'detective',
      },
      settingType: {
        options: ['urban', 'suburban', 'rural', 'isolated', 'institution', 'international', 'historical', 'multiple'],
        default: 'urban',
      },
      plotComplexity: {
        options: ['intricate', 'layered', 'straightforward', 'nonlinear', 'parallel'],
        default: 'intricate',
      },
      thrillerStyle: {
        options: ['suspense', 'action', 'psychological', 'noir', 'procedural', 'gothic'],
        default: 'suspense',
      },
      numberOfChapters: genreChapters,
      chapterTitle,
    },
    flow: { ...replacesLast, retry: true },
    model,
    cost: 1,
  },
  {
    id: 'crime',
    family: 'fiction',
    kind: 'book',
    bookType: 'crime',
    fields: {
      language,
      crimeType: {
        options: [
          'murder',
          'heist',
          'conspiracy',
          'organized-crime',
          'white-collar',
          'serial-killer',
          'cold-case',
          'cybercrime',
        ],
        default: 'murder',
      },
      investigatorType: {
        options: [
          'detective',
          'private-eye',
          'amateur',
          'journalist',
          'profiler',
          'forensic',
          'prosecutor',
          'retired-cop',
        ],
        default: 'detective',
      },
      settingType: {
        options: ['urban', 'suburban', 'rural', 'international', 'coastal', 'noir', 'institutional', 'multiple'],
        default: 'urban',
      },
      timeFrame: {
        options: ['contemporary', 'historical', '1920s', '1940s', '1970s', '1980s', '1990s', 'near-future'],
        default: 'contemporary',
      },
      narrativeStyle: {
        options: ['procedural', 'noir', 'psychological', 'hardboiled', 'cozy', 'suspense', 'legal', 'multiple-pov'],
        default: 'procedural',
      },
      numberOfChapters: genreChapters,
      chapterTitle,
    },
    flow: afterLastWithRetry,
    model,
    cost: 1,
  },
  {
    id: 'adventure',
    family: 'fiction',
    kind: 'book',
    bookType: 'adventure',
    fields: {
      language,
      adventureType: {
        options: ['exploration', 'quest', 'survival', 'treasure', 'rescue', 'mystery', 'historical', 'fantasy'],
        default: 'exploration',
      },
      settingType: {
        options: ['wilderness', 'ancient', 'ocean', 'mountain', 'jungle', 'desert', 'arctic', 'urban'],
        default: 'wilderness',
      },
      protagonistType: {
        options: [
          'explorer',
          'amateur',
          'professional',
          'scientist',
          'treasure-hunter',
          'survivor',
          'warrior',
          'ordinary',
        ],
        default: 'explorer',
      },
      stakeLevel: {
        options: ['personal', 'family', 'community', 'national', 'global', 'existential'],
        default: 'personal',
      },
      paceStyle: { options: ['balanced', 'fast', 'methodical', 'dynamic', 'suspense'], default: 'balanced' },
      numberOfChapters: adventureChapters,
      chapterTitle,
    },
    flow: afterLastWithRetry,
    model,
    cost: 1,
  },
  {
    id: 'children',
    family: 'fiction',
    kind: 'book',
    bookType: 'children',
    fields: {
      language,
      storyType: {
        options: ['adventure', 'fantasy', 'mystery', 'bedtime', 'educational', 'fairy-tale', 'fable', 'everyday-life'],
        default: 'adventure',
      },
      ageGroup: { options: ['3-5', '5-8', '8-12', 'all-ages'], default: '5-8' },
      narrativeStyle: {
        options: ['first-person', 'third-person', 'interactive', 'diary', 'multiple-pov'],
        default: 'first-person',
      },
      setting: {
        options: ['magical-world', 'school', 'nature', 'space', 'underwater', 'neighborhood', 'farm', 'imaginary'],
        default: 'magical-world',
      },
      characterType: {
        options: ['animal', 'child', 'magical', 'toy', 'family', 'fantasy', 'everyday-object'],
        default: 'animal',
      },
      theme: {
        options: [
          'friendship',
          'courage',
          'kindness',
          'discovery',
          'family',
          'confidence',
          'teamwork',
          'problem-solving',
        ],
        default: 'friendship',
      },
      educationalElement: {
        options: [
          'social-skills',
          'emotional',
          'stem',
          'language',
          'nature',
          'problem-solving',
          'life-skills',
          'cultural',
        ],
        default: 'social-skills',
      },
      toneStyle: {
        options: ['playful', 'whimsical', 'heartwarming', 'humorous', 'gentle', 'adventurous', 'educational'],
        default: 'playful',
      },
      numberOfChapters: childrenChapters,
      chapterTitle,
    },
    flow: afterLastWithRetry,
    model,
    cost: 1,
  },
  {
    id: 'conspiracy',
    family: 'fiction',
    kind: 'book',
    bookType: 'conspiracy',
    fields: {
      language,
      conspiracyType: {
        options: [
          'government',
          'corporate',
          'scientific',
          'historical',
          'technological',
          'supernatural',
          'medical',
          'military',
        ],
        default: 'government',
      },
      protagonistBackground: {
        options: ['journalist', 'whistleblower', 'detective', 'scientist', 'insider', 'civilian', 'hacker', 'agent'],
        default: 'journalist',
      },
      settingType: {
        options: ['modern', 'near-future', 'cold-war', 'contemporary', 'historical', 'multiple'],
        default: 'modern',
      },
      threatLevel: { options: ['personal', 'local', 'national', 'global', 'existential'], default: 'national' },
      plotComplexity: {
        options: ['straightforward', 'moderate', 'intricate', 'layered', 'elaborate'],
        default: 'intricate',
      },
      numberOfChapters: genreChapters,
      chapterTitle,
    },
    flow: afterLastWithRetry,
    model,
    cost: 1,
  },
  {
    // §3: the book type key is "apocalyptic" or "apocalypse" (two readings); the project uses "apocalyptic".
    // §4: its state setup is cut off, so its flow "is taken to match the common flow" (conclusion at total + 1).
    id: 'apocalyptic',
    family: 'fiction',
    kind: 'book',
    bookType: 'apocalyptic',
    fields: {
      language,
      apocalypseType: {
        options: [
          'pandemic',
          'environmental',
          'technological',
          'nuclear',
          'economic',
          'alien',
          'ai',
          'resource-depletion',
        ],
        default: 'pandemic',
      },
      timeframe: { options: ['immediate', 'near-future', 'distant-future', 'generational'], default: 'immediate' },
      settingType: { options: ['urban', 'rural', 'underground', 'coastal', 'nomadic', 'sanctuary'], default: 'urban' },
      survivalFocus: {
        options: ['individual', 'family', 'community', 'military', 'scientific', 'resistance'],
        default: 'individual',
      },
      thematicTone: {
        options: ['hope', 'dark', 'philosophical', 'action', 'psychological', 'political'],
        default: 'hope',
      },
      numberOfChapters: genreChapters,
      chapterTitle,
    },
    flow: afterLastWithRetry,
    model,
    cost: 1,
  },
];

checkGeneratorTable('fiction', rows);
