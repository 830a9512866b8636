// The handlebars environment prompts are rendered in: the shared partials, the helpers templates may call
// (eq, add, join, a/an, and wording: a block of the book's language), templates compiled once and lazily, and
// the rendered text tidied.

import Handlebars from 'handlebars';
import { langs } from '../languages/index.js';
import { promptWording, wordingBlock } from './prompt-wording.js';

type TemplateSpecification = Parameters<typeof Handlebars.template>[0];

/** Template sources by name: path under templates/ without .hbs (e.g. "book/chapter", "partials/settings"). */
export type TemplateSources = Readonly<Record<string, string>>;

/**
 * Templates compiled ahead (Handlebars.precompile: each template's code as a JavaScript object literal), by
 * name, with the Handlebars version that compiled them. A command's first prompts then need no compiling:
 * parsing and compiling the templates and partials a book's first step reaches cost its first call ~40 ms.
 */
export interface PrecompiledTemplates {
  version: string;
  templates: Readonly<Record<string, string>>;
  /** Strings rendered as templates (renderString: a generator's brief and formats), by their text. */
  strings?: Readonly<Record<string, string>>;
}

/**
 * Every template and partial of `templates`, and each of `strings` (the generators' briefs and formats, which
 * renderString renders), compiled ahead (see PrecompiledTemplates); one that does not compile is left to
 * compile when it is used (where its error is reported).
 */
export function precompileTemplates(templates: TemplateSources, strings: Iterable<string> = []): PrecompiledTemplates {
  // The languages' blocks too, by their text: a block edited since is simply compiled where it is used.
  const blocks = langs().flatMap((code) => Object.values(promptWording(code).blocks));
  const texts = precompileStrings([...strings, ...blocks]);
  return {
    version: Handlebars.VERSION,
    templates: compiledEach([...Object.entries(templates), [SETUP_KEY, SETUP_SOURCE]], COMPILE_OPTIONS),
    ...(Object.keys(texts).length ? { strings: texts } : {}),
  };
}

/** Strings rendered as templates (renderString), compiled ahead by their text, as PrecompiledTemplates' strings. */
export function precompileStrings(strings: Iterable<string>): Record<string, string> {
  return compiledEach(
    [...new Set(strings)].map((s) => [s, s]),
    STRING_OPTIONS,
  );
}

function compiledEach(entries: Iterable<[string, string]>, options: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, source] of entries) {
    try {
      out[key] = Handlebars.precompile(source, options) as string;
    } catch {
      // Compiled where it is used.
    }
  }
  return out;
}

export const HELPERS: Record<string, Handlebars.HelperDelegate> = {
  eq: (a: unknown, b: unknown) => String(a) === String(b),
  add: (a: unknown, b: unknown) => Number(a) + Number(b),
  join: (list: unknown, sep: unknown) => (Array.isArray(list) ? list.join(typeof sep === 'string' ? sep : ', ') : ''),
  /**
   * `{{a labels.style}}`: "an Educational", "a Fun"; the word alone in a language without articles (the table's
   * `indefiniteArticle`).
   */
  a: (word: unknown, options: Handlebars.HelperOptions) => {
    const text = String(word ?? '');
    return promptWording(langOf(options)).indefiniteArticle ? `${indefiniteArticle(text)} ${text}` : text;
  },
};

/**
 * The helper every template calls for a piece of its book's language: `{{wording "chapter.opening"}}`
 * (prompt-wording.ts).
 */
export const WORDING_HELPER = 'wording';

/**
 * The helpers a template may call (HELPERS and the wording, besides Handlebars' own blocks), told to the compiler:
 * a helper's call is compiled as a call of it, and a plain `{{name}}` as a read of the context, where the
 * compiled code asked at every render whether the name was a helper first (checkTemplates refuses any other helper).
 */
const KNOWN_HELPERS = {
  knownHelpers: Object.fromEntries([...Object.keys(HELPERS), WORDING_HELPER].map((name) => [name, true])),
  knownHelpersOnly: true,
} as const;

/** How every template and partial is compiled: values as they are (prompts are not HTML), a missing one empty. */
const COMPILE_OPTIONS = { noEscape: true, strict: false, ...KNOWN_HELPERS } as const;

/** How a string given to renderString is compiled: as a template, but a missing value is left to the default. */
const STRING_OPTIONS = { noEscape: true, ...KNOWN_HELPERS } as const;

/** The language a render is in: its context's `lang` (every prompt context has one). */
function langOf(options: Handlebars.HelperOptions): string {
  const lang = (options?.data?.root as { lang?: unknown } | undefined)?.lang;
  if (typeof lang !== 'string') throw new Error('a prompt rendered without its language (the context has no lang)');
  return lang;
}

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
  private readonly wordings = new Map<string, string | Handlebars.TemplateDelegate>();
  private readonly ahead: Readonly<Record<string, string>>;
  private readonly aheadStrings: Readonly<Record<string, string>>;
  constructor(
    readonly templates: TemplateSources,
    precompiled?: PrecompiledTemplates,
  ) {
    // Compiled by another Handlebars version, the code may not run on this one: compiled here instead.
    const isOurs = precompiled?.version === Handlebars.VERSION;
    this.ahead = isOurs ? precompiled.templates : {};
    this.aheadStrings = (isOurs && precompiled.strings) || {};
    // A source is read only when its code was not compiled ahead (the catalog cache reads a template's file then).
    for (const name of Object.keys(templates)) {
      if (name.startsWith('partials/'))
        this.hb.registerPartial(name.slice('partials/'.length), this.compiledAhead(name) ?? templates[name]!);
    }
    for (const [name, fn] of Object.entries(HELPERS)) this.hb.registerHelper(name, fn);
    const block = (name: string, lang: string) => this.wordingOf(wordingBlock(lang, name));
    const run = (fn: Handlebars.TemplateDelegate, context: unknown, data: unknown) => this.run(fn, context, data);
    this.hb.registerHelper(WORDING_HELPER, function (this: unknown, name: unknown, options: Handlebars.HelperOptions) {
      const wording = block(String(name), langOf(options));
      return typeof wording === 'string' ? wording : withoutEndingBreak(run(wording, this, options.data));
    });
    this.setup = setupOf(this.hb, this.compiledAhead(SETUP_KEY));
  }

  /** What every render of this environment is given (setupOf); none when this Handlebars gives nothing to reuse. */
  private readonly setup: Readonly<Record<string, unknown>> | undefined;

  /**
   * A template rendered with the environment's setup worked out once (setupOf), its `@root` the render's own (`data`: a
   * block's, its caller's).
   */
  private run(fn: Handlebars.TemplateDelegate, context: unknown, data?: unknown): string {
    if (!this.setup) return fn(context, data === undefined ? undefined : { data });
    return fn(context, { ...this.setup, data: data ?? { root: context } } as Handlebars.RuntimeOptions);
  }

  /**
   * A template's code compiled ahead, as a template of this environment; none when it was not (or it does not load).
   */
  private compiledAhead(name: string, ahead = this.ahead): Handlebars.TemplateDelegate | undefined {
    const code = Object.hasOwn(ahead, name) ? ahead[name] : undefined;
    if (code === undefined) return undefined;
    try {
      // The object literal Handlebars.precompile wrote (the catalog cache keeps it beside the sources it was compiled
      // from).
      return this.hb.template(new Function(`return ${code};`)() as TemplateSpecification);
    } catch {
      return undefined;
    }
  }

  renderTemplate(name: string, context: object): string {
    let fn = this.compiled.get(name);
    if (!fn) {
      if (!Object.hasOwn(this.templates, name)) throw new Error(`template "${name}" does not exist under templates/`);
      fn = this.compiledAhead(name) ?? this.hb.compile(this.templates[name]!, COMPILE_OPTIONS);
      this.compiled.set(name, fn);
    }
    return tidy(this.run(fn, context));
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
    return tidy(this.run(this.compiledString(source), context));
  }

  /**
   * A block as it renders: its text itself when it has no expression (most blocks: rendering one as a template of its
   * own sets up a whole Handlebars run, ~20 of them a prompt), else its template, compiled once.
   */
  private wordingOf(source: string): string | Handlebars.TemplateDelegate {
    let wording = this.wordings.get(source);
    if (wording === undefined) {
      wording = source.includes('{{') ? this.compiledString(source) : withoutEndingBreak(source);
      this.wordings.set(source, wording);
    }
    return wording;
  }

  /**
   * A string compiled once: briefs are rendered on every step (compiling each time cost ~1 ms a call in `karya batch`),
   * blocks on most.
   */
  private compiledString(source: string): Handlebars.TemplateDelegate {
    let fn = this.compiledStrings.get(source);
    if (!fn) {
      fn = this.compiledAhead(source, this.aheadStrings) ?? this.hb.compile(source, STRING_OPTIONS);
      this.compiledStrings.set(source, fn);
    }
    return fn;
  }
}

/** The partial that reads the setup a render is given (setupOf): registered only while it is read. */
const SETUP_PARTIAL = 'karya-render-setup';
/** The template that calls it, and its name among the templates compiled ahead (no template's path has a colon). */
const SETUP_SOURCE = `{{> ${SETUP_PARTIAL}}}`;
const SETUP_KEY = ':setup';

/**
 * What Handlebars works out at the start of every top-level render of an environment (its helpers merged and each
 * wrapped, its partials, decorators and hooks, its prototype access rules: ~13 copies and closures a render, a prompt
 * 6 to 10 renders with its blocks) and hands a partial it calls instead of working it out again: read once, from a
 * partial rendered for it, so that every render is run as a partial is (`partial: true`, the runtime's own
 * protocol) with the same helpers, partials and rules, its `@root` given as a top-level render sets it.
 * Undefined when the partial was not handed them (another Handlebars): renders then set themselves up.
 */
function setupOf(
  hb: typeof Handlebars,
  ahead: Handlebars.TemplateDelegate | undefined,
): Readonly<Record<string, unknown>> | undefined {
  let setup: Readonly<Record<string, unknown>> | undefined;
  const read = (_context: unknown, options: Record<string, unknown>) => {
    const { helpers, partials, decorators, hooks, protoAccessControl } = options;
    if (helpers && partials && decorators && hooks && protoAccessControl)
      setup = Object.freeze({ helpers, partials, decorators, hooks, protoAccessControl, partial: true });
    return '';
  };
  hb.registerPartial(SETUP_PARTIAL, read as unknown as Handlebars.Template);
  try {
    // Compiled ahead with the templates, a start runs no Handlebars compiler (its first compile costs ~3 ms).
    (ahead ?? hb.compile(SETUP_SOURCE, COMPILE_OPTIONS))({});
  } catch {
    setup = undefined;
  } finally {
    hb.unregisterPartial(SETUP_PARTIAL);
  }
  return setup;
}

/**
 * The block's line break at its end is the template's to give (a block written on a line of its own, or within one).
 */
function withoutEndingBreak(text: string): string {
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}

/**
 * What tidy has to make in a text: spaces or tabs before a line break, or three line breaks in a row. One scan by a
 * regular expression costs a 10,000-character prompt ~4 µs, where the three `includes` of a two-character pattern
 * (a space followed by a line break is looked for at every space of the prose) cost ~12 µs; most prompts have none.
 */
const UNTIDY = /[ \t]\n|\n\n\n/;

/**
 * Rendered text without spaces at line ends and with at most one empty line in a row; each pass only where the text has
 * one to make.
 */
function tidy(text: string): string {
  if (!UNTIDY.test(text)) return text.trim();
  const ended = text.includes(' \n') || text.includes('\t\n') ? text.replace(/[ \t]+\n/g, '\n') : text;
  return (ended.includes('\n\n\n') ? ended.replace(/\n{3,}/g, '\n\n') : ended).trim();
}
