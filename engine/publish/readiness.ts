// readiness.json of a KDP package: every check KDP's upload would make that we can make here, each with
// pass, fail or skipped and what to fix; plus the summary the CLI prints.
import type { PixelSize } from '../spec/types.js';
import { KDP_DESCRIPTION_MAX, disallowedTags } from './html.js';
import { isZip, pngSize } from './files.js';
import type { KdpMetadata } from './metadata.js';
import { keywordProblems, titleProblems, type RuleProblem } from './rules.js';

/** `warn`: advice that does not stop the upload (a paperback's length); `skipped`: could not be checked here. */
export type CheckStatus = 'pass' | 'fail' | 'warn' | 'skipped';

export interface ReadinessCheck {
  /** Stable name, e.g. `cover-size`. */
  id: string;
  /** What is checked, e.g. "cover.png is 1600 × 2560 px". */
  label: string;
  status: CheckStatus;
  /** What was found. */
  detail?: string;
  /** What to do when it fails. */
  fix?: string;
}

export interface Readiness {
  /** No check failed (a warning or a skipped check does not count against it). */
  ready: boolean;
  checks: ReadinessCheck[];
}

/** The result of epubcheck on manuscript.epub (engine/node/publish.ts runs it). */
export interface EpubcheckResult {
  status: CheckStatus;
  detail: string;
}

/** KDP's paperback minimum; an e-book has none. */
export const KDP_PAPERBACK_MIN_PAGES = 24;
/** KDP's smallest accepted cover, in pixels. */
const COVER_MIN = { width: 625, height: 1000 };

function fromProblems(id: string, label: string, problems: readonly RuleProblem[], passDetail: string): ReadinessCheck {
  return problems.length
    ? { id, label, status: 'fail', detail: problems.map((p) => p.problem).join('; '), fix: problems.map((p) => p.fix).join('; ') }
    : { id, label, status: 'pass', detail: passDetail };
}

const check = (id: string, label: string, isOk: boolean, detail: string, fix: string): ReadinessCheck =>
  isOk ? { id, label, status: 'pass', detail } : { id, label, status: 'fail', detail, fix };

/** Every check of a package, in the order the files are listed. */
export function packageReadiness(input: {
  metadata: KdpMetadata;
  isBookComplete: boolean;
  epub: Uint8Array;
  docx: Uint8Array;
  epubcheck: EpubcheckResult;
  cover: Uint8Array;
  coverSize: PixelSize;
  /** How the title and author were found (a fallback is said in the detail). */
  notes?: { title?: string; author?: string };
}): Readiness {
  const { metadata: m } = input;
  const cover = pngSize(input.cover);
  const wanted = input.coverSize;
  const description = m.description;
  const descriptionText = description.replace(/<[^>]*>/g, '').trim();
  const badTags = disallowedTags(description);
  const checks: ReadinessCheck[] = [
    check('book-complete', 'every part of the book is written', input.isBookComplete, input.isBookComplete ? 'introduction to conclusion' : 'the book is not finished',
      'run the same command again to finish the book'),
    check('manuscript-epub', 'manuscript.epub is an EPUB file', isZip(input.epub), `${input.epub.length} bytes`, 'run the command again; report a bug if it persists'),
    { id: 'epubcheck', label: 'manuscript.epub passes epubcheck', status: input.epubcheck.status, detail: input.epubcheck.detail,
      ...(input.epubcheck.status === 'fail' ? { fix: 'see the epubcheck messages; KDP may refuse or change the file' } : {}) },
    check('manuscript-docx', 'manuscript.docx is a Word file', isZip(input.docx), `${input.docx.length} bytes`, 'run the command again; report a bug if it persists'),
    check('cover-size', `cover.png is a PNG of ${wanted.width} × ${wanted.height} px`,
      cover !== null && cover.width === wanted.width && cover.height === wanted.height && cover.width >= COVER_MIN.width && cover.height >= COVER_MIN.height,
      cover ? `${cover.width} × ${cover.height} px` : 'not a PNG', `replace cover.png with a ${wanted.width} × ${wanted.height} px PNG`),
    check('description', `description.html has only KDP's tags and at most ${KDP_DESCRIPTION_MAX} characters`,
      descriptionText.length > 0 && badTags.length === 0 && description.length <= KDP_DESCRIPTION_MAX,
      `${description.length} characters${badTags.length ? `; tags KDP removes: ${badTags.join(' ')}` : ''}${descriptionText ? '' : '; no text'}`,
      'edit description.html: keep to b, i, em, strong, u, br, p, ul, ol, li, h4, h5, h6 and 4,000 characters'),
    fromProblems('keywords', 'keywords.txt has at most 7 lines of at most 50 characters, no refused words', keywordProblems(m.keywords), `${m.keywords.length} keywords`),
    fromProblems('title', 'title and subtitle: at most 200 characters, no refused words', titleProblems(m),
      `"${m.title}"${m.subtitle ? ` / "${m.subtitle}"` : ''}${input.notes?.title ? ` (${input.notes.title})` : ''}`),
    check('author', 'an author name', m.author.trim().length > 0, m.author ? `"${m.author}"${input.notes?.author ? ` (${input.notes.author})` : ''}` : 'empty',
      'pass --author "Your Name" or edit "author" in metadata.json'),
    check('language', 'language is one KDP lists (en, ms)', m.language === 'en' || m.language === 'ms', m.language, 'set "language" in metadata.json to en or ms'),
    check('categories', 'one to three suggested categories', m.categories.length >= 1 && m.categories.length <= 3, m.categories.join('; ') || 'none',
      "add categories to the generator's publish block (generators/README.md)"),
    {
      id: 'print-length', label: `a paperback has at least ${KDP_PAPERBACK_MIN_PAGES} pages (KDP's minimum; an e-book has none)`,
      status: m.estimatedPrintPages >= KDP_PAPERBACK_MIN_PAGES ? 'pass' : 'warn', detail: `${m.wordCount} words, about ${m.estimatedPrintPages} pages at ${m.printTrim}`,
      ...(m.estimatedPrintPages >= KDP_PAPERBACK_MIN_PAGES ? {} : { fix: 'for a paperback, write more chapters (--chapters); the e-book is fine as it is' }),
    },
  ];
  return { ready: checks.every((c) => c.status !== 'fail'), checks };
}

/** The readiness as lines for a terminal: one per check, the fix under each failure. */
export function formatReadiness(readiness: Readiness): string {
  const mark: Record<CheckStatus, string> = { pass: '✓', fail: '✗', warn: '!', skipped: '–' };
  const lines = readiness.checks.flatMap((c) => [
    `  ${mark[c.status]} ${c.label}${c.detail ? `: ${c.detail}` : ''}${c.status === 'skipped' ? ' (skipped)' : ''}`,
    ...((c.status === 'fail' || c.status === 'warn') && c.fix ? [`      fix: ${c.fix}`] : []),
  ]);
  const failed = readiness.checks.filter((c) => c.status === 'fail').length;
  lines.push(readiness.ready ? '  ready for KDP' : `  not ready: ${failed} check${failed === 1 ? '' : 's'} failed`);
  return lines.join('\n');
}
