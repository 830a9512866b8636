// The three generators of the engine issue, typed from spec/.
import { langs } from '../../engine/languages/index.js';
import { checkGeneratorTable } from './expect-table.js';

const romanceChapters = [7, 10, 12, 15, 18, 20];

checkGeneratorTable('core', [
  {
    id: 'romance',
    family: 'fiction',
    kind: 'book',
    bookType: 'romance',
    fields: {
      language: { options: [...langs()], default: 'en' },
      romanceType: {
        options: [
          'contemporary',
          'historical',
          'paranormal',
          'romantic-suspense',
          'romantic-comedy',
          'fantasy',
          'small-town',
          'second-chance',
        ],
        default: 'contemporary',
      },
      heatLevel: { options: ['sweet', 'mild', 'moderate', 'steamy'], default: 'sweet' },
      plotStyle: {
        options: [
          'enemies-to-lovers',
          'friends-to-lovers',
          'forced-proximity',
          'fake-relationship',
          'slow-burn',
          'marriage-convenience',
          'opposites-attract',
          'second-chance',
        ],
        default: 'enemies-to-lovers',
      },
      settingType: {
        options: ['urban', 'small-town', 'rural', 'coastal', 'international', 'historical', 'fantasy', 'workplace'],
        default: 'urban',
      },
      conflictType: {
        options: ['internal', 'external', 'family', 'professional', 'past', 'cultural', 'trust', 'rivalry'],
        default: 'internal',
      },
      numberOfChapters: { options: romanceChapters, default: 12 },
      chapterTitle: { type: 'text', required: false },
    },
    flow: {
      outline: true,
      conclusion: 'after-last',
      progressDenominator: 'total',
      savesProgress: true,
      characterDetails: true,
    },
    model: { temperature: 0.8, presencePenalty: 0.3, frequencyPenalty: 0.3 },
    cost: 1,
  },
  {
    id: 'travel-guide',
    family: 'nonfiction',
    kind: 'book',
    bookType: 'travel_guide',
    fields: {
      language: { options: [...langs()], default: 'en' },
      destination: { type: 'text', required: true },
      tripDuration: { options: ['weekend', 'short', 'week', 'two-weeks', 'long'], default: 'weekend' },
      travelStyle: {
        options: ['backpacker', 'budget', 'mid-range', 'luxury', 'family', 'business', 'solo', 'group'],
        default: 'backpacker',
      },
      budget: { options: ['budget', 'mid-range', 'luxury', 'mixed'], default: 'mid-range' },
      chapterTitle: { type: 'text', required: false },
    },
    flow: {
      outline: true,
      conclusion: 'after-last',
      progressDenominator: 'total',
      savesProgress: true,
      sections: [
        'Cultural Highlights & History',
        'Must-See Attractions',
        'Food & Dining Guide',
        'Accommodation Guide',
        'Transportation & Getting Around',
        'Shopping & Entertainment',
        'Local Tips & Safety',
      ],
    },
    cost: 1,
  },
  {
    id: 'poems',
    family: 'creative',
    kind: 'single',
    fields: {
      language: { options: [...langs()], default: 'en' },
      tone: { options: ['gentle', 'hopeful', 'reflective', 'empowering'], default: 'gentle' },
      structure: { options: ['free-verse', 'sonnet', 'haiku', 'narrative'], default: 'free-verse' },
      theme: { options: ['nature', 'journey', 'healing', 'transformation'], default: 'nature' },
    },
    flow: { savesProgress: false },
    model: { tokens: 500, temperature: 0.9 },
    cost: 1,
  },
]);
