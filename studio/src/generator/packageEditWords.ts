// The words of a kept package's editor (PackageEdit.tsx: its keywords and description edited and checked again,
// free) and of a failed publish kept on the page (PublishPanel.tsx), in en and ms (id: languages/id/studio-package-edit.yaml).
// Part of the page's words (PAGE_WORDS in words.ts).
import { studioCatalogue } from '../i18n/catalogue.js';

export const PACKAGE_EDIT_WORDS = studioCatalogue('studio-package-edit', {
  packageEditTitle: { en: 'Edit the keywords and description', ms: 'Sunting kata kunci dan penerangan' },
  packageEditKeywords: { en: 'Keywords (one a line, at most {slots})', ms: 'Kata kunci (satu sebaris, paling banyak {slots})' },
  packageEditKeywordsHint: {
    en: 'Phrases a reader would search for: genre, setting, theme. Not a character\'s name, no word from the title, no "free" or "bestseller".',
    ms: 'Frasa yang dicari pembaca: genre, latar, tema. Bukan nama watak, tiada perkataan daripada tajuk, tiada "free" atau "bestseller".',
  },
  packageEditDescription: { en: 'Description', ms: 'Penerangan' },
  packageEditDescriptionHint: {
    en: 'A few sentences that make a reader want the book. Only simple formatting is kept (<p>, <b>, <i>, <br>, lists); links are removed.',
    ms: 'Beberapa ayat yang membuat pembaca mahukan buku ini. Hanya format ringkas dikekalkan (<p>, <b>, <i>, <br>, senarai); pautan dibuang.',
  },
  packageEditBackCover: {
    en: 'The paperback cover keeps the description it was printed with on its back until you publish again.',
    ms: 'Kulit buku kulit lembut mengekalkan penerangan yang dicetak di belakangnya sehingga anda menerbitkan semula.',
  },
  packageEditSave: { en: 'Save and check again', ms: 'Simpan dan semak semula' },
  packageEditSaving: { en: 'Checking…', ms: 'Menyemak…' },
  packageEditFree: { en: 'Free: no credits are used and nothing is written again.', ms: 'Percuma: tiada kredit digunakan dan tiada apa-apa ditulis semula.' },
  packageEditSaved: { en: 'Saved and checked again: the readiness below is up to date.', ms: 'Disimpan dan disemak semula: kesediaan di bawah adalah terkini.' },
  packageEditFailed: { en: 'Could not save: {message}', ms: 'Tidak dapat disimpan: {message}' },
  packageEditKeywordsButton: { en: 'Edit the keywords', ms: 'Sunting kata kunci' },
  packageEditDescriptionButton: { en: 'Edit the description', ms: 'Sunting penerangan' },
  publishFailureTitle: { en: 'The package was not made', ms: 'Pakej tidak dihasilkan' },
  publishFailureNext: {
    en: 'Next: nothing is charged for the step that failed. Publish again when you are ready; the package made before (if any) is still below.',
    ms: 'Seterusnya: tiada caj untuk langkah yang gagal. Terbitkan semula apabila anda bersedia; pakej yang dihasilkan sebelum ini (jika ada) masih di bawah.',
  },
  publishFailureNextCredits: { en: 'Next: top up your credits, then publish again.', ms: 'Seterusnya: tambah kredit anda, kemudian terbitkan semula.' },
  publishFailureNextRunning: { en: 'Next: this book is being published already; wait for it to finish, then reload this page.', ms: 'Seterusnya: buku ini sedang diterbitkan; tunggu sehingga selesai, kemudian muat semula halaman ini.' },
  publishFailureNextOffline: { en: 'Next: check your connection, then reload this page to see whether the package was made before publishing again.', ms: 'Seterusnya: semak sambungan anda, kemudian muat semula halaman ini untuk melihat sama ada pakej telah dihasilkan sebelum menerbitkan semula.' },
  publishFailureDismiss: { en: 'Dismiss', ms: 'Tutup' },
});
