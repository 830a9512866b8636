// The upgrade-processing page (the Top-up and upgrade page). The purchase and top-up pages
// have their own table (payments.ts).
import { studioCatalogue } from './catalogue.js';

export const CREDITS = studioCatalogue('studio-credits', [
  'processing.label',
  'processing.text',
  'processing.invalidLink',
  'processing.failed',
]);
