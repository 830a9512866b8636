// A saved 3-chapter book for the audio edition's tests, in English, Malay or Indonesian: short chapters (two short
// paragraphs each) with their own titles, so a whole edition is read in seconds.
import { bookDocument, importSaves, importedBook, type BookDocument, type Lang } from '../../engine/index.js';
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

/** A romance of `chapters` (each a title and its text) titled `title`, in `lang`, as an import saves it. */
export function chapterSaves(lang: Lang, title: string, chapters: ReadonlyArray<{ title: string; text: string }>) {
  const spec = repoCatalog().specs.find((s) => s.id === 'romance')!;
  const parts = chapters.map((c, i) => ({ kind: 'chapter' as const, number: i + 1, ...c }));
  const languageField = spec.fields.find((f) => f.role === 'language')!;
  const titleField = spec.fields.find((f) => f.role === 'workingTitle')!;
  const settings = { [languageField.name]: lang, [titleField.name]: title };
  const imported = importedBook({
    spec: spec as never,
    manuscript: { parts: parts as never },
    settings,
    file: 'book.txt',
  });
  return importSaves(spec as never, imported);
}

/**
 * The book in `lang` as an import saves it (its first `chapters` chapters, three by default, and its title), for a
 * state file or a server's store.
 */
export function audioBookSaves(lang: 'en' | 'ms' | 'id', chapters = 3) {
  const texts = TITLES[lang].slice(0, chapters).map((title, i) => ({
    title,
    text: PARAGRAPHS[lang].map((p, j) => (j === 0 && i > 0 ? `${p.replace(/\.$/, '')} (${i + 1}).` : p)).join('\n\n'),
  }));
  return chapterSaves(lang, BOOK_TITLE[lang], texts);
}

/** Every paragraph of the book in `lang` (what its audio edition must read, at least). */
export const audioBookParagraphs = (lang: 'en' | 'ms' | 'id') =>
  TITLES[lang].flatMap((_, i) =>
    PARAGRAPHS[lang].map((p, j) => (j === 0 && i > 0 ? `${p.replace(/\.$/, '')} (${i + 1}).` : p)),
  );

/** `saves` saved under `key` in the CLI's state file `state`; the book's id. */
export async function saveInState(state: string, key: string, saves: ReturnType<typeof chapterSaves>): Promise<number> {
  const file = await openStateStore({ file: state });
  try {
    await file.progress('cli').saveSteps!(key, saves);
    return (await file.repos.books.list({ userId: 'cli' })).find((b) => b.key === key)!.id;
  } finally {
    await file.close();
  }
}

/** The book document of `saves` once saved in the state file `state` (what the audio edition reads). */
export async function savedDocument(state: string, saves: ReturnType<typeof chapterSaves>): Promise<BookDocument> {
  const id = await saveInState(state, 'romance:audio', saves);
  const file = await openStateStore({ file: state });
  try {
    const spec = repoCatalog().specs.find((s) => s.id === 'romance')!;
    return bookDocument(spec, (await file.repos.books.find({ userId: 'cli', id }))!.state);
  } finally {
    await file.close();
  }
}

/** Save the book in `lang` (its first `chapters` chapters) in the CLI's state file `state`; its id. */
export const saveAudioBook = (state: string, lang: 'en' | 'ms' | 'id', chapters = 3): Promise<number> =>
  saveInState(state, `romance:audio-${lang}`, audioBookSaves(lang, chapters));
