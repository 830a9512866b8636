// A new language's files started from the closest language's (docs/add-a-language.md): its table file, its folder,
// and, in its folder's generators/, that language's text of every generator (and of _shared.yaml) at the paths the
// loader merges back (engine/generator-texts.ts). The copy is marked `draft: true`; every text is then worded again.
// Usage: npx tsx scripts/copy-language.ts id tl [folder] (folder: languages/ unless given, e.g. a KARYA_LANGUAGES one)
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fullYaml, ROOT } from '../engine/node.js';
import { ensureLanguages, isLang, langs, languageTable, textsIn, withLanguageTexts } from '../engine/index.js';

const [from, to, folder = path.join(ROOT, 'languages')] = process.argv.slice(2);
if (!from || !to || !/^[a-z]{2,3}$/.test(to))
  throw new Error('usage: npx tsx scripts/copy-language.ts <from> <to: two or three lowercase letters> [folder]');
ensureLanguages();
if (!isLang(from)) throw new Error(`"${from}" is not in the language table (${langs().join(', ')})`);
const fromTable = path.join(ROOT, 'languages', `${from}.yaml`);
const table = path.join(folder, `${to}.yaml`);
if (existsSync(table) || isLang(to)) throw new Error(`"${to}" is already a language (${table})`);

mkdirSync(folder, { recursive: true });
const last = Math.max(...langs().map((c) => languageTable(c).order));
const text = existsSync(fromTable) ? readFileSync(fromTable, 'utf8') : fullYaml().stringify(languageTable(from).raw);
writeFileSync(
  table,
  text
    .replace(/^code: .*$/m, `code: ${to}`)
    .replace(/^order: .*$/m, `order: ${last + 1}`)
    .replace(/^draft: .*\n?/m, '')
    .replace(/^languageNames:$/m, `languageNames:\n  ${to}: ${languageTable(from).autonym}`)
    .trimEnd() + '\n# Still being worded: remove this line when `karya validate` passes with it.\ndraft: true\n',
);
const own = path.join(folder, to);
const fromFolder = path.join(ROOT, 'languages', from);
if (existsSync(fromFolder)) cpSync(fromFolder, own, { recursive: true });
// Its guard starts as a family of its own (a family named after it, no markers): a language that joins the closest
// one's family names that family again and adds its markers to every member's guard.yaml (docs/add-a-language.md).
const guard = path.join(own, 'guard.yaml');
if (existsSync(guard)) {
  const text = readFileSync(guard, 'utf8');
  writeFileSync(guard, text.replace(/^family: .*$/m, `family: ${to}`).replace(/^markers:\n(?:(?:[ #].*)?\n)*/m, ''));
}

// The generators' texts in `from`, written where the loader reads a language's own (its folder's generators/).
mkdirSync(path.join(own, 'generators'), { recursive: true });
let written = 0;
for (const file of readdirSync(path.join(ROOT, 'generators'))
  .filter((f) => /\.ya?ml$/.test(f))
  .sort()) {
  const id = file.replace(/\.ya?ml$/, '');
  const parsed = withLanguageTexts(fullYaml().parse(readFileSync(path.join(ROOT, 'generators', file), 'utf8')), id);
  const texts = textsIn(parsed, from);
  if (texts === undefined) continue;
  writeFileSync(
    path.join(own, 'generators', `${id}.yaml`),
    `# ${id}'s texts in ${to}, copied from ${from}'s: word them again.\n${fullYaml().stringify(texts)}`,
  );
  written++;
}
console.log(
  `${path.relative(process.cwd(), table)} and ${path.relative(process.cwd(), own)}/ written from ${from} ` +
    `(${written} generators' texts in ${path.relative(process.cwd(), own)}/generators/), marked draft: true`,
);
