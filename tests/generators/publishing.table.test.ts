// The publishing tools, covers and AI test page, typed from the non-fiction, creative and publishing requirements
// (§2 pages and buttons, §3 "Publishing tool requests" and "Publishing enumerations", §5, §7, §9) and
// the platform requirements' §9 (marketing: 800 tokens, temperature 0.7, penalties 0.2; covers 6 credits).
// Where the requirements are silent the row follows the "# Choice:" comments of the YAML files, noted here.
import { langs } from '../../engine/languages/index.js';
import { checkGeneratorTable } from './expect-table.js';

// spec/ gives publishing tools no language field; every text tool adds the shared en/ms field (# Choice).
const language = { options: [...langs()], default: 'en' };

// "Genre for descriptions: fiction (default), … Genre for keywords and titles: the first ten of that list."
const descriptionGenres = [
  'fiction',
  'non-fiction',
  'self-help',
  'business',
  'romance',
  'thriller',
  'mystery',
  'sci-fi',
  'fantasy',
  'children',
  'biography',
  'history',
  'health',
  'religion',
  'education',
];
const firstTenGenres = descriptionGenres.slice(0, 10);
const descriptionAudiences = [
  'general',
  'young-adult',
  'children',
  'professionals',
  'academics',
  'beginners',
  'advanced',
  'enthusiasts',
  'parents',
  'students',
];
const keywordTitleAudiences = ['general', 'young-adult', 'children', 'professionals', 'academics', 'enthusiasts'];

// platform §9: marketing max tokens 800, temperature 0.7, presence and frequency penalties 0.2.
const marketing = { tokens: 800, temperature: 0.7, presencePenalty: 0.2, frequencyPenalty: 0.2 };

checkGeneratorTable('publishing', [
  {
    id: 'amazon-pdp',
    family: 'publishing',
    kind: 'single',
    fields: {
      language,
      bookTitle: { type: 'text', required: true },
      genre: { options: descriptionGenres, default: 'fiction' },
      targetAudience: { options: descriptionAudiences, default: 'general' },
      // spec/ does not say single or multiple; one select (# Choice).
      keyFeatures: {
        type: 'select',
        options: [
          'emotional',
          'educational',
          'entertainment',
          'practical',
          'unique',
          'transformative',
          'research',
          'storytelling',
        ],
        default: 'emotional',
      },
      style: {
        options: [
          'engaging',
          'professional',
          'conversational',
          'dramatic',
          'inspirational',
          'academic',
          'humorous',
          'mysterious',
        ],
        default: 'engaging',
      },
      descriptionLength: { options: ['brief', 'standard', 'detailed', 'comprehensive'], default: 'brief' },
      marketingAngle: {
        options: ['benefit', 'problem', 'story', 'features', 'comparison', 'authority', 'scarcity', 'social'],
        default: 'benefit',
      },
      // §9: on by default hook, benefits, overview, audience, call to action; off credibility, social proof, guarantee.
      includeElements: {
        type: 'flags',
        options: [
          'hook',
          'benefits',
          'overview',
          'audience',
          'credibility',
          'callToAction',
          'socialProof',
          'guarantee',
        ],
        default: ['hook', 'benefits', 'overview', 'audience', 'callToAction'],
      },
    },
    flow: { savesProgress: false },
    model: marketing,
    cost: 1, // §9: description credit cost 1
  },
  {
    id: 'amazon-keywords',
    family: 'publishing',
    kind: 'single',
    fields: {
      language,
      bookTitle: { type: 'text', required: true },
      genre: { options: firstTenGenres, default: 'fiction' },
      targetAudience: { options: keywordTitleAudiences, default: 'general' },
      keywordType: { options: ['both', 'short', 'long'], default: 'both' },
    },
    flow: { savesProgress: false },
    model: marketing,
    cost: 1, // credit handling not shown: platform default 1 (# Choice)
  },
  {
    id: 'copyright',
    family: 'publishing',
    kind: 'single',
    fields: {
      language,
      bookTitle: { type: 'text', required: true },
      authorName: { type: 'text', required: true },
      publisherName: { type: 'text', required: false },
      publicationYear: { type: 'number', required: true, min: 1900, max: 2100, default: new Date().getFullYear() },
      edition: { options: ['first', 'second', 'third', 'fourth', 'revised', 'expanded'], default: 'first' },
      rightsType: {
        options: ['all-rights', 'creative-commons', 'shared-rights', 'public-domain'],
        default: 'all-rights',
      },
      includeDisclaimer: { type: 'checkbox', default: true },
      includeISBN: { type: 'checkbox', default: false },
      // Shown only when Include ISBN is ticked; not format-checked and not listed as required.
      isbn: { type: 'text', required: false, visibleWhen: { field: 'includeISBN', is: true } },
    },
    flow: { savesProgress: false },
    model: marketing,
    cost: 1,
  },
  {
    id: 'author-name',
    family: 'publishing',
    kind: 'single',
    fields: {
      language,
      genre: {
        options: [
          'fiction',
          'romance',
          'mystery',
          'scifi',
          'fantasy',
          'horror',
          'literary',
          'nonfiction',
          'selfhelp',
          'business',
          'academic',
        ],
        default: 'fiction',
      },
      style: {
        options: ['modern', 'classic', 'sophisticated', 'unique', 'traditional', 'pen-name'],
        default: 'modern',
      },
      gender: { options: ['any', 'masculine', 'feminine', 'neutral'], default: 'any' },
      origin: { options: ['western', 'asian', 'african', 'latin', 'middle-eastern', 'mixed'], default: 'western' },
      numberOfNames: { options: [5, 10, 15, 20], default: 5 },
    },
    flow: { savesProgress: false },
    // 20 names with explanations and branding notes do not fit 800 tokens: the platform default 2000
    // (# Choice); temperature and penalties are the marketing ones.
    model: { ...marketing, tokens: 2000 },
    cost: 1,
  },
  {
    id: 'book-title',
    family: 'publishing',
    kind: 'single',
    fields: {
      language,
      bookContent: { type: 'textarea', required: true },
      genre: { options: firstTenGenres, default: 'fiction' },
      targetAudience: { options: keywordTitleAudiences, default: 'general' },
      titleStyle: {
        options: ['descriptive', 'intriguing', 'emotional', 'action', 'metaphorical', 'professional'],
        default: 'descriptive',
      },
      keywordFocus: {
        options: ['benefit', 'problem', 'transformation', 'genre', 'theme', 'character'],
        default: 'benefit',
      },
    },
    flow: { savesProgress: false, retry: true }, // §2: the title generator offers retry
    model: marketing,
    cost: 1,
  },
  {
    id: 'book-cover',
    family: 'covers',
    kind: 'image',
    fields: {
      title: { type: 'text', required: true },
      genre: {
        options: ['children', 'mystery', 'fantasy', 'scifi', 'romance', 'thriller', 'horror', 'nonfiction'],
        default: 'children',
      },
      style: { options: ['vibrant', 'minimalist', 'dramatic', 'vintage', 'modern', 'illustrated'], default: 'vibrant' },
      mainCharacter: { type: 'text', required: false },
      setting: { type: 'text', required: false },
      mood: {
        options: ['playful', 'mysterious', 'dramatic', 'peaceful', 'adventurous', 'romantic'],
        default: 'playful',
      },
      additionalDetails: { type: 'textarea', required: false },
    },
    flow: { savesProgress: false },
    cost: 6, // platform §9: 6 for the book cover generator (the usage log's 0 disagrees; # Choice)
    imageSize: '1024x1792',
  },
  {
    id: 'kids-book-cover',
    family: 'covers',
    kind: 'image',
    fields: {
      title: { type: 'text', required: true },
      mainCharacter: { type: 'text', required: true },
      characterMood: { options: ['happy', 'excited', 'curious', 'friendly', 'playful', 'brave'], default: 'happy' },
      setting: {
        options: [
          'magical-forest',
          'enchanted-garden',
          'underwater',
          'space',
          'treehouse',
          'candy-land',
          'farm',
          'beach',
          'jungle',
          'castle',
          'custom',
        ],
        default: 'magical-forest',
      },
      // "a custom-setting text field appears only when the setting is custom" and is then required.
      customSetting: {
        type: 'text',
        required: false,
        visibleWhen: { field: 'setting', is: 'custom' },
        requiredWhen: { field: 'setting', is: 'custom' },
      },
      colorScheme: { options: ['bright', 'pastel', 'rainbow', 'nature', 'fantasy', 'candy'], default: 'bright' },
      artStyle: { options: ['cartoon', 'watercolor', 'storybook', 'doodle', 'papercut', 'pixel'], default: 'cartoon' },
      additionalElements: { type: 'textarea', required: false },
    },
    flow: { savesProgress: false },
    cost: 6, // the kids cover form states 'This will use 6 credits'
    imageSize: '1024x1024',
  },
  {
    id: 'test',
    family: 'test',
    kind: 'test',
    // spec/ does not show what the test page sends; its only field is the output language (# Choice).
    fields: { language },
    flow: { savesProgress: false },
    cost: 0, // spec/ is silent; a diagnostic is free (# Choice)
  },
]);
