// Which templates a step and a spec use, the names of the shared follow-up templates, and checkTemplates(),
// which walks the templates' syntax trees so an unknown variable, helper or partial is a validate-time error.

import { type Bilingual, type ResolvedSpec } from '../spec/types.js';
import { LANGS, langs } from '../languages/index.js';
import type { SpecIssue } from '../errors.js';
import type { Step } from './flow.js';
import { parseTemplateText, type HbNode, type HbPath } from '../spec/template-ast.js';
import { CONTEXT_KEYS } from './prompt-context-shape.js';
import { BUILTIN_BLOCKS, HELPERS, WORDING_HELPER, type TemplateSources } from './prompt-renderer.js';
import { promptWording, PROMPTS_SECTION } from './prompt-wording.js';

/** The template a step uses. */
export function templateFor(spec: ResolvedSpec, step: Step): string {
  switch (step.kind) {
    case 'outline':
      return spec.prompts.outline;
    case 'introduction':
      return spec.prompts.introduction;
    case 'chapter':
      return spec.prompts.chapter;
    case 'conclusion':
      return spec.prompts.conclusion;
    case 'image':
      return spec.prompts.image;
    default:
      return spec.prompts.single;
  }
}

/** The templates a spec uses (for drift guards and validation). */
export function templatesUsed(spec: ResolvedSpec): string[] {
  const p = spec.prompts;
  if (spec.kind === 'book')
    return [
      p.system,
      ...(spec.flow.outline !== 'none' ? [p.outline, OUTLINE_MORE_TEMPLATE] : []),
      p.introduction,
      p.chapter,
      p.conclusion,
      CONTINUE_TEMPLATE,
      EXTEND_TEMPLATE,
      REWRITE_TEMPLATE,
      MEMORY_TEMPLATE,
      FIRM_LANGUAGE_TEMPLATE,
      ANSWER_AGAIN_TEMPLATE,
      NO_REPEAT_TEMPLATE,
      AUDIT_TEMPLATE,
      IMPORT_SETTINGS_TEMPLATE,
    ];
  if (spec.kind === 'image') return [p.image];
  return [p.system, p.single, CONTINUE_TEMPLATE, ANSWER_AGAIN_TEMPLATE];
}

/** The template that asks for the rest of an answer cut at the token limit (the same for every generator). */
export const CONTINUE_TEMPLATE = 'continue';
/**
 * The template that asks a model to check a chapter against the story bible before it (the optional continuity audit).
 */
export const AUDIT_TEMPLATE = 'continuity-audit';
/** The template that reads an imported manuscript's own settings (engine/compile/import-settings-prompt.ts). */
export const IMPORT_SETTINGS_TEMPLATE = 'import-settings';
/** The template that updates the story so far after a part of a book. */
export const MEMORY_TEMPLATE = 'memory';
/** The firmer instruction a part written in the wrong language is asked again with (engine/session). */
export const FIRM_LANGUAGE_TEMPLATE = 'firm-language';
/**
 * The firm note an answer that was not the text asked for (refused, echoed, reasoning only) is asked again with
 * (engine/session/answers/verdict.ts).
 */
export const ANSWER_AGAIN_TEMPLATE = 'answer-again';
/** The note an extension that repeated the part is asked again with (engine/session). */
export const NO_REPEAT_TEMPLATE = 'no-repeat';
/** The follow-up that asks a part that came back short for the words it still needs (engine/session). */
export const EXTEND_TEMPLATE = 'extend';
/** A written part asked for again, with its current text and the writer's note (engine/session rewritePart). */
export const REWRITE_TEMPLATE = 'rewrite';
/** The follow-up that asks an outline for the chapter entries it left out (engine/session). */
export const OUTLINE_MORE_TEMPLATE = 'outline-more';

/** A passage of a written part reworked (engine/session/passage.ts): templates/passage.hbs. */
export const PASSAGE_TEMPLATE = 'passage';

/** Keys whose second path part must be a field name of the spec. */
const FIELD_KEYED = new Set(['settings', 'labels']);

type Where = { file: string; path: string };

/**
 * The sources of a block a template calls ({{wording "name"}}), one per language of the table, and an issue for
 * each language that does not word it (the table's read refuses a block one language lacks and another words, so
 * this finds a name no language has).
 */
function wordingOf(
  param: HbNode | undefined,
  where: Where,
): { issues: SpecIssue[]; blocks: Array<{ source: string; where: Where }> } {
  const name = param?.type === 'StringLiteral' ? String((param as unknown as { value: unknown }).value) : undefined;
  if (name === undefined)
    return {
      issues: [
        {
          ...where,
          message: `{{${WORDING_HELPER} …}}: name the block as a quoted text ({{${WORDING_HELPER} "chapter.opening"}})`,
        },
      ],
      blocks: [],
    };
  const issues: SpecIssue[] = [];
  const blocks: Array<{ source: string; where: Where }> = [];
  for (const lang of langs()) {
    const file = `languages/${lang}/${PROMPTS_SECTION}.yaml`;
    const { blocks: worded } = promptWording(lang);
    if (Object.hasOwn(worded, name)) blocks.push({ source: worded[name]!, where: { file, path: `blocks.${name}` } });
    else
      issues.push({
        ...where,
        message:
          `{{${WORDING_HELPER} "${name}"}}: ${file} has no block ` +
          `"${name}" (every language words every block a template calls)`,
      });
  }
  return { issues, blocks };
}

/** What is wrong with a variable a template reads: not a prompt variable, or a field the spec does not have. */
function pathProblem(
  p: HbPath,
  isScoped: boolean,
  specId: string,
  fieldNames: ReadonlySet<string>,
): string | undefined {
  let parts = p.parts;
  if (p.data) {
    if (parts[0] !== 'root') return undefined;
    parts = parts.slice(1);
  } else if (isScoped || p.depth > 0 || p.original === 'this' || p.original.startsWith('this.')) return undefined;
  const root = parts[0];
  if (root === undefined) return undefined;
  if (!CONTEXT_KEYS.has(root))
    return `{{${p.original}}}: "${root}" is not a prompt variable (${[...CONTEXT_KEYS].join(', ')})`;
  if (FIELD_KEYED.has(root) && parts[1] !== undefined && !fieldNames.has(parts[1]))
    return `{{${p.original}}}: ${specId} has no field "${parts[1]}"`;
  return undefined;
}

/** Problems with the templates a spec uses: missing templates or partials, unknown helpers or variables. */
export function checkTemplates(
  spec: ResolvedSpec,
  templates: TemplateSources,
  templateFile: (name: string) => string,
): SpecIssue[] {
  const checker = new TemplateChecker(spec, templates, templateFile);
  for (const name of templatesUsed(spec)) {
    if (templates[name] === undefined) {
      const message = `template ${templateFile(name)} does not exist`;
      checker.issues.push({ file: spec.file, path: 'prompts', message });
      continue;
    }
    checker.visited.clear();
    checker.walkSource(templates[name]!, { file: templateFile(name), path: `(used by ${spec.id})` });
  }
  for (const text of specTexts(spec)) checker.walkSource(text.source, text.where);
  return checker.issues;
}

type Place = { file: string; path: string };

/** One spec's templates walked: each statement, partial and language block checked once, the problems kept. */
class TemplateChecker {
  readonly issues: SpecIssue[] = [];
  /** The partials walked for the template at hand. */
  readonly visited = new Set<string>();
  /**
   * Every language's blocks a template calls, read once per spec (every template of a book calls the language
   * line).
   */
  private readonly wordingRead = new Set<string>();
  private readonly fieldNames: Set<string>;

  constructor(
    private readonly spec: ResolvedSpec,
    private readonly templates: TemplateSources,
    private readonly templateFile: (name: string) => string,
  ) {
    this.fieldNames = new Set(spec.fields.map((f) => f.name));
  }

  walkSource(source: string, where: Place, isScoped = false): void {
    try {
      this.walk(parseTemplateText(source), where, isScoped);
    } catch (e) {
      this.issues.push({ ...where, message: `template does not parse: ${(e as Error).message.split('\n')[0]}` });
    }
  }

  private walk(node: HbNode | undefined, where: Place, isScoped: boolean): void {
    if (!node) return;
    switch (node.type) {
      case 'Program':
        for (const s of node.body as HbNode[]) this.walk(s, where, isScoped);
        return;
      case 'MustacheStatement':
      case 'SubExpression':
        return this.walkCall(node, where, isScoped);
      case 'BlockStatement': {
        const name = (node.path as HbPath).original;
        if (!BUILTIN_BLOCKS.has(name)) {
          const message = `{{#${name}}}: "${name}" is not a block helper (${[...BUILTIN_BLOCKS].join(', ')})`;
          this.issues.push({ ...where, message });
        }
        paramsOf(node).forEach((e) => this.checkExpr(e, where, isScoped));
        const opensScope = name === 'each' || name === 'with';
        this.walk(node.program as HbNode, where, isScoped || opensScope);
        this.walk(node.inverse as HbNode | undefined, where, isScoped);
        return;
      }
      case 'PartialStatement':
        return this.walkPartial((node.name as HbPath).original, where, isScoped);
      default:
        return;
    }
  }

  /** `{{name}}`, `{{helper a b}}` or `(helper a)`: a variable, or a helper with its arguments. */
  private walkCall(node: HbNode, where: Place, isScoped: boolean): void {
    const path = node.path as HbPath;
    const params = paramsOf(node);
    if (path.original === WORDING_HELPER) return this.checkWording(params[0], where, isScoped);
    const hash = node.hash as { pairs?: Array<{ value: HbNode }> } | undefined;
    const hashPairs = (hash?.pairs ?? []).map((x) => x.value);
    if (params.length || hashPairs.length || node.type === 'SubExpression') {
      if (!(path.original in HELPERS)) {
        const helpers = Object.keys(HELPERS).join(', ');
        const message = `{{${path.original} …}}: "${path.original}" is not a helper (${helpers})`;
        this.issues.push({ ...where, message });
      }
    } else this.checkExpr(path as unknown as HbNode, where, isScoped);
    for (const e of [...params, ...hashPairs]) this.checkExpr(e, where, isScoped);
  }

  private checkExpr(e: HbNode, where: Place, isScoped: boolean): void {
    if (e.type === 'SubExpression') return this.walk(e, where, isScoped);
    if (e.type !== 'PathExpression') return;
    const message = pathProblem(e as unknown as HbPath, isScoped, this.spec.id, this.fieldNames);
    if (message) this.issues.push({ ...where, message });
  }

  private walkPartial(name: string, where: Place, isScoped: boolean): void {
    const full = `partials/${name}`;
    if (this.templates[full] === undefined) {
      this.issues.push({ ...where, message: `{{> ${name}}}: partial ${this.templateFile(full)} does not exist` });
      return;
    }
    if (this.visited.has(full)) return;
    this.visited.add(full);
    this.walkSource(this.templates[full]!, { file: this.templateFile(full), path: '' }, isScoped);
  }

  private checkWording(param: HbNode | undefined, where: Place, isScoped: boolean): void {
    const found = wordingOf(param, where);
    this.issues.push(...found.issues);
    for (const block of found.blocks) {
      const key = `${block.where.file}#${block.where.path}`;
      if (this.wordingRead.has(key)) continue;
      this.wordingRead.add(key);
      this.walkSource(block.source, block.where, isScoped);
    }
  }
}

const paramsOf = (node: HbNode) => (node.params as HbNode[] | undefined) ?? [];

/** A spec's own texts rendered as templates: its brief and its formats, in every language it words them. */
function specTexts(spec: ResolvedSpec): Array<{ source: string; where: Where }> {
  const texts: Array<[string, Bilingual | undefined]> = [
    ['prompts.brief', spec.prompts.brief],
    ['prompts.format', spec.prompts.format],
    ['prompts.chapterFormat', spec.prompts.chapterFormat],
    ...Object.entries(spec.prompts.sectionFormats ?? {}).map(([id, f]): [string, Bilingual] => [
      `flow.sections.${id}.format`,
      f,
    ]),
  ];
  return texts.flatMap(([path, text]) =>
    LANGS.filter((lang) => text?.[lang]).map((lang) => ({
      source: text![lang]!,
      where: { file: spec.file, path: `${path}.${lang}` },
    })),
  );
}
