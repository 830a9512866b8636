// The offline provider's demo text is marked practice text: a book that carries it was written by no model.
import { hasOfflineText, type ReadinessInput, type ReadinessRule, type RuleOutcome } from '../readiness-types.js';
import { everyChannel, failed, pass } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.offline-text': { en: 'written by an AI model, not the offline demo text', ms: 'ditulis oleh model AI, bukan teks demo luar talian' },
  'offline.found': { en: 'offline demo text in {where}: no AI model wrote it', ms: 'teks demo luar talian dalam {where}: tiada model AI yang menulisnya' },
  'offline.manuscript': { en: 'the manuscript', ms: 'manuskrip' },
  'offline.description': { en: 'the description', ms: 'penerangan' },
  'offline.keywords': { en: 'the keywords', ms: 'kata kunci' },
  'offline.title': { en: 'the title', ms: 'tajuk' },
  'offline.fix': { en: 'write the book with an AI model (not the offline demo), then make the package again{how_offline}', ms: 'tulis buku dengan model AI (bukan demo luar talian), kemudian buat pakej sekali lagi{how_offline}' },
  'offline.none': { en: 'written by an AI model', ms: 'ditulis oleh model AI' },
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

function offlineOutcome(input: ReadinessInput): RuleOutcome {
  const m = input.metadata;
  const where = [
    hasOfflineText(input.manuscriptText) ? say('offline.manuscript') : null,
    hasOfflineText(m.description) ? say('offline.description') : null,
    m.keywords.some(hasOfflineText) ? say('offline.keywords') : null,
    hasOfflineText(`${m.title}\n${m.subtitle}`) ? say('offline.title') : null,
  ].filter((w) => w !== null);
  return where.length ? failed(say('offline.found', { where }), say('offline.fix')) : pass(say('offline.none'));
}

export const OFFLINE_TEXT = {
  id: 'offline-text', words: WORDS, label: () => say('label.offline-text'), appliesTo: everyChannel,
  source: () => 'Karya: the offline demo writes marked practice text, never a book to sell', evaluate: offlineOutcome,
} satisfies ReadinessRule;
