// `karya export --book EDITION --bilingual`: an edition written with its source, each source paragraph followed by
// its translation (engine/node/export/bilingual.ts). The edition's source is the one its key names (karya
// translate's); a book that is no edition is refused, naming what to pass.
import { catalogueMessage, editionLinkOf, notEditionRefusal, type ExportFormat, type Lang } from '../engine/index.js';
import { BILINGUAL_LAYOUTS, bilingualDocument, type BilingualLayout } from '../engine/node.js';
import type { StateFile } from '../server/index.js';
import { CLI_USER, fail } from './util.js';
import { renderOrExit } from './export-format.js';
import { exportWord } from './export-words.js';
import type { ChosenBook } from './commands/books.js';

/**
 * --layout, checked before anything is read: only with --bilingual, alternating or columns. Refused in `lang`, the
 * writer's (the language the settings ask for, else --lang's, else their locale's: no book is read yet).
 */
export function bilingualLayoutOrExit(
  opts: { bilingual?: boolean; layout?: string },
  lang: Lang,
): BilingualLayout | undefined {
  if (opts.layout === undefined) return undefined;
  if (!opts.bilingual) fail(exportWord('layoutAlone', lang, { value: opts.layout }));
  const layout = opts.layout.toLowerCase();
  if (!(BILINGUAL_LAYOUTS as readonly string[]).includes(layout))
    fail(exportWord('layoutUnknown', lang, { value: opts.layout, layouts: BILINGUAL_LAYOUTS.join(', ') }));
  return layout as BilingualLayout;
}

/** The edition `chosen` with its source as a file's bytes; exits 2 when it is not an edition or its source is gone. */
export async function bilingualBytes(
  stateFile: StateFile,
  chosen: ChosenBook,
  format: ExportFormat,
  opts: { id?: number; author?: string; layout?: BilingualLayout },
): Promise<Uint8Array> {
  const { spec, key, saved } = chosen;
  const lang = saved.state.lang;
  const id = opts.id ?? (await stateFile.repos.books.list({ userId: CLI_USER })).find((b) => b.key === key)?.id;
  const linked = editionLinkOf(key)?.sourceId;
  const named = String(id ?? key);
  if (linked === undefined) {
    const why = notEditionRefusal({ id: named, from: lang, inLang: lang });
    return fail(catalogueMessage(why.code, lang, why.vars));
  }
  const source = await stateFile.repos.books.find({ userId: CLI_USER, id: linked });
  if (!source) return fail(catalogueMessage('export_no_source', lang, { id: named, source: String(linked) }));
  const doc = bilingualDocument({
    spec,
    source: source.state,
    edition: saved.state,
    ...(opts.author ? { author: opts.author } : {}),
  });
  return renderOrExit(doc, format, opts.layout ? { bilingualLayout: opts.layout } : {});
}
