// The writer's own cover picture in a publish (PUT /api/books/:id/cover): the package takes it instead of the cover
// step. A picture may be a few MB (up to 40 megapixels), and publishes that arrive together wait for their build's
// turn (publish-gate.ts): before its turn a publish knows only that there is one; its bytes are read from the store in
// the turn (withOwnPicture) and handed to the export thread that decodes them, so a waiting publish holds none.
import type { GivenFacts, PackageParts } from '../../engine/index.js';
import type { CoverFacts } from '../store/queries/covers.js';
import type { AppContext } from './context.js';

/**
 * What is known of the writer's own cover picture for the book, without its bytes, or undefined when none was
 * given (the cover is drawn, or lettered).
 */
export async function ownCoverOf(
  ctx: AppContext,
  input: { userId: string; bookId: number },
): Promise<CoverFacts | undefined> {
  const [facts] = await ctx.repos.covers(input.userId).factsOf([input.bookId]);
  return facts;
}

/** The writer's picture as the steps are told of it before the build: that there is one, not its bytes. */
export const PICTURE_TO_READ: NonNullable<GivenFacts['cover']> = { kind: 'picture', image: new Uint8Array(0) };

/**
 * The package's parts with the writer's own picture read from the store, for the build's turn alone (the caller
 * keeps no reference: the bytes go when the build has made its covers). A picture removed since the publish
 * started leaves a lettered cover with the package's title, as a book without a picture has.
 */
export async function withOwnPicture(
  ctx: AppContext,
  input: { userId: string; bookId: number; parts: PackageParts },
): Promise<PackageParts> {
  const { parts } = input;
  if (parts.cover.origin !== 'author') return parts;
  const kept = await ctx.repos.covers(input.userId).find(input.bookId);
  if (!kept) return { ...parts, cover: { size: parts.cover.size, origin: 'typographic' }, coverTitle: parts.title };
  return { ...parts, cover: { ...parts.cover, png: kept.image } };
}
