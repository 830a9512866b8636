// The words of the offline demo's recipes (offline-recipes.ts), every language's in
// languages/<code>/offline-recipes.yaml: ingredients with their amounts, ways of cooking with
// the frames of their steps, and the slots those frames fill. Slots stand every word or two, so a cookbook
// of demo recipes rarely repeats eight words.
import type { Grammar } from './offline-compose.js';
import { demoSection, shapedLike } from './offline-words.js';

/** An ingredient: its word in steps, its row in the table, the amounts it may come in, its word in a recipe's name. */
export interface Ingredient {
  name: string;
  row: string;
  amounts: readonly string[];
  title: string;
}

/** What a recipe is made of in one language. */
export interface RecipeParts {
  mains: readonly Ingredient[];
  aromas: readonly Ingredient[];
  sauces: readonly Ingredient[];
  /** Rows a recipe may add (salt, oil, a garnish). */
  extras: readonly Ingredient[];
  /** A recipe's name from [mainTitle], [aromaTitle], [sauceTitle] and [styleTitle]. */
  name: string;
  /** The table's header rows (ingredient, amount). */
  headers: ReadonlyArray<readonly [string, string]>;
  /** Ways of cooking: the word in the name and, per step, the frames it may take. */
  styles: ReadonlyArray<{ title: string; steps: readonly (readonly string[])[] }>;
  /** Frames of the servings and time line (one of them). */
  serves: readonly string[];
  /**
   * Frames of the line that opens a recipe's headnote (one of them) and of the tip, with the slots every frame may use.
   */
  about: readonly string[];
  tips: readonly string[];
  slots: Grammar['slots'];
  /** The headings around a recipe: its ingredients, its method, its tip. */
  headings: { ingredients: string; method: string; tip: string };
}

const INGREDIENT: Ingredient = { name: '', row: '', amounts: [''], title: '' };
/**
 * The shape every language's recipe words must have (the same keys, texts where texts are, non-empty lists): no words
 * of its own.
 */
const SHAPE: RecipeParts = {
  mains: [INGREDIENT],
  aromas: [INGREDIENT],
  sauces: [INGREDIENT],
  extras: [INGREDIENT],
  name: '',
  headers: [['', '']],
  styles: [{ title: '', steps: [['']] }],
  serves: [''],
  about: [''],
  tips: [''],
  slots: {},
  headings: { ingredients: '', method: '', tip: '' },
};

/** A recipe's words in every language: languages/<code>/offline-recipes.yaml, English's and Malay's too. */
export const RECIPE_PARTS = demoSection('offline-recipes', shapedLike(SHAPE));
