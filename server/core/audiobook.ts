// A finished book's audio edition for the studio (server/routes/audiobook.ts): the writer's own book and what its
// edition reads (engine/node/audio's editionItems: the credits and every chapter, as `karya audiobook` reads them),
// its cost from the characters read aloud at the server's price (server/core/audio-config.ts), and the edition made
// as it is kept on disk: a folder per book under the audio folder, its files and edition.json (what was made, when,
// what it cost and from which text), so a chapter is listened to and the edition downloaded as made, never made again.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  bookDocument,
  bookSummary,
  type BookSpec,
  type BookDocument,
  type Lang,
  type ResolvedSpec,
} from '../../engine/index.js';
import { loadAudiobook, type SpeechVoice } from '../../engine/node.js';
import type { AudiobookStatus } from '../../engine/contract/index.js';
import type { UserBook } from '../store/ports.js';
import type { AppContext } from './context.js';
import { ApiError } from '../errors/api-error.js';
import { audioRoot } from './audio-config.js';

/** A file of the edition as edition.json keeps it. */
export type EditionFile = AudiobookStatus['edition'] extends infer E
  ? E extends { files: Array<infer F> }
    ? F
    : never
  : never;

/** edition.json: the edition made. */
export interface MadeEdition {
  files: EditionFile[];
  /** Every file to download, in order: the MP3s, the M4B, read-along.json, the read-along EPUB. */
  downloads: string[];
  seconds: number;
  credits: number;
  madeAt: string;
  /** The hash of the texts read: the edition is current while the book reads the same. */
  textHash: string;
}

export const EDITION_FOLDER = 'edition';
export const EDITION_MANIFEST = 'edition.json';

/** The voice the server reads in. */
export async function voiceOf(ctx: AppContext): Promise<SpeechVoice> {
  if (ctx.speech) return ctx.speech();
  const { speechVoiceFromEnv } = await loadAudiobook();
  return speechVoiceFromEnv(process.env);
}

/**
 * One of the writer's books and its generator: 404 audio_book_not_found for another's, a missing one or a piece that is
 * not a book.
 */
export async function audioBookOf(
  ctx: AppContext,
  input: { userId: string; id: number; lang: Lang },
): Promise<{ book: UserBook; spec: ResolvedSpec & BookSpec; title: string }> {
  const book = await ctx.repos.books.find({ userId: input.userId, id: input.id });
  const spec = book ? ctx.catalog.get(book.state.generatorId) : undefined;
  if (!book || spec?.kind !== 'book' || !spec.flow.savesProgress)
    throw ApiError.catalogue(404, 'audio_book_not_found', input.lang);
  return { book, spec: spec as ResolvedSpec & BookSpec, title: bookSummary(spec, book.state).title };
}

/** What the edition of `doc` reads: its texts (the credits' too), their characters and their hash. */
export async function spokenPlan(
  doc: BookDocument,
  voice: SpeechVoice,
): Promise<{ characters: number; files: number; textHash: string }> {
  const { editionItems } = await loadAudiobook();
  const { items } = editionItems(doc, voice);
  const texts = items.flatMap((i) => i.texts);
  const hash = createHash('sha256');
  for (const t of texts) hash.update(t).update('\u0000');
  return { characters: texts.reduce((n, t) => n + t.length, 0), files: items.length, textHash: hash.digest('hex') };
}

/** The credits `characters` read aloud cost: at least one. */
export const creditsFor = (ctx: AppContext, characters: number) =>
  Math.max(1, Math.ceil(characters / ctx.config.audio.charactersPerCredit));

/** The book's folder under the audio folder (the writer's id and the book's). */
export function bookFolder(ctx: AppContext, userId: string, bookId: number): string {
  return path.join(audioRoot(ctx.config), userId.replace(/[^A-Za-z0-9_-]/g, '_'), String(bookId));
}

/** The edition made for the book, or null. */
export async function madeEdition(ctx: AppContext, userId: string, bookId: number): Promise<MadeEdition | null> {
  try {
    return JSON.parse(
      await readFile(path.join(bookFolder(ctx, userId, bookId), EDITION_FOLDER, EDITION_MANIFEST), 'utf8'),
    ) as MadeEdition;
  } catch {
    return null;
  }
}

/** The path of one of the edition's files the manifest lists (404 audio_edition_not_made otherwise). */
export async function editionFilePath(
  ctx: AppContext,
  input: { userId: string; bookId: number; file: string; lang: Lang },
): Promise<{ made: MadeEdition; file: string }> {
  const made = await madeEdition(ctx, input.userId, input.bookId);
  if (!made || !made.downloads.includes(input.file))
    throw ApiError.catalogue(404, 'audio_edition_not_made', input.lang);
  return { made, file: path.join(bookFolder(ctx, input.userId, input.bookId), EDITION_FOLDER, input.file) };
}

/** The book's document as the edition reads it, with the figures of its plan. */
export async function planOf(
  ctx: AppContext,
  input: { spec: ResolvedSpec & BookSpec; book: UserBook; voice: SpeechVoice; lang: Lang },
) {
  const doc = bookDocument(input.spec, input.book.state);
  // A book with nothing to read yet is refused as unfinished (409), before its text is read for the edition.
  if (!input.book.state.content.some((t) => t.trim()))
    throw ApiError.catalogue(409, 'audio_book_unfinished', input.lang);
  const plan = await spokenPlan(doc, input.voice);
  return { doc, ...plan, credits: creditsFor(ctx, plan.characters) };
}

/** The zip's file name: the book's title in ASCII letters and digits (a header's bytes), else the book's id. */
export function zipName(title: string, id: number): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return `${slug || `book-${id}`}-audiobook.zip`;
}
