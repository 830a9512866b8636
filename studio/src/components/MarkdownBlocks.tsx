// Generated text as React elements (loaded by Markdown.tsx with the first text a page shows), from the engine's
// one Markdown reader (engine/markdown.ts, the same blocks the EPUB, DOCX and PDF exports print): the model's text is
// never inserted as HTML. `isPlaced` marks each block with its place in the text (data-src-start, data-src-end), so a
// selection maps back to characters of it.
import { cloneElement, isValidElement, memo, useMemo, type ReactElement, type ReactNode } from 'react';
import { parseMarkdown, parseMarkdownPlaced, type Block, type Span } from '../engine.js';

function spans(list: readonly Span[], key: string): ReactNode[] {
  return list.map((s, i) => {
    const k = `${key}-${i}`;
    switch (s.kind) {
      case 'text':
        return s.text;
      case 'strong':
        return <strong key={k}>{spans(s.children, k)}</strong>;
      case 'em':
        return <em key={k}>{spans(s.children, k)}</em>;
      case 'code':
        return (
          <code key={k} className="rounded bg-gray-100 px-1 text-[0.9em] dark:bg-neutral-800">
            {s.text}
          </code>
        );
      case 'break':
        return <br key={k} />;
    }
  });
}

/** A list item: its first paragraph sits in the item itself (the studio's earlier look), a nested list after it. */
function item(blocks: readonly Block[], key: string): ReactNode {
  const [first, ...rest] = blocks;
  if (first?.kind !== 'paragraph') return blocks.map((b, i) => block(b, `${key}-${i}`));
  return [...spans(first.spans, `${key}-p`), ...rest.map((b, i) => block(b, `${key}-${i + 1}`))];
}

function block(b: Block, key: string): ReactNode {
  switch (b.kind) {
    case 'heading': {
      const cls = b.level <= 2 ? 'mt-4 mb-2 text-lg font-semibold' : 'mt-3 mb-1.5 font-semibold';
      return (
        <p key={key} role="heading" aria-level={Math.min(b.level + 2, 6)} className={cls}>
          {spans(b.spans, key)}
        </p>
      );
    }
    case 'paragraph':
      return (
        <p key={key} className="mb-3">
          {spans(b.spans, key)}
        </p>
      );
    case 'list': {
      const items = b.items.map((blocks, i) => <li key={i}>{item(blocks, `${key}-${i}`)}</li>);
      return b.isOrdered ? (
        <ol key={key} start={b.start === 1 ? undefined : b.start} className="mb-3 list-decimal space-y-1 pl-6">
          {items}
        </ol>
      ) : (
        <ul key={key} className="mb-3 list-disc space-y-1 pl-6">
          {items}
        </ul>
      );
    }
    case 'quote':
      return (
        <blockquote key={key} className="mb-3 border-l-4 border-gray-300 pl-4 italic dark:border-neutral-600">
          {b.blocks.map((c, i) => block(c, `${key}-${i}`))}
        </blockquote>
      );
    case 'code':
      return (
        <pre key={key} className="mb-3 overflow-x-auto rounded bg-gray-100 p-3 text-sm dark:bg-neutral-800">
          <code>{b.text}</code>
        </pre>
      );
    case 'rule':
      return <hr key={key} className="my-4 border-gray-300 dark:border-neutral-600" />;
    case 'table': {
      const cell = 'border border-gray-300 px-2 py-1 text-left align-top dark:border-neutral-600';
      return (
        <table key={key} className="mb-3 border-collapse">
          <thead>
            <tr>
              {b.header.map((c, i) => (
                <th key={i} scope="col" className={cell}>
                  {spans(c, `${key}-h${i}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {b.rows.map((r, i) => (
              <tr key={i}>
                {r.map((c, j) => (
                  <td key={j} className={cell}>
                    {spans(c, `${key}-${i}-${j}`)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    }
  }
}

/** Memoised: a long book re-renders only the part that is still being written. */
export const MarkdownBlocks = memo(function MarkdownBlocks({
  text,
  isPlaced = false,
}: {
  text: string;
  isPlaced?: boolean;
}) {
  const blocks = useMemo(
    () => (isPlaced ? parseMarkdownPlaced(text) : parseMarkdown(text).map((b) => ({ block: b, start: 0, end: 0 }))),
    [text, isPlaced],
  );
  return (
    <>
      {blocks.map((b, i) => {
        const shown = block(b.block, String(i));
        return isPlaced && isValidElement(shown)
          ? cloneElement(shown as ReactElement<Record<string, unknown>>, {
              'data-src-start': b.start,
              'data-src-end': b.end,
            })
          : shown;
      })}
    </>
  );
});
