// Content History (its own page: one entry per book, search, type filter, delete after a confirm
// prompt; the spec's English messages), a page at a time, and the profile's link to it.
import { studioCatalogue } from './catalogue.js';

export const HISTORY = studioCatalogue('studio-history', {
  'history.heading': { en: 'Content History', ms: 'Sejarah Kandungan' },
  'history.searchLabel': { en: 'Search history', ms: 'Cari sejarah' },
  'history.searchPlaceholder': { en: 'Search by title or type', ms: 'Cari mengikut tajuk atau jenis' },
  'history.filterLabel': { en: 'Filter by type', ms: 'Tapis mengikut jenis' },
  'history.allTypes': { en: 'All Types', ms: 'Semua Jenis' },
  'history.loading': { en: 'Loading history', ms: 'Memuatkan sejarah' },
  'history.noContent': { en: 'No content yet.', ms: 'Belum ada kandungan.' },
  'history.noMatch': { en: 'No items match “{search}”.', ms: 'Tiada item sepadan dengan “{search}”.' },
  'history.noMatchType': { en: 'No items of this type.', ms: 'Tiada item jenis ini.' },
  'history.loadMore': { en: 'Load more', ms: 'Muatkan lagi' },
  'history.loadingContent': { en: 'Loading content', ms: 'Memuatkan kandungan' },
  'history.contentFailed': { en: 'Could not load this item. Close it and open it again to retry.', ms: 'Item ini tidak dapat dimuatkan. Tutup dan buka semula untuk mencuba lagi.' },
  'history.deleteLabel': { en: 'Delete {title}', ms: 'Padam {title}' },
  'history.deleteTitle': { en: 'Delete this item?', ms: 'Padam item ini?' },
  'history.deleteBody': { en: '"{title}" will be removed from your content history.', ms: '"{title}" akan dibuang daripada sejarah kandungan anda.' },
  'history.delete': { en: 'Delete', ms: 'Padam' },
  'history.loadFailed': { en: 'Failed to load content history', ms: 'Gagal memuatkan sejarah kandungan' },
  'history.deleted': { en: 'Item deleted successfully', ms: 'Item berjaya dipadam' },
  'history.deleteFailed': { en: 'Failed to delete item', ms: 'Gagal memadam item' },
  'history.parts': { en: { one: '{n} part', other: '{n} parts' }, ms: '{n} bahagian' },
  'history.onProfile': { en: 'Everything you have generated, book by book, is in Content History.', ms: 'Semua yang anda jana, buku demi buku, ada dalam Sejarah Kandungan.' },
  'history.downloadImage': { en: 'Download image', ms: 'Muat turun imej' },
});
