// The character list of an introduction is kept whatever heading the model wrote it under: the one the
// template asks for in each language ("Character Details:" / "Butiran Watak:") or a translation of it,
// and the book's text keeps none of it (the list lives in the state, for later chapters).
import { describe, expect, it } from 'vitest';
import { extractCharacterDetails, withoutCharacterDetails } from '../../engine/index.js';

const LIST_MS = '- Aisyah Rahman: watak utama, 28 tahun, degil tetapi baik hati\n- Daniel Lee: pasangannya, 31 tahun';
const LIST_EN = '- Aisha Rahman: the lead, 28, stubborn and kind\n- Daniel Lee: her counterpart, 31';

const cases: Array<{ name: string; text: string; details: string | undefined; book: string }> = [
  {
    name: 'the Malay heading asked for',
    text: `Hujan turun di Kuantan.\n\nButiran Watak:\n${LIST_MS}\n\nAkhir.`,
    details: LIST_MS,
    book: 'Hujan turun di Kuantan.\n\nAkhir.',
  },
  {
    name: 'the English heading in a Malay book',
    text: `Hujan turun di Kuantan.\n\nCharacter Details:\n${LIST_MS}\n`,
    details: LIST_MS,
    book: 'Hujan turun di Kuantan.',
  },
  {
    name: 'a bold Malay heading with the list after it',
    text: `Pembukaan.\n\n**Butiran Watak:**\n${LIST_MS}`,
    details: LIST_MS,
    book: 'Pembukaan.',
  },
  {
    name: 'a Markdown heading the model translated',
    text: `Pembukaan.\n\n## Maklumat Watak\n${LIST_MS}\n\n## Bab 1`,
    details: LIST_MS,
    book: 'Pembukaan.\n\n## Bab 1',
  },
  {
    name: 'a translation with a colon',
    text: `Pembukaan.\n\nWatak-watak Utama:\n${LIST_MS}`,
    details: LIST_MS,
    book: 'Pembukaan.',
  },
  {
    name: '"Characters:" in English',
    text: `Opening.\n\nCharacters:\n${LIST_EN}\n\nThe end.`,
    details: LIST_EN,
    book: 'Opening.\n\nThe end.',
  },
  {
    name: 'the English heading, list between paragraphs',
    text: `Opening.\n\nCharacter Details:\n${LIST_EN}\n\nMore story.`,
    details: LIST_EN,
    book: 'Opening.\n\nMore story.',
  },
  {
    name: 'a story sentence that starts like a heading is not a list',
    text: 'Watak utama kisah ini ialah seorang guru.\n\nDia tinggal di Kuantan.',
    details: undefined,
    book: 'Watak utama kisah ini ialah seorang guru.\n\nDia tinggal di Kuantan.',
  },
  { name: 'no list', text: 'Just a story.', details: undefined, book: 'Just a story.' },
];

describe('character details under either heading', () => {
  it.each(cases)('$name', ({ text, details, book }) => {
    expect(extractCharacterDetails(text)).toBe(details);
    expect(withoutCharacterDetails(text)).toBe(book);
  });
});
