// Malay end to end: every prompt of a whole Malay book (system and user, memory updates included) carries
// no English chapter title, setting label, option label, section name or part name of its generator:
// what can reach the output is Malay. The expected words are the spec's own `en` labels, searched as
// whole words, case-sensitively, as labels are written. Whether the rest of each request is Malay too is
// tests/generators/malay-prompts.test.ts's measure.
import { describe, expect, it } from 'vitest';
import { BookSession, WORDS, parseSettings, type ResolvedSpec } from '../../engine/index.js';
import { createOfflineProvider } from '../../engine/providers/index.js';
import type { TextRequest } from '../../engine/provider.js';
import { loadCatalog } from '../../engine/node/load.js';

const catalog = loadCatalog({ useDiskCache: true });

/** Every English label of a generator that has a different Malay one. */
function englishLabels(spec: ResolvedSpec): string[] {
  const pairs: Array<Readonly<Record<string, string>>> = [spec.typeLabel];
  for (const f of spec.fields) {
    pairs.push(f.label);
    for (const o of f.options ?? []) pairs.push(o.label);
  }
  for (const s of spec.flow.sections ?? []) {
    pairs.push(s.label);
    if (s.description) pairs.push(s.description);
  }
  for (const key of ['introduction', 'conclusion', 'storyOutline', 'guideOutline'] as const) pairs.push(WORDS[key]);
  return [...new Set(pairs.filter((p) => p.en !== p.ms).map((p) => p.en!))];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const asWord = (label: string) => new RegExp(`(?<![\\p{L}])${escape(label)}(?![\\p{L}])`, 'u');

async function promptsOfBook(id: string, raw: Record<string, unknown>, totalChapters?: number): Promise<string[]> {
  const spec = catalog.get(id)!;
  const offline = createOfflineProvider();
  const prompts: string[] = [];
  const provider = {
    ...offline,
    generateText: (r: TextRequest) => (prompts.push(`${r.system}\n${r.user}`), offline.generateText(r)),
  };
  const session = await BookSession.open({
    spec,
    renderer: catalog.renderer,
    provider,
    store: { load: async () => null, saveStep: async () => undefined, saveMemory: async () => undefined },
    key: id,
    settings: parseSettings(spec, raw),
    ...(totalChapters ? { totalChapters } : {}),
    onFinished: 'restart',
  });
  while (session.next()) {
    await session.advance();
    await session.remember();
  }
  return prompts;
}

const books: Array<{ id: string; settings: Record<string, unknown>; chapters?: number; malay: string[] }> = [
  {
    id: 'romance',
    settings: {
      language: 'ms',
      romanceType: 'second-chance',
      heatLevel: 'mild',
      plotStyle: 'slow-burn',
      settingType: 'coastal',
      conflictType: 'family',
    },
    chapters: 3,
    malay: [
      '- Jenis Romantik: Peluang Kedua',
      '- Tahap Keintiman: Sederhana Ringan',
      '- Latar: Pesisir Pantai',
      'Tulis Bab 2 daripada 3 bab, bertajuk "Pintu Terbuka"',
      '(genre: Romantik)',
      'Pilihan pengarang:',
      '"Butiran Watak:"',
      'Butiran watak (kekalkan',
      'Bab 1 hingga Bab 3',
    ],
  },
  {
    id: 'travel-guide',
    settings: {
      language: 'ms',
      destination: 'Pulau Pinang',
      tripDuration: 'week',
      travelStyle: 'family',
      budget: 'luxury',
    },
    malay: [
      '- Destinasi: Pulau Pinang',
      '- Tempoh Perjalanan: Seminggu',
      '- Gaya Pelancongan: Keluarga',
      '- Bajet: Mewah',
      'Tulis bahagian "Panduan Makanan & Tempat Makan" (bahagian 3 daripada 7)',
      'Bahagian ini merangkumi: Hidangan tempatan, tempat makan dan adab makan',
      '1. Sorotan Budaya & Sejarah: Budaya, adat dan sejarah',
      '(genre: Panduan Pelancongan)',
    ],
  },
];

describe('a Malay book is asked for in Malay: no English label in any of its prompts', () => {
  it.each(books)('$id', async ({ id, settings, chapters, malay }) => {
    const prompts = await promptsOfBook(id, settings, chapters);
    const all = prompts.join('\n=====\n');
    expect(prompts.length).toBeGreaterThan(5);
    const labels = englishLabels(catalog.get(id)!);
    expect(labels.length).toBeGreaterThan(10);
    const found = labels.filter((label) => asWord(label).test(all));
    expect(found, "English labels in a Malay book's prompts").toEqual([]);
    expect(all).not.toMatch(/\bChapter\b|\bSection\b|titled "/);
    expect(all).not.toContain("The author's choices");
    for (const text of malay) expect(all).toContain(text);
  });

  it('the same book in English keeps its English labels (the check would see them)', async () => {
    const prompts = await promptsOfBook('romance', { ...books[0]!.settings, language: 'en' }, 3);
    const all = prompts.join('\n');
    for (const text of [
      '- Romance Type: Second Chance',
      '- Heat Level: Mild',
      'Write Chapter 2 of 3, titled "A Door Opens"',
      '"Character Details:"',
    ])
      expect(all).toContain(text);
  });
});
