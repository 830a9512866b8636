// The language table for the browser: `virtual:karya-languages` is languages/<code>.yaml and languages/<code>/*.yaml
// (plus KARYA_LANGUAGES's folders), read by the engine's Node reader at build time and written into the bundle
// as JSON, so the studio sets the same table its server reads (studio/src/languageTable.ts) with no YAML parser.
// Whether draft languages were in the build is written beside it (studio-build.mjs rebuilds when that changes).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';

const ID = 'virtual:karya-languages';
const RESOLVED = `\0${ID}`;
/** The file in dist/ that says whether draft languages are in the bundle ("1") or not ("0"). */
export const DRAFTS_MARK = '.karya-drafts';

export function languageTablePlugin(): Plugin {
  let outDir = '';
  return {
    name: 'karya-language-table',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      // A table edited while `vite` serves is read again on the next load.
      for (const dir of languageFolders()) this.addWatchFile(dir);
      return `export default ${JSON.stringify(readLanguages())};`;
    },
    closeBundle: { order: 'pre', handler: () => writeFileSync(path.join(outDir, DRAFTS_MARK), process.env.KARYA_DRAFT_LANGUAGES === '1' ? '1' : '0') },
  };
}
