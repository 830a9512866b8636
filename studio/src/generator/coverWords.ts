// The words of the writer's own cover in the Publish panel, in en and ms: the picture to give, its preview,
// what it is checked against and what the package does with it. Part of the page's words (PAGE_WORDS in words.ts).
import { studioCatalogue } from '../i18n/catalogue.js';

export const COVER_WORDS = studioCatalogue('studio-cover', {
  coverTitle: { en: 'Your own cover (optional)', ms: 'Kulit buku anda sendiri (pilihan)' },
  coverHint: {
    en: 'A JPEG or PNG of at least 1,000 × 1,600 px, ideally 1,600 × 2,560 (1.6 times as tall as wide), up to 10 MB. It is checked against each store\'s cover rules, and every package you make from now on uses it. Without one, a cover is drawn or lettered for you.',
    ms: 'Fail JPEG atau PNG sekurang-kurangnya 1,000 × 1,600 px, sebaiknya 1,600 × 2,560 (tingginya 1.6 kali lebarnya), sehingga 10 MB. Ia disemak mengikut peraturan kulit buku setiap kedai, dan setiap pakej yang anda hasilkan selepas ini menggunakannya. Tanpanya, kulit buku dilukis atau ditaip untuk anda.',
  },
  coverChoose: { en: 'Choose a cover picture', ms: 'Pilih gambar kulit buku' },
  coverReplace: { en: 'Choose another picture', ms: 'Pilih gambar lain' },
  coverChecking: { en: 'Checking your picture…', ms: 'Sedang menyemak gambar anda…' },
  coverKept: { en: '{file} is your cover: the next package uses it.', ms: '{file} ialah kulit buku anda: pakej seterusnya menggunakannya.' },
  coverPreview: { en: 'Your cover: {file}, {width} × {height} px', ms: 'Kulit buku anda: {file}, {width} × {height} px' },
  coverRemove: { en: 'Remove my cover', ms: 'Buang kulit buku saya' },
  coverRemoved: { en: 'Your cover is removed: the next package has one drawn or lettered for you.', ms: 'Kulit buku anda telah dibuang: pakej seterusnya menggunakan kulit buku yang dilukis atau ditaip untuk anda.' },
  coverFailed: { en: 'Could not send the picture. Please try again.', ms: 'Gambar tidak dapat dihantar. Sila cuba lagi.' },
});
