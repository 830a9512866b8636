// The text of a publishing setting in a `publish:` block ("{{title}}", "{{labels.romanceType}}"): checked
// when a generator resolves, so a wrong name fails `karya validate`, and filled from the book's data.
import Handlebars from 'handlebars';
import { PUBLISH_VARIABLES } from './format-publish.js';
import { parseTemplateText, type HbNode, type HbPath } from './template-ast.js';
import type { Lang } from './types.js';

/** The book's data a publishing setting may use. */
export interface PublishVariables {
  readonly title: string;
  readonly subtitle: string;
  readonly author: string;
  readonly lang: Lang;
  /** The kind of book in English (typeLabel), e.g. "Romance". */
  readonly bookName: string;
  /** The book's text as its publish block's `context` selects it. */
  readonly context: string;
  /** The first character of the book's Character Details, e.g. "Aisha Rahman: the lead, 28"; '' without one. */
  readonly mainCharacter: string;
  /** 'yes' when the book's text is in the public domain (its source status), else '': for {{#if publicDomain}}. */
  readonly publicDomain: string;
  /** The book's settings (raw values) and their English labels, by field name. */
  readonly settings: Readonly<Record<string, unknown>>;
  readonly labels: Readonly<Record<string, string>>;
}

const VARIABLES: ReadonlySet<string> = new Set(PUBLISH_VARIABLES);
const FIELD_KEYED = new Set(['settings', 'labels']);
const BLOCKS = new Set(['if', 'unless']);

/**
 * What is wrong with one setting's text: unknown variables, fields the book does not have, helpers, and
 * variables not known yet when the part runs (`unavailable`, e.g. the title while the title is chosen).
 * @example publishValueProblems('{{labels.heat}}', new Set(['heatLevel']), new Set()) // ['{{labels.heat}}: the book
 * has no field "heat"']
 */
export function publishValueProblems(
  text: string,
  fieldNames: ReadonlySet<string>,
  unavailable: ReadonlySet<string> = new Set(),
): string[] {
  const problems: string[] = [];
  const checkPath = (p: HbPath) => {
    if (p.data || p.depth > 0 || p.original === 'this') {
      problems.push(`{{${p.original}}}: only the book's variables may be used (${[...VARIABLES].join(', ')})`);
      return;
    }
    const [root, key] = p.parts;
    if (root === undefined) return;
    if (!VARIABLES.has(root)) problems.push(`{{${p.original}}}: "${root}" is not one of ${[...VARIABLES].join(', ')}`);
    else if (FIELD_KEYED.has(root) && (key === undefined || !fieldNames.has(key)))
      problems.push(`{{${p.original}}}: the book has no field "${key ?? ''}"`);
    else if (unavailable.has(root))
      problems.push(`{{${p.original}}}: the ${root} is not known yet when this part is written`);
  };
  const walk = (node: HbNode | undefined): void => {
    if (!node) return;
    switch (node.type) {
      case 'Program':
        for (const child of node.body as HbNode[]) walk(child);
        return;
      case 'MustacheStatement': {
        const params = (node.params as HbNode[] | undefined) ?? [];
        const path = node.path as HbNode;
        if (params.length || path.type !== 'PathExpression')
          problems.push(
            `{{${(path as unknown as HbPath).original ?? '…'} …}}: helpers are not available in publish settings`,
          );
        else checkPath(path as unknown as HbPath);
        return;
      }
      case 'BlockStatement': {
        const name = (node.path as unknown as HbPath).original;
        if (!BLOCKS.has(name))
          problems.push(`{{#${name}}}: only {{#if}} and {{#unless}} are available in publish settings`);
        for (const param of (node.params as HbNode[] | undefined) ?? []) {
          if (param.type === 'PathExpression') checkPath(param as unknown as HbPath);
          else problems.push(`{{#${name} …}}: takes one variable`);
        }
        walk(node.program as HbNode);
        walk(node.inverse as HbNode | undefined);
        return;
      }
      case 'PartialStatement':
      case 'PartialBlockStatement':
      case 'DecoratorBlock':
        problems.push('partials are not available in publish settings');
        return;
      default:
        return;
    }
  };
  try {
    walk(parseTemplateText(text));
  } catch (error) {
    problems.push(`does not parse: ${(error as Error).message.split('\n')[0]}`);
  }
  return problems;
}

const hb = Handlebars.create();
const compiled = new Map<string, Handlebars.TemplateDelegate>();

/** Fill one setting's text from the book's data (no HTML escaping), trimmed. */
export function renderPublishValue(text: string, vars: PublishVariables): string {
  let fn = compiled.get(text);
  if (!fn) {
    fn = hb.compile(text, { noEscape: true, strict: false });
    compiled.set(text, fn);
  }
  return fn(vars).trim();
}
