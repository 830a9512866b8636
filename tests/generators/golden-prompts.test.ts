// Prompts unchanged in English and Malay: every request every generator sends the model, rendered with fixed
// inputs through the path a real run takes (BookSession asking a provider: the offline one, wrapped to record
// each request and turn it into the very body the OpenAI provider posts), is compared byte for byte with the
// text saved in tests/fixtures/golden-prompts (one file per generator and language). A change that moves
// prompts out of code (a language as data, a template reorganised) must leave every file here the same.
//
// The fixed inputs: each field's default; a text field that has an example (its placeholder, "e.g." taken off)
// gets that example in the book's language, a required one without an example what an author would type, any
// other stays empty; a year computed when the generator is compiled is fixed at 2026. The whole book is run at
// the shortest length it offers (every step and every story-bible update: a longer book repeats the chapter
// step and its bible update, at four times the fixture's size), and the prompts a real run sends only when an answer
// falls short (continuation,
// extension, the rest of a cut outline, the firm-language repeat, the folded bible update) are rendered for
// the first step of each kind.
//
// Updating the fixtures is a deliberate act: KARYA_UPDATE_GOLDEN=1 npx vitest run
// tests/generators/golden-prompts.test.ts
// (never in CI: there the variable is refused, so a run cannot bless its own output). A generator added by a YAML
// file writes its own fixtures, and only those, with KARYA_UPDATE_GOLDEN=new (generators/README.md): every fixture
// already written is still compared.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BookSession,
  FIRM_LANGUAGE_TEMPLATE,
  buildContext,
  inMemoryProgressStore,
  parseSettings,
  renderContinuation,
  renderExtension,
  renderMemoryUpdate,
  renderOutlineMore,
  renderPrompt,
  stateForStep,
  stepKey,
  stepPosition,
  type BookState,
  type Lang,
  type ResolvedSpec,
  type Step,
} from '../../engine/index.js';
import { chatBody, createOfflineProvider, imageBody } from '../../engine/providers/index.js';
import type { ImageRequest, TextRequest } from '../../engine/provider.js';
import { ROOT } from '../../engine/node/load.js';
import { repoCatalog } from '../catalog.js';

const FIXTURES = path.join(ROOT, 'tests/fixtures/golden-prompts');
const YEAR = 2026;
const isUpdate = process.env.KARYA_UPDATE_GOLDEN === '1';
/** KARYA_UPDATE_GOLDEN=new: the fixtures that are missing (a generator just added) are written, the others compared. */
const isAddingNew = process.env.KARYA_UPDATE_GOLDEN === 'new';
const catalog = repoCatalog();

/** The languages a generator writes in: its language field's en/ms options, or the one it is fixed to. */
function languagesOf(spec: ResolvedSpec): Lang[] {
  const field = spec.fields.find((f) => f.role === 'language');
  const offered = field?.options?.map((o) => o.value) ?? [spec.fixedLanguage ?? 'en'];
  return (['en', 'ms'] as const).filter((lang) => offered.includes(lang));
}

/** "e.g. Penang, Malaysia" → "Penang, Malaysia"; an instruction ("Leave blank for …") is no example. */
function exampleOf(placeholder: string | undefined): string {
  const match = placeholder?.match(/^(?:e\.g\.|cth\.)\s*(.+)$/);
  return match ? match[1]! : '';
}

/** What an author types where a required field gives no example (by field name). */
const TYPED: Record<string, Record<Lang, string>> = {
  bookTitle: { en: 'The Last Monsoon', ms: 'Monsun Terakhir' },
  title: { en: 'The Last Monsoon', ms: 'Monsun Terakhir' },
  authorName: { en: 'Siti Aminah Rahman', ms: 'Siti Aminah Rahman' },
  bookContent: {
    en:
      'A novel about Aisyah, a young teacher who returns to her home village ' +
      'in Kuala Selangor and finds an old letter from her late grandfather.',
    ms:
      'Sebuah novel tentang Aisyah, guru muda yang pulang ke kampung ' +
      'halamannya di Kuala Selangor dan menemui surat lama arwah datuknya.',
  },
};

/** The fixed inputs of a generator in a language; a book at the shortest length it offers. */
function fixedSettings(spec: ResolvedSpec, lang: Lang) {
  const raw: Record<string, unknown> = {};
  for (const f of spec.fields) {
    if (f.role === 'language') raw[f.name] = lang;
    else if (f.role === 'chapters') raw[f.name] = Math.min(...(f.options ?? []).map((o) => Number(o.value)));
    else if (f.type === 'text' || f.type === 'textarea')
      raw[f.name] = exampleOf(f.placeholder?.[lang]) || (f.required ? (TYPED[f.name]?.[lang] ?? '') : '');
    else if (f.type === 'number' && f.default === new Date().getFullYear()) raw[f.name] = YEAR;
  }
  return parseSettings(spec, raw);
}

/** A recorded request, as its text in the fixture: a heading naming it, then the body the provider posts. */
function textRequest(
  label: string,
  r: Pick<TextRequest, 'system' | 'user' | 'maxTokens' | 'temperature' | 'presencePenalty' | 'frequencyPenalty'>,
): string {
  const { model: _model, messages, ...params } = chatBody(r, '');
  const head = Object.entries(params)
    .map(([k, v]) => `${k} ${String(v)}`)
    .join(' · ');
  return [`=== ${label} · ${head}`, ...messages.flatMap((m) => [`--- ${m.role} ---`, m.content])].join('\n');
}

function imageRequest(label: string, r: Pick<ImageRequest, 'prompt' | 'size'>): string {
  const { model: _model, prompt, ...params } = imageBody(r, '');
  return [
    `=== ${label} · ${Object.entries(params)
      .map(([k, v]) => `${k} ${String(v)}`)
      .join(' · ')}`,
    '--- prompt ---',
    prompt,
  ].join('\n');
}

const nameOf = (step: Step) => stepKey(step);

/**
 * A request with the fake model's earlier answers it carries whole (a part in its bible update) named instead of
 * written out: the fixture holds what the code wrote, not the offline demo's text, which can change on its own.
 */
function withoutAnswers(text: string, answers: ReadonlyArray<{ label: string; text: string }>): string {
  let out = text;
  for (const a of answers) if (a.text.length > 200) out = out.split(a.text).join(`[the model's answer to ${a.label}]`);
  return out;
}

/** Every request of the whole book, in order, as a run sends them (its bible updates after each part). */
async function bookRequests(
  spec: ResolvedSpec,
  lang: Lang,
): Promise<{ texts: string[]; before: Array<{ state: BookState; step: Step }> }> {
  const offline = createOfflineProvider();
  const texts: string[] = [];
  const answers: Array<{ label: string; text: string }> = [];
  let current = '';
  const provider = {
    ...offline,
    generateText: async (r: TextRequest) => {
      const label = r.meta?.stepKind === 'memory' ? `story bible after ${current}` : current;
      texts.push(withoutAnswers(textRequest(label, r), answers));
      const result = await offline.generateText(r);
      answers.push({ label, text: result.text.trim() });
      return result;
    },
    generateImage: (r: ImageRequest) => {
      texts.push(imageRequest(current, r));
      return offline.generateImage(r);
    },
  };
  const settings = fixedSettings(spec, lang);
  const session = await BookSession.open({
    spec,
    renderer: catalog.renderer,
    provider,
    store: inMemoryProgressStore(),
    key: `golden-${spec.id}-${lang}`,
    settings,
    onFinished: 'keep',
  });
  const before: Array<{ state: BookState; step: Step }> = [];
  for (let step = session.next(); step; step = session.next()) {
    before.push({ state: session.state, step });
    current = nameOf(step);
    await session.advance();
    await session.remember();
  }
  return { texts, before };
}

const PART: Record<Lang, string> = {
  en: 'She closed the door of the wooden house slowly, and the evening wind carried the smell of the sea.',
  ms: 'Dia menutup pintu rumah kayu itu perlahan-lahan, dan angin petang membawa bau laut.',
};
const CUT_OUTLINE: Record<Lang, string> = {
  en: 'Title: The Letter\nChapter 1: Home\nShe comes home.',
  ms: 'Tajuk: Surat Itu\nBab 1: Pulang\nDia pulang ke kampung.',
};

/** The prompts sent only when an answer falls short, for the first step of each kind. */
function followUpRequests(spec: ResolvedSpec, lang: Lang, before: Array<{ state: BookState; step: Step }>): string[] {
  const renderer = catalog.renderer;
  const out: string[] = [];
  const seen = new Set<string>();
  for (const { state: saved, step } of before) {
    if (step.kind === 'image' || seen.has(step.kind)) continue;
    seen.add(step.kind);
    const state = stateForStep(spec, saved, stepPosition(step));
    const name = nameOf(step);
    const prompt = renderPrompt({ spec, renderer, state, step });
    out.push(
      textRequest(
        `${name}, continued after a cut answer`,
        renderContinuation({ spec, renderer, state, step, soFar: PART[lang]! }),
      ),
    );
    const firm = buildContext({ spec, state, step, renderer });
    out.push(
      textRequest(`${name}, asked again in its language`, {
        ...prompt,
        user: `${prompt.user}\n\n${renderer.renderTemplate(FIRM_LANGUAGE_TEMPLATE, firm)}`,
      }),
    );
    if (step.kind === 'outline') {
      out.push(
        textRequest(
          `${name}, the chapters a cut outline left out`,
          renderOutlineMore({ spec, renderer, state, soFar: CUT_OUTLINE[lang]!, from: 2, to: state.totalChapters }),
        ),
      );
    } else {
      out.push(
        textRequest(`${name}, lengthened`, renderExtension({ spec, renderer, state, step, soFar: PART[lang]! })),
      );
      const foldLines =
        lang === 'ms'
          ? '- Bab 1: Dia pulang.\n- Bab 2: Surat ditemui.'
          : '- Chapter 1: She comes home.\n- Chapter 2: The letter is found.';
      out.push(
        textRequest(
          `story bible after ${name}, folded and firm`,
          renderMemoryUpdate({ spec, renderer, state, step, text: PART[lang]!, foldLines, isFirm: true }),
        ),
      );
    }
  }
  return out;
}

async function rendered(spec: ResolvedSpec, lang: Lang): Promise<string> {
  const { texts, before } = await bookRequests(spec, lang);
  return `${[...texts, ...followUpRequests(spec, lang, before)].join('\n\n')}\n`;
}

const fileOf = (id: string, lang: Lang) => path.join(FIXTURES, `${id}.${lang}.txt`);

/** The first request (by its heading) where two renderings differ, so a failure names what changed. */
function firstDifference(want: string, got: string): string {
  const a = want.split(/\n(?==== )/);
  const b = got.split(/\n(?==== )/);
  const i = a.findIndex((part, k) => part !== b[k]);
  const at = i === -1 ? a.length : i;
  return `request ${at + 1} differs: ${(a[at] ?? b[at] ?? '').split('\n')[0]}`;
}

const cases = catalog.specs.flatMap((spec) => languagesOf(spec).map((lang) => ({ spec, lang })));

describe("golden prompts: every generator's prompts unchanged in English and Malay", () => {
  it('the update path is never taken in CI', () => {
    expect(
      (isUpdate || isAddingNew) && Boolean(process.env.CI),
      'KARYA_UPDATE_GOLDEN is refused in CI: the fixtures are written on purpose, by hand',
    ).toBe(false);
  });

  it(
    'covers every generator of the catalogue, in Malay too wherever ' +
      'they offer it, with one fixture each and none left over',
    () => {
      // The 41 of the product's list at least, 35 of them in Malay; one added by a YAML file brings its own fixtures.
      expect(catalog.specs.length).toBeGreaterThanOrEqual(41);
      expect(cases.filter((c) => c.lang === 'ms').length).toBeGreaterThanOrEqual(35);
      if (isUpdate || isAddingNew) return;
      const want = cases.map((c) => path.basename(fileOf(c.spec.id, c.lang))).sort();
      expect(
        readdirSync(FIXTURES)
          .filter((f) => f.endsWith('.txt'))
          .sort(),
      ).toEqual(want);
    },
  );

  it.each(cases.map((c) => [c.spec.id, c.lang, c.spec] as const))(
    '%s in %s: the same text as the fixture',
    async (id, lang, spec) => {
      const got = await rendered(spec, lang);
      const file = fileOf(id, lang);
      if (!process.env.CI && (isUpdate || (isAddingNew && !existsSync(file)))) {
        mkdirSync(FIXTURES, { recursive: true });
        writeFileSync(file, got);
        return;
      }
      expect(
        existsSync(file),
        `${file} is missing: a generator just added writes its own with ` +
          `KARYA_UPDATE_GOLDEN=new (generators/README.md), then review them`,
      ).toBe(true);
      const want = readFileSync(file, 'utf8');
      if (got !== want)
        expect.fail(
          `${id} (${lang}): ${firstDifference(want, got)}\n(if the change is meant, ` +
            `rewrite the fixtures with KARYA_UPDATE_GOLDEN=1 and review their diff)`,
        );
      expect(got).toContain(spec.kind === 'image' ? '--- prompt ---' : '--- user ---');
    },
  );
});
