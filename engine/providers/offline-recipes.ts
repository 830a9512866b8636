// The offline demo's recipes (a cookbook's chapters): each one composed from a main ingredient, an
// aromatic, a sauce and a way of cooking them, with amounts, a line on when to serve it, numbered steps
// and a tip, in the book's language (offline-recipe-words.ts), so a whole cookbook of demo chapters holds
// recipes that differ rather than the same few again.
import type { Lang } from '../spec/types.js';
import { composeParagraph, fillFrame, type Pick } from './offline-compose.js';
import { KITCHEN } from './offline-grammars.js';
import { RECIPE_PARTS } from './offline-recipe-words.js';

/** The line that opens a recipe chapter (one of several frames, its slots filled with `pick`). */
export function chapterOpening(lang: Lang, pick: Pick): string {
  const opening = KITCHEN.words(lang).opening;
  return fillFrame(pick(opening.frames), opening.slots, pick);
}

/** `list` in an order of `pick`'s choosing. */
function shuffled<T>(list: readonly T[], pick: Pick): T[] {
  const rest = [...list];
  const out: T[] = [];
  while (rest.length) out.push(rest.splice(rest.indexOf(pick(rest)), 1)[0]!);
  return out;
}

/**
 * One recipe as Markdown, chosen with `pick`: its name as a heading, a headnote (when to serve it, then a
 * few kitchen notes on the dish),
 * servings and time over the ingredients as a table, numbered steps and a tip.
 */
export function composeRecipe(lang: Lang, pick: Pick): string {
  const parts = RECIPE_PARTS.words(lang);
  const w = parts.headings;
  const kitchen = KITCHEN.words(lang).notes;
  const [main, aroma, sauce, style] = [pick(parts.mains), pick(parts.aromas), pick(parts.sauces), pick(parts.styles)];
  const slots = {
    ...parts.slots,
    main: [main.name],
    aroma: [aroma.name],
    sauce: [sauce.name],
    mainTitle: [main.title],
    aromaTitle: [aroma.title],
    sauceTitle: [sauce.title],
    styleTitle: [style.title],
  };
  const fill = (frame: string) => fillFrame(frame, slots, pick);
  const notes = composeParagraph(
    { frames: kitchen.frames, slots: { ...kitchen.slots, ...slots } },
    pick([5, 6, 7]),
    pick,
  );
  const extras = shuffled(parts.extras, pick).slice(0, pick([1, 2, 3]));
  const rows = shuffled([main, aroma, sauce, ...extras], pick).map((item) => [item.row, pick(item.amounts)] as const);
  const [ingredient, amount] = pick(parts.headers);
  return [
    `### ${fill(parts.name)}`,
    '',
    [fill(pick(parts.about)), ...notes].join(' '),
    '',
    `**${w.ingredients}**`,
    '',
    fill(pick(parts.serves)),
    '',
    `| ${ingredient} | ${amount} |`,
    '| --- | --- |',
    ...rows.map(([what, much]) => `| ${what} | ${much} |`),
    '',
    `**${w.method}**`,
    '',
    ...style.steps.map((step, i) => `${i + 1}. ${fill(pick(step))}`),
    '',
    `*${w.tip}:* ${fill(pick(parts.tips))}`,
  ].join('\n');
}
