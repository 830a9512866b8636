// The studio's words read whole by the table's loader, as a start reads the engine's: every module of studio/src that
// registers a catalogue (studioCatalogue) is loaded, then the table is read (languages/ and KARYA_LANGUAGES's folders,
// the drafts when KARYA_DRAFT_LANGUAGES=1), so a language lacking a studio text, or with one malformed, stops the
// studio's build naming the language, the file and the key (language-table.ts runs this before it bundles the table).
// Usage: npx tsx studio/scripts/check-studio-words.ts
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureLanguages, langs } from '../../engine/index.js';
import '../../engine/node/languages.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');
const modules = (readdirSync(SRC, { recursive: true, encoding: 'utf8' }) as string[])
  .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
  .map((f) => path.join(SRC, f))
  .filter((f) => /\bstudioCatalogue\(/.test(readFileSync(f, 'utf8')) && !f.endsWith(path.join('i18n', 'catalogue.ts')));
try {
  for (const file of modules) await import(pathToFileURL(file).href);
  ensureLanguages();
  console.log(`studio words: ${modules.length} catalogue modules, languages ${langs().join(', ')} worded whole`);
} catch (e) {
  if ((e as { code?: string }).code !== 'language_words_missing') throw e;
  console.error(`karya: ${(e as Error).message}`);
  process.exit(1);
}
