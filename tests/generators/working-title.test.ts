// A generator added by YAML alone titles its output with a field of role workingTitle, a single-shot one too:
// `karya generate <it> --set <field>="…"` writes that title as the Markdown heading and the EPUB's dc:title, and
// the content history lists the output under it. `karya validate` refuses a role the generator's kind does not
// use, naming the file, the path inside it and the roles it may use.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { readZip, zipText } from '../export/tools.js';
import { tempDir } from '../temp.js';
import {
  BookSession,
  inMemoryProgressStore,
  langs,
  parseSettings,
  stepHistoryTitle,
  type ProgressStore,
  type StepSave,
} from '../../engine/index.js';
import { loadCatalog } from '../../engine/node.js';
import { createOfflineProvider } from '../../engine/providers/index.js';

// The command's catalog is the one a user with this folder as generators/ would have: `karya generate`
// reads generators/ from the checkout, so the test points its default there (templates and _shared.yaml stay the
// repository's).
const where = vi.hoisted(() => ({ dir: '' }));
vi.mock('../../engine/node/load.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../engine/node/load.js')>();
  return {
    ...actual,
    loadCatalog: (opts: Parameters<typeof actual.loadCatalog>[0] = {}) =>
      actual.loadCatalog(
        opts.generatorsDir || !where.dir ? opts : { ...opts, generatorsDir: where.dir, useDiskCache: false },
      ),
  };
});

const tmp = tempDir('karya-working-title-');

/** A single-shot generator as the guide says to write one: one YAML file, its title field marked role workingTitle. */
const SPEECH = `# yaml-language-server: $schema=../engine/spec/generator.schema.json
id: wedding-speech
preset: creative-single
title: { en: Wedding Speech Writer, ms: Penulis Ucapan Perkahwinan, id: Penulis Pidato Pernikahan }
tagline:
  en: A warm speech for the big day
  ms: Ucapan mesra untuk hari bahagia
  id: Pidato hangat untuk hari bahagia
buttonLabel: { en: Write Speech, ms: Tulis Ucapan, id: Tulis Pidato }
fields:
  language: { use: language }
  speechTitle:
    type: text
    role: workingTitle
    label: { en: Title, ms: Tajuk, id: Judul }
prompts:
  outputName: { en: a wedding speech, ms: ucapan perkahwinan, id: pidato pernikahan }
  wordTarget: 200
  brief:
    en: Write a warm wedding speech.
    ms: Tulis ucapan perkahwinan yang mesra.
    id: Tulis pidato pernikahan yang hangat.
model: { tokens: creative }
`;

/** A generators folder of these files inside the test's temporary folder. */
function folder(name: string, files: Record<string, string>): string {
  const dir = path.join(tmp, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

const good = folder('good', { 'wedding-speech.yaml': SPEECH });
where.dir = good;

describe('a YAML-only single-shot generator with a workingTitle field', () => {
  it(
    'karya validate accepts it (in a table with more languages, ' +
      'it names only the texts it has not been worded in)',
    async () => {
      const r = await runKaryaInProcess(['validate', good]);
      // SPEECH is worded in English, Malay and Indonesian: a language a maintainer added since is a gap validate names.
      const unworded = langs().filter((code) => !['en', 'ms', 'id'].includes(code));
      const lines = r.stderr.split('\n').filter(Boolean);
      expect(lines.filter((line) => !unworded.some((code) => line.includes(`: has no ${code} text (`)))).toEqual([]);
      if (unworded.length === 0) expect(r.code).toBe(0);
    },
  );

  it('karya generate --set speechTitle=… --out x.md: the Markdown heading is the title given', async () => {
    const out = path.join(tmp, 'speech.md');
    const r = await runKaryaInProcess([
      'generate',
      'wedding-speech',
      '--set',
      'speechTitle=My Title',
      '--out',
      out,
      '--state',
      path.join(tmp, 'md.sqlite'),
    ]);
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8').split('\n')[0]).toBe('# My Title');
  });

  it('karya generate … --out x.epub: the EPUB is titled by it (dc:title and its title page)', async () => {
    const out = path.join(tmp, 'speech.epub');
    const r = await runKaryaInProcess([
      'generate',
      'wedding-speech',
      '--set',
      'speechTitle=Untuk Aisyah & Daniel',
      '--out',
      out,
      '--state',
      path.join(tmp, 'epub.sqlite'),
    ]);
    expect(r.code).toBe(0);
    const entries = readZip(readFileSync(out));
    expect(/<dc:title>([^<]*)<\/dc:title>/.exec(zipText(entries, 'OEBPS/content.opf'))?.[1]).toBe(
      'Untuk Aisyah &amp; Daniel',
    );
    expect(zipText(entries, 'OEBPS/title-page.xhtml')).toContain('<h1>Untuk Aisyah &amp; Daniel</h1>');
  });

  it('without a title given, the output is titled by its generator, as before', async () => {
    const out = path.join(tmp, 'untitled.md');
    const r = await runKaryaInProcess([
      'generate',
      'wedding-speech',
      '--out',
      out,
      '--state',
      path.join(tmp, 'untitled.sqlite'),
    ]);
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8').split('\n')[0]).toBe('# Wedding Speech Writer');
  });

  it("its content-history entry is titled by it, not by the text's first line", async () => {
    const catalog = loadCatalog({ generatorsDir: good });
    const spec = catalog.get('wedding-speech')!;
    const saves: StepSave[] = [];
    const memory = inMemoryProgressStore();
    const store: ProgressStore = {
      ...memory,
      saveStep: async (key, save) => {
        saves.push(save);
        await memory.saveStep(key, save);
      },
    };
    const session = await BookSession.open({
      spec,
      renderer: catalog.renderer,
      provider: createOfflineProvider(),
      store,
      key: 'speech',
      settings: parseSettings(spec, { language: 'ms', speechTitle: '  Ucapan Untuk Pengantin  ' }),
      totalChapters: 1,
      onFinished: 'restart',
    });
    await session.advance();
    expect(saves).toHaveLength(1);
    expect(stepHistoryTitle(spec, saves[0]!)).toBe('Ucapan Untuk Pengantin');
  });
});

describe('karya validate refuses a role the generator cannot use', () => {
  const IMAGE = `id: poster
preset: cover-image
title: { en: Poster, ms: Poster }
tagline: { en: A poster, ms: Sebuah poster }
image: { size: 1024x1024 }
fields:
  headline: { type: text, role: workingTitle, label: { en: Headline, ms: Tajuk Utama } }
prompts:
  brief: Draw a poster.
`;
  it.each([
    [
      'chapters',
      'a single-shot generator',
      'wedding-speech.yaml',
      SPEECH.replace('role: workingTitle', 'role: chapters'),
      'fields.speechTitle.role: "chapters" is not one of language, ' +
        'workingTitle (the roles of a generator of kind single)',
    ],
    [
      'chapterTitle',
      'a single-shot generator',
      'wedding-speech.yaml',
      SPEECH.replace('role: workingTitle', 'role: chapterTitle'),
      'fields.speechTitle.role: "chapterTitle" is not one of language, ' +
        'workingTitle (the roles of a generator of kind single)',
    ],
    [
      'workingTitle',
      'an image generator (a picture is titled by its bookTitle)',
      'poster.yaml',
      IMAGE,
      'fields.headline.role: "workingTitle" is not one of language, bookTitle, author, ' +
        'mainCharacter, genre, mood, colorScheme (the roles of a generator of kind image)',
    ],
  ])('role %s on %s: exit 1, file: path: message with the roles allowed', async (role, _kind, file, yaml, message) => {
    const dir = folder(`bad-${role}`, { [file]: yaml });
    const r = await runKaryaInProcess(['validate', dir]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toContain(`${path.join(dir, file)}: ${message}`);
  });
});
