// A published book's kept package (server/core/publish.ts): its files as one zip kept with the book, a file read
// back out of it, and the writer's edits of its keywords, description or categories written into it.
import { unzipSync, zipSync, type Zippable } from 'fflate';
import { recheckPackage, type KdpMetadata, type PackageEdit, type Readiness } from '../../engine/index.js';
import type { KdpPackage } from '../../engine/contract/index.js';
import { loadPublishFiles, type PackageFile } from '../../engine/node.js';
import type { AppContext } from './context.js';
import type { PublishableBook } from './publishable.js';

const { PACKAGE_FILES } = await loadPublishFiles();

/** Already compressed files are stored as they are; text is deflated. */
const STORED: ReadonlySet<PackageFile> = new Set(['manuscript.epub', 'manuscript.docx', 'cover.jpg']);

/** One file of a kept package's zip, or null when the zip has no such file. */
export function fileOfZip(zip: Uint8Array, name: string): Uint8Array | null {
  const found = unzipSync(zip, { filter: (f) => f.name === name });
  return found[name] ?? null;
}

/** The package's files as one zip, in PACKAGE_FILES order. */
export function zipPackage(files: Record<PackageFile, Uint8Array>, date: Date): Uint8Array {
  const entries: Zippable = {};
  for (const name of PACKAGE_FILES) entries[name] = [files[name], { level: STORED.has(name) ? 0 : 6, mtime: date }];
  return zipSync(entries);
}

/**
 * The writer's keywords, description or categories put into the kept package: keywords.txt, description.html,
 * metadata.json and readiness.json rewritten in its zip, and its report's keywords, description and readiness
 * with the checks that read them evaluated again (engine/publish/recheck.ts). No model is called and nothing is
 * charged; the manuscript files, the covers and epubcheck's verdict are kept (none of them reads these fields,
 * except the paperback cover's back, which keeps the blurb it was made with). Null when the book has no package.
 */
export async function editPackage(
  ctx: AppContext,
  input: { userId: string; key: string; book: Pick<PublishableBook, 'spec' | 'state'>; edit: PackageEdit },
): Promise<KdpPackage | null> {
  const found = await ctx.repos.books.packageZip({ userId: input.userId, key: input.key });
  const bookId = await ctx.repos.books.findBookId({ userId: input.userId, key: input.key });
  if (!found || !('channels' in found.report) || bookId === null) return null;
  const files = unzipSync(found.zip) as Record<PackageFile, Uint8Array>;
  const read = <T>(name: PackageFile): T => JSON.parse(new TextDecoder().decode(files[name])) as T;
  const keptReadiness = read<Readiness & { generator?: string; notes?: unknown }>('readiness.json');
  const { metadata, readiness } = recheckPackage({
    book: input.book.spec,
    state: input.book.state,
    metadata: read<KdpMetadata>('metadata.json'),
    readiness: keptReadiness,
    edit: input.edit,
  });
  const text = (value: string) => new TextEncoder().encode(value);
  files['description.html'] = text(`${metadata.description}\n`);
  files['keywords.txt'] = text(metadata.keywords.map((k) => `${k}\n`).join(''));
  files['metadata.json'] = text(`${JSON.stringify(metadata, null, 2)}\n`);
  // The pipeline's note on the keywords it dropped no longer applies once the writer's keywords stand.
  const { notes, generator } = keptReadiness;
  const keptNotes =
    input.edit.keywords && notes && typeof notes === 'object'
      ? Object.fromEntries(Object.entries(notes).filter(([k]) => k !== 'keywords'))
      : notes;
  const rechecked = {
    ...(generator ? { generator } : {}),
    ...readiness,
    ...(keptNotes && Object.keys(keptNotes).length ? { notes: keptNotes } : {}),
  };
  files['readiness.json'] = text(`${JSON.stringify(rechecked, null, 2)}\n`);
  const report: KdpPackage = {
    ...found.report,
    ready: readiness.ready,
    channels: readiness.channels,
    description: metadata.description,
    keywords: metadata.keywords,
    categories: metadata.categories,
  };
  const zip = zipPackage(files, new Date(report.created_at));
  await ctx.repos.books.savePackage({ userId: input.userId, bookId, zip, report });
  return report;
}
