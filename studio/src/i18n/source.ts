// A book's source text (the import's preview and the Publish panel): public domain or not, first published, as the
// import read it and the writer confirms it; the copyright page and KDP's public-domain readiness follow it.
import { studioCatalogue } from './catalogue.js';

export const SOURCE = studioCatalogue('studio-source', {
  'source.label': { en: 'Public domain text, first published', ms: 'Teks domain awam, pertama kali diterbitkan' },
  'source.year': { en: 'Year first published', ms: 'Tahun pertama kali diterbitkan' },
  'source.readGutenberg': { en: "Read from the text's Project Gutenberg licence.", ms: 'Dibaca daripada lesen Project Gutenberg teks ini.' },
  'source.readStatement': { en: "Read from the text's public-domain statement.", ms: 'Dibaca daripada kenyataan domain awam teks ini.' },
  'source.readNone': { en: 'The text says nothing of the public domain: tick only if it is.', ms: 'Teks ini tidak menyebut domain awam: tandakan hanya jika benar.' },
  'source.by': { en: 'Original author: {author}.', ms: 'Pengarang asal: {author}.' },
  'source.hint': { en: 'Its copyright page then claims copyright only over what your edition adds, and readiness names KDP\'s public-domain rules.', ms: 'Halaman hak ciptanya kemudian menuntut hak cipta hanya ke atas apa yang ditambah oleh edisi anda, dan kesediaan menamakan peraturan domain awam KDP.' },
  'source.save': { en: 'Save', ms: 'Simpan' },
  'source.saved': { en: 'Source saved.', ms: 'Sumber disimpan.' },
  'source.failed': { en: 'The source could not be saved; try again.', ms: 'Sumber tidak dapat disimpan; cuba lagi.' },
});
