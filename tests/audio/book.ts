// A saved 3-chapter book for the audio edition's tests, in English, Malay or Indonesian: short chapters (two short
// paragraphs each) with their own titles, so a whole edition is read in seconds.
import { importSaves, importedBook, type Lang } from '../../engine/index.js';
import { openStateStore } from '../../server/index.js';
import { repoCatalog } from '../catalog.js';

export const TITLES: Record<'en' | 'ms' | 'id', string[]> = {
  en: ['The Storm', 'The Bridge', 'The Morning'],
  ms: ['Ribut', 'Jambatan', 'Pagi'],
  id: ['Badai', 'Jembatan', 'Pagi Hari'],
};

const PARAGRAPHS: Record<'en' | 'ms' | 'id', string[]> = {
  en: [
    'The rain came down over the hills, and the river rose fast in the night.',
    'Aisha held the lantern high and walked to the old bridge, calling for her brother.',
  ],
  ms: [
    'Hujan turun di atas bukit, dan sungai naik dengan cepat pada waktu malam.',
    'Aisyah mengangkat tanglung tinggi-tinggi dan berjalan ke jambatan lama, memanggil adiknya.',
  ],
  id: [
    'Hujan turun di atas bukit, dan sungai naik dengan cepat pada malam hari.',
    'Aisyah mengangkat lentera tinggi-tinggi dan berjalan ke jembatan tua, memanggil adiknya.',
  ],
};

export const BOOK_TITLE: Record<'en' | 'ms' | 'id', string> = {
  en: 'The Small Lantern',
  ms: 'Tanglung Kecil',
  id: 'Lentera Kecil',
};

/**
 * The book in `lang` as an import saves it (its first `chapters` chapters, three by default, and its title), for a
 * state file or a server's store.
 */
export function audioBookSaves(lang: 'en' | 'ms' | 'id', chapters = 3) {
  const spec = repoCatalog().specs.find((s) => s.id === 'romance')!;
  const parts = TITLES[lang].slice(0, chapters).map((title, i) => ({
    kind: 'chapter' as const,
    number: i + 1,
    title,
    text: PARAGRAPHS[lang].map((p, j) => (j === 0 && i > 0 ? `${p.replace(/\.$/, '')} (${i + 1}).` : p)).join('\n\n'),
  }));
  const languageField = spec.fields.find((f) => f.role === 'language')!;
  const titleField = spec.fields.find((f) => f.role === 'workingTitle')!;
  const settings = { [languageField.name]: lang as Lang, [titleField.name]: BOOK_TITLE[lang] };
  const imported = importedBook({
    spec: spec as never,
    manuscript: { parts: parts as never },
    settings,
    file: 'lantern.txt',
  });
  return importSaves(spec as never, imported);
}

/** Every paragraph of the book in `lang` (what its audio edition must read, at least). */
export const audioBookParagraphs = (lang: 'en' | 'ms' | 'id') =>
  TITLES[lang].flatMap((_, i) =>
    PARAGRAPHS[lang].map((p, j) => (j === 0 && i > 0 ? `${p.replace(/\.$/, '')} (${i + 1}).` : p)),
  );

/** Save the book in `lang` (its first `chapters` chapters) in the CLI's state file `state`; its id. */
export async function saveAudioBook(state: string, lang: 'en' | 'ms' | 'id', chapters = 3): Promise<number> {
  const file = await openStateStore({ file: state });
  try {
    await file.progress('cli').saveSteps!(`romance:audio-${lang}`, audioBookSaves(lang, chapters));
    return (await file.repos.books.list({ userId: 'cli' })).find((b) => b.key === `romance:audio-${lang}`)!.id;
  } finally {
    await file.close();
  }
}
