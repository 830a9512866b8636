// The publishing steps with a step runner the caller gives (as the server will, to charge each one): what
// each step is asked (generator, settings from the YAML, the book's text), and what the package makes of
// the answers.
import { describe, expect, it } from 'vitest';
import { finishedBook as bookOf } from './finished-book.js';
import { loadCatalog } from '../../engine/node/load.js';
import {
  copyrightExtra,
  packageDocument,
  packageMetadataOf,
  readinessText,
  say,
  writePackageParts,
  type PublishStep,
} from '../../engine/publish/index.js';
import { renderCoverPng } from '../../engine/providers/cover.js';
import { buildKdpPackage } from '../../engine/node/publish.js';

const catalog = loadCatalog({ useDiskCache: false });
const romance = catalog.get('romance')!;

const finishedBook = () =>
  bookOf({
    spec: romance,
    settings: { language: 'ms', settingType: 'coastal' },
    outline: '1. Bab 1: Pertemuan di pantai',
    content: ['Character Details:\n- Aisha: guru muda\n\nAisha tiba di Kuantan.', 'Bab satu.', 'Penutup.'],
    characterDetails: '- Aisha: guru muda',
  });

const ANSWERS: Record<string, string> = {
  'book-title':
    '1. Tajuk: Ombak Percuma\nSubtajuk: Kisah Cinta\n2. Tajuk: ' +
    'Ombak Kuantan\nSubtajuk: Sebuah Kisah Cinta di Pantai Timur',
  'author-name': '1. **Nur Aina Yusof** — lembut dan moden\nBranding: …',
  'amazon-pdp':
    '**Cinta di tepi pantai.**\n\n- Manis\n- Menyentuh hati\n\n<a href="https://x.example">Beli</a> sekarang!',
  'amazon-keywords': '1. novel cinta - pembaca\n2. cinta percuma - x\n3. romantik pantai - y',
  copyright: 'Hak Cipta © 2026 Nur Aina Yusof',
};

describe('writePackageParts', () => {
  it(
    'runs each part through the given runner with the YAML ' + 'settings and the book text, and reads the answers',
    async () => {
      const asked: PublishStep[] = [];
      const state = finishedBook();
      const parts = await writePackageParts({
        book: romance,
        state,
        specOf: (id) => catalog.get(id),
        runStep: async (step) => {
          asked.push(step);
          return step.spec.kind === 'image'
            ? { text: 'cover prompt', png: renderCoverPng({ prompt: 'x', size: step.spec.image!.size }) }
            : { text: ANSWERS[step.spec.id]! };
        },
      });
      expect(asked.map((s) => [s.part, s.spec.id])).toEqual([
        ['title', 'book-title'],
        ['author', 'author-name'],
        ['description', 'amazon-pdp'],
        ['keywords', 'amazon-keywords'],
        ['copyright', 'copyright'],
        ['cover', 'book-cover'],
      ]);
      const [title, author, description, keywords, copyright, cover] = asked;
      expect(title!.settings).toMatchObject({ language: 'ms', genre: 'romance', titleStyle: 'emotional' });
      expect(title!.settings.bookContent).toContain('Pertemuan di pantai');
      expect(title!.settings.bookContent).toContain('Aisha tiba di Kuantan');
      expect(title!.bookContext).toBe('');
      expect(author!.settings).toMatchObject({ language: 'ms', genre: 'romance' });
      // The title chosen is the first KDP accepts ("Percuma" is refused), and later steps get it.
      expect(description!.settings).toMatchObject({
        language: 'ms',
        bookTitle: 'Ombak Kuantan',
        genre: 'romance',
        keyFeatures: 'emotional',
      });
      expect(description!.bookContext).toContain('Aisha tiba di Kuantan');
      expect(keywords!.bookContext).toBe(description!.bookContext);
      expect(copyright!.settings).toMatchObject({
        bookTitle: 'Ombak Kuantan',
        authorName: 'Nur Aina Yusof',
        rightsType: 'all-rights',
      });
      expect(cover!.settings).toMatchObject({
        title: 'Ombak Kuantan',
        genre: 'romance',
        mood: 'romantic',
        setting: 'Coastal',
        mainCharacter: 'Aisha: guru muda',
      });
      expect(cover!.spec.image).toEqual({ size: '1024x1792', publishSize: { width: 1600, height: 2560 } });

      expect(parts).toMatchObject({
        title: 'Ombak Kuantan',
        subtitle: 'Sebuah Kisah Cinta di Pantai Timur',
        author: 'Nur Aina Yusof',
        description:
          '<p><strong>Cinta di tepi pantai.</strong></p><ul><li>Manis</li><li>Menyentuh ' +
          'hati</li></ul><p>Beli sekarang!</p>',
        keywords: ['novel cinta', 'romantik pantai'],
        cost: 1 + 1 + 1 + 1 + 1 + 6,
      });
      // Why a keyword was left out, in the book's language (readiness.json) and in English.
      expect(readinessText(parts.notes.keywords!, 'ms')).toBe('ditinggalkan: "cinta percuma" (KDP menolak "percuma")');
      expect(readinessText(parts.notes.keywords!, 'en')).toBe('left out: "cinta percuma" (KDP refuses "percuma")');
      const built = await buildKdpPackage({
        book: romance,
        state,
        parts,
        epubcheck: async () => ({ status: 'skipped', detail: say('verbatim', { text: 'not installed' }) }),
      });
      const readiness = JSON.parse(new TextDecoder().decode(built.files['readiness.json'])) as {
        notes?: { keywords?: string };
      };
      expect(readiness.notes).toEqual({ keywords: 'ditinggalkan: "cinta percuma" (KDP menolak "percuma")' });

      const doc = packageDocument(romance, state, parts);
      expect(doc.title).toBe('Ombak Kuantan');
      expect(doc.author).toBe('Nur Aina Yusof');
      // One copyright page: the generated text is never a part; its © line is the built-in page's own.
      expect(doc.parts.map((p) => p.id)).not.toContain('copyright');
      expect(doc.parts[0]!.id).toBe('introduction');
      expect(doc.copyright).toBeUndefined();
      expect(packageMetadataOf(romance, state, parts)).toMatchObject({
        language: 'ms',
        wordCount: 13,
        estimatedPrintPages: 1,
        publisher: null,
        edition: 1,
        series: null,
        readingAge: null,
        aiContent: { text: 'entirely', textShare: 1, images: 'ai-generated', translations: 'none' },
      });
    },
  );

  it('the generated copyright text joins the built-in page without its heading, title or © line', () => {
    const text =
      '# Copyright\n\n**Ombak Kuantan**\n\nHak Cipta © 2026 Nur ' +
      'Aina Yusof. Hak cipta terpelihara.\n\nIni karya fiksyen.';
    expect(copyrightExtra(text, 'Ombak Kuantan')).toBe('Hak cipta terpelihara.\n\nIni karya fiksyen.');
    const doc = packageDocument(romance, finishedBook(), {
      title: 'Ombak Kuantan',
      author: 'Nur Aina Yusof',
      copyright: text,
    });
    expect(doc.copyright).toBe('Hak cipta terpelihara.\n\nIni karya fiksyen.');
    expect(doc.parts.map((p) => p.id)).toEqual(['introduction', 'chapter:1', 'conclusion:2']);
  });

  it(
    'no author given and no usable name from the author-name ' +
      'step: none is invented, the copyright step waits (issue 28)',
    async () => {
      const ran: string[] = [];
      const parts = await writePackageParts({
        book: romance,
        state: finishedBook(),
        specOf: (id) => catalog.get(id),
        given: { title: 'Laut' },
        runStep: async (step) => {
          ran.push(step.spec.id);
          if (step.spec.kind === 'image') return { text: '', png: renderCoverPng({ prompt: 'x', size: '1024x1792' }) };
          return {
            text:
              step.spec.id === 'author-name'
                ? 'Pilihan kecil menjadi besar, dan buku ini menunaikan janjinya.'
                : ANSWERS[step.spec.id]!,
          };
        },
      });
      expect(parts.author).toBe('');
      expect(readinessText(parts.notes.author!, 'en')).toContain('no usable name');
      expect(ran).toEqual(['author-name', 'amazon-pdp', 'amazon-keywords', 'book-cover']);
      expect(parts.steps.find((s) => s.part === 'copyright')).toEqual({
        part: 'copyright',
        generatorId: 'copyright',
        cost: 0,
        skipped: 'no_author',
      });
    },
  );

  it('a given title and author skip their steps; nothing is run when the plan is wrong', async () => {
    const ran: string[] = [];
    const parts = await writePackageParts({
      book: romance,
      state: finishedBook(),
      specOf: (id) => catalog.get(id),
      given: { title: 'Laut', author: 'Aina' },
      runStep: async (step) => {
        ran.push(step.spec.id);
        return step.spec.kind === 'image'
          ? { text: '', png: renderCoverPng({ prompt: 'x', size: '1024x1792' }) }
          : { text: ANSWERS[step.spec.id]! };
      },
    });
    expect(ran).toEqual(['amazon-pdp', 'amazon-keywords', 'copyright', 'book-cover']);
    expect(parts.steps.slice(0, 2)).toEqual([
      { part: 'title', generatorId: 'book-title', cost: 0, skipped: 'given' },
      { part: 'author', generatorId: 'author-name', cost: 0, skipped: 'given' },
    ]);
    await expect(
      writePackageParts({
        book: romance,
        state: finishedBook(),
        specOf: (id) => (id === 'amazon-pdp' ? undefined : catalog.get(id)),
        runStep: async () => {
          throw new Error('must not run');
        },
      }),
    ).rejects.toThrow('generators/romance.yaml: publish.description.generator: "amazon-pdp" is not a generator');
  });
});
