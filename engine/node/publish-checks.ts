// The EPUB checks of a KDP package (engine/node/publish.ts): epubcheck and DAISY Ace (engine/node/ace.ts), each a
// process of its own (a JVM, a Chromium), started together as soon as the EPUB is made, so they run while the
// package's other files are made. A 12-chapter book's `karya publish` on 2 cores: 10.2 -> 9.5 s, medians of 8
// interleaved (the checks were 7.5 s of it, one after the other, after every file).
import type { AceResult, EpubcheckResult } from '../publish/index.js';
import { runAceOnBytes } from './ace.js';

/**
 * epubcheck and Ace (default runAceOnBytes) started on the EPUB, each promise already handled, so one that fails while
 * another file is still being made (or after one failed) is no unhandled rejection; awaiting it still throws.
 */
export function startedChecks(
  epub: Uint8Array,
  epubcheck: (epub: Uint8Array) => Promise<EpubcheckResult>,
  ace: (epub: Uint8Array) => Promise<AceResult> = runAceOnBytes,
): { epubcheck: Promise<EpubcheckResult>; ace: Promise<AceResult> } {
  // Each handled as soon as it exists (a second that throws at once leaves the first handled).
  const checked = epubcheck(epub);
  checked.catch(() => undefined);
  const accessible = ace(epub);
  accessible.catch(() => undefined);
  return { epubcheck: checked, ace: accessible };
}
