// A read-along EPUB: the audio edition's text with its narration synchronised paragraph by paragraph (EPUB 3
// Media Overlays), made from the manifest `karya audiobook` writes beside its chapter MP3s. It is the book's EPUB
// (epub.ts's templates, CSS, nav, identifier and accessibility metadata): a title page, a copyright page that says
// the voice is synthetic, the contents, then one XHTML page per chapter whose paragraphs each carry an id; beside
// each page a SMIL document (read-along-overlay.ts) pointing every paragraph at its clip of the chapter's audio,
// which the EPUB holds (stored, not deflated: MP3 does not shrink). The package names each page's overlay, the
// durations, the narrator (a synthetic voice, disclosed) and the class a reading system highlights the paragraph
// being read with, styled in the CSS; its accessibility metadata says it can be heard as well as read.
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Chapter, Options } from 'epub-gen-memory';
import { catalogue, isLang, langs, sayer } from '../../languages/index.js';
import type { Lang } from '../../spec/types.js';
import { parseMarkdown } from '../../markdown.js';
import { escapeXml, spansXhtml } from './xhtml.js';
import { accessibilityMetadata, typeAndRole } from './accessibility.js';
import { copyrightLines, epubLanguage, exportWords } from './sections.js';
import { BookEpub, bookIdentifier } from './epub.js';
import { CHAPTER, CSS, NCX, navTemplate, packageTemplate } from './epub-templates.js';
import {
  ACTIVE_CSS,
  AUDIO_TYPES,
  ReadAlongError,
  checkClips,
  overlayManifest,
  overlayMetadata,
  overlayMs,
  smilDocument,
  spokenOf,
  toMs,
  type OverlaidChapter,
  type ReadAlongChapter,
  type ReadAlongInput,
} from './read-along-overlay.js';

export {
  ACTIVE_CLASS,
  ReadAlongError,
  clockValue,
  type ReadAlongChapter,
  type ReadAlongInput,
  type ReadAlongParagraph,
} from './read-along-overlay.js';

/** The words a read-along EPUB adds; every language's are in languages/<code>/export-read-along.yaml. */
const WORDS = catalogue('export-read-along', ['narrator', 'narratorVoice', 'disclosure', 'description']);
const say = sayer(WORDS);

export interface ReadAlongOptions {
  /** The date on the copyright page and in the metadata (default now). */
  date?: Date;
  /** The voice's name (`espeak-ng ms`, `alloy`): the narrator is that synthetic voice, said so. */
  voice?: string;
}

/** What was written: each chapter's page and what its overlay plays, and the book's whole duration (milliseconds). */
export interface ReadAlongWritten {
  file: string;
  chapters: ReadonlyArray<{ page: string; smil: string; audio: string; durationMs: number }>;
  durationMs: number;
}

/** A chapter's `audio` (or a paragraph's own) under `baseDir`, or the error naming it: missing, outside, unplayable. */
function audioSource(chapter: ReadAlongChapter, index: number, baseDir: string, audio = chapter.audio): string {
  const where = { chapter: index + 1, title: chapter.title, file: audio };
  const file = path.resolve(baseDir, audio);
  const relative = path.relative(path.resolve(baseDir), file);
  if (relative.startsWith('..') || path.isAbsolute(relative) || !existsSync(file) || !statSync(file).isFile())
    throw new ReadAlongError('read_along_audio_missing', where);
  if (!AUDIO_TYPES[path.extname(file).toLowerCase()]) throw new ReadAlongError('read_along_audio_format', where);
  return file;
}

/** A normalised text, to tell a paragraph that speaks the chapter's title. */

/** The chapters as the EPUB holds them; one audio file used by several chapters is in the EPUB once. */
function overlaid(input: ReadAlongInput, sources: readonly string[], baseDir: string): OverlaidChapter[] {
  const inEpub = new Map<string, { audio: string; audioId: string }>();
  const named = (source: string, n: string) => {
    if (!inEpub.has(source))
      inEpub.set(source, { audio: `audio/chapter-${n}${path.extname(source).toLowerCase()}`, audioId: `audio-${n}` });
    return inEpub.get(source)!;
  };
  return input.chapters.map((chapter, i) => {
    const n = String(i + 1).padStart(3, '0');
    const own = named(sources[i]!, n);
    // The title spoken first (an audio edition announces the chapter) is synced with the heading, not printed twice.
    const { items, isHeadingSpoken } = spokenOf(chapter);
    let p = 0;
    const ids = items.map((_, k) => (k === 0 && isHeadingSpoken ? 'heading' : `p${++p}`));
    // A split chapter's further files, each once in the EPUB (`audio/chapter-005-2.mp3`).
    const others = [...new Set(items.flatMap((x) => (x.audio && x.audio !== chapter.audio ? [x.audio] : [])))];
    const clipAudio = others.length
      ? items.map((x) =>
          x.audio && x.audio !== chapter.audio
            ? named(audioSource(chapter, i, baseDir, x.audio), `${n}-${others.indexOf(x.audio) + 2}`)
            : own,
        )
      : undefined;
    return {
      page: `part-${n}.xhtml`,
      section: SECTION_ID,
      smil: `part-${n}.smil`,
      smilId: `overlay-${n}`,
      ...own,
      ...(clipAudio ? { clipAudio } : {}),
      ids,
      clips: items.map((x) => ({ begin: toMs(x.begin), end: toMs(x.end) })),
    };
  });
}

/** The id of a chapter page's section: its SMIL's `seq` points at it. */
const SECTION_ID = 'chapter';

/**
 * A paragraph's text as XHTML: the book's Markdown (its emphasis) when it is one paragraph of it, else the text as it
 * is, each line on its own line.
 */
function paragraphXhtml(text: string): string {
  const blocks = parseMarkdown(text);
  const [only] = blocks;
  return blocks.length === 1 && only?.kind === 'paragraph'
    ? spansXhtml(only.spans)
    : escapeXml(text.trim()).replace(/\n/g, '<br/>');
}

/** A chapter's page: its heading and its paragraphs, each with the id its `par` points at. */
function chapterXhtml(chapter: ReadAlongChapter, o: OverlaidChapter): string {
  const isTitleSpoken = o.ids[0] === 'heading';
  const paragraphs = spokenOf(chapter).items.flatMap((p, k) =>
    k === 0 && isTitleSpoken ? [] : [`<p id="${o.ids[k]}">${paragraphXhtml(p.text)}</p>`],
  );
  const heading = `<h1${isTitleSpoken ? ' id="heading"' : ''}>${escapeXml(chapter.title)}</h1>`;
  return `<section id="${SECTION_ID}"${typeAndRole('chapter')}>${heading}\n${paragraphs.join('\n')}</section>`;
}

/** The book's EPUB with its overlays; its SMIL documents and audio (streamed from disk, stored) added to its zip. */
class ReadAlongEpub extends BookEpub {
  constructor(
    options: Options,
    content: Chapter[],
    identifier: string,
    private readonly extra: { smil: ReadonlyArray<[string, string]>; audio: ReadonlyArray<[string, string]> },
  ) {
    super(options, content, identifier);
  }

  override async render(): Promise<this> {
    await super.render();
    const oebps = this.zip.folder('OEBPS')!;
    for (const [name, text] of this.extra.smil) oebps.file(name, text);
    for (const [name, source] of this.extra.audio)
      oebps.file(name, createReadStream(source), { binary: true, compression: 'STORE' });
    return this;
  }

  /** Written to a file as it is zipped: memory grows with a chapter's audio, not the book's (~150 MB over Node's). */
  async writeTo(file: string): Promise<void> {
    await this.render();
    await pipeline(
      this.zip.generateNodeStream({
        type: 'nodebuffer',
        mimeType: 'application/epub+zip',
        compression: 'DEFLATE',
        compressionOptions: { level: 9 },
      }),
      createWriteStream(file),
    );
  }
}

/** The title page and the one copyright page, which says the narration is a synthetic voice and names it. */
function frontPages(
  input: ReadAlongInput,
  lang: Lang,
  notice: string,
  writtenWith: string,
  narrator: string,
): Chapter[] {
  const title = escapeXml(input.title);
  const by = input.author ? `<p>${escapeXml(`${exportWords(lang).by} ${input.author}`)}</p>` : '';
  const byline = input.author ? `<p class="author">${escapeXml(input.author)}</p>` : '';
  const lines = [notice, writtenWith, say('disclosure', lang), narrator].map((l) => `<p>${escapeXml(l)}</p>`).join('');
  return [
    {
      title: input.title,
      filename: 'title-page.xhtml',
      beforeToc: true,
      excludeFromToc: true,
      content: `<section epub:type="titlepage" class="titlepage"><h1>${title}</h1>${byline}</section>`,
    },
    {
      title: notice,
      filename: 'copyright.xhtml',
      beforeToc: true,
      excludeFromToc: true,
      content: `<section epub:type="copyright-page" class="copyright"><p><em>${title}</em></p>${by}${lines}</section>`,
    },
  ];
}

/** The EPUB's options: the book's templates, CSS (with the active class), package with overlays and accessibility. */
function epubOptions(
  input: ReadAlongInput,
  lang: Lang,
  date: Date,
  chapters: readonly OverlaidChapter[],
  narrator: string,
): Options {
  const words = exportWords(lang);
  const { notice, writtenWith } = copyrightLines({ lang, author: input.author }, date.getFullYear());
  const overlays = {
    metadata: overlayMetadata(chapters, narrator),
    manifest: overlayManifest(chapters, (f) => AUDIO_TYPES[path.extname(f)]!),
    overlayOf: Object.fromEntries(chapters.map((c) => [c.page, c.smilId])),
  };
  return {
    title: input.title,
    author: input.author ? [input.author] : [],
    publisher: 'Karya',
    description: `${say('description', lang)} ${writtenWith}.`,
    lang: epubLanguage(lang),
    date: date.toISOString(),
    tocTitle: words.contents,
    tocInTOC: false,
    numberChaptersInTOC: false,
    prependChapterTitles: false,
    version: 3,
    css: `${CSS}${ACTIVE_CSS}`,
    verbose: false,
    chapterXHTML: CHAPTER,
    tocNCX: NCX,
    tocXHTML: navTemplate({
      file: chapters[0]?.page ?? 'toc.xhtml',
      heading: input.chapters[0]?.title ?? words.contents,
    }),
    contentOPF: packageTemplate({
      rights: notice,
      accessibility: accessibilityMetadata({ lang, hasSyncedAudio: true }),
      modified: date.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      ...(input.author ? { author: input.author } : {}),
      overlays,
    }),
  };
}

/**
 * Write a read-along EPUB 3 (text and narration synchronised by Media Overlays) from an audio edition's manifest:
 * `baseDir` is the manifest's folder (each chapter's `audio` is relative to it), `outPath` the EPUB to write.
 * @throws ReadAlongError for a manifest it cannot be made from (its language unknown, a chapter's audio missing or
 *   not MP3/M4A, a chapter without paragraphs, a clip ending before it begins or before the one before it).
 * @example await writeReadAlongEpub(JSON.parse(readFileSync('audio/read-along.json', 'utf8')), 'audio', 'book.epub')
 */
export async function writeReadAlongEpub(
  input: ReadAlongInput,
  baseDir: string,
  outPath: string,
  opts: ReadAlongOptions = {},
): Promise<ReadAlongWritten> {
  if (!isLang(input.language))
    throw new ReadAlongError('read_along_language', { language: input.language, languages: langs().join(', ') });
  const lang: Lang = input.language;
  checkClips(input);
  const sources = input.chapters.map((c, i) => audioSource(c, i, baseDir));
  const chapters = overlaid(input, sources, baseDir);
  const date = opts.date ?? new Date();
  const { notice, writtenWith } = copyrightLines({ lang, author: input.author }, date.getFullYear());
  const narrator = opts.voice ? say('narratorVoice', lang, { voice: opts.voice }) : say('narrator', lang);
  const pages = [
    ...frontPages(input, lang, notice, writtenWith, narrator),
    ...input.chapters.map((c, i): Chapter => ({
      title: c.title,
      filename: chapters[i]!.page,
      content: chapterXhtml(c, chapters[i]!),
    })),
  ];
  const identifier = bookIdentifier(
    {
      title: input.title,
      author: input.author,
      lang,
      parts: input.chapters.map((c, i) => ({ id: `${i + 1} ${c.title}` })),
    },
    'read-along',
  );
  const audio = [
    ...new Map(
      chapters.flatMap((c, i) => [
        [c.audio, sources[i]!] as const,
        ...spokenOf(input.chapters[i]!).items.flatMap((x, k) =>
          c.clipAudio && x.audio
            ? [[c.clipAudio[k]!.audio, audioSource(input.chapters[i]!, i, baseDir, x.audio)] as const]
            : [],
        ),
      ]),
    ).entries(),
  ];
  const epub = new ReadAlongEpub(epubOptions(input, lang, date, chapters, narrator), pages, identifier, {
    smil: chapters.map((c) => [c.smil, smilDocument(c)]),
    audio,
  });
  mkdirSync(path.dirname(path.resolve(outPath)), { recursive: true });
  // Written beside the file and renamed when whole: a failed write never leaves half an EPUB under its name.
  const partial = `${outPath}.part`;
  try {
    await epub.writeTo(partial);
    renameSync(partial, outPath);
  } finally {
    rmSync(partial, { force: true });
  }
  const each = chapters.map((c) => ({ page: c.page, smil: c.smil, audio: c.audio, durationMs: overlayMs(c) }));
  return { file: outPath, chapters: each, durationMs: each.reduce((sum, c) => sum + c.durationMs, 0) };
}
