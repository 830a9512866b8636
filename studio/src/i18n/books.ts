// My Books (/books): every book of the writer, finished or not, with Continue, Download and Delete; the
// dashboard's "Continue <title>" (issue 25).
import type { Table } from './types.js';

export const BOOKS = {
  'books.title': { en: 'My Books', ms: 'Buku Saya' },
  'books.intro': {
    en: 'Every book you have started, finished or not. Starting a new book keeps the one before here: continue it where it stopped, download it, or delete it.',
    ms: 'Setiap buku yang telah anda mulakan, sudah siap atau belum. Memulakan buku baharu menyimpan buku sebelumnya di sini: teruskan dari tempat ia berhenti, muat turun, atau padamkannya.',
  },
  'books.none': { en: 'No books yet. Pick a generator to write your first.', ms: 'Belum ada buku. Pilih penjana untuk menulis buku pertama anda.' },
  'books.loading': { en: 'Loading your books', ms: 'Memuatkan buku anda' },
  'books.loadFailed': { en: 'Failed to load your books', ms: 'Gagal memuatkan buku anda' },
  'books.finished': { en: 'Finished', ms: 'Siap' },
  'books.unfinished': { en: 'Unfinished', ms: 'Belum siap' },
  'books.chapters': { en: { one: '{written} of {n} chapter', other: '{written} of {n} chapters' }, ms: '{written} daripada {n} bab' },
  'books.words': { en: { one: '{n} word', other: '{n} words' }, ms: '{n} patah perkataan' },
  'books.changed': { en: 'Last change {date}', ms: 'Perubahan terakhir {date}' },
  'books.current': { en: 'Open in its generator', ms: 'Dibuka dalam penjananya' },
  'books.langEn': { en: 'English', ms: 'Bahasa Inggeris' },
  'books.langMs': { en: 'Bahasa Malaysia', ms: 'Bahasa Malaysia' },
  'books.continue': { en: 'Continue', ms: 'Teruskan' },
  'books.continueLabel': { en: 'Continue {title}', ms: 'Teruskan {title}' },
  'books.continueFailed': { en: 'Could not open this book. Please try again.', ms: 'Tidak dapat membuka buku ini. Sila cuba lagi.' },
  'books.continueBusy': { en: 'A part of the open book is being written. Try again when it is done.', ms: 'Satu bahagian buku yang dibuka sedang ditulis. Cuba lagi apabila ia selesai.' },
  'books.delete': { en: 'Delete', ms: 'Padam' },
  'books.deleteLabel': { en: 'Delete {title}', ms: 'Padam {title}' },
  'books.deleteTitle': { en: 'Delete this book?', ms: 'Padam buku ini?' },
  'books.deleteBody': {
    en: '"{title}" will be deleted for good. Download it first if you want to keep a copy.',
    ms: '"{title}" akan dipadam secara kekal. Muat turun dahulu jika anda mahu menyimpan salinannya.',
  },
  'books.cancel': { en: 'Cancel', ms: 'Batal' },
  'books.deleted': { en: 'Book deleted', ms: 'Buku telah dipadam' },
  'books.deleteFailed': { en: 'Failed to delete the book', ms: 'Gagal memadam buku' },
  'books.continueOffer': { en: 'Continue your book?', ms: 'Teruskan buku anda?' },
  'books.continueOfferBody': {
    en: 'You have an unfinished {type}: "{title}" ({chapters}). Continue it, or start a new one (it stays in My Books).',
    ms: 'Anda mempunyai {type} yang belum siap: "{title}" ({chapters}). Teruskan buku itu, atau mulakan yang baharu (ia kekal dalam Buku Saya).',
  },
  'books.startNew': { en: 'Start New Book', ms: 'Mulakan Buku Baharu' },
  'books.onProfile': { en: 'Your books, finished or not, are in My Books.', ms: 'Buku anda, sudah siap atau belum, ada dalam Buku Saya.' },
  'dashboard.continueBook': { en: 'Continue {title}', ms: 'Teruskan {title}' },
  'dashboard.allBooks': { en: 'All my books', ms: 'Semua buku saya' },
} as const satisfies Table;
