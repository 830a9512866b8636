// Is this answer the kind of text the part is? A part of a book has a shape (generators/_shared.yaml
// answerShapes, named by prompts.shape, prompts.chapterShape or a section's shape): plain prose is not mostly a
// list or a table, has no recipe in it (ingredient and measure lines) and is no outline (chapter-title lines);
// no part is a copy of the book before it. A start (a step's first answer, an extension) is judged however
// short, since a continuation or an extension would grow it; a continuation's few sentences are not. Read in one
// pass over the answer's lines, with anchored patterns only; the copy is measured on the 8-word runs the echo
// check keeps for the book's texts (answers/verdict.ts).
// A wall of text (a paragraph far over the book's paragraph length, often the whole answer on one line) is
// split at sentence ends. Pure.
import type { AnswerShape, ResolvedSpec } from '../../spec/types.js';
import type { Step } from '../../compile/step.js';
import { fromPhrases } from './phrases.js';
import { readingPattern } from '../../reading-words.js';
import { escapeRegExp as escape } from '../../markup.js';
import { countWordsUpTo } from '../../words.js';

/** The outcomes of an answer of the wrong shape for its part. */
export type ShapeOutcome = 'listed' | 'recipe' | 'outlined';

/** A list item, a numbered line, a checkbox or a table row, at the line's start. */
const LIST_LINE = /^\s{0,6}(?:[-*•+‣◦]\s|\d{1,3}[.)]\s|\p{L}[.)]\s|\([\p{L}\p{N}]{1,3}\)\s|\|)/u;
/** A heading line (Markdown, or wholly bold). */
const HEADING_LINE = /^\s{0,3}(?:#{1,6}\s|\*\*[^*]{1,120}\*\*:?\s*$|__[^_]{1,120}__:?\s*$)/;
/** A quantity and a unit ("2 cups", "200 g", "1 ½ sudu besar"). */
const patterns = fromPhrases((p) => ({
  measure: new RegExp(
    `(?<![\\p{L}\\p{N}])(?:\\d{1,4}(?:[.,/]\\d{1,3})?|[½¼¾⅓⅔])(?:\\s?[½¼¾⅓⅔])?\\s?(?:${[...p.recipeUnits]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join('|')})(?![\\p{L}])`,
    'iu',
  ),
  /** A recipe's heading line, whole ("Ingredients:", "**Cara Memasak**"). */
  recipeHeading: new RegExp(`^[\\s#*_>]*(?:${p.recipeHeadings.map(escape).join('|')})[\\s*_:]*$`, 'i'),
}));
/**
 * A chapter-title line ("Chapter 3: The Storm", "## Bab 3", "1. Chapter One"): every language's part words and numbers
 * (`reading`).
 */
const chapterLine = () =>
  readingPattern(
    String.raw`^[\s#*_>-]*(?:\d{1,3}[.)]\s*)?(?:{parts.chapter}|{parts.section}|{parts.part})` +
      String.raw`\s+(?:\d{1,3}|[ivxlc]{1,7}|{numbers})(?![\p{L}\p{N}])`,
  );
/** Lines of this many words or more are paragraphs of prose, whatever else they are. */
const PARAGRAPH_WORDS = 40;
/** The most words a measure or chapter-title line has (a longer line is prose that names an amount). */
const SHORT_LINE_WORDS = 15;

/** The words of a line (countWords'), counted no further than one over `most`. */
const wordsIn = (line: string, most = Infinity) => countWordsUpTo(line, most + 1);

/** What an answer's lines are, read once. */
export interface LineCount {
  words: number;
  /** Words in list items, numbered lines and table rows. */
  listWords: number;
  /** List items, numbered lines and table rows. */
  listLines: number;
  /** Words in lines of PARAGRAPH_WORDS or more. */
  paragraphWords: number;
  /** Non-empty lines. */
  lines: number;
  /** The words of its line of most words (a wall when over the shape's wallWords: splitWalls). */
  mostLineWords: number;
  /** Short lines with a quantity and a unit, and recipe heading lines. */
  measureLines: number;
  recipeHeadings: number;
  /** Short chapter-title lines. */
  chapterLines: number;
}

/** One pass over the answer's lines. */
export function countLines(text: string): LineCount {
  const count: LineCount = {
    words: 0,
    listWords: 0,
    listLines: 0,
    paragraphWords: 0,
    lines: 0,
    mostLineWords: 0,
    measureLines: 0,
    recipeHeadings: 0,
    chapterLines: 0,
  };
  const { measure: MEASURE, recipeHeading: RECIPE_HEADING } = patterns();
  const CHAPTER_LINE = chapterLine();
  for (const line of text.split('\n')) {
    const words = wordsIn(line);
    if (!words) continue;
    count.lines++;
    count.words += words;
    if (words > count.mostLineWords) count.mostLineWords = words;
    const isList = LIST_LINE.test(line);
    if (isList) {
      count.listWords += words;
      count.listLines++;
    }
    if (words >= PARAGRAPH_WORDS) count.paragraphWords += words;
    if (words > SHORT_LINE_WORDS) continue;
    if (RECIPE_HEADING.test(line)) count.recipeHeadings++;
    else if ((isList || /^\s*[\d½¼¾⅓⅔]/.test(line)) && MEASURE.test(line)) count.measureLines++;
    if (CHAPTER_LINE.test(line) && (isList || HEADING_LINE.test(line) || !/[.!?…]["”’]?\s*$/.test(line)))
      count.chapterLines++;
  }
  return count;
}

/**
 * A shape whose lists stay under this share of its words wants prose: a short start that is mostly a list of
 * three items or more is not its kind. A shape that allows more (a guide's steps) may rightly start on a list.
 */
const PROSE_LIST_SHARE = 0.5;
/** The fewest list lines a short start is judged a list by (one or two dashed lines may be dialogue). */
const SHORT_LIST_LINES = 3;

/**
 * The outcome of an answer whose lines are not the part's shape: `outlined` (three or more chapter-title lines,
 * a fair share of its lines, and not mostly paragraphs), `recipe` (three measure lines, or a recipe heading and
 * two), `listed` (more of its words in lists and tables than the shape allows); undefined when it is the part.
 * An answer under the shape's `minWords` is judged only when `isStart` (a step's first answer or an extension,
 * which a continuation or an extension would grow): a recipe or an outline is told by three of its lines
 * whatever its length, a list by three items in a shape that wants prose; a continuation of a few sentences is
 * not judged. `lines`: countLines of `text`, when the caller has read them already.
 * @example judgeShape('- 2 cups rice\n- 1 tsp salt\n- 3 cups water', PROSE) // 'recipe' (with minWords 0)
 */
export function judgeShape(
  text: string,
  shape: AnswerShape,
  opts: { isStart?: boolean; lines?: LineCount } = {},
): ShapeOutcome | undefined {
  const c = opts.lines ?? countLines(text);
  const isShort = c.words < shape.minWords;
  if (isShort && !opts.isStart) return undefined;
  if (!shape.outlines && c.chapterLines >= 3 && c.chapterLines >= 0.3 * c.lines && c.paragraphWords < 0.5 * c.words)
    return 'outlined';
  if (!shape.recipes && (c.measureLines >= 3 || (c.recipeHeadings >= 1 && c.measureLines >= 2))) return 'recipe';
  const isListJudged = !isShort || (shape.listShare <= PROSE_LIST_SHARE && c.listLines >= SHORT_LIST_LINES);
  if (isListJudged && c.listWords > shape.listShare * c.words) return 'listed';
  return undefined;
}

/**
 * The shape an answer for `step` must have: its section's, else (chapters) the chapters', else the book's; none for
 * other steps.
 */
export function shapeOf(
  spec: Pick<ResolvedSpec, 'kind' | 'prompts'>,
  step: Pick<Step, 'kind'> & { section?: { id: string } },
): AnswerShape | undefined {
  if (spec.kind !== 'book') return undefined;
  const p = spec.prompts;
  if (step.kind === 'chapter') return (step.section && p.sectionShapes?.[step.section.id]) || p.chapterShape || p.shape;
  return step.kind === 'introduction' || step.kind === 'conclusion' ? p.shape : undefined;
}

/** True when a line of `text` is at least `chars` long. */
function hasLineOf(text: string, chars: number): boolean {
  for (let start = 0; text.length - start >= chars;) {
    const end = text.indexOf('\n', start);
    if ((end < 0 ? text.length : end) - start >= chars) return true;
    if (end < 0) return false;
    start = end + 1;
  }
  return false;
}

/** Sentence ends a wall is split at: a stop (and any closing quotes or brackets) before a space. */
const SENTENCE_END = /[.!?…]["”’»)\]]*(?=\s)/g;

/**
 * The text with each paragraph of more than `wallWords` words on one line (a wall of text) split at sentence ends
 * into paragraphs of at least `paragraphWords`; `split` is how many paragraphs the walls became (0: none).
 * Lists, tables and headings are left as they are.
 * @example splitWalls(`${'Rain fell. '.repeat(300)}`, { wallWords: 400, paragraphWords: 120 }).split // 5
 */
export function splitWalls(
  text: string,
  shape: Pick<AnswerShape, 'wallWords' | 'paragraphWords'>,
): { text: string; split: number } {
  // A line of more than wallWords words has at least two characters a word more (a word and a space): shorter
  // lines are never walls and their words are not counted (judgeShape counts them once).
  const least = 2 * shape.wallWords + 1;
  if (!hasLineOf(text, least)) return { text, split: 0 };
  let split = 0;
  const lines = text.split('\n').map((line) => {
    if (
      line.length < least ||
      LIST_LINE.test(line) ||
      HEADING_LINE.test(line) ||
      wordsIn(line, shape.wallWords) <= shape.wallWords
    )
      return line;
    const paragraphs: string[] = [];
    let start = 0;
    let words = 0;
    let last = 0;
    for (const m of line.matchAll(SENTENCE_END)) {
      const end = m.index + m[0].length;
      words += wordsIn(line.slice(last, end));
      last = end;
      if (words >= shape.paragraphWords) {
        paragraphs.push(line.slice(start, end).trim());
        start = end;
        words = 0;
      }
    }
    const rest = line.slice(start).trim();
    // A short tail joins the paragraph before it.
    if (rest && paragraphs.length && wordsIn(rest) < shape.paragraphWords / 2)
      paragraphs[paragraphs.length - 1] += ` ${rest}`;
    else if (rest) paragraphs.push(rest);
    if (paragraphs.length < 2) return line;
    split += paragraphs.length;
    return paragraphs.join('\n\n');
  });
  return split ? { text: lines.join('\n'), split } : { text, split: 0 };
}
