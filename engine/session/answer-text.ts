// Only the text: what a model wrote around the answer it was asked for is taken off before anything
// counts, checks, saves or joins it (every answer of a step, its continuations and extensions, write-more,
// rewrites, the outline, bible updates, single and publishing pieces go through askText). Taken: a leading
// reasoning block (<think>…</think>, also one left open), a line announcing the answer ("Sure! Here's
// Chapter 1 of your story:"), a rule after it, and a closing rule or remark ("I hope you enjoyed…"). The
// phrases are data (answer-phrases.ts); a part's own heading is engine/compile/heading.ts's job.
import type { Provider, TextRequest, TextResult } from '../provider.js';
import { ANNOUNCERS, ANSWER_NOUNS, CLOSING_REMARKS, INTERJECTIONS, NOTES_AFTER_RULE, REASONING_TAGS } from './answer-phrases.js';

const TAGS = REASONING_TAGS.join('|');
/** A reasoning block at the start, closed or (cut, or still streaming) left open. */
const LEADING_REASONING = new RegExp(`^\\s*<(${TAGS})>[\\s\\S]*?(?:</\\1>|$)`, 'i');
/** A closing tag with no opening one (chat templates that open the block in the prompt). */
const LONE_CLOSING = new RegExp(`^[\\s\\S]*?</(?:${TAGS})>`, 'i');
/** A horizontal rule line, as models set one between their remark and the text. */
const RULE = /^\s*(?:-{3,}|\*{3,}|_{3,}|(?:\*\s){2,}\*|(?:-\s){2,}-)\s*$/;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const startsWith = (words: readonly string[]) => new RegExp(`^(?:${words.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'iu');
const INTERJECTION = startsWith(INTERJECTIONS);
const ANNOUNCER = startsWith(ANNOUNCERS);
const CLOSING = startsWith(CLOSING_REMARKS);
const NOTE = startsWith(NOTES_AFTER_RULE);
/** A short heading line: Markdown (any level) or wholly bold, up to 12 words. */
const PART_HEADING = /^(?:#{1,6}\s+\S(?:\S*\s+){0,11}\S*|(\*\*|__)[^*_](?:[^*_\n]){0,100}\1)$/;
const NOUN = new RegExp(`(?<![\\p{L}\\p{N}])(?:${ANSWER_NOUNS.map(escape).join('|')})`, 'iu');

/** A line's words without Markdown emphasis and heading marks. */
function plain(line: string): string {
  return line.trim().replace(/^#{1,6}\s+/, '').replace(/^>\s*/, '').replace(/[*_`]+/g, '').trim();
}

const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;

/**
 * True for a line that announces the answer rather than being part of it: an interjection ("Sure!",
 * "Tentu,") alone or followed by an announcement, or an announcer ("Here's…", "Berikut ialah…") that
 * names what it hands over ("Chapter 1", "the continuation"). Prose that only starts with "Here" is kept.
 */
export function isAnnouncement(line: string): boolean {
  const text = plain(line);
  if (!text || wordCount(text) > 30 || /^["“‘'«]/.test(text)) return false;
  const interjection = INTERJECTION.exec(text);
  if (interjection) {
    const rest = text.slice(interjection[0].length).replace(/^[\s!,.:;—–-]+/, '');
    if (!/^[!,.:;—–-]|^\s*$/.test(text.slice(interjection[0].length))) return false;
    return !rest || text.endsWith(':') || ANNOUNCER.test(rest) || (wordCount(rest) <= 20 && NOUN.test(rest) && /[:.!]$/.test(text));
  }
  return ANNOUNCER.test(text) && NOUN.test(text) && (text.endsWith(':') || wordCount(text) <= 20);
}

/** True for a paragraph that speaks to the asker about the answer ("Let me know…", "Semoga anda…"; after a rule, "Note: …"). */
export function isClosingRemark(paragraph: string, opts: { isAfterRule?: boolean } = {}): boolean {
  const text = plain(paragraph);
  return !!text && wordCount(text) <= 80 && (CLOSING.test(text) || (!!opts.isAfterRule && NOTE.test(text)));
}

/** The answer without a leading reasoning block: an open block (streaming, or cut) leaves nothing. */
export function withoutReasoning(text: string): string {
  const block = LEADING_REASONING.exec(text);
  if (block) return text.slice(block[0].length);
  const lone = LONE_CLOSING.exec(text);
  return lone && !/<\w/.test(lone[0].replace(/<\/\w+>$/, '')) ? text.slice(lone[0].length) : text;
}

/**
 * Only the text of an answer: no reasoning block, announcement or rule before it, no rule or remark
 * after it. `isCut` (an answer stopped at the token limit) keeps its end as written.
 * @example answerText("Sure! Here's Chapter 1 of your story:\n\nRain fell.\n\n---\n\nI hope you enjoyed it!") // 'Rain fell.'
 */
export function answerText(answer: string, opts: { isCut?: boolean } = {}): string {
  let lines = withoutReasoning(answer.replace(/\r\n?/g, '\n')).split('\n');
  const firstText = () => lines.findIndex((l) => l.trim() !== '');
  let isAnnounced = false;
  for (let i = firstText(); i >= 0 && (isAnnouncement(lines[i]!) || RULE.test(lines[i]!)); i = firstText()) {
    isAnnounced ||= isAnnouncement(lines[i]!);
    lines = lines.slice(i + 1);
  }
  // A heading right after an announcement heads what was announced: the part itself. Set at the part's
  // level, so engine/compile/heading.ts takes it off (and keeps its title) as it does a part's own heading.
  const first = firstText();
  if (isAnnounced && first >= 0 && PART_HEADING.test(lines[first]!.trim())) lines[first] = `## ${plain(lines[first]!).replace(/[:.]$/, '')}`;
  if (!opts.isCut) lines = withoutClosing(lines);
  return lines.join('\n').trim();
}

/** The lines without the closing remarks (each paragraph after a rule, or starting as a remark) and rules at the end. */
function withoutClosing(lines: string[]): string[] {
  let paragraphs = lines.join('\n').split(/\n\s*\n/);
  const count = paragraphs.length;
  // Nothing taken: the lines as they came (their blank lines too, as the stream showed them).
  const result = () => (paragraphs.length === count ? lines : paragraphs.join('\n\n').split('\n'));
  for (;;) {
    const last = paragraphs.at(-1);
    if (last === undefined || paragraphs.length < 2) return result();
    const rule = paragraphs.findLastIndex((p) => RULE.test(p));
    // A rule near the end followed only by remarks: the rule and what follows it go.
    if (rule > 0 && paragraphs.length - rule <= 4 && paragraphs.slice(rule + 1).every((p) => RULE.test(p) || isClosingRemark(p, { isAfterRule: true }))) {
      paragraphs = paragraphs.slice(0, rule);
    } else if (RULE.test(last) || isClosingRemark(last)) {
      paragraphs = paragraphs.slice(0, -1);
    } else {
      return result();
    }
  }
}

/**
 * A stream's deltas as the reader should see them: a leading reasoning block is held back until it
 * closes (and never shown); everything else passes as it comes.
 */
export function streamedText(onDelta: (delta: string) => void): (delta: string) => void {
  let held = '';
  let isPassing = false;
  const opening = new RegExp(`^\\s*<(?:${TAGS})>`, 'i');
  return (delta) => {
    if (isPassing) return onDelta(delta);
    held += delta;
    const start = held.trimStart();
    const couldOpen = REASONING_TAGS.some((t) => `<${t}>`.startsWith(start.toLowerCase()) || start.toLowerCase().startsWith(`<${t}>`));
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

/**
 * Ask the provider for one answer and keep only its text (answerText), its stream shown without a
 * reasoning block. Every text call of the book session goes through here.
 */
export async function askText(provider: Provider, request: TextRequest): Promise<TextResult> {
  const { onDelta, ...rest } = request;
  const result = await provider.generateText({ ...rest, ...(onDelta ? { onDelta: streamedText(onDelta) } : {}) });
  return { ...result, text: answerText(result.text, { isCut: result.finishReason === 'length' }) };
}
