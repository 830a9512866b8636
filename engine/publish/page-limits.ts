// KDP's page-count table (black-and-white interior) per binding, paper and trim class, with its source, and the
// page range a book's trim and paper allow. Data from the store, the same for every generator.
import { TRIM_SIZES, type PaperName, type TrimName } from '../print.js';

/** The bindings KDP prints. */
export type Binding = 'paperback' | 'hardcover';

/** KDP's page-count table (black-and-white interior): the binding, paper and trim class each row is for. */
const KDP_PAGES_SOURCE =
  'KDP Help, "Set Trim Size, Bleed, and Margins", page-count ' +
  'table: https://kdp.amazon.com/en_US/help/topic/GVBQ3CMEQW3W2VL6';

/**
 * A trim is "large" for KDP's page table when it is wider than 6.12 in or taller than 9 in; large trims
 * print fewer pages.
 */
export const KDP_LARGE_TRIM = { width: 6.12, height: 9 } as const;

export interface PageLimit {
  binding: Binding;
  paper: PaperName;
  isLargeTrim: boolean;
  min: number;
  max: number;
  source: string;
}

/** KDP's page ranges per binding, paper and trim class (black ink), each with its source. */
export const KDP_PAGE_LIMITS: readonly PageLimit[] = [
  { binding: 'paperback', paper: 'white', isLargeTrim: false, min: 24, max: 828, source: KDP_PAGES_SOURCE },
  { binding: 'paperback', paper: 'white', isLargeTrim: true, min: 24, max: 590, source: KDP_PAGES_SOURCE },
  { binding: 'paperback', paper: 'cream', isLargeTrim: false, min: 24, max: 776, source: KDP_PAGES_SOURCE },
  { binding: 'paperback', paper: 'cream', isLargeTrim: true, min: 24, max: 550, source: KDP_PAGES_SOURCE },
  { binding: 'hardcover', paper: 'white', isLargeTrim: false, min: 75, max: 550, source: KDP_PAGES_SOURCE },
  { binding: 'hardcover', paper: 'white', isLargeTrim: true, min: 75, max: 550, source: KDP_PAGES_SOURCE },
  { binding: 'hardcover', paper: 'cream', isLargeTrim: false, min: 75, max: 550, source: KDP_PAGES_SOURCE },
  { binding: 'hardcover', paper: 'cream', isLargeTrim: true, min: 75, max: 550, source: KDP_PAGES_SOURCE },
];

/** True when KDP counts a trim as large (KDP_LARGE_TRIM). */
export function isLargeTrim(trim: TrimName): boolean {
  const size = TRIM_SIZES[trim];
  return size.width > KDP_LARGE_TRIM.width || size.height > KDP_LARGE_TRIM.height;
}

/**
 * The page range KDP prints for a binding, paper and trim.
 * @example pageLimit({ binding: 'paperback', paper: 'cream', trim: '6x9' }).max // 776
 */
export function pageLimit(input: { binding: Binding; paper: PaperName; trim: TrimName }): PageLimit {
  const large = isLargeTrim(input.trim);
  return KDP_PAGE_LIMITS.find(
    (l) => l.binding === input.binding && l.paper === input.paper && l.isLargeTrim === large,
  )!;
}
