// A fourth language as a maintainer adds one (docs/add-a-language.md), as a folder of data for KARYA_LANGUAGES:
// Indonesian's files under the code "xx", its table, its words, its guard as a family of its own, and its
// generators' texts in its folder (engine/generator-texts.ts textsIn, as scripts/copy-language.ts writes them).
// Used by tests/languages/fourth-language.test.ts and tests/e2e/fourth-language.test.ts.
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../engine/node/load.js';
import { textsIn } from '../../engine/generator-texts.js';
import { fullYaml } from '../../engine/yaml.js';
import { tempDir } from '../temp.js';

const REPO = path.join(ROOT, 'languages');

/**
 * The fixture folder: xx.yaml and xx/, made from Indonesian's files with only the code (and its family's name)
 * changed. `order` 0 puts it first in the table: its words are Indonesian's, which the guard would rightly find
 * Indonesian in Malay's family, so first in the table its family owns those function words, as a language with
 * words of its own would.
 */
export function fourthLanguage({ order = 0 }: { order?: number } = {}): string {
  const dir = tempDir('karya-fourth-language-');
  const table = readFileSync(path.join(REPO, 'id.yaml'), 'utf8')
    .replace(/^code: id$/m, 'code: xx')
    .replace(/^order: \d+$/m, `order: ${order}`)
    .replace(/^autonym: .*$/m, 'autonym: Bahasa Xx')
    .replace(/^draft: true$/m, '')
    .replace(/^languageNames:$/m, 'languageNames:\n  xx: Bahasa Xx');
  writeFileSync(path.join(dir, 'xx.yaml'), table);
  cpSync(path.join(REPO, 'id'), path.join(dir, 'xx'), { recursive: true });
  // Its guard: a family of its own (Malay's family lists its members' markers, and this fixture edits no other
  // language).
  const guard = readFileSync(path.join(dir, 'xx/guard.yaml'), 'utf8');
  writeFileSync(
    path.join(dir, 'xx/guard.yaml'),
    guard.replace(/^family: .*$/m, 'family: xx-family').replace(/^markers:\n(?:(?: .*)?\n)*/m, ''),
  );
  // Its tags: the EPUB's dc:language and Word's language are the table's.
  const publishing = readFileSync(path.join(dir, 'xx/publishing.yaml'), 'utf8');
  writeFileSync(
    path.join(dir, 'xx/publishing.yaml'),
    publishing.replace(/^  epub: id$/m, '  epub: xx').replace(/^  word: id-ID$/m, '  word: xx'),
  );
  // Its generators' texts, in its own folder, and its token samples (tests/engine/budget.test.ts reads them beside
  // tests/engine/token-samples.yaml): made once a process from the repository's files.
  mkdirSync(path.join(dir, 'xx/generators'));
  for (const [file, text] of derivedFiles()) writeFileSync(path.join(dir, 'xx', file), text);
  return dir;
}

let derived: readonly (readonly [file: string, text: string])[] | undefined;

/**
 * The fixture's files made from the repository's YAML (each generator's Indonesian texts, Indonesian's token samples),
 * by their path under xx/: made once a process, as parsing and writing the 41 generators' YAML was 0.9–2 s of every
 * fixture (tests/languages/topup-offer makes eight), and the repository's files do not change during a run.
 */
function derivedFiles(): readonly (readonly [file: string, text: string])[] {
  if (derived) return derived;
  const files: (readonly [string, string])[] = [];
  // Its generators' texts: the Indonesian text of every generator and of _shared.yaml.
  for (const file of readdirSync(path.join(ROOT, 'generators')).filter((f) => f.endsWith('.yaml'))) {
    const texts = textsIn(fullYaml().parse(readFileSync(path.join(ROOT, 'generators', file), 'utf8')), 'id');
    if (texts !== undefined) files.push([path.join('generators', file), fullYaml().stringify(texts)]);
  }
  // Its token samples.
  const samples = fullYaml().parse(readFileSync(path.join(ROOT, 'tests/engine/token-samples.yaml'), 'utf8')) as Record<
    string,
    Record<string, string[]>
  >;
  files.push([
    'token-samples.yaml',
    fullYaml().stringify(Object.fromEntries(Object.entries(samples).map(([kind, byLang]) => [kind, byLang.id]))),
  ]);
  derived = files;
  return files;
}
