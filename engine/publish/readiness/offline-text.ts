// The offline provider's demo text is marked practice text: a book that carries it was written by no model.
import { hasOfflineText, type ReadinessInput, type ReadinessRule, type RuleOutcome } from '../readiness-types.js';
import { everyChannel, failed, pass } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.offline-text': {},
  'offline.found': {},
  'offline.manuscript': {},
  'offline.description': {},
  'offline.keywords': {},
  'offline.title': {},
  'offline.fix': {},
  'offline.none': {},
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
  id: 'offline-text',
  words: WORDS,
  label: () => say('label.offline-text'),
  appliesTo: everyChannel,
  source: () => 'Karya: the offline demo writes marked practice text, never a book to sell',
  evaluate: offlineOutcome,
} satisfies ReadinessRule;
