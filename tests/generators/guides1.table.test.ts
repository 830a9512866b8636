// Guides and non-fiction books, typed from the guides-and-fiction requirements (financial, pet care, study) and
// the non-fiction, creative and publishing ones (self-help, biography, money, sports), not from the YAML.
// Model: the requirements' §9 temperature 0.8 and penalties 0.3; the chapter token budget is left out because
// The requirements (1500) and docs/generators.md (3000, so ~1,500-word chapters are not cut short) differ.
import { langs } from '../../engine/languages/index.js';
import { describe, expect, it } from 'vitest';
import { checkGeneratorTable } from './expect-table.js';
import { describeFlow, type ResolvedSpec } from '../../engine/index.js';
import { repoCatalog } from '../catalog.js';

const language = { options: [...langs()], default: 'en' };
const chapterTitle = { type: 'text', required: false };
/** nonfiction §5: 5, 7, 10, 12 for self-help, biography, money, sports; guides §3: the same for financial. */
const chapters = (def: number) => ({ options: [5, 7, 10, 12], default: def });
const guideModel = { temperature: 0.8, presencePenalty: 0.3, frequencyPenalty: 0.3 };

checkGeneratorTable('guides1', [
  {
    id: 'financial',
    family: 'nonfiction',
    kind: 'book',
    bookType: 'financial', // guides §3: key not named; the route
    fields: {
      language,
      financialTopic: {
        options: [
          'investing',
          'trading',
          'retirement',
          'real-estate',
          'personal-finance',
          'business-finance',
          'cryptocurrency',
          'wealth-building',
          'debt-management',
          'tax-planning',
        ],
        default: 'investing',
      },
      targetAudience: {
        options: [
          'beginners',
          'intermediate',
          'advanced',
          'professionals',
          'students',
          'retirees',
          'entrepreneurs',
          'general',
        ],
        default: 'beginners',
      },
      experienceLevel: {
        options: ['beginner', 'intermediate', 'advanced', 'expert', 'all-levels'],
        default: 'beginner',
      },
      focusArea: {
        options: ['stocks', 'mutual-funds', 'real-estate', 'crypto', 'retirement', 'tax', 'business', 'personal'],
        default: 'stocks',
      },
      writingStyle: {
        options: ['educational', 'practical', 'technical', 'conversational', 'motivational', 'analytical'],
        default: 'educational',
      },
      numberOfChapters: chapters(7),
      chapterTitle,
    },
    flow: { outline: true, conclusion: 'after-last', progressDenominator: 'total+2', savesProgress: true, retry: true },
    model: guideModel,
    cost: 1,
  },
  {
    id: 'pet-care',
    family: 'nonfiction',
    kind: 'book',
    bookType: 'pet_care', // guides §3: key not named
    fields: {
      language,
      // guides §3: defaults not shown, so the first option
      petType: {
        options: ['dog', 'cat', 'bird', 'fish', 'rabbit', 'hamster', 'guinea-pig', 'reptile'],
        default: 'dog',
      },
      petAge: { options: ['baby', 'young', 'adult', 'senior', 'all-ages'], default: 'baby' },
      breedSpecific: { type: 'text', required: false },
      // guideElements: the 8 fixed sections (names and descriptions in both languages), not a form field
      chapterTitle,
    },
    // section names are not given by spec/; their ids are checked below
    flow: { outline: true, conclusion: 'after-last', progressDenominator: 10, savesProgress: true, retry: true },
    model: guideModel,
    cost: 1,
  },
  {
    id: 'study-guide',
    family: 'nonfiction',
    kind: 'book',
    bookType: 'study_guide',
    fields: {
      language,
      subject: { type: 'text', required: true },
      topic: { type: 'text', required: true },
      academicLevel: {
        options: ['middle-school', 'high-school', 'undergraduate', 'graduate', 'professional'],
        default: 'high-school',
      },
      studyFormat: {
        options: ['comprehensive', 'quick-review', 'exam-prep', 'concept-map', 'outline'],
        default: 'comprehensive',
      },
      chapterTitle,
    },
    flow: {
      outline: true,
      conclusion: 'after-last',
      progressDenominator: 'total',
      savesProgress: true,
      retry: true,
      sections: [
        'Key Concepts & Terminology',
        'Core Topics & Explanations',
        'Examples & Applications',
        'Practice Problems & Solutions',
        'Study Techniques & Methods',
        'Review & Test Preparation',
        'Additional Resources & References',
        'Self-Assessment Guide',
      ],
    },
    model: guideModel,
    cost: 1,
  },
  {
    id: 'self-help',
    family: 'nonfiction',
    kind: 'book',
    bookType: 'self_help',
    titleMs: 'Penjana Buku Motivasi',
    fields: {
      language,
      // nonfiction §3: select defaults not shown, so the first option
      topic: {
        options: [
          'personal-growth',
          'productivity',
          'relationships',
          'confidence',
          'habits',
          'motivation',
          'mindfulness',
          'career',
          'financial',
          'emotional-intelligence',
          'others',
        ],
        default: 'personal-growth',
      },
      customTopic: {
        type: 'text',
        required: false,
        visibleWhen: { field: 'topic', is: 'others' },
        requiredWhen: { field: 'topic', is: 'others' },
      },
      readersAgeGroup: { options: ['young-adult', 'adult', 'mature', 'senior', 'all-ages'], default: 'young-adult' },
      writingStyle: {
        options: ['professional', 'casual', 'inspirational', 'academic', 'conversational', 'practical'],
        default: 'professional',
      },
      numberOfChapters: chapters(5),
      chapterTitle,
    },
    // retry: not shown in §2, supported per §7
    flow: { outline: true, conclusion: 'after-last', progressDenominator: 'total', savesProgress: true, retry: true },
    model: guideModel,
    cost: 1,
  },
  {
    id: 'biography',
    family: 'nonfiction',
    kind: 'book',
    bookType: 'biography',
    titleMs: 'Penjana Buku Biografi',
    fields: {
      language,
      personName: { type: 'text', required: true },
      targetReaderAge: { options: ['children', 'young-adult', 'adult', 'all-ages'], default: 'children' },
      numberOfChapters: chapters(5),
      chapterTitle,
    },
    flow: { outline: true, conclusion: 'after-last', progressDenominator: 'total', savesProgress: true, retry: true },
    model: guideModel,
    cost: 1,
  },
  {
    id: 'money',
    family: 'nonfiction',
    kind: 'book',
    bookType: 'money',
    titleMs: 'Penjana Buku Wang',
    fields: {
      language,
      moneyGoal: {
        options: [
          'financial-independence',
          'passive-income',
          'wealth-building',
          'debt-freedom',
          'retirement',
          'business-growth',
        ],
        default: 'financial-independence',
      },
      targetAudience: {
        options: ['entrepreneurs', 'investors', 'employees', 'students', 'retirees', 'career-changers', 'general'],
        default: 'entrepreneurs',
      },
      financialLevel: { options: ['beginner', 'intermediate', 'advanced', 'professional'], default: 'beginner' },
      focusArea: {
        options: [
          'investment',
          'business',
          'real-estate',
          'digital',
          'stocks',
          'crypto',
          'side-hustles',
          'personal-finance',
        ],
        default: 'investment',
      },
      numberOfChapters: chapters(7),
      chapterTitle,
    },
    flow: { outline: true, conclusion: 'after-last', progressDenominator: 'total', savesProgress: true, retry: true },
    model: guideModel,
    cost: 1,
  },
  {
    id: 'sports',
    family: 'nonfiction',
    kind: 'book',
    bookType: 'sports',
    titleMs: 'Penjana Buku Sukan',
    fields: {
      language,
      athleteName: { type: 'text', required: true },
      sportType: {
        options: [
          'basketball',
          'football',
          'baseball',
          'soccer',
          'tennis',
          'golf',
          'hockey',
          'boxing',
          'swimming',
          'athletics',
        ],
        default: 'basketball',
      },
      targetAgeGroup: { options: ['children', 'teens', 'young-adult', 'all-ages'], default: 'children' },
      numberOfChapters: chapters(5),
      chapterTitle,
    },
    flow: { outline: true, conclusion: 'after-last', progressDenominator: 'total', savesProgress: true, retry: true },
    model: guideModel,
    cost: 1,
  },
]);

describe('guides1: fixed sections beyond the table', () => {
  const catalog = repoCatalog();
  it('pet care has the 8 sections of spec/, in order, each named and described in en and ms', () => {
    const flow = describeFlow(catalog.get('pet-care') as ResolvedSpec);
    expect(flow.sections?.map((s) => s.id)).toEqual([
      'nutrition',
      'grooming',
      'health',
      'training',
      'exercise',
      'safety',
      'socialization',
      'emergency',
    ]);
    for (const s of flow.sections ?? []) {
      expect(s.label.ms, s.id).not.toBe(s.label.en);
      expect(s.description?.en, s.id).toBeTruthy();
      expect(s.description?.ms, s.id).toBeTruthy();
    }
  });
  it('study sections have Malay names and descriptions', () => {
    const flow = describeFlow(catalog.get('study-guide') as ResolvedSpec);
    expect(flow.sections).toHaveLength(8);
    for (const s of flow.sections ?? []) {
      expect(s.label.ms, s.id).not.toBe(s.label.en);
      expect(s.description?.en, s.id).toBeTruthy();
      expect(s.description?.ms, s.id).toBeTruthy();
    }
  });
});
