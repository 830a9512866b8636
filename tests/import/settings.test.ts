// An imported book's settings are its own: read from the manuscript with one model call (a fake model taught to
// answer it as a reader of the book would), shown in the dry run with where each came from, the writer's --set
// winning; then the book is continued in its own period and place (no request names the generator's default
// era, setting or arc), with the chapters asked for and no conclusion unless asked. Offline, the dry run says
// which defaults it used.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { isBibleRequest, underWriter, userOf } from '../scripted-models.js';
import { malayManuscript } from './manuscript.js';
import { tempDir } from '../temp.js';

/** A public-domain-style novel of 1909: three chapters in a Devon village, told in the first person. */
function novel1909(): string {
  const chapter = (n: number, title: string) =>
    [
      `CHAPTER ${['I', 'II', 'III'][n - 1]}`,
      '',
      title,
      '',
      Array.from(
        { length: 6 },
        (_, i) =>
          `In the spring of 1909 I walked down to the mill at Lydford for ` +
          `the ${['first', 'second', 'third', 'fourth', 'fifth', 'sixth'][i]} time that ` +
          `week, and Mr. Ashcombe's carriage stood again by the orchard gate, its lamps ` +
          `unlit in the rain, while my aunt waited at the parlour window with her letters from Exeter.`,
      ).join(' '),
      '',
      '"You will not marry a miller\'s clerk, Eleanor," my aunt said, folding the letter twice.',
    ].join('\n');
  return [
    "THE MILLER'S DAUGHTER",
    '',
    'by A. L. Pennington',
    '',
    '',
    chapter(1, 'The Orchard Gate'),
    '',
    '',
    chapter(2, 'A Letter from Exeter'),
    '',
    '',
    chapter(3, 'Rain at Lydford'),
  ].join('\n');
}

/** The settings a careful reader of each manuscript answers with (the fake model's answer to the settings call). */
const READINGS = {
  en: {
    era: 'Edwardian England, 1909',
    setting: 'a Devon mill village',
    pointOfView: 'first person, past tense',
    tone: 'formal and restrained',
    fields: {
      romanceType: 'historical',
      settingType: 'Rural',
      plotStyle: 'slow-burn',
      heatLevel: 'sweet',
      conflictType: 'made-up-value',
    },
  },
  ms: {
    era: 'tahun 1950-an',
    setting: 'sebuah kampung nelayan',
    pointOfView: 'orang ketiga',
    tone: 'tenang',
    fields: { targetAge: 'young-adult', setting: 'community', storyStyle: 'realistic', theme: 'perseverance' },
  },
};
const isSettingsCall = (user: string) => /Settings to choose|Tetapan yang boleh dipilih/.test(user);

describe("karya import: the settings are the manuscript's own", () => {
  let cwd: string;
  let fake: FakeOpenAI;
  const karya = (args: string[], extra: Record<string, string> = {}) =>
    runKaryaInProcess(args, { cwd, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL, ...extra } });
  const requestsSince = (n: number) =>
    fake
      .generationRequests()
      .slice(n)
      .map((q) => userOf(q.body ?? {}));

  beforeAll(async () => {
    fake = await startFakeOpenAI(
      underWriter(1).fakeOptions({
        reply: (body) => {
          const user = userOf(body);
          if (!isSettingsCall(user)) return undefined;
          return {
            text:
              `\`\`\`json\n${JSON.stringify(/Tetapan yang boleh dipilih/.test(user) ? READINGS.ms : READINGS.en)}\n` +
              `\`\`\``,
          };
        },
      }),
    );
    cwd = tempDir('karya-import-settings-');
    writeFileSync(path.join(cwd, 'novel.txt'), novel1909());
    writeFileSync(path.join(cwd, 'cerita.txt'), malayManuscript(3, 'roman'));
  });
  afterAll(() => fake.close());

  it(
    "the dry run shows each setting read from the book, the writer's " +
      '--set winning and an invalid answer left at the default',
    async () => {
      const before = fake.generationRequests().length;
      const r = await karya([
        'import',
        'novel.txt',
        '--generator',
        'romance',
        '--dry-run',
        '--json',
        '--set',
        'heatLevel=mild',
      ]);
      expect(r.code, r.stderr).toBe(0);
      const { settings } = JSON.parse(r.stdout) as { settings: Record<string, { value: unknown; from: string }> };
      expect(settings.romanceType).toEqual({ value: 'historical', from: 'manuscript' });
      expect(settings.settingType).toEqual({ value: 'rural', from: 'manuscript' });
      expect(settings.plotStyle).toEqual({ value: 'slow-burn', from: 'manuscript' });
      expect(settings.heatLevel).toEqual({ value: 'mild', from: 'writer' });
      expect(settings.conflictType).toEqual({ value: 'internal', from: 'default' });
      // The period, place, point of view and tone are style notes, not a premise: the reading gave none.
      expect(String(settings.premise?.value ?? '')).not.toContain('1909');
      expect(settings.premise?.from).not.toBe('manuscript');
      // One call, listing the allowed values of each select, asking for JSON; nothing saved.
      const asked = requestsSince(before);
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain('"enemies-to-lovers" (Enemies to Lovers)');
      expect(asked[0]).toContain('JSON');
      expect(r.stderr).toContain("the generator's defaults are used: Main Conflict (Internal)");
    },
  );

  it(
    "a Malay story as moral-values: read in Malay, not a children's " +
      'school story; the plain dry run names the sources in Malay',
    async () => {
      const r = await karya(['import', 'cerita.txt', '--generator', 'moral-values', '--dry-run', '--lang', 'ms']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('tetapan sebagai moral-values:');
      expect(r.stdout).toContain('Umur Sasaran: Dewasa Muda (17 tahun ke atas) (daripada manuskrip)');
      expect(r.stdout).toContain('Latar: Masyarakat Setempat (daripada manuskrip)');
      expect(r.stdout).not.toContain('Kanak-kanak (6-9 tahun)');
    },
  );

  it(
    'offline, nothing is read: every field is the default and ' +
      "the CLI says which defaults it used, in the book's language",
    async () => {
      const r = await runKaryaInProcess(
        ['import', 'cerita.txt', '--generator', 'moral-values', '--dry-run', '--json', '--lang', 'ms'],
        { cwd },
      );
      expect(r.code, r.stderr).toBe(0);
      const { settings } = JSON.parse(r.stdout) as { settings: Record<string, { value: unknown; from: string }> };
      expect(settings.targetAge).toEqual({ value: 'children', from: 'default' });
      expect(r.stderr).toContain(
        'nilai lalai penjana digunakan: Nilai Murni (Baik Hati), Umur Sasaran (Kanak-kanak (6-9 tahun))',
      );
    },
  );

  it(
    'a 1909 novel imported as a romance and continued to chapter 5: chapters ' +
      '4 and 5, no default era, setting or arc named, no conclusion until asked',
    async () => {
      const imported = await karya(['import', 'novel.txt', '--generator', 'romance', '--json']);
      expect(imported.code, imported.stderr).toBe(0);
      const { book } = JSON.parse(imported.stdout) as { book: { id: number; chapters: { imported: number } } };
      expect(book.chapters.imported).toBe(3);
      const before = fake.generationRequests().length;
      const r = await karya(['generate', 'romance', '--book', String(book.id), '--chapters', '5', '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect((JSON.parse(r.stdout) as { parts: Array<{ label: string }> }).parts.map((p) => p.label)).toEqual([
        'Story Outline',
        'Chapter 4',
        'Chapter 5',
      ]);
      expect(r.stderr).toContain('the conclusion is not written');
      const writing = requestsSince(before).filter((u) => !isBibleRequest(u));
      expect(writing.length).toBeGreaterThanOrEqual(3);
      for (const user of writing) {
        expect(user).not.toMatch(/contemporary|urban|enemies to lovers/i);
        expect(user).toContain("Keep the setting, period, point of view and style of the writer's chapters");
        expect(user).toContain('1909');
      }
      const more = fake.generationRequests().length;
      const end = await karya(['generate', 'romance', '--book', String(book.id), '--conclusion', '--json']);
      expect(end.code, end.stderr).toBe(0);
      expect((JSON.parse(end.stdout) as { parts: Array<{ label: string }> }).parts.map((p) => p.label)).toEqual([
        'Conclusion',
      ]);
      expect(
        requestsSince(more)
          .filter((u) => !isBibleRequest(u))
          .every((u) => !/contemporary|urban|enemies to lovers/i.test(u)),
      ).toBe(true);
    },
  );

  it(
    'a moral-values book of 3 imported chapters asked for 5 writes ' +
      "chapters 4 and 5 (the conclusion taking no chapter's place)",
    async () => {
      const imported = await karya(['import', 'cerita.txt', '--generator', 'moral-values', '--lang', 'ms', '--json']);
      expect(imported.code, imported.stderr).toBe(0);
      const { book } = JSON.parse(imported.stdout) as { book: { id: number } };
      const r = await karya(['generate', 'moral-values', '--book', String(book.id), '--chapters', '5', '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect((JSON.parse(r.stdout) as { parts: Array<{ label: string }> }).parts.map((p) => p.label)).toEqual([
        'Rangka Cerita',
        'Bab 4',
        'Bab 5',
      ]);
    },
  );
});
