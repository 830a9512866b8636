// The read-along EPUB `karya audiobook` wrote, checked as stores and distributors check it: epubcheck's verdict and
// DAISY Ace's (engine/node/export/read-along-check.ts), each said in the book's language beside the file, a tool that
// is not installed named with how to install it (never a silent pass).
import { readinessText, type Lang } from '../engine/index.js';
import { loadAudiobook } from '../engine/node.js';

type Verdict = Awaited<ReturnType<Awaited<ReturnType<typeof loadAudiobook>>['readAlongReadiness']>>[
  'ace' | 'epubcheck'];
import { info } from './util.js';
import { audiobookWord as say } from './audiobook-words.js';

const MARKS = { pass: '✓', warn: '!', fail: '✗', skipped: '–', check: '!' } as const;
const WORD = {
  pass: 'checkPass',
  warn: 'checkWarn',
  fail: 'checkFail',
  skipped: 'checkSkipped',
  check: 'checkWarn',
} as const;

/** One verdict as a line, and as the --json report's entry. */
function sayVerdict(file: string, tool: string, result: Verdict, lang: Lang): { status: string; detail: string } {
  const detail = readinessText(result.detail, lang, 'cli');
  info(`  ${MARKS[result.status]} ${say(WORD[result.status], lang, { file, tool, verdict: detail })}`);
  return { status: result.status, detail };
}

/** epubcheck's and Ace's verdicts on the read-along EPUB at `file`, said; what --json reports of them. */
export async function sayReadAlongChecks(
  file: string,
  lang: Lang,
): Promise<{ epubcheck: { status: string; detail: string }; ace: { status: string; detail: string } }> {
  const { readAlongReadiness } = await loadAudiobook();
  const { epubcheck, ace } = await readAlongReadiness(file);
  return { epubcheck: sayVerdict(file, 'epubcheck', epubcheck, lang), ace: sayVerdict(file, 'DAISY Ace', ace, lang) };
}
