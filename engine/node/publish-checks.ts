// The EPUB checks of a KDP package (engine/node/publish.ts): epubcheck and DAISY Ace (engine/node/ace.ts), each a
// process of its own (a JVM, a Chromium), started together as soon as the EPUB is made, so they run while the
// package's other files are made. A 12-chapter book's `karya publish` on 2 cores: 10.2 -> 9.5 s, medians of 8
// interleaved (the checks were 7.5 s of it, one after the other, after every file). A package whose other files fail
// gives up its Ace check: one still waiting for its turn is not started, one under way is ended (a server's one Ace
// turn is not held, nor a Chromium kept busy, for a verdict no one will read).
import type { AceResult, EpubcheckResult } from '../publish/index.js';
import { runAceOnBytes } from './ace.js';

/** The checks under way: each promise already handled, so one not awaited is no unhandled rejection. */
export interface StartedChecks {
  epubcheck: Promise<EpubcheckResult>;
  ace: Promise<AceResult>;
  /** `made`'s result; if it throws, the Ace check is given up before the error goes on. */
  whileMade<T>(made: () => Promise<T>): Promise<T>;
}

/**
 * epubcheck and Ace (default runAceOnBytes) started on the EPUB, each promise already handled, so one that fails while
 * another file is still being made (or after one failed) is no unhandled rejection; awaiting it still throws.
 */
export function startedChecks(
  epub: Uint8Array,
  epubcheck: (epub: Uint8Array) => Promise<EpubcheckResult>,
  ace: (epub: Uint8Array, signal?: AbortSignal) => Promise<AceResult> = runAceOnBytes,
): StartedChecks {
  const giveUp = new AbortController();
  // Each handled as soon as it exists (a second that throws at once leaves the first handled).
  const checked = epubcheck(epub);
  checked.catch(() => undefined);
  const accessible = ace(epub, giveUp.signal);
  accessible.catch(() => undefined);
  return {
    epubcheck: checked,
    ace: accessible,
    async whileMade(made) {
      try {
        return await made();
      } catch (error) {
        giveUp.abort(error);
        throw error;
      }
    },
  };
}
