// The resolver's last stages (resolve.ts resolveSpec): a generator's model budget checked against _shared.yaml's
// budgets, and its publishing parts (which generator writes the description, keywords… with which settings and
// context) resolved with the shared defaults, each problem reported by path.
import type { AuthoredBudget, SharedFile } from './format.js';
import { PUBLISH_PARTS, type AuthoredPublish } from './format-publish.js';
import type {
  Family,
  Kind,
  PublishPart,
  ResolvedBudget,
  ResolvedField,
  ResolvedPublish,
  ResolvedPublishPart,
  Scalar,
} from './types.js';
import { publishValueProblems } from './publish-values.js';
import { DEFAULT_LAYOUT, type LayoutName } from '../print.js';
import { languageTable, langs } from '../languages/index.js';

/**
 * The unit of a budget that follows the words a step asks for: its rate is each language's own (its table's
 * tokensPerWord).
 */
const WORD = 'word';

/**
 * Each language's tokens per unit `per`: a word's from the language table, any other unit's from _shared.yaml
 * budgets.rates.
 */
function ratesOf(per: string, shared: SharedFile): Readonly<Partial<Record<string, number>>> | undefined {
  if (per === WORD) return Object.fromEntries(langs().map((l) => [l, languageTable(l).tokensPerWord]));
  return shared.budgets?.rates?.[per];
}

/**
 * model.budget against _shared.yaml budgets: the rate exists, and the count comes from a field that holds whole
 * numbers.
 */
export function resolveBudget(input: {
  budget: AuthoredBudget;
  kind: Kind;
  shared: SharedFile;
  byName: ReadonlyMap<string, ResolvedField>;
  issue: (path: string, message: string) => void;
}): ResolvedBudget | undefined {
  const { budget, kind, shared, byName, issue } = input;
  if (kind === 'image') {
    issue('model.budget', 'an image generator writes no text, so it has no token budget');
    return undefined;
  }
  const tokensPer = ratesOf(budget.per, shared);
  if (!tokensPer) {
    issue(
      'model.budget.per',
      `"${budget.per}" is not one of ${[WORD, ...Object.keys(shared.budgets?.rates ?? {})].join(', ')}`,
    );
    return undefined;
  }
  let itemsField: string | undefined;
  let count: number | undefined;
  if (typeof budget.items === 'number') count = budget.items;
  else if (budget.items !== undefined) {
    const target = byName.get(budget.items);
    const isCount = (v: unknown) => Number.isInteger(Number(v)) && Number(v) >= 1;
    if (!target) issue('model.budget.items', `"${budget.items}" is not a field of this generator`);
    else if (target.type === 'select' && (target.options ?? []).every((o) => isCount(o.value)))
      itemsField = target.name;
    else if (target.type === 'number' && target.max !== undefined && (target.min ?? 0) >= 1) itemsField = target.name;
    else
      issue(
        'model.budget.items',
        `"${budget.items}" must be a select of whole numbers or a number field with min >= 1 and a max`,
      );
  }
  return {
    per: budget.per,
    // The table's languages only: a rate for a language it does not hold (a draft left out) is not used.
    tokensPer: Object.fromEntries(
      langs()
        .filter((l) => tokensPer[l] !== undefined)
        .map((l) => [l, tokensPer[l]!]),
    ),
    ...(itemsField ? { itemsField } : {}),
    ...(count ? { count } : {}),
    headroom: shared.budgets!.headroom,
    overhead: shared.budgets!.overhead,
  };
}

const PUBLISH_DEFAULT_CONTEXT = { parts: ['outline', 'introduction'], maxWords: 600 } as const;

/** Variables a part cannot use because it runs before they are known (parts run in PUBLISH_PARTS order). */
const NOT_YET_KNOWN: Readonly<Record<PublishPart, ReadonlySet<string>>> = {
  title: new Set(['title', 'subtitle', 'author']),
  author: new Set(['author']),
  description: new Set(),
  keywords: new Set(),
  copyright: new Set(),
  cover: new Set(),
};

/** A book's publish block over _shared.yaml's; problems name where the value was set. */
export function resolvePublish(input: {
  kind: Kind;
  family: Family | undefined;
  own: AuthoredPublish | undefined;
  shared: SharedFile;
  fieldNames: ReadonlySet<string>;
  issue: (path: string, message: string) => void;
}): ResolvedPublish | undefined {
  const { kind, family, own, shared, issue } = input;
  if (kind !== 'book') {
    if (own) issue('publish', `only books are published; a ${kind} generator has no publish block`);
    return undefined;
  }
  const familyBlock =
    family === 'fiction' || family === 'nonfiction' || family === 'creative' ? shared.publish?.[family] : undefined;
  const layers: Array<{ from: string; block: AuthoredPublish }> = [
    ...(shared.publish?.default ? [{ from: '_shared.yaml publish.default', block: shared.publish.default }] : []),
    ...(familyBlock ? [{ from: `_shared.yaml publish.${family}`, block: familyBlock }] : []),
    ...(own ? [{ from: 'this file', block: own }] : []),
  ];
  const context = {
    parts: [...PUBLISH_DEFAULT_CONTEXT.parts] as ResolvedPublish['context']['parts'],
    maxWords: PUBLISH_DEFAULT_CONTEXT.maxWords as number,
  };
  let categories: readonly string[] | undefined;
  let layout: LayoutName = DEFAULT_LAYOUT;
  const parts = {} as Record<PublishPart, ResolvedPublishPart>;
  for (const { block } of layers) {
    if (block.context?.parts) context.parts = block.context.parts;
    if (block.context?.maxWords) context.maxWords = block.context.maxWords;
    if (block.categories) categories = block.categories;
    if (block.layout) layout = block.layout;
  }
  if (!categories)
    issue('publish.categories', 'is required: suggest 1 to 3 KDP categories here or in _shared.yaml publish');
  for (const part of PUBLISH_PARTS) {
    let generator: string | undefined;
    let withContext = false;
    const settings: Record<string, Scalar | readonly string[]> = {};
    const origin: Record<string, string> = {};
    for (const { from, block } of layers) {
      const p = block[part];
      if (!p) continue;
      // Settings inherited for another generator mean nothing to this one: naming a new generator starts afresh.
      if (p.generator && p.generator !== generator) {
        for (const name of Object.keys(settings)) delete settings[name];
        generator = p.generator;
      }
      if (p.withContext !== undefined) withContext = p.withContext;
      for (const [name, value] of Object.entries(p.settings ?? {})) {
        settings[name] = value as Scalar | readonly string[];
        origin[name] = from;
      }
    }
    if (!generator) {
      issue(
        `publish.${part}.generator`,
        'is required: name the publishing generator here or in _shared.yaml publish.default',
      );
      continue;
    }
    for (const [name, value] of Object.entries(settings)) {
      if (typeof value !== 'string') continue;
      const where = origin[name] === 'this file' ? '' : ` (set in ${origin[name]})`;
      for (const problem of publishValueProblems(value, input.fieldNames, NOT_YET_KNOWN[part]))
        issue(`publish.${part}.settings.${name}`, `${problem}${where}`);
    }
    parts[part] = { generator, settings, withContext };
  }
  return { context, categories: categories ?? [], layout, parts };
}
