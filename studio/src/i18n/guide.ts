// The publishing guide (the PublishingGuide page): Karya's own steps from a finished book to the stores. Every
// language's words are in its folder (languages/<code>/studio-guide.yaml), none beside the code.
import { studioCatalogue } from './catalogue.js';

const KEYS = [
  'guide.title',
  'guide.intro',
  'guide.finishTitle',
  'guide.finishText',
  'guide.packageTitle',
  'guide.packageText',
  'guide.readinessTitle',
  'guide.readinessText',
  'guide.kdpTitle',
  'guide.kdpText',
  'guide.storesTitle',
  'guide.storesText',
  'guide.publicDomainTitle',
  'guide.publicDomainText',
  'guide.toBooks',
] as const;

export const GUIDE = studioCatalogue('studio-guide', KEYS);

/** The guide's steps in order: each a heading and its text. */
export const GUIDE_STEPS = [
  ['guide.finishTitle', 'guide.finishText'],
  ['guide.packageTitle', 'guide.packageText'],
  ['guide.readinessTitle', 'guide.readinessText'],
  ['guide.kdpTitle', 'guide.kdpText'],
  ['guide.storesTitle', 'guide.storesText'],
  ['guide.publicDomainTitle', 'guide.publicDomainText'],
] as const;
