// Handlebars texts parsed into the plain node tree the checks walk (the prompt templates a spec uses, the
// publish settings' texts); each text is parsed once, however many specs use it.
import Handlebars from 'handlebars';

/** A node of a parsed template: its type and whatever fields Handlebars gives that type. */
export type HbNode = { type: string; [k: string]: unknown };
/** A `{{path}}` in a template: `@root.x` is data, `../x` has a depth. */
export type HbPath = { type: 'PathExpression'; original: string; parts: string[]; data: boolean; depth: number };

const parsed = new Map<string, HbNode>();

/** The parse tree of a Handlebars text (throws Handlebars' own error on a syntax error). */
export function parseTemplateText(source: string): HbNode {
  let ast = parsed.get(source);
  if (!ast) {
    ast = Handlebars.parse(source) as unknown as HbNode;
    parsed.set(source, ast);
  }
  return ast;
}
