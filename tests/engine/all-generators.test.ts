// The shared suite: every generators/*.yaml parses, compiles every artefact, renders every prompt with
// default settings in en and ms with no unresolved variable, and walks its flow to the conclusion for
// every chapter-count option.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog, ROOT } from '../../engine/node/load.js';
import { catalogFromSpecs } from '../../engine/catalog.js';
import { precompileTemplates } from '../../engine/compile/prompt.js';
import {
  applyStep,
  compileForm,
  compileSettingsSchema,
  defaultSettings,
  nextStep,
  parseSettings,
  stepsFor,
  progress,
  renderPrompt,
  startBook,
  stepLabel,
  buttonLabel,
  templatesUsed,
  type ResolvedSpec,
  type Settings,
  type Lang,
} from '../../engine/index.js';

const catalog = loadCatalog();
// The same generators with their templates compiled ahead, as a command reads them from the catalog cache.
const briefs = catalog.specs
  .flatMap((s) => [
    s.prompts.brief,
    s.prompts.format,
    s.prompts.chapterFormat,
    ...Object.values(s.prompts.sectionFormats ?? {}),
  ])
  .flatMap((b) => (b ? Object.values(b) : []));
const ahead = catalogFromSpecs(
  catalog.specs,
  catalog.renderer.templates,
  precompileTemplates(catalog.renderer.templates, briefs),
);
const files = readdirSync(path.join(ROOT, 'generators')).filter((f) => f.endsWith('.yaml') && !f.startsWith('_'));

/** Settings that satisfy required text fields (defaults leave them empty on purpose). */
function filledSettings(spec: ResolvedSpec, lang: Lang): Settings {
  const raw: Record<string, unknown> = {};
  for (const f of spec.fields) {
    if (f.role === 'language') raw[f.name] = lang;
    else if ((f.type === 'text' || f.type === 'textarea') && f.role !== 'chapterTitle')
      raw[f.name] = `Sample ${f.name}`;
  }
  return parseSettings(spec, raw);
}

function langsOf(spec: ResolvedSpec): Lang[] {
  return spec.fields.some((f) => f.role === 'language') ? ['en', 'ms'] : [spec.fixedLanguage];
}

function chapterCounts(spec: ResolvedSpec): Array<number | undefined> {
  const field = spec.fields.find((f) => f.role === 'chapters');
  return field ? field.options!.map((o) => Number(o.value)) : [undefined];
}

describe('every generator file', () => {
  it('is loaded (one compiled generator per YAML file)', () => {
    expect(catalog.specs.map((s) => `${s.id}.yaml`).sort()).toEqual([...files].sort());
  });

  for (const spec of catalog.specs) {
    describe(spec.id, () => {
      it('compiles a settings schema whose defaults are valid', () => {
        const schema = compileSettingsSchema(spec);
        const defaults = defaultSettings(spec);
        const required = spec.fields.filter((f) => f.required);
        const result = schema.safeParse(defaults);
        if (required.length === 0) expect(result.success).toBe(true);
        else expect(result.success).toBe(false);
        for (const lang of langsOf(spec)) expect(() => filledSettings(spec, lang)).not.toThrow();
      });

      it('compiles a JSON-serialisable form model with labels in en and ms', () => {
        const form = compileForm(spec);
        expect(JSON.parse(JSON.stringify(form))).toEqual(form);
        for (const f of form.fields) {
          expect(f.label.en && f.label.ms, f.name).toBeTruthy();
          for (const o of f.options ?? []) expect(o.label.en && o.label.ms, `${f.name}.${o.value}`).toBeTruthy();
        }
        expect(spec.title.ms).toBeTruthy();
        expect(spec.tagline.ms).toBeTruthy();
      });

      it('names only templates that exist', () => {
        for (const t of templatesUsed(spec)) expect(catalog.renderer.templates[t], t).toBeDefined();
      });

      for (const lang of langsOf(spec)) {
        it(`renders every prompt in ${lang} with every setting and no unresolved variable`, () => {
          const settings = filledSettings(spec, lang);
          let state = startBook({
            spec,
            settings,
            totalChapters: spec.kind === 'book' && !spec.flow.sections ? 3 : undefined,
          });
          for (let step = nextStep(spec, state); step; step = nextStep(spec, state)) {
            const p = renderPrompt({ spec, renderer: catalog.renderer, state, step });
            // Compiled ahead, every prompt is the same, word for word.
            expect(
              renderPrompt({ spec, renderer: ahead.renderer, state, step }),
              `${step.kind} prompt compiled ahead`,
            ).toEqual(p);
            const all = `${p.system}\n${p.user}`;
            expect(p.user.trim().length, `${step.kind} prompt`).toBeGreaterThan(20);
            expect(all).not.toMatch(/\{\{|\}\}|undefined|\[object Object\]|NaN/);
            if (spec.kind !== 'image') expect(all).toContain(lang === 'ms' ? 'Bahasa Malaysia' : 'English');
            for (const f of spec.fields) {
              if (!f.inPrompt || f.role === 'language') continue;
              const v = settings[f.name];
              if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) continue;
              // Settings reach the prompt in the book's language (Malay labels in a Malay book).
              const shown = f.options
                ? (Array.isArray(v) ? v : [v]).map(
                    (x) => f.options!.find((o) => String(o.value) === String(x))!.label[lang],
                  )
                : typeof v === 'boolean'
                  ? [v ? (lang === 'ms' ? 'Ya' : 'Yes') : lang === 'ms' ? 'Tidak' : 'No']
                  : [String(v)];
              for (const s of shown) expect(p.user, `${f.name} reaches the ${step.kind} prompt`).toContain(s);
            }
            state = applyStep(spec, state, step, `Text of ${step.kind}.`);
          }
        });
      }

      if (spec.kind === 'book') {
        for (const count of chapterCounts(spec)) {
          it(`walks the flow to the conclusion with ${count ?? 'its fixed'} chapters`, () => {
            const settings = filledSettings(spec, 'en');
            let state = startBook({ spec, settings: count ? { ...settings, numberOfChapters: count } : settings });
            const plan = stepsFor(spec, state.totalChapters);
            const seen: string[] = [];
            for (let step = nextStep(spec, state); step; step = nextStep(spec, state)) {
              seen.push(stepLabel(step, 'en', spec));
              expect(buttonLabel(spec, step, 'en')).toMatch(/^Generate /);
              state = applyStep(spec, state, step, `Part ${seen.length}`);
              const p = progress(spec, state);
              expect(p.current).toBeLessThanOrEqual(p.total);
            }
            expect(seen.length).toBe(plan.length);
            expect(seen.at(-1)).toBe('Conclusion');
            expect(seen).toContain('Introduction');
            expect(progress(spec, state).ratio).toBe(1);
            const chapters = seen.length - 2 - (spec.flow.outline !== 'none' ? 1 : 0);
            const total = state.totalChapters;
            expect(chapters).toBe(spec.flow.conclusion === 'replaces-last' ? total - 1 : total);
          });
        }
      }
    });
  }
});

// A worker compiles every template at its start (PromptRenderer.compileAll): the prompts are the same after it.
describe('compiling every template ahead', () => {
  it('leaves every first-step prompt as it renders without it, in en and ms', () => {
    const warmed = loadCatalog({ fresh: true });
    warmed.renderer.compileAll();
    for (const spec of catalog.specs) {
      for (const lang of langsOf(spec)) {
        const state = startBook({ spec, settings: filledSettings(spec, lang) });
        const step = nextStep(spec, state)!;
        const warm = renderPrompt({ spec: warmed.get(spec.id)!, renderer: warmed.renderer, state, step });
        expect(warm, `${spec.id} ${lang}`).toEqual(renderPrompt({ spec, renderer: catalog.renderer, state, step }));
      }
    }
  });
});
