// Generated text on a page (MarkdownBlocks.tsx renders it), loaded with the first text a page shows: a page with no
// text yet, a new book's, does not evaluate the Markdown reader (marked). While it loads the text reads as plain
// paragraphs.
import { lazy, memo, Suspense } from 'react';

const Blocks = lazy(() => import('./MarkdownBlocks.js').then((m) => ({ default: m.MarkdownBlocks })));

function PlainText({ text }: { text: string }) {
  return text
    .split(/\n\s*\n/)
    .filter((p) => p.trim())
    .map((p, i) => (
      <p key={i} className="mb-3 whitespace-pre-line">
        {p.trim()}
      </p>
    ));
}

export const Markdown = memo(function Markdown({ text, isPlaced = false }: { text: string; isPlaced?: boolean }) {
  return (
    <Suspense fallback={<PlainText text={text} />}>
      <Blocks text={text} isPlaced={isPlaced} />
    </Suspense>
  );
});
