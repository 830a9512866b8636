// The detector (engine/session/language.ts) on the labelled sample (tests/fixtures/language/: Malaysian and
// Indonesian news a few sentences at a time, fiction, verse, everyday writing; English; Malay with English
// loan words, names and places): at least 95 % of each class told right, the Indonesian markers the issue
// names, the English share that makes a Malay answer English-drifted, and its speed.
import { describe, expect, it } from 'vitest';
import { detectLanguage, findLanguageDrift, SHARE_DRIFT } from '../../engine/index.js';
import { readSample, sampleAccuracy } from '../language-sample.js';

describe('the labelled sample', () => {
  const accuracy = sampleAccuracy();

  it.each(accuracy.map((c) => [c.label, c] as const))('%s: at least 95 % told right', (_label, c) => {
    expect(c.total).toBeGreaterThanOrEqual(c.label === 'ms' || c.label === 'id' ? 60 : 25);
    expect(c.accuracy, c.wrong.map((w) => `${w.kind} → ${w.found}: ${w.text}`).join('\n')).toBeGreaterThanOrEqual(0.95);
  });

  it('has news, fiction and verse in both Malay and Indonesian', () => {
    for (const label of ['ms', 'id'] as const) {
      const kinds = new Set(readSample(label).map((s) => s.kind));
      expect([...kinds]).toEqual(expect.arrayContaining(['news', 'fiction', 'verse']));
    }
  });
});

/** The same two sentences, once Malaysian and once Indonesian, for each pair the issue names. */
const PAIRS: ReadonlyArray<readonly [string, string, string]> = [
  [
    'bisa/boleh',
    'Pelajar boleh memohon biasiswa itu secara dalam talian mulai esok. ' +
      'Permohonan yang lewat tidak akan dilayan oleh pihak universiti.',
    'Siswa bisa mengajukan beasiswa itu secara daring mulai besok. ' +
      'Pengajuan yang terlambat tidak akan dilayani oleh pihak universitas.',
  ],
  [
    'saja/sahaja',
    'Dia hanya mahu pulang ke kampung sahaja selepas peperiksaan ' +
      'tamat. Ibunya sudah menunggu di stesen bas sejak pagi.',
    'Dia cuma mau pulang ke kampung saja setelah ujian selesai. Ibunya sudah menunggu di terminal sejak pagi.',
  ],
  [
    'mobil/kereta',
    'Kereta itu dipandu laju sebelum terbabas ke dalam parit di ' +
      'tepi jalan. Pemandunya cedera ringan dan dihantar ke hospital.',
    'Mobil itu dikemudikan dengan kencang sebelum terperosok ke selokan ' +
      'di pinggir jalan. Pengemudinya luka ringan dan dibawa ke rumah sakit.',
  ],
  [
    'uang/wang',
    'Wang simpanan itu dipindahkan ke akaun lain tanpa pengetahuan pemiliknya. Polis sedang menyiasat kes tersebut.',
    'Uang tabungan itu dipindahkan ke rekening lain tanpa sepengetahuan ' +
      'pemiliknya. Polisi sedang menyelidiki kasus tersebut.',
  ],
  [
    'karena/kerana',
    'Sekolah itu ditutup kerana banjir yang melanda kawasan tersebut sejak ' +
      'semalam. Murid diminta belajar di rumah sehingga diberitahu kelak.',
    'Sekolah itu ditutup karena banjir yang melanda kawasan tersebut sejak ' +
      'kemarin. Murid diminta belajar di rumah sampai ada pemberitahuan.',
  ],
  [
    'kalian',
    'Kamu semua perlu datang awal esok kerana bas akan bertolak ' +
      'tepat jam tujuh pagi. Jangan lupa bawa bekal masing-masing.',
    'Kalian harus datang pagi-pagi besok karena bus akan berangkat ' +
      'tepat pukul tujuh. Jangan lupa bawa bekal masing-masing.',
  ],
  [
    'nggak',
    'Saya tak tahu kenapa dia tak datang ke majlis itu semalam. Mungkin dia terlalu penat selepas bekerja.',
    'Aku nggak tahu kenapa dia nggak datang ke acara itu kemarin. Mungkin dia terlalu capek sehabis kerja.',
  ],
  [
    'universiti/universitas, kualiti/kualitas',
    'Universiti itu komited meningkatkan kualiti pengajaran dan ' +
      'aktiviti penyelidikan. Kemudahan makmal baharu dibuka minggu lepas.',
    'Universitas itu berkomitmen meningkatkan kualitas pengajaran dan ' +
      'aktivitas penelitian. Fasilitas laboratorium baru dibuka pekan lalu.',
  ],
  [
    'polis/polisi',
    'Polis menahan tiga suspek dalam serbuan di sebuah rumah kedai ' +
      'awal pagi tadi. Ketiga-tiga mereka direman selama empat hari.',
    'Polisi menangkap tiga tersangka dalam penggerebekan di ' +
      'sebuah ruko tadi pagi. Ketiganya ditahan selama empat hari.',
  ],
  [
    'Ogos/Agustus',
    'Pilihan raya kecil itu akan diadakan pada 17 Ogos ini, kata Suruhanjaya ' +
      'Pilihan Raya dalam satu kenyataan. Penamaan calon ditetapkan pada 3 Ogos.',
    'Pemilihan ulang itu akan digelar pada 17 Agustus mendatang, kata Komisi ' +
      'Pemilihan Umum dalam keterangannya. Pendaftaran calon dijadwalkan pada 3 Agustus.',
  ],
];

describe('Malaysian Malay told from Indonesian by the pairs of the issue', () => {
  it.each(PAIRS)('%s', (_pair, malay, indonesian) => {
    expect(detectLanguage(malay).language).toBe('ms');
    expect(findLanguageDrift(malay, 'ms')).toBeUndefined();
    expect(detectLanguage(indonesian).language).toBe('id');
    expect(findLanguageDrift(indonesian, 'ms')).toMatchObject({ expected: 'ms', found: 'id' });
  });
});

const MALAY_PARAGRAPHS = readSample('ms')
  .filter((s) => s.kind === 'fiction')
  .map((s) => s.text);
const ENGLISH_PARAGRAPHS = readSample('en')
  .filter((s) => s.kind === 'fiction')
  .map((s) => s.text);

/** A text of `malay` Malay paragraphs and `english` English ones, interleaved. */
function mixed(malay: number, english: number): string {
  const out: string[] = [];
  for (let i = 0; i < Math.max(malay, english); i++) {
    if (i < malay) out.push(MALAY_PARAGRAPHS[i % MALAY_PARAGRAPHS.length]!);
    if (i < english) out.push(ENGLISH_PARAGRAPHS[i % ENGLISH_PARAGRAPHS.length]!);
  }
  return out.join('\n\n');
}

describe('a mostly-English answer to a Malay request', () => {
  it(`is English-drifted once over ${SHARE_DRIFT * 100} % of its sentences are English (41 % used to pass)`, () => {
    const forty = mixed(3, 2);
    const drift = findLanguageDrift(forty, 'ms');
    expect(drift).toMatchObject({ expected: 'ms', found: 'en' });
    expect(drift!.share).toBeGreaterThan(0.3);
    expect(drift!.share).toBeLessThan(0.5);
    // Still mostly Malay by words, so the verdict is Malay; the drift is what catches it.
    expect(detectLanguage(forty).language).toBe('ms');
    expect(findLanguageDrift(mixed(2, 3), 'ms')).toMatchObject({ found: 'en' });
  });

  it('one English paragraph among six Malay ones (a quoted letter, a song) passes', () => {
    expect(findLanguageDrift(mixed(6, 1), 'ms')).toBeUndefined();
  });

  it('the reverse holds for an English request: mostly Malay is drifted, a Malay line of dialogue is not', () => {
    expect(findLanguageDrift(mixed(2, 3), 'en')).toMatchObject({ expected: 'en', found: 'ms' });
    expect(findLanguageDrift(mixed(1, 6), 'en')).toBeUndefined();
  });

  it('Malay with English loan words, brand names, names and places is Malay, not drifted', () => {
    for (const s of readSample('ms-mixed')) expect(findLanguageDrift(s.text, 'ms'), s.text).toBeUndefined();
  });

  it('English about Malaysia, full of Malay names and food, is English, not drifted', () => {
    for (const s of readSample('en')) expect(findLanguageDrift(s.text, 'en'), s.text).toBeUndefined();
  });
});

describe('short answers are not judged', () => {
  it.each([
    ['a title', 'Cinta di Hujung Senja: Sebuah Novel'],
    ['an author name', 'Nur Aisyah Rahman'],
    [
      'keywords in English for a Malay book',
      'malay romance novel\nkuala lumpur love story\nsecond chance romance\nsmall ' +
        'town malaysia\nfamily drama fiction\nmuslim romance books\nslow burn love story',
    ],
    ['a one-line reply', 'Baik, ini jawapannya.'],
  ])('%s', (_name, text) => {
    expect(detectLanguage(text).language).toBeNull();
    expect(findLanguageDrift(text, 'ms')).toBeUndefined();
    expect(findLanguageDrift(text, 'en')).toBeUndefined();
  });
});
