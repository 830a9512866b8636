// The resolver's language stage (resolve.ts resolveSpec): every text of a generator kept for the languages of
// the table (a text for a language the table does not hold, a draft left out, is not served), and each
// language checked whole. A generator lacking a text for a language is refused for that language only: its
// language field stops offering it (so `--lang` and the studio say which languages it offers) and `karya
// validate` lists each gap by path and language. Nothing is ever shown in another language in its place.
import type { Bilingual, Lang, ResolvedField, ResolvedFlow, ResolvedPrompts, ResolvedSpec } from './types.js';
import { langs } from '../languages/index.js';

/** The texts a language lacks, by path (`fields.heatLevel.options.2.label`). */
export type LanguageGaps = Readonly<Record<Lang, readonly string[]>>;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

class Walk {
  readonly gaps = new Map<Lang, string[]>();
  constructor(readonly offered: readonly Lang[]) {}

  /** A text shown to the writer (a label, a title): wanted in every language of the table. */
  ui(b: Bilingual, path: string): Bilingual {
    return this.keep(b, path, langs());
  }
  /** A text the model reads (a brief, a format): wanted in every language the generator writes. */
  output(b: Bilingual, path: string): Bilingual {
    return this.keep(b, path, this.offered);
  }
  optUi(b: Bilingual | undefined, path: string): Bilingual | undefined {
    return b === undefined ? undefined : this.ui(b, path);
  }
  private keep(b: Bilingual, path: string, wanted: readonly Lang[]): Bilingual {
    for (const lang of wanted) if (!b[lang]) this.gap(lang, path);
    return Object.fromEntries(
      langs()
        .filter((l) => b[l] !== undefined)
        .map((l) => [l, b[l]!]),
    );
  }
  gap(lang: Lang, path: string): void {
    const list = this.gaps.get(lang) ?? [];
    list.push(path);
    this.gaps.set(lang, list);
  }
}

function fieldTexts(f: ResolvedField, w: Walk): ResolvedField {
  const at = `fields.${f.name}`;
  const out: Mutable<ResolvedField> = { ...f, label: w.ui(f.label, `${at}.label`) };
  if (f.help) out.help = w.ui(f.help, `${at}.help`);
  if (f.placeholder) out.placeholder = w.ui(f.placeholder, `${at}.placeholder`);
  if (f.options) {
    out.options = f.options.map((o, i) => ({
      ...o,
      label: w.ui(o.label, `${at}.options.${i}`),
      description: w.optUi(o.description, `${at}.options.${i}.description`),
    }));
  }
  return out;
}

function flowTexts(flow: ResolvedFlow, w: Walk): ResolvedFlow {
  if (!flow.sections) return flow;
  return {
    ...flow,
    sections: flow.sections.map((s, i) => ({
      ...s,
      label: w.ui(s.label, `flow.sections.${i}.label`),
      description: w.optUi(s.description, `flow.sections.${i}.description`),
    })),
  };
}

function promptTexts(p: ResolvedPrompts, w: Walk, hasBrief: boolean): ResolvedPrompts {
  const out: Mutable<ResolvedPrompts> = { ...p, outputName: w.ui(p.outputName, 'prompts.outputName') };
  // A generator without a brief (the test page) has '' in every language: nothing is missing.
  out.brief = hasBrief ? w.output(p.brief, 'prompts.brief') : p.brief;
  if (p.format) out.format = w.output(p.format, 'prompts.format');
  if (p.chapterFormat) out.chapterFormat = w.output(p.chapterFormat, 'prompts.chapterFormat');
  if (p.sectionFormats)
    out.sectionFormats = Object.fromEntries(
      Object.entries(p.sectionFormats).map(([id, f]) => [id, w.output(f, `flow.sections.${id}.format`)]),
    );
  return out;
}

/**
 * Keep a resolved spec's texts to the table's languages and find what each language lacks; the language
 * field offers only the languages the generator is whole in.
 * @example withLanguages(spec, ['en', 'ms', 'id']).languageGaps // { id: ['fields.heatLevel.label'] }
 */
export function withLanguages(spec: ResolvedSpec, offered: readonly Lang[], hasBrief: boolean): ResolvedSpec {
  const w = new Walk(offered.filter((l) => langs().includes(l)));
  const out: Mutable<ResolvedSpec> = {
    ...spec,
    title: w.ui(spec.title, 'title'),
    tagline: w.ui(spec.tagline, 'tagline'),
    typeLabel: w.ui(spec.typeLabel, 'typeLabel'),
    fields: spec.fields.map((f) => fieldTexts(f, w)),
    flow: flowTexts(spec.flow, w),
    prompts: promptTexts(spec.prompts, w, hasBrief),
  };
  if (spec.buttonLabel) out.buttonLabel = w.ui(spec.buttonLabel, 'buttonLabel');
  const rates = spec.model.budget?.tokensPer;
  if (rates) for (const lang of w.offered) if (!rates[lang]) w.gap(lang, 'model.budget.per');
  if (w.gaps.size === 0) return out;
  out.languageGaps = Object.fromEntries(
    langs()
      .filter((l) => w.gaps.has(l))
      .map((l) => [l, w.gaps.get(l)!]),
  );
  out.fields = out.fields.map((f) =>
    f.role === 'language' && f.options ? { ...f, options: f.options.filter((o) => !w.gaps.has(String(o.value))) } : f,
  );
  return out;
}

/** The languages a generator writes and shows whole: the table's, less those it has gaps in. */
export function specLanguages(spec: Pick<ResolvedSpec, 'languageGaps'>): Lang[] {
  return langs().filter((l) => !spec.languageGaps?.[l]);
}

/** A text a generator lacks in a language of the table: where, and the languages it still offers. */
export interface GeneratorLanguageGap {
  readonly file: string;
  readonly path: string;
  readonly generator: string;
  readonly lang: Lang;
  /** The languages the generator is whole in (none when it lacks a text in each). */
  readonly offers: readonly Lang[];
}

/**
 * Each gap as `karya validate` names it (in the writer's language: cli/commands/validate.ts): the generator's file,
 * the path and the language, and the languages it does offer.
 * @example generatorLanguageGaps(specs) // [{ file: 'generators/x.yaml', path: 'fields.tone.label', generator: 'x',
 * lang: 'id', offers: ['en', 'ms'] }]
 */
export function generatorLanguageGaps(specs: readonly ResolvedSpec[]): GeneratorLanguageGap[] {
  return specs.flatMap((spec) => {
    const offers = specLanguages(spec);
    return Object.entries(spec.languageGaps ?? {}).flatMap(([lang, paths]) =>
      paths.map((path) => ({ file: spec.file, path, generator: spec.id, lang, offers })),
    );
  });
}
