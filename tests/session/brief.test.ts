// The writer's brief: every book generator offers a working title, a premise and main
// characters (fiction also point of view and tense; guides the reader's goal and what the book must cover),
// all optional, settable with --set or a Markdown --brief file. The outline request and every later request
// carry the premise; every chapter request names every character the writer listed; the outline keeps the
// writer's working title; the story bible starts from the writer's characters. A Malay book is asked for in
// Malay. The AI API is the fake server of tests/fake-openai.ts, which writes the words each request asks for.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { isMemoryRequest, userPrompt } from '../batch/helpers.js';
import { bookBible, parseBriefMarkdown, parseSettings, startBook } from '../../engine/index.js';
import { loadCatalog } from '../../engine/node/load.js';
import { tempDir } from '../temp.js';

const catalog = loadCatalog({ useDiskCache: true });
const PREMISE = 'A pastry chef in Penang inherits her rival bakery and must save it before the Hungry Ghost festival.';
const CHARACTERS =
  'Mei Ling: the pastry chef who never asks for help\nArjun Pillai: the rival ' +
  'baker with a secret debt\nAunty Rosnah: the landlady who knows everyone';
const NAMES = ['Mei Ling', 'Arjun Pillai', 'Aunty Rosnah'];

const isOutline = (user: string) => /^(Create a detailed (story )?outline|Hasilkan rangka)/.test(user);
const isChapter = (user: string) => /^(Write Chapter \d+ of|Tulis Bab \d+ daripada)/.test(user);
const isPartRequest = (user: string) =>
  /^(Write the introduction|Write Chapter|Write the conclusion|Tulis pengenalan|Tulis Bab|Tulis kesimpulan)/.test(user);

describe('the book brief from the command line', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake.close());
  const env = () => ({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL });

  it(
    '--set premise and characters: the outline request and every chapter ' +
      'request carry the premise, every chapter names every character',
    async () => {
      let from = fake.generationRequests().length;
      const cwd = tempDir('karya-brief-');
      const r = await runKaryaInProcess(
        [
          'generate',
          'romance',
          '--chapters',
          '6',
          '--set',
          `premise=${PREMISE}`,
          '--set',
          `characters=${CHARACTERS.replace(/\n/g, '; ')}`,
          '--set',
          'workingTitle=Sugar and Smoke',
          '--set',
          'pointOfView=first',
          '--set',
          'tense=present',
          '--out',
          'book.md',
        ],
        { cwd, env: env() },
      );
      expect(r.code, r.stderr).toBe(0);
      const users = fake
        .generationRequests()
        .slice(from)
        .filter((q) => !isMemoryRequest(q))
        .map(userPrompt);
      const outline = users.find(isOutline)!;
      expect(outline).toContain(PREMISE);
      expect(outline).toContain('"Sugar and Smoke", the writer\'s working title');
      for (const name of NAMES) expect(outline).toContain(name);
      const chapters = users.filter(isChapter);
      expect(new Set(chapters.map((u) => /Write Chapter (\d+)/.exec(u)![1])).size).toBe(6);
      for (const chapter of chapters) {
        expect(chapter).toContain(PREMISE);
        for (const name of NAMES) expect(chapter, name).toContain(name);
        expect(chapter).toContain('Point of View: First person (I)');
        expect(chapter).toContain('Tense: Present tense');
      }
      // The introduction and the conclusion carry the premise too.
      for (const part of users.filter(isPartRequest)) expect(part).toContain(PREMISE);
    },
  );

  it(
    '--brief FILE: a Markdown brief sets the same fields; a ' +
      'heading that names no setting exits 2 before any request',
    async () => {
      let from = fake.generationRequests().length;
      const cwd = tempDir('karya-brief-');
      writeFileSync(
        path.join(cwd, 'brief.md'),
        `# Working title\nSugar and Smoke\n\n# Premise\n${PREMISE}\n\n## Main characters\n${CHARACTERS.split('\n')
          .map((l) => `- ${l}`)
          .join('\n')}\n\n# Point of view\nFirst person (I)\n`,
      );
      const r = await runKaryaInProcess(
        ['generate', 'romance', '--chapters', '2', '--brief', 'brief.md', '--out', 'book.md'],
        { cwd, env: env() },
      );
      expect(r.code, r.stderr).toBe(0);
      const chapters = fake
        .generationRequests()
        .slice(from)
        .filter((q) => !isMemoryRequest(q))
        .map(userPrompt)
        .filter(isChapter);
      expect(chapters.length).toBe(2);
      for (const chapter of chapters) {
        expect(chapter).toContain(PREMISE);
        for (const name of NAMES) expect(chapter).toContain(name);
      }

      from = fake.generationRequests().length;
      writeFileSync(path.join(cwd, 'typo.md'), `# Premis of the book\n${PREMISE}\n`);
      const bad = await runKaryaInProcess(
        ['generate', 'romance', '--chapters', '2', '--brief', 'typo.md', '--out', 'book2.md'],
        { cwd, env: env() },
      );
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('heading "Premis of the book" names no setting of romance');
      expect(bad.stderr).toContain('Premise');
      expect(fake.generationRequests().slice(from)).toHaveLength(0);
    },
  );

  it(
    "a Malay book carries the writer's premise under a Malay " + 'heading, and tense (English grammar) is not offered',
    async () => {
      const from = fake.generationRequests().length;
      const cwd = tempDir('karya-brief-');
      const premis =
        'Seorang tukang pastri di Pulau Pinang mewarisi kedai roti ' +
        'pesaingnya dan mesti menyelamatkannya sebelum perayaan Hantu Lapar.';
      const r = await runKaryaInProcess(
        [
          'generate',
          'romance',
          '--lang',
          'ms',
          '--chapters',
          '2',
          '--set',
          `premise=${premis}`,
          '--set',
          'characters=Mei Ling: tukang pastri yang tidak pernah meminta tolong',
          '--set',
          'tense=past',
          '--out',
          'buku.md',
        ],
        { cwd, env: env() },
      );
      expect(r.code, r.stderr).toBe(0);
      const parts = fake
        .generationRequests()
        .slice(from)
        .filter((q) => !isMemoryRequest(q))
        .map(userPrompt)
        .filter(isPartRequest);
      expect(parts.length).toBe(4);
      for (const part of parts) {
        expect(part).toContain(`Premis daripada penulis (bina buku ini di atasnya):\n${premis}`);
        expect(part).toContain('- Watak Utama: Mei Ling: tukang pastri');
        expect(part).not.toContain("The writer's premise");
        expect(part).not.toMatch(/Kala|tense/i);
      }
    },
  );
});

describe('the brief in the engine', () => {
  it(
    'every book generator offers the brief; fiction adds point of ' +
      "view and tense, guides the reader's goal and what to cover",
    () => {
      for (const spec of catalog.specs.filter((s) => s.kind === 'book')) {
        const names = spec.fields.map((f) => f.name);
        expect(names, spec.id).toEqual(expect.arrayContaining(['workingTitle', 'premise']));
        // Stories (the fiction-book preset, whatever their family) get the storyteller's brief, guides the teacher's.
        const isStory = spec.prompts.outline === 'fiction/outline';
        if (spec.family === 'fiction') expect(isStory, spec.id).toBe(true);
        if (isStory) expect(names, spec.id).toEqual(expect.arrayContaining(['characters', 'pointOfView', 'tense']));
        else expect(names, spec.id).toEqual(expect.arrayContaining(['readerGoal', 'mustCover']));
        for (const f of spec.fields.filter((x) =>
          ['workingTitle', 'premise', 'characters', 'pointOfView', 'tense', 'readerGoal', 'mustCover'].includes(x.name),
        )) {
          expect(f.required, `${spec.id}.${f.name}`).toBe(false);
          expect(f.label.ms, `${spec.id}.${f.name}`).not.toBe(f.label.en);
        }
        // The per-chapter title stays last, beside the Generate button.
        if (names.includes('chapterTitle')) expect(names.at(-1)).toBe('chapterTitle');
      }
      for (const spec of catalog.specs.filter((s) => s.kind !== 'book'))
        expect(
          spec.fields.map((f) => f.name),
          spec.id,
        ).not.toContain('premise');
    },
  );

  it("the story bible starts from the writer's characters and premise", () => {
    const spec = catalog.get('romance')!;
    const settings = parseSettings(spec, { premise: PREMISE, characters: CHARACTERS });
    const state = startBook({ spec, settings, totalChapters: 3 });
    const bible = bookBible(spec, state);
    expect(bible).toContain(PREMISE);
    for (const name of NAMES) expect(bible).toContain(`- ${name} | `);
  });

  it(
    'a Markdown brief is read by heading, in English or Malay, ' +
      'with the text before the first heading as the premise',
    () => {
      const spec = catalog.get('cookbook')!;
      const { values, unknown } = parseBriefMarkdown(
        spec,
        `Quick dinners for busy parents.\n\n## Matlamat Pembaca\nMasak makan ` +
          `malam dalam 20 minit.\n\n## Must cover (optional)\n- rice\n- noodles\n`,
      );
      expect(unknown).toEqual([]);
      expect(values).toEqual({
        premise: 'Quick dinners for busy parents.',
        readerGoal: 'Masak makan malam dalam 20 minit.',
        mustCover: '- rice\n- noodles',
      });
    },
  );
});
