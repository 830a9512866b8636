// `karya export <id>`: write a saved book again, in any format, from the local state file: the book that
// `karya generate` with the same settings finished (or, unfinished, the parts it saved so far). Calls no
// model; a book that was never saved exits 2.
import { existsSync } from 'node:fs';
import { planSteps, startBook } from '../../engine/index.js';
import { openStateFile } from '../../server/index.js';
import { catalogOrExit, specOrExit, fail, info } from '../util.js';
import { settingsFromOptions, progressKey } from '../settings.js';
import { exportBytes, exportFormatOrExit, writeOut } from '../export-format.js';
import { writableFileOrExit } from '../fs-check.js';
import { CLI_USER, DEFAULT_STATE, authorOrExit } from './generate.js';

export interface ExportOptions {
  set: string[];
  lang?: string;
  chapters?: string;
  out: string;
  format?: string;
  withOutline?: boolean;
  /** Print the story bible after the outline (`--with-bible`). */
  withBible?: boolean;
  /** The author name in an EPUB, DOCX or PDF (title page, copyright page, metadata). */
  author?: string;
  state?: string;
}

export async function exportCommand(id: string, opts: ExportOptions): Promise<void> {
  const catalog = catalogOrExit();
  const spec = specOrExit(catalog, id);
  if (spec.kind === 'image') fail(`${spec.id} makes a cover image, which is saved only as its image file; karya export writes books`);
  if (spec.kind !== 'book' && !spec.flow.savesProgress) {
    fail(`${spec.id} writes a single piece, which is not saved to export later; write it in the format you want with: karya generate ${spec.id} --out FILE.epub (or .docx, .pdf, .md)`);
  }
  const { settings, totalChapters } = settingsFromOptions(spec, opts);
  const format = exportFormatOrExit(spec, opts);
  const author = authorOrExit(opts.author);
  const total = startBook({ spec, settings, totalChapters }).totalChapters;
  const statePath = opts.state ?? DEFAULT_STATE;
  const command = `karya generate ${spec.id}${opts.set.map((s) => ` --set ${s}`).join('')}${opts.lang ? ` --lang ${opts.lang}` : ''}${opts.chapters ? ` --chapters ${opts.chapters}` : ''}`;
  // Never create a state file just to find it empty.
  if (!existsSync(statePath)) fail(`no state file at ${statePath}, so no saved book to export; write the book first with: ${command}`);
  writableFileOrExit('--out', opts.out);

  const stateFile = await openStateFile(statePath);
  try {
    const saved = await stateFile.load(CLI_USER, progressKey(spec, settings, total));
    if (!saved || (saved.state.content.length === 0 && saved.state.outline === undefined)) {
      fail(`no saved ${spec.id} book with these settings in ${statePath}; write it first with: ${command}`);
    }
    if (!saved.isFinished) {
      const written = saved.state.content.length + (saved.state.outline !== undefined ? 1 : 0);
      info(`karya: this ${spec.id} book is not finished (${written} of ${planSteps(spec, total).length} parts written); exporting the parts written so far. Run "${command}" to finish it.`);
    }
    writeOut(opts.out, await exportBytes(spec, saved.state, format, { withOutline: opts.withOutline, withBible: opts.withBible, ...(author ? { author } : {}) }));
    info(`karya: wrote ${opts.out}`);
  } finally {
    await stateFile.close();
  }
}
