// Recent Updates shown on the dashboard (newest first), in both studio languages. Product news, not
// generator data.
import type { Lang } from '../engine.js';

type Both = Readonly<Record<Lang, string>>;

export interface ProductUpdate {
  id: string;
  title: Both;
  date: string;
  category: 'New Feature' | 'Improvement' | 'Announcement';
  overview: Both;
  newFeatures: Both[];
  improvements: Both[];
  notes?: Both;
}

export const UPDATES: readonly ProductUpdate[] = [
  {
    id: 'karya-studio',
    title: { en: 'The Karya studio', ms: 'Studio Karya' },
    date: '2026-11-20',
    category: 'New Feature',
    overview: {
      en: 'Every generator now lives in one studio: choose a tool, fill in the settings and watch the text stream in.',
      ms: 'Setiap penjana kini berada dalam satu studio: pilih alat, isi tetapan dan lihat teks dijana secara langsung.',
    },
    newFeatures: [
      { en: 'Live streaming preview with word count and copy', ms: 'Pratonton langsung dengan kiraan perkataan dan salin' },
      { en: 'Resume a saved book where you left off', ms: 'Sambung buku yang disimpan dari tempat anda berhenti' },
      { en: 'Light and dark themes', ms: 'Tema cerah dan gelap' },
    ],
    improvements: [
      { en: 'Settings stay locked after the introduction so your book stays consistent', ms: 'Tetapan kekal dikunci selepas pengenalan supaya buku anda kekal konsisten' },
      { en: 'Clearer messages when something goes wrong', ms: 'Mesej yang lebih jelas apabila berlaku masalah' },
    ],
    notes: { en: 'Every generator works in English and Bahasa Malaysia.', ms: 'Setiap penjana berfungsi dalam bahasa Inggeris dan Bahasa Malaysia.' },
  },
  {
    id: 'publishing-tools',
    title: { en: 'Publishing tools and covers', ms: 'Alat penerbitan dan kulit buku' },
    date: '2026-11-01',
    category: 'New Feature',
    overview: {
      en: 'Amazon descriptions, keywords, copyright pages, titles, author names and book covers in one place.',
      ms: 'Penerangan Amazon, kata kunci, halaman hak cipta, tajuk, nama pengarang dan kulit buku di satu tempat.',
    },
    newFeatures: [
      { en: 'Book cover and kids book cover generators with Download Cover', ms: 'Penjana kulit buku dan kulit buku kanak-kanak dengan Muat Turun Kulit Buku' },
      { en: 'Copyright page with optional ISBN', ms: 'Halaman hak cipta dengan ISBN pilihan' },
    ],
    improvements: [{ en: 'Title options drawn from your own book text', ms: 'Pilihan tajuk diambil daripada teks buku anda sendiri' }],
  },
  {
    id: 'credits',
    title: { en: 'Credit codes and links', ms: 'Kod dan pautan kredit' },
    date: '2026-09-15',
    category: 'Announcement',
    overview: {
      en: 'Redeem a credit code on your profile or open a credit link to add credits to your account.',
      ms: 'Tebus kod kredit di profil anda atau buka pautan kredit untuk menambah kredit ke akaun anda.',
    },
    newFeatures: [
      { en: 'Redeem box on the profile page', ms: 'Kotak tebus di halaman profil' },
      { en: 'Claim links with a 200-credit bonus campaign', ms: 'Pautan tuntutan dengan kempen bonus 200 kredit' },
    ],
    improvements: [{ en: 'Your content history is searchable and can be filtered by type', ms: 'Sejarah kandungan anda boleh dicari dan ditapis mengikut jenis' }],
    notes: { en: 'Credits never expire.', ms: 'Kredit tidak akan luput.' },
  },
];
