// The fonts an offline cover is drawn with (cover.ts), found once per process. Loading every system font for each
// cover (resvg's loadSystemFonts) scanned the font folders and read every face again, cover after cover: about 6 ms
// of CPU and 30–50 ms of a loaded machine's wall a cover. A cover names two stacks (DejaVu, Liberation, Noto, then
// the common fonts of other systems) and their files are found once; a text with a letter beyond the Latin, Greek
// and Cyrillic those fonts draw still gets every system font, so resvg can fall back to whichever font has it.
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The font options resvg takes (its `font` field). */
export interface CoverFontOptions {
  loadSystemFonts: boolean;
  fontFiles?: string[];
  defaultFontFamily: string;
}

/** The folders resvg's font database reads on each system (fontdb's load_system_fonts). */
function fontFolders(): string[] {
  const home = os.homedir();
  if (process.platform === 'win32') return [path.join(process.env.SystemRoot ?? 'C:\\Windows', 'Fonts')];
  if (process.platform === 'darwin')
    return ['/Library/Fonts', '/System/Library/Fonts', path.join(home, 'Library/Fonts')];
  return [
    '/usr/share/fonts',
    '/usr/local/share/fonts',
    path.join(home, '.fonts'),
    path.join(home, '.local/share/fonts'),
  ];
}

/**
 * The files of the cover's stacks (cover.ts's SANS and SERIF): their regular and bold faces under their usual file
 * names (DejaVuSans-Bold.ttf, LiberationSerif-Regular.ttf, NotoSans-Bold.ttf, Arial.ttf, Georgia Bold.ttf, …).
 */
const COVER_FONT_FILE = new RegExp(
  `^(${[
    'DejaVu(Sans|Serif)(-Bold)?',
    'Liberation(Sans|Serif)-(Regular|Bold)',
    'Noto(Sans|Serif)-(Regular|Bold)',
    'Arial( Bold)?|arialbd',
    'Georgia( Bold)?|georgiab?',
    'Times New Roman( Bold)?|timesbd|times',
    'Helvetica',
  ].join('|')})\\.(ttf|otf|ttc)$`,
  'i',
);

let found: string[] | undefined;

/** The cover's font files on this system, looked up the first time a cover asks. */
function coverFontFiles(): string[] {
  if (found) return found;
  const files: string[] = [];
  for (const folder of fontFolders()) {
    let names: string[];
    try {
      names = readdirSync(folder, { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const name of names) if (COVER_FONT_FILE.test(path.basename(name))) files.push(path.join(folder, name));
  }
  return (found = files.sort());
}

/** Letters the stacks' fonts draw: Latin (with its extensions), Greek, Cyrillic, punctuation and currency signs. */
const DRAWN_BY_STACKS = /^[\u0000-\u052f\u1e00-\u1fff\u2000-\u206f\u20a0-\u20cf\u2100-\u214f]*$/;

/**
 * The font options for a cover whose texts are `texts`: the stacks' files when they draw every letter (and are on
 * this system), else every system font.
 */
export function coverFonts(texts: string): CoverFontOptions {
  const files = DRAWN_BY_STACKS.test(texts) ? coverFontFiles() : [];
  return files.length
    ? { loadSystemFonts: false, fontFiles: files, defaultFontFamily: 'DejaVu Sans' }
    : { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' };
}
