// The dashboard (the Dashboard page) and the relative ages of Recent Updates.
import { studioCatalogue } from './catalogue.js';

export const DASHBOARD = studioCatalogue('studio-dashboard', {
  'dashboard.welcomeBack': { en: 'Welcome back, {name}!', ms: 'Selamat kembali, {name}!' },
  'dashboard.welcomeNew': { en: 'Welcome to Karya, {name}!', ms: 'Selamat datang ke Karya, {name}!' },
  'dashboard.intro': {
    en: { one: '{n} generator. What will you write today?', other: '{n} generators. What will you write today?' },
    ms: '{n} penjana. Apakah yang akan anda tulis hari ini?',
  },
  'dashboard.introNew': {
    en: 'Your account has 10 free credits. Pick a generator below or from the menu to write your first book.',
    ms: 'Akaun anda mempunyai 10 kredit percuma. Pilih penjana di bawah atau dari menu untuk menulis buku pertama anda.',
  },
  'dashboard.chaptersGenerated': { en: 'Chapters Generated', ms: 'Bab Dijana' },
  'dashboard.creditsAvailable': { en: 'Credits Available', ms: 'Kredit Tersedia' },
  'dashboard.plan': { en: 'Plan', ms: 'Pelan' },
  'dashboard.types': { en: 'Types', ms: 'Jenis' },
  'dashboard.planFree': { en: 'Free', ms: 'Percuma' },
  'dashboard.planPro': { en: 'Pro', ms: 'Pro' },
  'dashboard.planBusiness': { en: 'Business', ms: 'Perniagaan' },
  'dashboard.planAdmin': { en: 'Admin', ms: 'Pentadbir' },
  'dashboard.recentUpdates': { en: 'Recent Updates', ms: 'Kemas Kini Terkini' },
  'dashboard.overview': { en: 'Overview', ms: 'Gambaran Keseluruhan' },
  'dashboard.newFeatures': { en: 'New Features', ms: 'Ciri Baharu' },
  'dashboard.improvements': { en: 'Improvements', ms: 'Penambahbaikan' },
  'dashboard.notes': { en: 'Additional Notes', ms: 'Nota Tambahan' },
  'dashboard.categoryNewFeature': { en: 'New Feature', ms: 'Ciri Baharu' },
  'dashboard.categoryImprovement': { en: 'Improvement', ms: 'Penambahbaikan' },
  'dashboard.categoryAnnouncement': { en: 'Announcement', ms: 'Pengumuman' },
  'dashboard.costPerChapter': { en: { one: '{n} credit per step', other: '{n} credits per step' }, ms: '{n} kredit setiap langkah' },
  'dashboard.costPerGeneration': { en: { one: '{n} credit per generation', other: '{n} credits per generation' }, ms: '{n} kredit setiap penjanaan' },
  'age.today': { en: 'Today', ms: 'Hari ini' },
  'age.yesterday': { en: 'Yesterday', ms: 'Semalam' },
  'age.days': { en: '{n} days ago', ms: '{n} hari lalu' },
  'age.weeks': { en: { one: '{n} week ago', other: '{n} weeks ago' }, ms: '{n} minggu lalu' },
  'age.months': { en: { one: '{n} month ago', other: '{n} months ago' }, ms: '{n} bulan lalu' },
  'age.years': { en: { one: '{n} year ago', other: '{n} years ago' }, ms: '{n} tahun lalu' },
});
