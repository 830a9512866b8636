// The upgrade-processing page (the Top-up and upgrade page). The purchase and top-up pages
// have their own table (payments.ts).
import { studioCatalogue } from './catalogue.js';

export const CREDITS = studioCatalogue('studio-credits', {
  'processing.label': { en: 'Processing your upgrade', ms: 'Sedang memproses naik taraf anda' },
  'processing.text': { en: 'Processing your upgrade…', ms: 'Sedang memproses naik taraf anda…' },
  'processing.invalidLink': { en: 'Invalid upgrade link', ms: 'Pautan naik taraf tidak sah' },
  'processing.failed': { en: 'Failed to process upgrade. Please try again or contact support.', ms: 'Gagal memproses naik taraf. Sila cuba lagi atau hubungi sokongan.' },
});
