// The fourth language of tests/languages: Indonesian's files under the code "xx" (its table, its words, its guard
// as a family of its own, its generators' texts in its folder), made in a temporary folder the loader is given
// beside the repository's languages/. A language added the way docs/add-a-language.md says, with no code.
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../engine/node/load.js';
import { fullYaml } from '../../engine/yaml.js';
import { tempDir } from '../temp.js';

const REPO = path.join(ROOT, 'languages');

/** One language's texts of a generator, at the generator's own paths (an option by its value, a section by its id). */
function textsOf(node: unknown, code: string): unknown {
  if (Array.isArray(node)) {
    const out: Record<string, unknown> = {};
    node.forEach((e: unknown, i) => {
      const m = e as Record<string, unknown> | null;
      const key = m && typeof m === 'object' ? String(m.value ?? (typeof m.en === 'string' ? i : m.id ?? i)) : String(i);
      const texts = textsOf(e, code);
      if (texts !== undefined) out[key] = texts;
    });
    return Object.keys(out).length ? out : undefined;
  }
  if (!node || typeof node !== 'object') return undefined;
  const m = node as Record<string, unknown>;
  if (typeof m.en === 'string' || typeof m.en === 'number') {
    const own = m[code];
    const rest = Object.entries(m).filter(([k]) => !/^[a-z]{2,3}$/.test(k) && k !== 'value');
    const inner = Object.fromEntries(rest.map(([k, v]) => [k, textsOf(v, code)]).filter(([, v]) => v !== undefined));
    if (!Object.keys(inner).length) return own;
    return own === undefined ? inner : { label: own, ...inner };
  }
  const out = Object.fromEntries(Object.entries(m).map(([k, v]) => [k, textsOf(v, code)]).filter(([, v]) => v !== undefined));
  return Object.keys(out).length ? out : undefined;
}

/** The fixture: xx.yaml and xx/, made from Indonesian's files with only the code (and its family's name) changed. */
export function fourthLanguage(): string {
  const dir = tempDir('karya-fourth-language-');
  const table = readFileSync(path.join(REPO, 'id.yaml'), 'utf8')
    .replace(/^code: id$/m, 'code: xx')
    .replace(/^order: \d+$/m, 'order: 0')
    .replace(/^autonym: .*$/m, 'autonym: Bahasa Xx')
    .replace(/^draft: true$/m, '')
    .replace(/^languageNames:$/m, 'languageNames:\n  xx: Bahasa Xx');
  writeFileSync(path.join(dir, 'xx.yaml'), table);
  cpSync(path.join(REPO, 'id'), path.join(dir, 'xx'), { recursive: true });
  // Its guard: a family of its own (Malay's family lists its members' markers, and this fixture edits no other
  // language). Its words are Indonesian's, which the guard would rightly find Indonesian in Malay's family: first
  // in the table (order 0), its family owns those function words, as a language with words of its own would.
  const guard = readFileSync(path.join(dir, 'xx/guard.yaml'), 'utf8');
  writeFileSync(path.join(dir, 'xx/guard.yaml'), guard.replace(/^family: .*$/m, 'family: xx-family').replace(/^markers:\n(?:(?: .*)?\n)*/m, ''));
  // Its tags: the EPUB's dc:language and Word's language are the table's.
  const publishing = readFileSync(path.join(dir, 'xx/publishing.yaml'), 'utf8');
  writeFileSync(path.join(dir, 'xx/publishing.yaml'), publishing.replace(/^  epub: id$/m, '  epub: xx').replace(/^  word: id-ID$/m, '  word: xx'));
  // Its generators' texts, in its own folder: the Indonesian text of every generator and of _shared.yaml.
  mkdirSync(path.join(dir, 'xx/generators'));
  for (const file of readdirSync(path.join(ROOT, 'generators')).filter((f) => f.endsWith('.yaml'))) {
    const texts = textsOf(fullYaml().parse(readFileSync(path.join(ROOT, 'generators', file), 'utf8')), 'id');
    if (texts !== undefined) writeFileSync(path.join(dir, 'xx/generators', file), fullYaml().stringify(texts));
  }
  return dir;
}

