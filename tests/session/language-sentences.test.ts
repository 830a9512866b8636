// The detector (engine/session/language.ts) on single news sentences (tests/fixtures/language/
// id-sentences.txt and ms-sentences.txt, one sentence a sample): an Indonesian sentence answering a Malay
// request is refused as Indonesian and a Malaysian one kept, at least 95 % each way, the held-out part
// included; and the rules added for them: a short sentence with a firm Indonesian marker, a dateline
// sentence of nouns, reduplicated words, the 24-hour clock, while titles, names and keyword lists stay unjudged.
import { describe, expect, it } from 'vitest';
import { detectLanguage, findLanguageDrift } from '../../engine/index.js';
import { readSample } from '../language-sample.js';

const INDONESIAN = readSample('id-sentences').map((s) => s.text);
const MALAY = readSample('ms-sentences').map((s) => s.text);
/** The last samples of each file were written first and held out while the markers were tuned. */
const HELD_OUT = 26;

const refused = (s: string) => findLanguageDrift(s, 'ms')?.found === 'id';
const kept = (s: string) => findLanguageDrift(s, 'ms') === undefined;
const share = (xs: readonly string[], ok: (s: string) => boolean) => xs.filter(ok).length / xs.length;

describe('single news sentences', () => {
  it('has at least 60 of each, one sentence a sample', () => {
    for (const sentences of [INDONESIAN, MALAY]) {
      expect(sentences.length).toBeGreaterThanOrEqual(60);
      for (const s of sentences) expect(s.split(/(?<=[.!?]["”]?)\s+(?=["“]?[A-Z])/), s).toHaveLength(1);
    }
  });

  it('Indonesian ones answering a Malay request are refused: at least 95 %', () => {
    const wrong = INDONESIAN.filter((s) => !refused(s));
    expect(share(INDONESIAN, refused), wrong.join('\n')).toBeGreaterThanOrEqual(0.95);
  });

  it('Malaysian ones are kept: at least 95 %', () => {
    const wrong = MALAY.filter((s) => !kept(s));
    expect(share(MALAY, kept), wrong.join('\n')).toBeGreaterThanOrEqual(0.95);
  });

  it('the held-out part stays where it was measured (Indonesian 23/26, Malaysian 26/26)', () => {
    expect(INDONESIAN.slice(-HELD_OUT).filter(refused).length).toBeGreaterThanOrEqual(23);
    expect(MALAY.slice(-HELD_OUT).filter(kept).length).toBe(HELD_OUT);
  });
});

describe('the rules for short texts', () => {
  it.each([
    [
      'an 11-word sentence with one firm marker (miliar)',
      'Dengan suntikan dana itu, kini valuasi xAI mencapai USD 40 miliar.',
    ],
    [
      'a dateline sentence with no function word',
      'Tuban, Kompas - Empat bulan mendatang pabrik aromatik pertama, ' +
        'PT Trans-Pacific Petrochemical Indotama, siap beroperasi.',
    ],
    [
      'a reduplicated marker (hewan-hewan)',
      'Hewan-hewan tersebut kini dirawat oleh petugas setempat sebelum dilepas kembali ke habitatnya.',
    ],
    [
      'the 24-hour clock',
      'Rombongan itu dijadwalkan tiba di lokasi pada pukul 14.30 dan langsung meninjau tempat pengungsian.',
    ],
  ])('Indonesian: %s', (_name, text) => {
    expect(detectLanguage(text).language).toBe('id');
    expect(findLanguageDrift(text, 'ms')).toMatchObject({ expected: 'ms', found: 'id' });
  });

  it.each([
    ['a Malay sentence of the same length', 'Mangsa yang cedera parah itu dikejarkan ke hospital berhampiran.'],
    [
      'the Malaysian clock',
      'Kejadian berlaku kira-kira pukul 4.30 petang ketika mangsa dalam perjalanan pulang ke rumah.',
    ],
    [
      'a Malaysian sentence with words both presses use',
      'Namun, warga emas itu enggan mengulas lanjut kerana pihaknya masih menunggu laporan.',
    ],
  ])('Malay: %s', (_name, text) => {
    expect(findLanguageDrift(text, 'ms')).toBeUndefined();
  });

  it.each([
    ['a title', 'Cinta di Hujung Senja'],
    ['a one-line reply', 'Baik, ini jawapannya.'],
    ['an English keyword list with one word spelt as in Indonesian', 'film review\nromance drama\nbus stop love story'],
    ['a short Malay line with no marker', 'Dia tersenyum lalu pergi.'],
  ])('unjudged: %s', (_name, text) => {
    expect(detectLanguage(text).language).toBeNull();
    expect(findLanguageDrift(text, 'ms')).toBeUndefined();
    expect(findLanguageDrift(text, 'en')).toBeUndefined();
  });
});
