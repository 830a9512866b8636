// A saved 5-chapter romance for the translation tests, in English, Malay or Indonesian, its paragraphs made of the fake
// translator's sentences (tests/fake-translator.ts), its names Aisha/Aisyah and Daniel, its chapters titled.
import { EMPTY_BIBLE, importSaves, importedBook, renderBible, type Lang } from '../../engine/index.js';
import { openStateStore } from '../../server/index.js';
import { SENTENCES, titleIn } from '../fake-translator.js';
import { repoCatalog } from '../catalog.js';

export const CHAPTERS = 5;

/** Chapter n's paragraphs: three to five paragraphs of two or three sentences each. */
export function chapterParagraphs(n: number, lang: Lang, paragraphs?: number): string[] {
  const list = SENTENCES[lang as keyof typeof SENTENCES];
  const count = paragraphs ?? 3 + (n % 3);
  return Array.from({ length: count }, (_, p) => {
    const at = (n * 7 + p * 3) % list.length;
    // Every chapter's first paragraph names the heroine (sentence 1), so the glossary is tried in each.
    const first = p === 0 ? [list[1]!] : [];
    return [...first, list[at]!, list[(at + 1) % list.length]!].join(' ');
  });
}

/** The romance in `lang` as a saved book's parts (importSaves), with its story bible knowing the two leads. */
/** `long`: a chapter (its number) of 12 paragraphs, a window the ladder halves four times down to one paragraph. */
export function romanceSaves(lang: Lang, opts: { isWhole?: boolean; title?: string; long?: number } = {}) {
  const spec = repoCatalog().specs.find((s) => s.id === 'romance')!;
  const chapters = Array.from({ length: CHAPTERS }, (_, i) => ({
    kind: 'chapter' as const,
    number: i + 1,
    title: titleIn(i, lang),
    text: chapterParagraphs(i + 1, lang, opts.long === i + 1 ? 12 : undefined).join('\n\n'),
  }));
  // A whole book has its prologue (what publishing reads the book's context from) and ends with its epilogue.
  const prologue = { kind: 'introduction' as const, title: '', text: chapterParagraphs(0, lang).join('\n\n') };
  const parts = opts.isWhole
    ? [
        prologue,
        ...chapters,
        { kind: 'conclusion' as const, title: '', text: chapterParagraphs(CHAPTERS + 1, lang).join('\n\n') },
      ]
    : chapters;
  const languageField = spec.fields.find((f) => f.role === 'language')!;
  // The manuscript's own title, when it has one, as an import keeps it (the field with role workingTitle).
  const titleField = spec.fields.find((f) => f.role === 'workingTitle')!;
  const settings = { [languageField.name]: lang, ...(opts.title ? { [titleField.name]: opts.title } : {}) };
  const imported = importedBook({
    spec: spec as never,
    manuscript: { parts: parts as never },
    settings,
    file: 'romance.txt',
  });
  // Its story bible knows the two leads (the glossary is read from it).
  const heroine = lang === 'en' ? 'Aisha Rahman' : 'Aisyah Rahman';
  const memory = renderBible(
    {
      ...EMPTY_BIBLE,
      characters: [
        { name: heroine, role: 'bookshop owner', state: 'saving the shop', lastSeen: 'Chapter 5' },
        { name: 'Daniel Lee', role: 'chef', state: 'back in town', lastSeen: 'Chapter 5' },
      ],
    },
    lang,
  );
  return importSaves(spec as never, { ...imported, memory, memoryUpTo: imported.content.length - 1 });
}

/** Save the romance in `lang` as the CLI's book in `state`; its id. */
export async function saveRomance(
  state: string,
  lang: Lang,
  opts: { isWhole?: boolean; title?: string; long?: number } = {},
): Promise<number> {
  const file = await openStateStore({ file: state });
  try {
    await file.progress('cli').saveSteps!(`romance:test-${lang}`, romanceSaves(lang, opts));
    return (await file.repos.books.list({ userId: 'cli' })).find((b) => b.key === `romance:test-${lang}`)!.id;
  } finally {
    await file.close();
  }
}

/** A saved book as the state file holds it (for byte-identical checks) and its parts. */
export async function savedBook(state: string, id: number) {
  const file = await openStateStore({ file: state });
  try {
    return await file.repos.books.find({ userId: 'cli', id });
  } finally {
    await file.close();
  }
}

/** The edition of a book saved in `state` (its key names its source), or null. */
export async function savedEdition(state: string) {
  const file = await openStateStore({ file: state });
  try {
    const row = (await file.repos.books.list({ userId: 'cli' })).find((b) => b.key.includes(':edition-'));
    return row ?? null;
  } finally {
    await file.close();
  }
}
