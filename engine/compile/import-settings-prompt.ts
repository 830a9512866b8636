// The request that reads an imported manuscript's own settings (its period, place, point of view, tone, and
// the generator's select and text fields): an excerpt of the manuscript, each field the reading may choose
// with the values the compiled spec allows, and a JSON shape to answer in (templates/import-settings.hbs).
import type { ResolvedField, ResolvedSpec } from '../spec/types.js';
import { firstWords, lastWords } from '../words.js';
import { isFieldVisible } from './schema.js';
import type { BookState } from './flow.js';
import { IMPORT_SETTINGS_TEMPLATE, type PromptRenderer, type RenderedPrompt } from './prompt.js';
import { renderStructured } from './audit-prompt.js';
import { catalogue, sayer, wordIn } from '../languages/index.js';

/** Words of the manuscript the reading is sent: its opening, and the end of its last chapter. */
export const SETTINGS_EXCERPT_WORDS = { opening: 1200, ending: 400 } as const;
/** Words the answer may take (a JSON object of a few short values and a premise). */
export const SETTINGS_ANSWER_WORDS = 350;
/**
 * Roles a reading never sets: the book's language and length come from the writer and the file, the title from the
 * file.
 */
const NOT_READ = new Set(['language', 'chapters', 'chapterTitle', 'workingTitle']);

/**
 * The fields a manuscript's reading may choose: visible selects with options, and text fields (the premise, the
 * characters).
 */
export function readableFields(spec: ResolvedSpec, settings: Readonly<Record<string, unknown>>): ResolvedField[] {
  return (spec.fields as readonly ResolvedField[]).filter(
    (f) =>
      !(f.role && NOT_READ.has(f.role)) &&
      isFieldVisible(f, settings) &&
      ((f.type === 'select' && (f.options?.some((o) => o.value !== '') ?? false)) ||
        f.type === 'text' ||
        f.type === 'textarea'),
  );
}

/** How the request names a text field's allowed values (catalogue `import-settings`). */
const FREE_TEXT = catalogue('import-settings', ['freeText']);
const freeTextWord = sayer(FREE_TEXT);

/** One line a field: its name, label and the values allowed (a select's) or how long its text may be. */
export function settingChoicesOf(spec: ResolvedSpec, state: Pick<BookState, 'settings' | 'lang'>): string {
  const { lang } = state;
  return readableFields(spec, state.settings)
    .map((f) => {
      const allowed =
        f.type === 'select'
          ? (f.options ?? [])
              .filter((o) => o.value !== '')
              .map((o) => `"${o.value}" (${wordIn(o.label, lang, `${spec.id} ${f.name}`)})`)
              .join(', ')
          : freeTextWord('freeText', lang, { max: f.maxLength ?? 400 });
      return `- ${f.name} (${wordIn(f.label, lang, `${spec.id} ${f.name}`)}): ${allowed}`;
    })
    .join('\n');
}

/** The manuscript's excerpt: the opening of its first part with text, and the end of its last. */
function excerptOf(content: readonly string[]): string {
  const parts = content.filter((t) => t.trim());
  const opening = firstWords(parts[0] ?? '', SETTINGS_EXCERPT_WORDS.opening);
  return parts.length > 1 ? `${opening}\n\n[…]\n\n${lastWords(parts.at(-1)!, SETTINGS_EXCERPT_WORDS.ending)}` : opening;
}

/** The reading's request, for an imported book (its parts the manuscript's, its settings the writer's so far). */
export function renderImportSettings(input: {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  state: BookState;
}): RenderedPrompt {
  return renderStructured(
    { ...input, step: { kind: 'outline' } },
    {
      template: IMPORT_SETTINGS_TEMPLATE,
      extra: { newPart: excerptOf(input.state.content), settingChoices: settingChoicesOf(input.spec, input.state) },
      words: SETTINGS_ANSWER_WORDS,
      stepKind: 'import-settings',
    },
  );
}
