// Every generator in every language of the table, Indonesian included (read here even while its table is a
// draft): labels, options, briefs and formats each have a text per language; the language field lists the
// table's languages by their names; tense is offered where the language's verbs mark it; and what an
// Indonesian writer and model read is Indonesian, not Malaysian Malay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLanguages } from '../../engine/node/languages.js';
import { langs, setLanguageSource } from '../../engine/languages/index.js';
import { repoCatalog } from '../catalog.js';
import {
  isFieldVisible,
  generatorLanguageGaps,
  parseSettings,
  type Catalog,
  type ResolvedSpec,
} from '../../engine/index.js';

let catalog: Catalog;
beforeAll(() => {
  setLanguageSource(() => readLanguages(undefined, { ...process.env, KARYA_DRAFT_LANGUAGES: '1' }));
  catalog = repoCatalog();
});
afterAll(() => {
  setLanguageSource(() => readLanguages());
});

const romance = () => catalog.get('romance')!;

/**
 * Spellings and words of Malaysian Malay that standard Indonesian writes otherwise (karena, bahwa, saja, uang, Anda,
 * judul…).
 */
const MALAYSIAN =
  // One pattern: its word list in two halves, each a regex of its own, for the line's length.
  new RegExp(
    `\\b(${/kerana|bahawa|sahaja|wang|pejabat|baharu|perenggan|cth\.|patah perkataan|Penjana|[Tt]ajuk/.source}` +
      `|${/kanak-kanak|haiwan|kesihatan|bajet|minit|sukan|kerjaya|ialah|kerajaan|anda/.source})\\b`,
  );

/** Every text of a generator in one language: what its form shows and what its model reads. */
function textsIn(spec: ResolvedSpec, lang: string): string[] {
  const p = spec.prompts;
  const out = [
    spec.title,
    spec.tagline,
    spec.typeLabel,
    spec.buttonLabel,
    p.outputName,
    p.format,
    p.chapterFormat,
    ...Object.values(p.sectionFormats ?? {}),
  ];
  for (const f of spec.fields)
    out.push(f.label, f.help, f.placeholder, ...(f.options ?? []).flatMap((o) => [o.label, o.description]));
  for (const s of spec.flow.sections ?? []) out.push(s.label, s.description);
  return [...out.map((b) => b?.[lang]), p.brief[lang]].filter((t): t is string => !!t);
}

describe('every generator in every language of the table', () => {
  it('has a text for each language wherever it has one for English: karya validate finds no gap', () => {
    expect(langs()).toContain('id');
    expect(generatorLanguageGaps(catalog.specs)).toEqual([]);
    for (const spec of catalog.specs) {
      const language = spec.fields.find((f) => f.role === 'language');
      if (language)
        expect(
          language.options!.map((o) => o.value),
          spec.id,
        ).toEqual(langs());
    }
  });

  it("the language field lists the table's languages, each named the way the writer's language names it", () => {
    const options = romance().fields.find((f) => f.role === 'language')!.options!;
    const name = (code: string, ui: string) => options.find((o) => o.value === code)!.label[ui];
    expect([name('en', 'en'), name('ms', 'en'), name('en', 'ms'), name('ms', 'ms')]).toEqual([
      'English',
      'Bahasa Malaysia',
      'Bahasa Inggeris',
      'Bahasa Malaysia',
    ]);
    expect([name('id', 'id'), name('en', 'id'), name('ms', 'id'), name('id', 'ms')]).toEqual([
      'Bahasa Indonesia',
      'Bahasa Inggris',
      'Bahasa Melayu (Malaysia)',
      'Bahasa Indonesia',
    ]);
  });

  it('tense is asked for an English book only: Malay and Indonesian verbs do not mark it', () => {
    const spec = romance();
    const tense = spec.fields.find((f) => f.name === 'tense')!;
    const visible = (language: string) => isFieldVisible(tense, { ...parseSettings(spec, { language }) });
    expect([visible('en'), visible('ms'), visible('id')]).toEqual([true, false, false]);
  });

  it('an Indonesian book is asked for in Indonesian: romance takes --lang id and its brief is Indonesian', () => {
    const spec = romance();
    expect(parseSettings(spec, { language: 'id', heatLevel: 'mild' })).toMatchObject({
      language: 'id',
      heatLevel: 'mild',
    });
    expect(spec.prompts.brief.id).toContain('Ini adalah novel romansa jenis {{labels.romanceType}}');
    expect(spec.fields.find((f) => f.name === 'heatLevel')!.options!.map((o) => o.label.id)).toEqual([
      'Manis (bersih)',
      'Agak Ringan',
      'Sedang',
      'Panas',
    ]);
  });

  it('no Indonesian text of any generator uses a Malaysian word or spelling', () => {
    const found = catalog.specs.flatMap((spec) =>
      textsIn(spec, 'id')
        .filter((t) => MALAYSIAN.test(t))
        .map((t) => `${spec.id}: ${t.match(MALAYSIAN)![0]} in "${t.slice(0, 80)}"`),
    );
    expect(found).toEqual([]);
    // The same check finds the Malay texts' words, so it is not empty by construction.
    expect(catalog.specs.some((spec) => textsIn(spec, 'ms').some((t) => MALAYSIAN.test(t)))).toBe(true);
  });
});
