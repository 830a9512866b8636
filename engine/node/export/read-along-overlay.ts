// A read-along EPUB's Media Overlays (EPUB 3 Media Overlays 3.3): the manifest an audio edition writes (each
// chapter's audio and, for each paragraph, where it is spoken in it), checked before anything is written; one SMIL
// document per chapter with a `par` per paragraph (its text by id, its clip in the chapter's audio); each overlay's
// duration (the clips it plays) and the book's as SMIL clock values that add up to the millisecond.
import { KaryaError } from '../../karya-error.js';
import { escapeXml } from './xhtml.js';

// The manifest's shape is the audio edition's own (read-along.json: engine/node/audio/read-along-input.ts).
import type { ReadAlongChapter, ReadAlongInput, ReadAlongParagraph } from '../audio/read-along-input.js';

export type { ReadAlongChapter, ReadAlongInput, ReadAlongParagraph };

/**
 * What a chapter's audio reads, in order: its heading when the manifest gives where it is spoken (or when its first
 * paragraph is its title), then its paragraphs; `isHeadingSpoken` says the first is the heading, synchronised with the
 * page's `h1` rather than printed twice.
 */
export function spokenOf(chapter: ReadAlongChapter): {
  items: readonly ReadAlongParagraph[];
  isHeadingSpoken: boolean;
} {
  if (chapter.heading) return { items: [chapter.heading, ...chapter.paragraphs], isHeadingSpoken: true };
  const normal = (text: string) =>
    text
      .replace(/[\s\p{P}]+/gu, ' ')
      .trim()
      .toLowerCase();
  return {
    items: chapter.paragraphs,
    isHeadingSpoken: normal(chapter.paragraphs[0]?.text ?? '') === normal(chapter.title),
  };
}

/** A manifest the EPUB cannot be made from: a chapter's audio missing or unplayable, a clip out of order. */
export class ReadAlongError extends KaryaError {
  constructor(
    readonly code:
      | 'read_along_audio_missing'
      | 'read_along_audio_format'
      | 'read_along_clip'
      | 'read_along_empty'
      | 'read_along_language',
    override readonly params: Readonly<Record<string, string | number>>,
  ) {
    super(`${code} ${JSON.stringify(params)}`, { httpStatus: 400 });
  }
}

/** The audio formats EPUB 3 reading systems play (its core media types), by file extension. */
export const AUDIO_TYPES: Readonly<Record<string, string>> = {
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.mp4': 'audio/mp4',
  '.aac': 'audio/mp4',
};

/** A time in whole milliseconds (clip times and durations are counted in them, so sums are exact). */
export const toMs = (seconds: number): number => Math.round(seconds * 1000);

/** A SMIL clip time: seconds with milliseconds (`12.345s`). */
export const clipTime = (ms: number): string => `${(ms / 1000).toFixed(3)}s`;

/** A SMIL full clock value (`0:01:02.345`), as `media:duration` takes it. */
export function clockValue(ms: number): string {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = (ms % 60_000) / 1000;
  return `${h}:${String(m).padStart(2, '0')}:${s.toFixed(3).padStart(6, '0')}`;
}

/**
 * Every chapter has paragraphs, and every clip ends after it begins and starts no earlier than the one before it
 * ended (a reading system plays them in order). Throws the first that does not, naming the chapter and paragraph (from
 * 1).
 */
export function checkClips(input: ReadAlongInput): void {
  input.chapters.forEach((chapter, c) => {
    if (!chapter.paragraphs.length)
      throw new ReadAlongError('read_along_empty', { chapter: c + 1, title: chapter.title });
    let last = 0;
    let file = chapter.audio;
    spokenOf(chapter).items.forEach((p, i) => {
      // A paragraph in the next file of a split chapter: its times start again in that file.
      if ((p.audio ?? chapter.audio) !== file) [file, last] = [p.audio ?? chapter.audio, 0];
      const [begin, end] = [toMs(p.begin), toMs(p.end)];
      if (!Number.isFinite(p.begin) || !Number.isFinite(p.end) || begin < last || end <= begin) {
        throw new ReadAlongError('read_along_clip', { chapter: c + 1, paragraph: i + 1, begin: p.begin, end: p.end });
      }
      last = end;
    });
  });
}

/**
 * A chapter as the EPUB holds it: its page, its SMIL, its audio in the EPUB, and the id of each paragraph's element.
 */
export interface OverlaidChapter {
  /** The chapter's XHTML file, and the id of its section (its SMIL's `seq` points at it). */
  page: string;
  section: string;
  /** Its SMIL file and the SMIL's manifest id. */
  smil: string;
  smilId: string;
  /** Its audio in the EPUB (under audio/) and that item's manifest id. */
  audio: string;
  audioId: string;
  /**
   * Each clip's audio in the EPUB and its item's id, when a clip is in another file than the chapter's (a split
   * chapter).
   */
  clipAudio?: ReadonlyArray<{ audio: string; audioId: string }>;
  /** The element each paragraph is synchronised with (`h1` for a spoken title), in order. */
  ids: readonly string[];
  /** The clips, in whole milliseconds. */
  clips: ReadonlyArray<{ begin: number; end: number }>;
}

/** What an overlay plays: the sum of its clips, in milliseconds. */
export const overlayMs = (chapter: Pick<OverlaidChapter, 'clips'>): number =>
  chapter.clips.reduce((sum, c) => sum + (c.end - c.begin), 0);

/** A chapter's SMIL document: one `seq` for its page, one `par` per paragraph (its element, its clip). */
export function smilDocument(chapter: OverlaidChapter): string {
  const pars = chapter.clips.map((clip, i) => {
    const id = chapter.ids[i]!;
    const audio = escapeXml(chapter.clipAudio?.[i]?.audio ?? chapter.audio);
    return `<par id="par-${escapeXml(id)}">
<text src="${escapeXml(`${chapter.page}#${id}`)}"/>
<audio src="${audio}" clipBegin="${clipTime(clip.begin)}" clipEnd="${clipTime(clip.end)}"/>
</par>`;
  });
  const textref = escapeXml(`${chapter.page}#${chapter.section}`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<smil xmlns="http://www.w3.org/ns/SMIL" xmlns:epub="http://www.idpf.org/2007/ops" version="3.0">
<body>
<seq id="seq-${escapeXml(chapter.smilId)}" epub:textref="${textref}" epub:type="chapter">
${pars.join('\n')}
</seq>
</body>
</smil>
`;
}

/** The class a reading system gives the element being read aloud (`media:active-class`), styled in the book's CSS. */
export const ACTIVE_CLASS = '-epub-media-overlay-active';

/** The style of the element being read: a light highlight that keeps the text's contrast. */
export const ACTIVE_CSS = `.${ACTIVE_CLASS} { background-color: #fff2a8; color: #000; }\n`;

/**
 * The package's Media Overlays metadata: each overlay's duration (refining its SMIL item), the book's (their sum),
 * the narrator (a synthetic voice, said so) and the active class.
 */
export function overlayMetadata(chapters: readonly OverlaidChapter[], narrator: string): string {
  const each = chapters.map(
    (c) => `<meta property="media:duration" refines="#${escapeXml(c.smilId)}">${clockValue(overlayMs(c))}</meta>\n`,
  );
  const total = chapters.reduce((sum, c) => sum + overlayMs(c), 0);
  return `${each.join('')}<meta property="media:duration">${clockValue(total)}</meta>
<meta property="media:narrator">${escapeXml(narrator)}</meta>
<meta property="media:active-class">${ACTIVE_CLASS}</meta>
`;
}

/** The SMIL items of the package's manifest, and its audio items (an audio file several chapters share, once). */
export function overlayManifest(chapters: readonly OverlaidChapter[], audioType: (file: string) => string): string {
  const smil = chapters.map(
    (c) => `<item id="${escapeXml(c.smilId)}" href="${escapeXml(c.smil)}" media-type="application/smil+xml"/>\n`,
  );
  const audio = [
    ...new Map(
      chapters.flatMap((c) => [
        [c.audioId, c.audio] as const,
        ...(c.clipAudio ?? []).map((a) => [a.audioId, a.audio] as const),
      ]),
    ),
  ].map(([id, href]) => `<item id="${escapeXml(id)}" href="${escapeXml(href)}" media-type="${audioType(href)}"/>\n`);
  return [...smil, ...audio].join('');
}
