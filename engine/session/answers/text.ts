// Only the text: what a model wrote around the answer it was asked for is taken off before anything
// counts, checks, saves or joins it (every answer of a step, its continuations and extensions, write-more,
// rewrites, the outline, bible updates, single and publishing pieces go through askText). Taken: a leading
// reasoning block (<think>…</think>, also one left open), a line announcing the answer ("Sure! Here's
// Chapter 1 of your story:"), a rule after it, and a closing rule or remark ("I hope you enjoyed…"). The
// phrases are data (answers/phrases.ts); a part's own heading is engine/compile/heading.ts's job. The call that
// asks for an answer and keeps its text is ask.ts's askText.
import { countWords } from '../../provider.js';
import { isSpace } from '../../words.js';
import { cleanPiece } from '../../clean-text.js';
import { fromPhrases, REASONING_TAGS } from './phrases.js';
import { unfenced } from './verdict.js';
import { plainLine } from '../../markdown.js';
import { firstTextLine, oneKindOfBreak } from '../../lines.js';
import { escapeRegExp as escape } from '../../markup.js';

const TAGS = REASONING_TAGS.join('|');
/** A reasoning block at the start, closed or (cut, or still streaming) left open. */
const LEADING_REASONING = new RegExp(`^\\s*<(${TAGS})>[\\s\\S]*?(?:</\\1>|$)`, 'i');
/** A closing tag with no opening one (chat templates that open the block in the prompt). */
const LONE_CLOSING = new RegExp(`^[\\s\\S]*?</(?:${TAGS})>`, 'i');
/** A horizontal rule line, as models set one between their remark and the text. */
const RULE = /^\s*(?:-{3,}|\*{3,}|_{3,}|(?:\*\s){2,}\*|(?:-\s){2,}-)\s*$/;

const startsWith = (words: readonly string[]) =>
  new RegExp(`^(?:${words.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'iu');
/** The phrases' patterns, built once per reading of the table (every language's phrases, answers/phrases.ts). */
const patterns = fromPhrases((p) => ({
  interjection: startsWith(p.interjections),
  announcer: startsWith(p.announcers),
  closing: startsWith(p.closingRemarks),
  note: startsWith(p.notesAfterRule),
  noun: new RegExp(`(?<![\\p{L}\\p{N}])(?:${p.answerNouns.map(escape).join('|')})`, 'iu'),
  reasoningStart: new RegExp(`^(?:${p.reasoningMarkers.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'iu'),
  /** Words a paragraph of reasoning has among its first ones, wherever they stand ("So the user wants…"). */
  reasoningAnywhere: new RegExp(
    `^[\\s\\S]{0,120}?(?<![\\p{L}\\p{N}])(?:${p.reasoningAnywhere.map(escape).join('|')})(?![\\p{L}\\p{N}])`,
    'iu',
  ),
}));
/** A short heading line: Markdown (any level) or wholly bold, up to 12 words. */
const PART_HEADING = /^(?:#{1,6}\s+\S(?:\S*\s+){0,11}\S*|(\*\*|__)[^*_](?:[^*_\n]){0,100}\1)$/;

/** A line's words without Markdown emphasis and heading marks. */
function plain(line: string): string {
  return plainLine(line);
}

const wordCount = countWords;

/**
 * True for a line that announces the answer rather than being part of it: an interjection ("Sure!",
 * "Tentu,") alone or followed by an announcement, or an announcer ("Here's…", "Berikut ialah…") that
 * names what it hands over ("Chapter 1", "the continuation"). Prose that only starts with "Here" is kept.
 */
export function isAnnouncement(line: string): boolean {
  const text = plain(line);
  if (!text || wordCount(text) > 30 || /^["“‘'«]/.test(text)) return false;
  const { interjection: INTERJECTION, announcer: ANNOUNCER, noun: NOUN } = patterns();
  const interjection = INTERJECTION.exec(text);
  if (interjection) {
    const rest = text.slice(interjection[0].length).replace(/^[\s!,.:;—–-]+/, '');
    if (!/^[!,.:;—–-]|^\s*$/.test(text.slice(interjection[0].length))) return false;
    return (
      !rest ||
      text.endsWith(':') ||
      ANNOUNCER.test(rest) ||
      (wordCount(rest) <= 20 && NOUN.test(rest) && /[:.!]$/.test(text))
    );
  }
  return ANNOUNCER.test(text) && NOUN.test(text) && (text.endsWith(':') || wordCount(text) <= 20);
}

/**
 * True for a paragraph that speaks to the asker about the answer ("Let me know…", "Semoga anda…"; after a rule, "Note:
 * …").
 */
export function isClosingRemark(paragraph: string, opts: { isAfterRule?: boolean } = {}): boolean {
  const text = plain(paragraph);
  return (
    !!text &&
    wordCount(text) <= 80 &&
    (patterns().closing.test(text) || (!!opts.isAfterRule && patterns().note.test(text)))
  );
}

/** A reasoning block opened at the start and never closed. */
const OPEN_REASONING = new RegExp(`^\\s*<(${TAGS})>(?![\\s\\S]*</\\1>)`, 'i');

/** A paragraph of reasoning: talk about the task, a question to itself, or a list of plans. */
function isReasoningTalk(paragraph: string): boolean {
  const text = plain(paragraph);
  const { reasoningStart, reasoningAnywhere } = patterns();
  return (
    reasoningStart.test(text) ||
    reasoningAnywhere.test(text) ||
    /\?\s*$/.test(text) ||
    /^(?:[-*•]|\d+[.)])\s/.test(paragraph.trim())
  );
}

/**
 * A reasoning block opened and never closed, split off the prose after it: the reasoning is the paragraphs
 * from its start that talk about the task ("Okay, the user wants…", "Saya perlu…", a question, a list of
 * plans), the prose what follows (after a rule, if one is there). Undefined when the answer has no open block.
 * @example openReasoning('<think>\nOkay, the user wants rain.\n\nRain fell on the harbour.') // { prose: 'Rain fell on
 * the harbour.' }
 */
export function openReasoning(text: string): { prose: string } | undefined {
  const open = OPEN_REASONING.exec(text);
  if (!open) return undefined;
  const paragraphs = text
    .slice(open[0].length)
    .split(/\n\s*\n/)
    .filter((p) => p.trim());
  let first = 0;
  while (first < paragraphs.length && (isReasoningTalk(paragraphs[first]!) || RULE.test(paragraphs[first]!))) first++;
  return { prose: paragraphs.slice(first).join('\n\n').trim() };
}

/** The answer without a leading reasoning block: an open block (streaming, or cut) leaves nothing. */
export function withoutReasoning(text: string): string {
  const block = LEADING_REASONING.exec(text);
  if (block) return text.slice(block[0].length);
  // A closing tag has its '</': an answer without one (most) is not read for it.
  const lone = text.includes('</') ? LONE_CLOSING.exec(text) : null;
  return lone && !/<\w/.test(lone[0].replace(/<\/\w+>$/, '')) ? text.slice(lone[0].length) : text;
}

/**
 * Only the text of an answer: no reasoning block, announcement or rule before it, no rule or remark
 * after it. `isCut` (an answer stopped at the token limit) keeps its end as written.
 * @example answerText("Sure! Here's Chapter 1 of your story:\n\nRain fell.\n\n---\n\nI hope you enjoyed it!") // 'Rain
 * fell.'
 */
export function answerText(answer: string, opts: { isCut?: boolean } = {}): string {
  const unix = oneKindOfBreak(answer);
  const text = cleaned(openReasoning(unix)?.prose ?? withoutReasoning(unix), opts);
  // A whole answer in a code fence ("```markdown" … "```"): the text inside it, cleaned the same way.
  const inner = unfenced(text);
  return inner === text ? text : cleaned(inner, opts);
}

/** A text without the announcement, rules and closing remarks around it. */
function cleaned(text: string, opts: { isCut?: boolean }): string {
  // Most answers start with their text: nothing is taken off before it, and the text is not split into lines for it.
  // The line as written (untrimmed), as the announcement and rule checks read it; the text has one kind of line break
  // here.
  const head = firstTextLine(text)?.line;
  const body = head !== undefined && (isAnnouncement(head) || RULE.test(head)) ? withoutAnnouncement(text) : text;
  return (opts.isCut ? body : withoutClosing(body)).trim();
}

/**
 * A text without the announcement lines and rules it starts with (a heading after an announcement set at the part's
 * level).
 */
function withoutAnnouncement(text: string): string {
  let lines = text.split('\n');
  const firstText = () => lines.findIndex((l) => l.trim() !== '');
  let isAnnounced = false;
  for (let i = firstText(); i >= 0 && (isAnnouncement(lines[i]!) || RULE.test(lines[i]!)); i = firstText()) {
    isAnnounced ||= isAnnouncement(lines[i]!);
    lines = lines.slice(i + 1);
  }
  // A heading right after an announcement heads what was announced: the part itself. Set at the part's
  // level, so engine/compile/heading.ts takes it off (and keeps its title) as it does a part's own heading.
  const first = firstText();
  if (isAnnounced && first >= 0 && PART_HEADING.test(lines[first]!.trim()))
    lines[first] = `## ${plain(lines[first]!).replace(/[:.]$/, '')}`;
  return lines.join('\n');
}

/** The text without the closing remarks (each paragraph after a rule, or starting as a remark) and rules at the end. */
function withoutClosing(text: string): string {
  // Only a rule among the last CLOSING_PARAGRAPHS paragraphs (but the first) or a remark or rule last takes anything
  // off: an answer with neither is kept as it came, read from its end, not split whole (most answers; ~0.3 % of a
  // 400-book batch's main thread went to splitting them).
  const tail = lastParagraphs(text, CLOSING_PARAGRAPHS);
  const ruled = tail.hasFirst ? tail.last.slice(0, -1) : tail.last;
  if (!ruled.length || (!ruled.some((p) => RULE.test(p)) && !isClosingRemark(tail.last[0]!))) return text;
  let paragraphs = text.split(/\n\s*\n/);
  const count = paragraphs.length;
  // Nothing taken: the text as it came (its blank lines too, as the stream showed them).
  const result = () => (paragraphs.length === count ? text : paragraphs.join('\n\n'));
  for (;;) {
    const last = paragraphs.at(-1);
    if (last === undefined || paragraphs.length < 2) return result();
    const rule = paragraphs.findLastIndex((p) => RULE.test(p));
    // A rule near the end followed only by remarks: the rule and what follows it go.
    if (
      rule > 0 &&
      paragraphs.length - rule <= 4 &&
      paragraphs.slice(rule + 1).every((p) => RULE.test(p) || isClosingRemark(p, { isAfterRule: true }))
    ) {
      paragraphs = paragraphs.slice(0, rule);
    } else if (RULE.test(last) || isClosingRemark(last)) {
      paragraphs = paragraphs.slice(0, -1);
    } else {
      return result();
    }
  }
}

/**
 * Paragraphs from the end that withoutClosing reads: a rule is taken with what follows it when at most 3 paragraphs
 * follow it (and never when it is the first paragraph), so a rule that can count stands among the last 4.
 */
const CLOSING_PARAGRAPHS = 4;

/**
 * The last `k` paragraphs of `text` as `text.split(/\n\s*\n/)` cuts it, the last first; `hasFirst` when the text
 * has no more than `k`, the last of them its first. A cut is a run of white space holding two line breaks or more,
 * from its first line break to its last.
 * @example lastParagraphs('a\n\nb\n \nc', 2) // { last: ['c', 'b'], hasFirst: false }
 */
function lastParagraphs(text: string, k: number): { last: string[]; hasFirst: boolean } {
  const last: string[] = [];
  let end = text.length;
  for (let i = text.lastIndexOf('\n'); i >= 0;) {
    // The last line break of its run of white space (the scan came from its end: no line break after it in the run).
    let first = i;
    let a = i - 1;
    for (; a >= 0 && isSpace(text.charCodeAt(a)); a--) if (text.charCodeAt(a) === 0x0a) first = a;
    if (first < i) {
      // A cut: the paragraph after it is not the text's first.
      last.push(text.slice(i + 1, end));
      if (last.length === k) return { last, hasFirst: false };
      end = first;
    }
    if (a < 0) break;
    i = text.lastIndexOf('\n', a);
  }
  last.push(text.slice(0, end));
  return { last, hasFirst: true };
}

/**
 * A stream's deltas as the reader should see them: a leading reasoning block is held back until it
 * closes (and never shown); everything else passes as it comes, without hidden characters (cleanPiece).
 */
export function streamedText(onDelta: (delta: string) => void): (delta: string) => void {
  let held = '';
  let isPassing = false;
  const opening = new RegExp(`^\\s*<(?:${TAGS})>`, 'i');
  return (raw) => {
    // What the writer sees as it comes carries no hidden character either (the whole answer is cleaned once in).
    const delta = cleanPiece(raw);
    if (!delta) return;
    if (isPassing) return onDelta(delta);
    held += delta;
    const start = held.trimStart();
    const couldOpen = REASONING_TAGS.some(
      (t) => `<${t}>`.startsWith(start.toLowerCase()) || start.toLowerCase().startsWith(`<${t}>`),
    );
    if (!start || (couldOpen && !opening.test(held))) return;
    if (opening.test(held)) {
      const rest = withoutReasoning(held);
      if (rest === '' || rest === held) return;
      held = '';
      isPassing = true;
      if (rest.trimStart()) onDelta(rest.trimStart());
      return;
    }
    isPassing = true;
    onDelta(held);
    held = '';
  };
}
