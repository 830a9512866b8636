// A package of a translated edition printed with its source (the publish panel's dual-language choice, karya publish
// --bilingual): the manuscript files are the bilingual document's (engine/node/export/bilingual.ts), with the
// package's own title, author and copyright page; the paperback interior prints each source paragraph followed by
// its translation under headings in both languages. Used by buildKdpPackage (publish.ts), so the server and the CLI
// make the same package.
import type { BookState } from '../compile/flow.js';
import type { BookDocument } from '../session/book.js';
import type { ResolvedSpec } from '../spec/types.js';
import type { ReadinessInput } from '../publish/index.js';
import { bilingualDocument } from './export/bilingual-document.js';
import type { BilingualDocument } from './export/bilingual.js';

/** The two documents of a dual-language package: the one the EPUB and DOCX are made from, and the paperback's. */
export interface BilingualPackageDocuments {
  readonly manuscript: BilingualDocument;
  readonly interior: BookDocument;
  /** What the readiness rule of a dual-language book reads (engine/publish/readiness/bilingual-language.ts). */
  readonly readiness: NonNullable<ReadinessInput['bilingual']>;
}

/**
 * The documents of an edition's package printed with its source. `packaged` is the edition's package document
 * (title, author and copyright page as the publishing steps made them): its front matter is kept as it is.
 */
export function bilingualPackageDocuments(input: {
  spec: ResolvedSpec;
  source: BookState;
  edition: BookState;
  packaged: BookDocument;
}): BilingualPackageDocuments {
  const { packaged } = input;
  const made = bilingualDocument({
    spec: input.spec,
    source: input.source,
    edition: input.edition,
    ...(packaged.author ? { author: packaged.author } : {}),
  });
  const { parts: _parts, outline: _outline, ...front } = packaged;
  const manuscript: BilingualDocument = { ...made, edition: { ...front, translatedFrom: input.source.lang } };
  // The paperback's typesetter takes one language's document: each part's paragraphs become the pairs, in order.
  const interior: BookDocument = {
    ...packaged,
    parts: made.parts.map((part) => ({
      id: part.id,
      heading:
        part.heading.source === part.heading.edition
          ? part.heading.edition
          : `${part.heading.source} / ${part.heading.edition}`,
      markdown: part.pairs.flatMap((p) => [p.source, p.edition].filter((t): t is string => t !== null)).join('\n\n'),
    })),
  };
  return { manuscript, interior, readiness: { edition: input.edition.lang, source: input.source.lang } };
}
