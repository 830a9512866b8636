// The language table read from disk: languages/<code>.yaml and its catalogue words in languages/<code>/*.yaml,
// at the repository's root, and from every folder named in KARYA_LANGUAGES (a path list: a language a maintainer
// is trying out, a test's fixture). Set as the table's source when this module loads, read on first use.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setLanguageSource, LanguageWordsError, type LanguageSource } from '../languages/index.js';
import { yamlData } from '../yaml.js';
import { ROOT } from './load.js';

function parsed(file: string): unknown {
  const { data, errors } = yamlData(readFileSync(file, 'utf8'));
  if (errors.length) throw new LanguageWordsError({ language: file, catalogue: 'languages', key: '*' }, `${file}${errors[0]!.line ? `:${errors[0]!.line}` : ''}: ${errors[0]!.message}`);
  return data;
}

/** Each table file of a folder, with the catalogue words in the folder of the same name. */
export function readLanguageFolder(dir: string): LanguageSource[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => /^[^_.][^/]*\.ya?ml$/.test(f)).sort().map((f) => {
    const file = path.join(dir, f);
    const wordsDir = path.join(dir, f.replace(/\.ya?ml$/, ''));
    const words: Record<string, Record<string, unknown>> = {};
    if (existsSync(wordsDir)) {
      for (const w of readdirSync(wordsDir).filter((n) => /\.ya?ml$/.test(n)).sort()) {
        words[w.replace(/\.ya?ml$/, '')] = (parsed(path.join(wordsDir, w)) ?? {}) as Record<string, unknown>;
      }
    }
    // A language may word the generators from its folder (generators/<id>.yaml: engine/generator-texts.ts).
    const generatorsDir = path.join(wordsDir, 'generators');
    if (existsSync(generatorsDir)) {
      for (const g of readdirSync(generatorsDir).filter((n) => /\.ya?ml$/.test(n)).sort()) {
        words[`generators/${g.replace(/\.ya?ml$/, '')}`] = (parsed(path.join(generatorsDir, g)) ?? {}) as Record<string, unknown>;
      }
    }
    return { file: path.relative(process.cwd(), file) || file, data: parsed(file), words };
  });
}

/** The folders the table is read from: the repository's languages/, then KARYA_LANGUAGES's. */
export function languageFolders(env: NodeJS.ProcessEnv = process.env): string[] {
  const extra = (env.KARYA_LANGUAGES ?? '').split(path.delimiter).filter(Boolean).map((d) => path.resolve(d));
  return [path.join(ROOT, 'languages'), ...extra];
}

/**
 * Every table file of those folders; a code given twice is refused (a fixture may not silently replace Malay).
 * A table marked `draft: true` (a language still being worded) is left out unless KARYA_DRAFT_LANGUAGES=1: a
 * maintainer tries it that way, and no writer is offered it before its words are whole.
 */
export function readLanguages(folders: readonly string[] = languageFolders(), env: NodeJS.ProcessEnv = process.env): LanguageSource[] {
  const drafts = env.KARYA_DRAFT_LANGUAGES === '1';
  const all = folders.flatMap(readLanguageFolder).filter((src) => drafts || (src.data as { draft?: unknown } | undefined)?.draft !== true);
  const seen = new Map<string, string>();
  for (const src of all) {
    const code = String((src.data as { code?: unknown } | undefined)?.code ?? '');
    const before = seen.get(code);
    if (before) throw new LanguageWordsError({ language: code, catalogue: 'languages', key: 'code' }, `${src.file}: language "${code}" is already given by ${before}`);
    seen.set(code, src.file);
  }
  return all;
}

setLanguageSource(() => readLanguages());
