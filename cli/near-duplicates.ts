// The near-duplicate check's flag on the command line (`karya batch`, `karya publish`): --close-threshold. The
// check and keep itself is the server's (server/core/near-duplicates.ts, through server/index.ts).
import { DEFAULT_CLOSE_THRESHOLD, catalogueMessage, parseCloseThreshold, type Lang } from '../engine/index.js';
import { fail } from './util.js';

/** --close-threshold as a share (default 15 %); exits 2 naming the flag and the range when out of it. */
export function closeThresholdOrExit(value: string | undefined, lang: Lang = 'en'): number {
  if (value === undefined) return DEFAULT_CLOSE_THRESHOLD;
  const parsed = parseCloseThreshold(value);
  return 'threshold' in parsed ? parsed.threshold : fail(catalogueMessage(parsed.code, lang, parsed.params));
}
