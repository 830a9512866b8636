// What a list or page says when it could not load, when the browser is offline or the server cannot be
// reached (errors are not empty states), in both studio languages.
import { studioCatalogue } from './catalogue.js';

export const STATES = studioCatalogue('studio-states', {
  'state.retry': { en: 'Retry', ms: 'Cuba Lagi' },
  'state.retrying': { en: 'Retrying…', ms: 'Mencuba lagi…' },
  'state.offline': { en: 'You are offline. This list loads again when your connection is back.', ms: 'Anda di luar talian. Senarai ini dimuatkan semula apabila sambungan anda kembali.' },
  'state.serverDown': { en: 'The Karya server cannot be reached right now. Your work is safe; try again in a moment.', ms: 'Pelayan Karya tidak dapat dihubungi sekarang. Kerja anda selamat; cuba lagi sebentar lagi.' },
  'state.loadFailed': { en: 'This list could not be loaded.', ms: 'Senarai ini tidak dapat dimuatkan.' },
});
