// The words of the introduction's character list on a book's page, in en and ms: its own panel and editor,
// apart from the introduction's text. Part of the page's words (PAGE_WORDS in words.ts).
import { studioCatalogue } from '../i18n/catalogue.js';

export const EDIT_WORDS = studioCatalogue('studio-edit', {
  characterDetails: { en: 'Character details', ms: 'Butiran watak' },
  characterDetailsHint: {
    en: 'The people of the story, one a line. Later chapters are told this list; the book does not print it.',
    ms: 'Watak-watak cerita, satu sebaris. Bab seterusnya diberitahu senarai ini; buku tidak mencetaknya.',
  },
  characterDetailsEmpty: { en: 'No character details yet.', ms: 'Belum ada butiran watak.' },
  characterDetailsEdit: { en: 'Edit character details', ms: 'Sunting butiran watak' },
  characterDetailsBox: { en: 'Character details, one character a line', ms: 'Butiran watak, satu watak sebaris' },
  charactersSaved: { en: 'Character details saved: later chapters are told them.', ms: 'Butiran watak disimpan: bab seterusnya diberitahu tentangnya.' },
});
