// The dual-language document of an edition and its source (bilingual.ts: its shape). Built from the two books'
// documents (session/book.ts), so the parts, headings and cleaned text are the ones every other export prints;
// paragraphs pair by position, as the edition was translated (one to one, aligned per part).
import { bookDocument, type DocumentPart } from '../../session/book.js';
import type { BookState } from '../../compile/flow.js';
import type { ResolvedSpec } from '../../spec/types.js';
import { parseMarkdown, spansText } from '../../markdown.js';
import { paragraphsOf } from '../../session/translate/light.js';
import type { BilingualDocument, BilingualPair, BilingualPart } from './bilingual.js';

const normal = (text: string) =>
  text
    .replace(/[*_#:\s]+/g, ' ')
    .trim()
    .toLowerCase();

/** A part's paragraphs, without a first line that only repeats the part's heading (the export prints the heading). */
function partParagraphs(part: DocumentPart | undefined): string[] {
  const all = paragraphsOf(part?.markdown ?? '');
  const blocks = all[0] ? parseMarkdown(all[0]) : [];
  const first = blocks[0];
  const isRepeat =
    blocks.length === 1 && first?.kind === 'heading' && normal(spansText(first.spans)) === normal(part?.heading ?? '');
  return isRepeat ? all.slice(1) : all;
}

/**
 * The bilingual document of an edition and its source: the edition's parts in order, each with its source part's
 * heading and paragraphs beside its own. A paragraph the edition keeps as its source has it (no translation could be
 * had, or a scene break with no words) is printed once, as the source's.
 * @example bilingualDocument({ spec, source, edition }).parts[1].pairs[0] // { source: 'Aisha…', edition: 'Aisyah…' }
 */
export function bilingualDocument(input: {
  spec: ResolvedSpec;
  source: BookState;
  edition: BookState;
  author?: string;
}): BilingualDocument {
  const { spec, source, edition } = input;
  const opts = input.author ? { author: input.author } : {};
  const from = bookDocument(spec, source, opts);
  const to = bookDocument(spec, edition, opts);
  const sourceParts = new Map(from.parts.map((p) => [p.id, p]));
  const parts = to.parts.map((part): BilingualPart => {
    const twin = sourceParts.get(part.id);
    const a = partParagraphs(twin);
    const b = partParagraphs(part);
    const pairs = Array.from({ length: Math.max(a.length, b.length) }, (_, i): BilingualPair => {
      const s = a[i] ?? null;
      const e = b[i] ?? null;
      return { source: s, edition: e !== null && e === s ? null : e };
    });
    return { id: part.id, heading: { source: twin?.heading ?? part.heading, edition: part.heading }, pairs };
  });
  const { parts: _parts, outline: _outline, ...front } = to;
  return {
    kind: 'bilingual',
    edition: { ...front, translatedFrom: source.lang },
    source: { title: from.title, lang: source.lang },
    parts,
  };
}
