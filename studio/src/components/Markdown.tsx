// A small Markdown reader for generated text (headings, lists, paragraphs, **bold**, *italic*), built
// from React elements: the model's text is never inserted as HTML.
import { Fragment, memo, type ReactNode } from 'react';

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /(\*\*[^*\n]+\*\*|__[^_\n]+__|\*[^*\n]+\*|_[^_\n]+_)/g;
  let last = 0;
  let m: RegExpExecArray | null;
  let i = 0;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const token = m[0];
    const isBold = token.startsWith('**') || token.startsWith('__');
    const inner = isBold ? token.slice(2, -2) : token.slice(1, -1);
    out.push(isBold ? <strong key={`${key}-${i++}`}>{inner}</strong> : <em key={`${key}-${i++}`}>{inner}</em>);
    last = m.index + token.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** Memoised: a long book re-renders only the part that is still being written. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const blocks = text.replace(/\r\n/g, '\n').split(/\n{2,}/);
  return (
    <>
      {blocks.map((block, b) => {
        const lines = block.split('\n').filter((l) => l.trim() !== '');
        if (lines.length === 0) return null;
        const heading = /^(#{1,6})\s+(.*)$/.exec(lines[0]!.trim());
        if (heading && lines.length === 1) {
          const level = heading[1]!.length;
          const cls = level <= 2 ? 'mt-4 mb-2 text-lg font-semibold' : 'mt-3 mb-1.5 font-semibold';
          return <p key={b} role="heading" aria-level={Math.min(level + 2, 6)} className={cls}>{inline(heading[2]!, `h${b}`)}</p>;
        }
        if (lines.every((l) => /^\s*([-*•]|\d+[.)])\s+/.test(l))) {
          const isOrdered = /^\s*\d/.test(lines[0]!);
          const items = lines.map((l, i) => <li key={i}>{inline(l.replace(/^\s*([-*•]|\d+[.)])\s+/, ''), `l${b}-${i}`)}</li>);
          return isOrdered ? <ol key={b} className="mb-3 list-decimal space-y-1 pl-6">{items}</ol> : <ul key={b} className="mb-3 list-disc space-y-1 pl-6">{items}</ul>;
        }
        return (
          <p key={b} className="mb-3">
            {lines.map((l, i) => (
              <Fragment key={i}>
                {i > 0 && <br />}
                {inline(l.replace(/^#{1,6}\s+/, ''), `p${b}-${i}`)}
              </Fragment>
            ))}
          </p>
        );
      })}
    </>
  );
});
