// An Indonesian book's prompts, as the model reads them: every instruction in Bahasa Indonesia (baku), none of
// Malaysian Malay's words and no English instruction block. Indonesian is a draft of the table until every area
// has worded it; this file reads the table with drafts so it runs the same before and after that line goes.
import { afterAll, describe, expect, it } from 'vitest';
import { isLang, setLanguageSource, type Lang } from '../../engine/languages/index.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import { repoCatalog } from '../catalog.js';
import { renderPrompt } from '../../engine/compile/prompt.js';
import { parseSettings } from '../../engine/compile/schema.js';
import { windowRequest } from '../../engine/session/translate/prompt.js';
import type { BookState } from '../../engine/compile/flow.js';
import type { ResolvedSpec } from '../../engine/spec/types.js';

const withDrafts = !isLang('id');
if (withDrafts)
  setLanguageSource(() => readLanguages(languageFolders(), { ...process.env, KARYA_DRAFT_LANGUAGES: '1' }));
afterAll(() => {
  if (withDrafts) setLanguageSource(() => readLanguages());
});

const catalog = repoCatalog();

/** Words only Malaysian Malay writes where Indonesian writes another (karena, bahwa, saja, bagian, kata …). */
const MALAY_WORDS =
  // One pattern: its word list in two halves, each a regex of its own, for the line's length.
  new RegExp(
    `\\b(${/kerana|bahawa|sahaja|mahu|fikir|faham|wang|pejabat|ialah|bahagian|perenggan|patah perkataan/.source}` +
      `|${/setakat|watak|rangka|jawapan|keseluruhan|daripada|bagi sebuah|kekalkan|tetapan/.source})\\b`,
    'i',
  );
/** The English instruction words a prompt in English is made of. */
const ENGLISH_WORDS = /\b(the|write|chapter|answer|whole|about|words|outline|do not|with|of)\b/i;

function bookState(spec: ResolvedSpec, totalChapters: number, content: string[]): BookState {
  const lang = spec.fields.find((f) => f.role === 'language');
  const chapters = spec.fields.find((f) => f.role === 'chapters');
  // What an Indonesian writer types where the generator asks for a name it cannot default.
  const typed = Object.fromEntries(
    spec.fields
      .filter((f) => f.required && (f.type === 'text' || f.type === 'textarea'))
      .map((f) => [f.name, 'Sari Wulandari']),
  );
  const settings = parseSettings(spec, {
    ...typed,
    ...(lang ? { [lang.name]: 'id' } : {}),
    ...(chapters ? { [chapters.name]: totalChapters } : {}),
  });
  return {
    generatorId: spec.id,
    settings,
    lang: 'id' as Lang,
    totalChapters,
    content,
    currentChapter: content.length,
    isLocked: content.length > 0,
    outline:
      'Judul: Lentera Pelabuhan\nPremis: Sari harus menyelamatkan toko buku ayahnya.\n\n' +
      'Bab 1: Badai\nSari pulang ke Makassar.\n\nBab 2: Surat\nSari menemukan surat lama.',
    memory: '## Tokoh\n- Sari | pemilik toko buku | cemas | Bab 1',
  };
}

function book(id: string): ResolvedSpec {
  const spec = catalog.get(id);
  if (spec?.kind !== 'book') throw new Error(`${id} is not a book generator`);
  return spec;
}

/** A guide book (its chapters written from templates/guide/chapter.hbs). */
function guide(): ResolvedSpec {
  const spec = catalog.specs.find(
    (s) => s.kind === 'book' && s.prompts.chapter === 'guide/chapter' && !s.flow.sections,
  );
  if (spec?.kind !== 'book') throw new Error('no guide book generator');
  return spec;
}

function expectIndonesian(text: string): void {
  expect(text).not.toMatch(MALAY_WORDS);
  expect(text).not.toMatch(ENGLISH_WORDS);
}

describe('an Indonesian book asks the model in Indonesian', () => {
  it('a romance chapter: the language line says Bahasa Indonesia, nothing in Malay or English', () => {
    const spec = book('romance');
    const prompt = renderPrompt({
      spec,
      renderer: catalog.renderer,
      state: bookState(spec, 5, ['Pendahuluan.', 'Bab satu.']),
      step: { kind: 'chapter', position: 2 },
    });
    expect(prompt.user).toContain('Tulis Bab 2 dari 5 bab');
    expect(prompt.user).toContain('Tulis seluruh jawaban dalam Bahasa Indonesia (bahasa Indonesia baku)');
    expect(prompt.user).toContain('Catatan cerita sejauh ini');
    expect(prompt.system).toContain('Anda adalah penulis dan editor ahli');
    expectIndonesian(prompt.user);
    expectIndonesian(prompt.system);
  });

  it('an outline: its labels are Indonesian (Judul, Tokoh utama, Bab 1) and it asks for Bahasa Indonesia', () => {
    const spec = book('romance');
    const state = { ...bookState(spec, 5, []), outline: undefined };
    const prompt = renderPrompt({ spec, renderer: catalog.renderer, state, step: { kind: 'outline' } });
    expect(prompt.user).toMatch(/^Buat kerangka cerita yang terperinci/);
    expect(prompt.user).toContain('\nJudul: judul kerja buku ini');
    expect(prompt.user).toContain('\nTokoh utama: satu baris untuk setiap tokoh');
    expect(prompt.user).toContain('Tulis seluruh jawaban dalam Bahasa Indonesia');
    expectIndonesian(prompt.user);
  });

  it('a guide chapter: taught in Indonesian, in words (kata), not in patah perkataan', () => {
    const spec = guide();
    const prompt = renderPrompt({
      spec,
      renderer: catalog.renderer,
      state: bookState(spec, 5, ['Pendahuluan.', 'Bab satu.']),
      step: { kind: 'chapter', position: 2 },
    });
    expect(prompt.user).toContain('Ajarkan dengan penjelasan yang jelas');
    expect(prompt.user).toMatch(/Tulis sekitar \d+ kata\./);
    expect(prompt.user).toContain('Tulis seluruh jawaban dalam Bahasa Indonesia');
    expectIndonesian(prompt.user);
  });

  it(
    'the translation of an English edition into Indonesian ' +
      'names both languages in Indonesian and keeps the glossary',
    () => {
      const request = windowRequest({
        renderer: catalog.renderer,
        from: 'en',
        to: 'id',
        hasTitle: false,
        paragraphs: ['Aisha opened the shop at dawn.', 'The harbour was quiet.'],
        glossary: [{ term: 'Harbour Lights', rendering: 'Lentera Pelabuhan' }],
        cast: [{ name: 'Aisha', gender: 'female' }],
      });
      expect(request.system).toContain(
        'menerjemahkan novel dari bahasa Inggris ke dalam Bahasa ' +
          'Indonesia (bahasa Indonesia baku, bukan bahasa Melayu Malaysia)',
      );
      expect(request.user).toContain(
        'Terjemahkan 2 paragraf di bawah ini dari bahasa Inggris ke dalam Bahasa Indonesia',
      );
      expect(request.user).toContain('- Harbour Lights → Lentera Pelabuhan');
      expect(request.user).toContain('- Aisha: perempuan');
      // Only the source paragraphs and the glossary's own term are English.
      expectIndonesian(request.user.replace(/Paragraf sumber:[\s\S]*$/, '').replace('Harbour Lights', ''));
      expectIndonesian(request.system);
    },
  );
});
