// Where a selection in a rendered part stands in the part's text. Each block the Markdown component rendered
// with `isPlaced` carries its place in the text (data-src-start, data-src-end); a point inside a block is placed
// by walking the block's rendered text and its Markdown together, so marks the reader never sees (emphasis,
// list marks, line ends) are stepped over. Never by searching for the selected words: a writer's dialogue tags
// and short lines often stand in several paragraphs, and only the place the writer chose may change.

/** Characters `start` to `end` of a part's text. */
export interface Place {
  start: number;
  end: number;
}

/**
 * The character of `source` (a block's Markdown) where the rendered text's character `k` stands: for the start of
 * a selection the character itself, for its end the one after the last character before `k`. A rendered
 * character with no match in the source (an entity written as `&amp;`) moves nothing.
 */
export function sourceIndex(source: string, rendered: string, k: number, side: 'start' | 'end'): number {
  let j = 0;
  for (let i = 0; i < k && i < rendered.length; i++) {
    const at = source.indexOf(rendered[i]!, j);
    if (at >= 0) j = at + 1;
  }
  if (side === 'start' && k < rendered.length) {
    const at = source.indexOf(rendered[k]!, j);
    if (at >= 0) j = at;
  }
  return j;
}

/** The placed blocks of a rendered part, in order, with their places in its text. */
function placedBlocks(box: HTMLElement): Array<{ el: HTMLElement; start: number; end: number }> {
  return Array.from(box.querySelectorAll<HTMLElement>('[data-src-start]')).map((el) => ({
    el,
    start: Number(el.dataset.srcStart),
    end: Number(el.dataset.srcEnd),
  }));
}

/**
 * Where a point of the page (a selection's start or end) stands in the part's text, or null when it is after (start) or
 * before (end) every block.
 */
function offsetOf(box: HTMLElement, text: string, node: Node, offset: number, side: 'start' | 'end'): number | null {
  const blocks = placedBlocks(box);
  const doc = box.ownerDocument;
  for (let i = 0; i < blocks.length; i++) {
    const { el, start, end } = blocks[i]!;
    const whole = doc.createRange();
    whole.selectNodeContents(el);
    const where = whole.comparePoint(node, offset);
    if (where < 0) return side === 'start' ? start : i > 0 ? blocks[i - 1]!.end : null;
    if (where > 0) continue;
    // Inside the block: its rendered text before the point, walked against the block's Markdown.
    const before = doc.createRange();
    before.setStart(el, 0);
    before.setEnd(node, offset);
    return start + sourceIndex(text.slice(start, end), el.textContent ?? '', before.toString().length, side);
  }
  return side === 'end' && blocks.length ? blocks.at(-1)!.end : null;
}

/**
 * The place in the part's `text` of a selection made in its rendered box (whitespace at either edge left out),
 * or null when it holds no text of the part.
 */
export function placeOfRange(box: HTMLElement, text: string, range: Range): Place | null {
  let start = offsetOf(box, text, range.startContainer, range.startOffset, 'start');
  let end = offsetOf(box, text, range.endContainer, range.endOffset, 'end');
  if (start === null || end === null) return null;
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end > start ? { start, end } : null;
}
