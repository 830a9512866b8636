// A premise the writer labelled in the notes before Chapter 1 ("Premise: …", "Premis: …", the label any language's
// premise word of its reading table, bold or not, on the text's line or above it) is the imported book's premise,
// from the manuscript, with or without a model to read the book: `karya import --dry-run --json` on Markdown files
// in English, Malay and Indonesian, read by the offline provider (no model call); the style notes beside it stay
// out of it. A premise the writer sets (--set premise=…) still wins.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';

const PROSE = {
  en: (n: number) =>
    Array.from(
      { length: 6 },
      (_, i) =>
        `Mara climbed the hundred and twelve steps of the lighthouse for ` +
        `the ${i + n}th time that month and lit the lamp as her husband had ` +
        `taught her, while the fishing boats came home below.`,
    ).join(' '),
  ms: (n: number) =>
    Array.from(
      { length: 6 },
      (_, i) =>
        `Mariam mendaki seratus dua belas anak tangga rumah api itu buat kali ` +
        `ke-${i + n} bulan itu dan menyalakan pelita seperti yang diajar oleh ` +
        `arwah suaminya, sementara perahu nelayan pulang di bawah.`,
    ).join(' '),
  id: (n: number) =>
    Array.from(
      { length: 6 },
      (_, i) =>
        `Mariam menaiki seratus dua belas anak tangga mercusuar itu untuk kali ` +
        `ke-${i + n} bulan itu dan menyalakan lampu seperti yang diajarkan ` +
        `almarhum suaminya, sementara perahu nelayan pulang di bawah.`,
    ).join(' '),
};
const PREMISE = {
  en: 'A widowed lighthouse keeper finds letters from a drowned sailor and must decide whether to answer them.',
  ms:
    'Seorang balu penjaga rumah api menemui surat daripada seorang ' +
    'kelasi yang lemas dan perlu memutuskan sama ada mahu membalasnya.',
  id:
    'Seorang janda penjaga mercusuar menemukan surat dari seorang ' +
    'pelaut yang tenggelam dan harus memutuskan apakah akan membalasnya.',
};
const FILES = {
  // The label and its text on one line, beside style notes.
  en: [
    '# The Keeper of Tanjung',
    '',
    '## Notes',
    '',
    `Premise: ${PREMISE.en}`,
    '',
    'Tone: wistful and quiet. Point of view: close third person on Mara.',
    '',
    '# Chapter 1',
    '',
    PROSE.en(1),
    '',
    '# Chapter 2',
    '',
    PROSE.en(7),
  ],
  // Bold, the text on the line under it.
  ms: [
    '# Penjaga Tanjung',
    '',
    '## Catatan',
    '',
    'Nada: sayu dan tenang.',
    '',
    '**Premis:**',
    PREMISE.ms,
    '',
    '# Bab 1',
    '',
    PROSE.ms(1),
    '',
    '# Bab 2',
    '',
    PROSE.ms(7),
  ],
  // A label alone, its paragraph after a blank line.
  id: [
    '# Penjaga Tanjung',
    '',
    '## Catatan',
    '',
    'Premis:',
    '',
    PREMISE.id,
    '',
    'Sudut pandang: orang ketiga.',
    '',
    '# Bab 1',
    '',
    PROSE.id(1),
    '',
    '# Bab 2',
    '',
    PROSE.id(7),
  ],
};

describe("a premise labelled in a manuscript's notes is the imported book's premise", () => {
  let cwd: string;
  const karya = (args: string[]) => runKaryaInProcess([...args, '--state', path.join(cwd, 'state.sqlite')], { cwd });
  beforeAll(() => {
    cwd = tempDir('karya-labelled-premise-');
    for (const [lang, lines] of Object.entries(FILES)) writeFileSync(path.join(cwd, `${lang}.md`), lines.join('\n'));
  });

  it.each(['en', 'ms', 'id'] as const)(
    '%s: the dry run reads it, from the manuscript, no style notes in it',
    async (lang) => {
      const r = await karya(['import', `${lang}.md`, '--generator', 'romance', '--dry-run', '--json', '--lang', lang]);
      expect(r.code, r.stderr).toBe(0);
      const { settings } = JSON.parse(r.stdout) as { settings: Record<string, { value: unknown; from: string }> };
      expect(settings.premise).toEqual({ value: PREMISE[lang], from: 'manuscript' });
    },
  );

  it("the writer's own premise (--set) wins over the labelled one", async () => {
    const r = await karya([
      'import',
      'en.md',
      '--generator',
      'romance',
      '--dry-run',
      '--json',
      '--set',
      'premise=Two keepers share one lighthouse.',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const { settings } = JSON.parse(r.stdout) as { settings: Record<string, { value: unknown; from: string }> };
    expect(settings.premise).toEqual({ value: 'Two keepers share one lighthouse.', from: 'writer' });
  });
});
