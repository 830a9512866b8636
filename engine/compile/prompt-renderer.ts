// The handlebars environment prompts are rendered in: the shared partials, the helpers templates may call
// (eq, add, join, a/an), templates compiled once and lazily, and the rendered text tidied.

import Handlebars from 'handlebars';

/** Template sources by name: path under templates/ without .hbs (e.g. "book/chapter", "partials/settings"). */
export type TemplateSources = Readonly<Record<string, string>>;

export const HELPERS: Record<string, Handlebars.HelperDelegate> = {
  eq: (a: unknown, b: unknown) => String(a) === String(b),
  add: (a: unknown, b: unknown) => Number(a) + Number(b),
  join: (list: unknown, sep: unknown) => (Array.isArray(list) ? list.join(typeof sep === 'string' ? sep : ', ') : ''),
  /** `{{a labels.style}}`: "an Educational", "a Fun" (Malay has no article: the word alone). */
  a: (word: unknown, options: Handlebars.HelperOptions) => {
    const text = String(word ?? '');
    return (options?.data?.root as { isMalay?: boolean } | undefined)?.isMalay ? text : `${indefiniteArticle(text)} ${text}`;
  },
};

/** Words whose first letter misleads: a vowel sounding "yoo" or "w" (a Unique, a One-Pot), a silent h (an Hour). */
const A_BEFORE_VOWEL = /^(uni(?![nm])|us[eu]|ut[ei]|eu|one\b|once\b)/i;
const AN_BEFORE_CONSONANT = /^(hour|honest|honou?r|heir)/i;

/** "a" or "an" by the sound of the word that follows. */
export function indefiniteArticle(word: string): 'a' | 'an' {
  const w = word.trim();
  if (AN_BEFORE_CONSONANT.test(w)) return 'an';
  if (A_BEFORE_VOWEL.test(w)) return 'a';
  return /^[aeiou]/i.test(w) || /^(8|11|18)(?!\d)/.test(w) ? 'an' : 'a';
}
export const BUILTIN_BLOCKS = new Set(['if', 'unless', 'each', 'with']);

/** A handlebars environment with the shared partials and helpers; templates compile once, lazily. */
export class PromptRenderer {
  private readonly hb = Handlebars.create();
  private readonly compiled = new Map<string, Handlebars.TemplateDelegate>();
  private readonly compiledStrings = new Map<string, Handlebars.TemplateDelegate>();
  constructor(readonly templates: TemplateSources) {
    for (const [name, source] of Object.entries(templates)) {
      if (name.startsWith('partials/')) this.hb.registerPartial(name.slice('partials/'.length), source);
    }
    for (const [name, fn] of Object.entries(HELPERS)) this.hb.registerHelper(name, fn);
  }

  renderTemplate(name: string, context: object): string {
    let fn = this.compiled.get(name);
    if (!fn) {
      const source = this.templates[name];
      if (source === undefined) throw new Error(`template "${name}" does not exist under templates/`);
      fn = this.hb.compile(source, { noEscape: true, strict: false });
      this.compiled.set(name, fn);
    }
    return tidy(fn(context));
  }

  /**
   * Compile every template now rather than at its first step (~25 ms for the first, cold): a worker does
   * at its start, so that the first steps of its first books do not wait for it. Rendered once with no
   * context, which compiles a template and the partials it reaches; what such a render throws is ignored.
   */
  compileAll(): void {
    for (const name of Object.keys(this.templates)) {
      if (name.startsWith('partials/')) continue;
      try {
        this.renderTemplate(name, {});
      } catch {
        // Compiled; an empty context need not render.
      }
    }
  }

  renderString(source: string, context: object): string {
    // Briefs are rendered on every step; compiling each time cost ~1 ms a call (measured in `karya batch`).
    let fn = this.compiledStrings.get(source);
    if (!fn) {
      fn = this.hb.compile(source, { noEscape: true });
      this.compiledStrings.set(source, fn);
    }
    return tidy(fn(context));
  }
}

/** Rendered text without spaces at line ends and with at most one empty line in a row; each pass only where the text has one to make. */
function tidy(text: string): string {
  const ended = text.includes(' \n') || text.includes('\t\n') ? text.replace(/[ \t]+\n/g, '\n') : text;
  return (ended.includes('\n\n\n') ? ended.replace(/\n{3,}/g, '\n\n') : ended).trim();
}
