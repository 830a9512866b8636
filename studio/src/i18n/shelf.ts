// My Books' shelf: each book's cover, whether it was published, and the filters (title, language, state, series).
import { studioCatalogue } from './catalogue.js';

export const SHELF = studioCatalogue('studio-shelf', {
  'shelf.coverOf': { en: 'Cover of {title}', ms: 'Kulit buku {title}' },
  'shelf.published': { en: 'Published {date}', ms: 'Diterbitkan {date}' },
  'shelf.notPublished': { en: 'Not published', ms: 'Belum diterbitkan' },
  'shelf.filters': { en: 'Find a book', ms: 'Cari buku' },
  'shelf.search': { en: 'Search by title', ms: 'Cari mengikut tajuk' },
  'shelf.language': { en: 'Language', ms: 'Bahasa' },
  'shelf.state': { en: 'State', ms: 'Keadaan' },
  'shelf.series': { en: 'Series', ms: 'Siri' },
  'shelf.any': { en: 'All', ms: 'Semua' },
  'shelf.stateWriting': { en: 'Being written', ms: 'Sedang ditulis' },
  'shelf.stateFinished': { en: 'Finished, not published', ms: 'Siap, belum diterbitkan' },
  'shelf.statePublished': { en: 'Published', ms: 'Diterbitkan' },
  'shelf.noSeries': { en: 'Not in a series', ms: 'Bukan dalam siri' },
  'shelf.shown': { en: { one: '{shown} of {n} book shown', other: '{shown} of {n} books shown' }, ms: '{shown} daripada {n} buku dipaparkan' },
  'shelf.noneMatch': { en: 'No book matches these filters.', ms: 'Tiada buku yang sepadan dengan penapis ini.' },
  'shelf.clear': { en: 'Clear filters', ms: 'Kosongkan penapis' },
});
