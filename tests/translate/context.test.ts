// What a window is sent beside its paragraphs, through `karya translate`: the paragraph before it in both languages
// (context, not translated again), the characters it or that paragraph names with their gender, and only the
// glossary terms its paragraphs hold. A model reading Malay "dia" picks he or she by the gender it is told.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_BIBLE, hasTerm, importSaves, importedBook, renderBible, type Lang } from '../../engine/index.js';
import { openStateStore } from '../../server/index.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { PROSE_SENTENCES, startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { underWriter } from '../scripted-models.js';
import {
  castOfAsk,
  contextOfAsk,
  fakeTranslator,
  isTranslateRequest,
  translateAsk,
  WORD_MAP,
  type TranslatorOptions,
} from '../fake-translator.js';
import { CHAPTERS, chapterParagraphs, saveRomance, savedEdition } from './book.js';
import { tempDir } from '../temp.js';
import { repoCatalog } from '../catalog.js';

let fake: FakeOpenAI | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function setUp(
  options: TranslatorOptions,
  env: Record<string, string> = {},
  fakeOptions: { contextTokens?: number } = {},
) {
  const translator = fakeTranslator(options);
  fake = await startFakeOpenAI(underWriter(1).fakeOptions({ ...fakeOptions, reply: (body) => translator.reply(body) }));
  const cwd = tempDir('karya-translate-context-');
  dirs.push(cwd);
  const state = path.join(cwd, 'state.sqlite');
  const f = fake;
  const karya = (args: string[]) =>
    runKaryaInProcess([...args, '--state', state, '--no-bible'], {
      cwd,
      env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: f.baseURL, ...env },
    });
  const asks = () =>
    f
      .generationRequests()
      .filter((r) => isTranslateRequest(r.body ?? {}))
      .map((r) => r.body ?? {});
  return { cwd, state, karya, asks };
}

/** A Malay book of the given chapters (each a list of paragraphs) whose story bible knows these characters; its id. */
async function saveMalayBook(
  state: string,
  chapters: string[][],
  characters: Array<{ name: string; role: string }>,
): Promise<number> {
  const lang: Lang = 'ms';
  const spec = repoCatalog().specs.find((s) => s.id === 'romance')!;
  const parts = chapters.map((paragraphs, i) => ({
    kind: 'chapter' as const,
    number: i + 1,
    title: WORD_MAP[i]![1],
    text: paragraphs.join('\n\n'),
  }));
  const languageField = spec.fields.find((f) => f.role === 'language')!;
  const imported = importedBook({
    spec: spec as never,
    manuscript: { parts: parts as never },
    settings: { [languageField.name]: lang },
    file: 'buku.txt',
  });
  const memory = renderBible(
    { ...EMPTY_BIBLE, characters: characters.map((c) => ({ ...c, state: 'di pekan', lastSeen: 'Bab 2' })) },
    lang,
  );
  const file = await openStateStore({ file: state });
  try {
    await file.progress('cli').saveSteps!(
      'romance:dia',
      importSaves(spec as never, { ...imported, memory, memoryUpTo: imported.content.length - 1 }),
    );
    return (await file.repos.books.list({ userId: 'cli' })).find((b) => b.key === 'romance:dia')!.id;
  } finally {
    await file.close();
  }
}

const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

describe('a window and what it is sent beside its paragraphs', () => {
  it(
    'carries the paragraph before it in both languages, the ' +
      'genders of the characters named, and only its own terms',
    async () => {
      // A 1,200-token model: a chapter is asked in two or more windows, each with its context.
      const { cwd, state, karya, asks } = await setUp({}, { KARYA_CONTEXT_TOKENS: '1200' }, { contextTokens: 1200 });
      const id = await saveRomance(state, 'en');
      writeFileSync(
        path.join(cwd, 'names.yaml'),
        'Aisha: {rendering: Aisha, gender: female}\nDaniel: {rendering: Daniel, gender: male}\n',
      );
      const r = await karya(['translate', '--book', String(id), '--to', 'ms', '--glossary', 'names.yaml']);
      expect(r.code, r.stderr).toBe(0);
      const edition = (await savedEdition(state))!.state;
      // The book's paragraphs in order, source and edition side by side, to walk the windows over.
      const flat = Array.from({ length: CHAPTERS }, (_, i) => {
        const source = chapterParagraphs(i + 1, 'en');
        const done = paragraphsOf(edition.content[i + 1]!);
        return source.map((p, k) => ({ source: p, edition: done[k]! }));
      }).flat();
      const titles = new Set(WORD_MAP.map(([en]) => en));
      let at = 0;
      const requests = asks();
      expect(requests.length).toBeGreaterThan(CHAPTERS);
      for (const body of requests) {
        const { paragraphs, glossary } = translateAsk(body);
        const own = paragraphs.filter((p) => !titles.has(p));
        const context = contextOfAsk(body);
        if (at === 0) expect(context).toEqual({});
        else expect(context).toEqual({ source: flat[at - 1]!.source, translation: flat[at - 1]!.edition });
        expect(own).toEqual(flat.slice(at, at + own.length).map((p) => p.source));
        // Only the terms its paragraphs hold.
        const text = paragraphs.join('\n\n');
        expect(glossary.map(([term]) => term).sort()).toEqual(
          ['Aisha', 'Daniel'].filter((t) => hasTerm(text, t)).sort(),
        );
        // The characters it or the paragraph before it names, each with the gender the writer set.
        const named = `${context.source ?? ''}\n\n${text}`;
        const expected: Array<[string, 'female' | 'male']> = [
          ['Aisha', 'female'],
          ['Daniel', 'male'],
        ];
        expect(castOfAsk(body)).toEqual(expected.filter(([name]) => hasTerm(named, name)));
        at += own.length;
      }
      expect(at).toBe(flat.length);
      // Some window holds no "Daniel" and is sent no "Daniel" term.
      expect(requests.some((b) => !translateAsk(b).glossary.some(([t]) => t === 'Daniel'))).toBe(true);
    },
  );

  for (const [who, role, pronoun] of [
    ['Daniel', 'tukang masak, seorang lelaki', 'He'],
    ['Aisyah', 'pemilik kedai buku, seorang wanita', 'She'],
    // Told no gender, the model guesses: a woman becomes "he".
    ['Aisyah', 'pemilik kedai buku', 'He'],
  ] as const) {
    it(`renders "Dia" opening a chapter as "${pronoun}" after a chapter ending on ${who} (${role})`, async () => {
      const { state, karya, asks } = await setUp({ pronouns: true });
      const ms = PROSE_SENTENCES.ms;
      const naming = who === 'Daniel' ? ms[2]! : ms[1]!;
      const id = await saveMalayBook(
        state,
        [
          [ms[0]!, naming],
          [ms[4]!, ms[6]!],
        ],
        [{ name: who === 'Daniel' ? 'Daniel Lee' : 'Aisyah Rahman', role }],
      );
      const r = await karya(['translate', '--book', String(id), '--to', 'en']);
      expect(r.code, r.stderr).toBe(0);
      // Chapter 2 is its own window: "Dia" has only the paragraph before it, sent as context, to agree with.
      const second = asks().find((b) => translateAsk(b).paragraphs.includes(ms[4]!))!;
      expect(contextOfAsk(second).source).toBe(naming);
      const chapter2 = paragraphsOf((await savedEdition(state))!.state.content[2]!);
      expect(chapter2[0]).toMatch(new RegExp(`^${pronoun} remembered the summer`));
    });
  }
});
