// A read-along EPUB's readiness, checked as `karya publish` checks a package's EPUB (engine/node/publish.ts):
// epubcheck's
// verdict and DAISY Ace's on the file, each skipped saying how to install the tool when it is not there, never a
// silent pass. The audio edition shows both beside the file it wrote.
import type { AceResult, EpubcheckResult } from '../../publish/index.js';
import { runAce } from '../ace.js';
import { runEpubcheck } from '../publish.js';

/** epubcheck's and Ace's verdicts on one read-along EPUB. */
export interface ReadAlongReadiness {
  epubcheck: EpubcheckResult;
  ace: AceResult;
}

/**
 * Check a read-along EPUB as stores and distributors will: epubcheck (errors fail) then Ace (serious or critical
 * violations fail, moderate or minor warn), one after the other (each is a JVM or a Chromium).
 * @example const { epubcheck, ace } = await readAlongReadiness('book-read-along.epub')
 */
export async function readAlongReadiness(file: string): Promise<ReadAlongReadiness> {
  const epubcheck = await runEpubcheck(file);
  const ace = await runAce(file);
  return { epubcheck, ace };
}
