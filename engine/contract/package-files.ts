// A kept KDP package's routes' shapes: the writer's edits to its keywords, description and categories (PUT
// /api/books/:bookType/publish/package) and its files to download. The package itself is publish.ts's.
import * as z from 'zod';
import { WriterTextSchema } from './common.js';
import { exportFileName } from './books.js';
import { failsWith } from './messages.js';
import { KdpPackageSchema } from './publish.js';

/**
 * KDP's limits on what a writer edits in a kept package: 7 keyword boxes of at most 50 characters each, a
 * description of at most 4,000 characters. engine/publish/rules.ts KDP_KEYWORD_SLOTS and KDP_KEYWORD_MAX and
 * engine/publish/html.ts KDP_DESCRIPTION_MAX, written again here (the contract reaches the browser without the
 * publishing code; tests/contract checks both agree). At most 3 categories, as the categories check takes them.
 */
export const PACKAGE_EDIT_LIMITS = {
  keywords: 7,
  keywordChars: 50,
  descriptionChars: 4000,
  categories: 3,
  categoryChars: 200,
} as const;

/** At most `max` items, refused whole with `code` when longer, then each item by `item` (its issue at its index). */
const listOf = <T extends z.ZodType>(
  code: 'package_keywords_too_many' | 'package_categories_too_many',
  max: number,
  item: T,
) =>
  z
    .array(z.unknown())
    .pipe(failsWith(code, z.array(z.unknown()).max(max)))
    .pipe(z.array(item));

/**
 * PUT /api/books/:bookType/publish/package: the writer's keywords, description (HTML: only the tags KDP keeps
 * stay) and categories for the kept package. Its metadata files are rewritten and its readiness checked again,
 * with no model call and nothing charged. At least one field.
 */
export const PackageEditBodySchema = z.lazy(() =>
  z
    .strictObject({
      keywords: listOf(
        'package_keywords_too_many',
        PACKAGE_EDIT_LIMITS.keywords,
        failsWith('package_keyword_too_long', WriterTextSchema.trim().max(PACKAGE_EDIT_LIMITS.keywordChars)),
      ).optional(),
      description: failsWith(
        'package_description_too_long',
        WriterTextSchema.max(PACKAGE_EDIT_LIMITS.descriptionChars),
      ).optional(),
      categories: listOf(
        'package_categories_too_many',
        PACKAGE_EDIT_LIMITS.categories,
        failsWith('package_category_too_long', WriterTextSchema.trim().max(PACKAGE_EDIT_LIMITS.categoryChars)),
      ).optional(),
    })
    .refine((b) => b.keywords !== undefined || b.description !== undefined || b.categories !== undefined, {
      message: 'keywords, description or categories',
    }),
);
export type PackageEditBody = z.infer<typeof PackageEditBodySchema>;

/** PUT /api/books/:bookType/publish/package: the package's report as kept now, and the credits charged (always 0). */
export const PackageEditResponseSchema = z.lazy(() =>
  z.strictObject({
    package: KdpPackageSchema,
    credits_charged: z.literal(0),
  }),
);

/** GET /api/books/:bookType/publish/package/:file: one file of the kept package. */
export const PackageFileParamsSchema = z.lazy(() =>
  z.strictObject({
    bookType: z.string().regex(/^[a-z0-9_-]{1,80}$/),
    file: z.string().regex(/^[a-z][a-z-]{0,40}\.(?:epub|docx|jpg|png|pdf|html|txt|json)$/),
  }),
);

/** The content type of a package file, by extension. */
export const PACKAGE_FILE_CONTENT_TYPES: Readonly<Record<string, string>> = {
  epub: 'application/epub+zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json',
};

/** How a package downloads (GET /api/books/:bookType/publish/package). */
export const PACKAGE_FILE_TYPE = { contentType: 'application/zip', extension: 'zip' } as const;

/**
 * The file name of a book's KDP package: the slug of its exports, then `-kdp.zip`.
 * @example packageFileName('Cinta di Kuala Lumpur!') // "cinta-di-kuala-lumpur-kdp.zip"
 */
export function packageFileName(title: string): string {
  const slug = exportFileName(title, 'md').slice(0, -'.md'.length);
  return `${slug}-kdp.${PACKAGE_FILE_TYPE.extension}`;
}
