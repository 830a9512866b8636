// What makes an EPUB accessible by construction (EPUB Accessibility 1.1, the checks DAISY's Ace runs): the
// package's schema.org accessibility metadata with its summary in the book's language, and the DPUB-ARIA role
// that matches each structural type (epub:type) an EPUB's sections and navs carry. epub.ts and bilingual-epub.ts
// use both, so every EPUB Karya writes (a book, a package's manuscript, an edition, a bilingual edition, an
// import's export) says the same true things of itself.
import type { Lang } from '../../spec/types.js';
import { catalogue, sayer } from '../../languages/index.js';
import { escapeXml } from './xhtml.js';

/** The summary's words; every language's are in languages/<code>/export-accessibility.yaml. */
const WORDS = catalogue('export-accessibility', ['summary', 'summaryImages', 'summaryReadAlong']);
const say = sayer(WORDS);

/** The conformance claim Ace and the stores read (one of the strings EPUB Accessibility 1.1 defines). */
export const CONFORMS_TO = 'EPUB Accessibility 1.1 - WCAG 2.1 Level AA';

/**
 * The DPUB-ARIA role of each EPUB structural type (the W3C's mapping, as Ace checks it): a section or nav with the
 * type carries the role too. Types with no role (titlepage, copyright-page, landmarks, bodymatter) have none.
 */
const DPUB_ROLES: Readonly<Record<string, string>> = {
  abstract: 'doc-abstract',
  acknowledgments: 'doc-acknowledgments',
  afterword: 'doc-afterword',
  appendix: 'doc-appendix',
  bibliography: 'doc-bibliography',
  chapter: 'doc-chapter',
  colophon: 'doc-colophon',
  conclusion: 'doc-conclusion',
  credits: 'doc-credits',
  dedication: 'doc-dedication',
  endnotes: 'doc-endnotes',
  epigraph: 'doc-epigraph',
  epilogue: 'doc-epilogue',
  errata: 'doc-errata',
  foreword: 'doc-foreword',
  glossary: 'doc-glossary',
  index: 'doc-index',
  introduction: 'doc-introduction',
  'page-list': 'doc-pagelist',
  part: 'doc-part',
  preface: 'doc-preface',
  prologue: 'doc-prologue',
  toc: 'doc-toc',
};

/** The role a structural type maps to, or undefined when it has none. */
export const roleOf = (epubType: string): string | undefined => DPUB_ROLES[epubType];

/** ` epub:type="…" role="…"`: the type and, when it maps to one, its DPUB-ARIA role. */
export function typeAndRole(epubType: string): string {
  const role = roleOf(epubType);
  return ` epub:type="${epubType}"${role ? ` role="${role}"` : ''}`;
}

/** What the book holds, for its accessibility metadata. */
export interface AccessibilityFacts {
  /** The book's language: the summary is in it. */
  lang: Lang;
  /** Pictures in the reading content (the cover is the package's, not a page), each with its alt text. */
  images?: number;
  /** Narration synchronised with the text (a read-along EPUB's Media Overlays): heard as well as read. */
  hasSyncedAudio?: boolean;
}

/**
 * The package's accessibility metadata (OPF `<meta>` lines): how it is read (textual; visual too when it has pictures,
 * each with alternative text so textual alone suffices; auditory too when a narration is synchronised with the text:
 * the text still suffices alone, the narration, which reads the chapters and not the title page or the contents, is
 * not claimed to), what helps (a table of contents, headings,
 * a reading order, alternative text, synchronised audio), no hazards, a summary in the book's language and the
 * conformance it is built to.
 * @example accessibilityMetadata({ lang: 'ms' }) // '<meta property="schema:accessMode">textual</meta>\n…'
 */
export function accessibilityMetadata(facts: AccessibilityFacts): string {
  const hasImages = (facts.images ?? 0) > 0;
  const hasAudio = facts.hasSyncedAudio === true;
  const meta = (property: string, value: string) => `<meta property="${property}">${value}</meta>\n`;
  const features = [
    'structuralNavigation',
    'tableOfContents',
    'readingOrder',
    ...(hasImages ? ['alternativeText'] : []),
    ...(hasAudio ? ['synchronizedAudioText'] : []),
  ];
  const summary = hasAudio ? 'summaryReadAlong' : hasImages ? 'summaryImages' : 'summary';
  return [
    meta('schema:accessMode', 'textual'),
    ...(hasAudio ? [meta('schema:accessMode', 'auditory')] : []),
    ...(hasImages ? [meta('schema:accessMode', 'visual'), meta('schema:accessModeSufficient', 'textual,visual')] : []),
    meta('schema:accessModeSufficient', 'textual'),
    ...features.map((f) => meta('schema:accessibilityFeature', f)),
    meta('schema:accessibilityHazard', 'none'),
    meta('schema:accessibilitySummary', escapeXml(say(summary, facts.lang))),
    meta('dcterms:conformsTo', CONFORMS_TO),
  ].join('');
}
