// A manuscript's style notes are not its premise: a writer's file (Markdown, and a DOCX pandoc made of it) opening
// with notes (tone, point of view, tense) before Chapter 1, read by a model that answers the period, place, point of
// view and tone and even writes "Tone: …" and "POV: …" into the premise, is imported with a premise that says only
// what the book is about; the notes are told to every writing step under their own heading ("The style and world of
// the writer's manuscript"), never under "The writer's premise". English, and a Malay manuscript read in Malay.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { isBibleRequest, underWriter, userOf } from '../scripted-models.js';
import { tempDir } from '../temp.js';

const prose = (who: string, n: number, lang: 'en' | 'ms') =>
  Array.from({ length: n }, (_, i) =>
    lang === 'en'
      ? `${who} climbed the hundred and twelve steps of the lighthouse for ` +
        `the ${i + 1}th time that month and lit the lamp as her husband had ` +
        `taught her, while the fishing boats came home below.`
      : `${who} mendaki seratus dua belas anak tangga rumah api itu buat kali ` +
        `ke-${i + 1} bulan itu dan menyalakan pelita seperti yang diajar oleh ` +
        `arwah suaminya, sementara perahu nelayan pulang di bawah.`,
  ).join(' ');

const MANUSCRIPT = {
  en: [
    '# The Keeper of Tanjung',
    '',
    '## Notes',
    '',
    'Tone: wistful and quiet. Point of view: close third person on Mara. Tense: past.',
    '',
    '# Chapter 1',
    '',
    prose('Mara', 6, 'en'),
    '',
    '# Chapter 2',
    '',
    prose('Mara', 6, 'en'),
  ].join('\n'),
  ms: [
    '# Penjaga Tanjung',
    '',
    '## Catatan',
    '',
    'Nada: sayu dan tenang. Sudut pandangan: orang ketiga, dekat dengan Mariam.',
    '',
    '# Bab 1',
    '',
    prose('Mariam', 6, 'ms'),
    '',
    '# Bab 2',
    '',
    prose('Mariam', 6, 'ms'),
  ].join('\n'),
};

/** What the premise is, and what a careless reader of the settings answers (style in the premise too). */
const PREMISE = {
  en: 'A widowed lighthouse keeper finds letters from a drowned sailor and must decide whether to answer them.',
  ms:
    'Seorang balu penjaga rumah api menemui surat daripada seorang ' +
    'kelasi yang lemas dan perlu memutuskan sama ada mahu membalasnya.',
};
const READING = {
  en: {
    era: 'Penang in the 1920s',
    setting: 'a lighthouse on the Straits',
    pointOfView: 'close third person, past tense',
    tone: 'wistful and quiet',
    fields: { premise: `Tone: wistful and quiet. ${PREMISE.en} POV: close third on Mara.`, romanceType: 'historical' },
  },
  ms: {
    era: 'Pulau Pinang tahun 1920-an',
    setting: 'rumah api di Selat',
    pointOfView: 'orang ketiga',
    tone: 'sayu dan tenang',
    fields: { premise: `${PREMISE.ms}\nNada: sayu dan tenang.`, romanceType: 'historical' },
  },
};
const HEADINGS = {
  en: {
    premise: "The writer's premise (build the book on it):",
    style: "The style and world of the writer's manuscript",
  },
  ms: { premise: 'Premis daripada penulis (bina buku ini di atasnya):', style: 'Gaya dan dunia manuskrip penulis' },
};
const isSettingsCall = (user: string) => /Settings to choose|Tetapan yang boleh dipilih/.test(user);

/** The line of a request under a heading (the heading's line may go on past the words given). */
function section(user: string, heading: string): string {
  const at = user.indexOf(heading);
  if (at < 0) return '';
  return (
    user
      .slice(at + heading.length)
      .split('\n')[1]
      ?.trim() ?? ''
  );
}

describe("an imported manuscript's style notes are not its premise", () => {
  let cwd: string;
  let fake: FakeOpenAI;
  const karya = (args: string[]) =>
    runKaryaInProcess(args, { cwd, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL } });

  beforeAll(async () => {
    fake = await startFakeOpenAI(
      underWriter(1).fakeOptions({
        reply: (body) => {
          const user = userOf(body);
          return isSettingsCall(user)
            ? { text: JSON.stringify(/Tetapan yang boleh dipilih/.test(user) ? READING.ms : READING.en) }
            : undefined;
        },
      }),
    );
    cwd = tempDir('karya-style-notes-');
    writeFileSync(path.join(cwd, 'keeper.md'), MANUSCRIPT.en);
    writeFileSync(path.join(cwd, 'penjaga.md'), MANUSCRIPT.ms);
    const made = spawnSync('pandoc', ['keeper.md', '-o', 'keeper.docx'], { cwd, encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
  });
  afterAll(() => fake.close());

  it.each([
    ['keeper.md', 'en'],
    ['keeper.docx', 'en'],
    ['penjaga.md', 'ms'],
  ] as const)("%s: the dry run's premise says what the book is about, no tone or point of view", async (file, lang) => {
    const r = await karya(['import', file, '--generator', 'romance', '--dry-run', '--json', '--lang', lang]);
    expect(r.code, r.stderr).toBe(0);
    const { settings } = JSON.parse(r.stdout) as { settings: Record<string, { value: unknown; from: string }> };
    expect(settings.premise).toEqual({ value: PREMISE[lang], from: 'manuscript' });
  });

  it.each([
    ['keeper.docx', 'en'],
    ['penjaga.md', 'ms'],
  ] as const)(
    '%s continued: every writing step is sent the premise as the premise and the notes as style',
    async (file, lang) => {
      const imported = await karya(['import', file, '--generator', 'romance', '--json', '--lang', lang]);
      expect(imported.code, imported.stderr).toBe(0);
      const { book } = JSON.parse(imported.stdout) as { book: { id: number } };
      const before = fake.generationRequests().length;
      const r = await karya(['generate', 'romance', '--book', String(book.id), '--chapters', '3', '--json']);
      expect(r.code, r.stderr).toBe(0);
      const writing = fake
        .generationRequests()
        .slice(before)
        .map((q) => userOf(q.body ?? {}))
        .filter((u) => !isBibleRequest(u));
      expect(writing.length).toBeGreaterThanOrEqual(2);
      for (const user of writing) {
        expect(section(user, HEADINGS[lang].premise)).toBe(PREMISE[lang]);
        const style = section(user, HEADINGS[lang].style);
        expect(style).toContain(lang === 'en' ? 'wistful and quiet' : 'sayu dan tenang');
        expect(style).toContain('1920');
      }
    },
  );
});
