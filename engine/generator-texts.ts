// A language that is not written into the generators' YAML files may word them from its own folder:
// languages/<code>/generators/<id>.yaml (and _shared.yaml for the shared fields, presets and budgets' tokens per
// word) holds that language's texts at the same paths as the generator's texts, so adding a language edits no
// generator. They are merged into the parsed generator before it is resolved; a text the generator already has
// for that code wins.
import { langs, languageTable } from './languages/index.js';

type Node = Record<string, unknown>;

const isMapping = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);
/**
 * An object holding texts (or numbers: a budget's tokens per word) by language code: a label, an option beside its
 * value.
 */
const holdsTexts = (v: unknown): v is Node => isMapping(v) && (typeof v.en === 'string' || typeof v.en === 'number');

/**
 * An element of a list named by its key in a language's file: an option by its value, a section by its id, else by
 * index.
 */
function elementOf(list: unknown[], key: string): unknown {
  const named = list.find((e) => isMapping(e) && (e.value !== undefined ? String(e.value) === key : e.id === key));
  if (named !== undefined) return named;
  return /^\d+$/.test(key) ? list[Number(key)] : undefined;
}

function childOf(target: unknown, key: string): unknown {
  if (Array.isArray(target)) return elementOf(target, key);
  return isMapping(target) ? target[key] : undefined;
}

/** Puts one language's texts (`words`, shaped like the generator) into `target` under the language's code. */
function merge(target: unknown, words: unknown, code: string): void {
  if (!isMapping(words) && !Array.isArray(words)) return;
  for (const [key, value] of Object.entries(words)) {
    // An option's own text, when its file gives the option a mapping (`{ label: …, description: … }`).
    const child = key === 'label' && holdsTexts(target) && target.value !== undefined ? target : childOf(target, key);
    if (typeof value === 'string' || typeof value === 'number') {
      if (holdsTexts(child) && child[code] === undefined) child[code] = value;
    } else merge(child, value, code);
  }
}

/**
 * The parsed generator (or _shared.yaml, `id` `_shared`) with every table language's own texts for it merged in.
 * @example withLanguageTexts(YAML.parse(romance), 'romance') // fields.heatLevel.label.xx from
 * languages/xx/generators/romance.yaml
 */
export function withLanguageTexts(data: unknown, id: string): unknown {
  for (const code of langs()) {
    const words = languageTable(code).files[`generators/${id}`];
    if (words !== undefined) merge(data, words, code);
  }
  return data;
}

/**
 * Every language's generator texts, for the catalog cache's key. Named first, then read: a language's other files are
 * read (on Node, decoded from their cache: engine/node/languages.ts) only by what uses them.
 */
export function generatorTextsKey(): unknown {
  return langs().map((code) => {
    const files = languageTable(code).files;
    return Object.keys(files)
      .filter((name) => name.startsWith('generators/'))
      .map((name) => [name, files[name]]);
  });
}

/**
 * One language's texts of a parsed generator, at the paths a language's folder writes them (an option by its
 * value, a section by its id): what `withLanguageTexts` merges back. A new language's folder starts from the
 * closest language's (scripts/copy-language.ts).
 * @example textsIn(YAML.parse(romance), 'id') // { fields: { heatLevel: { label: '…', options: { sweet: '…' } } }, … }
 */
export function textsIn(node: unknown, code: string): unknown {
  if (Array.isArray(node)) {
    const out: Node = {};
    node.forEach((e: unknown, i) => {
      const key = isMapping(e) ? String(e.value ?? (typeof e.en === 'string' ? i : (e.id ?? i))) : String(i);
      const texts = textsIn(e, code);
      if (texts !== undefined) out[key] = texts;
    });
    return Object.keys(out).length ? out : undefined;
  }
  if (!isMapping(node)) return undefined;
  if (holdsTexts(node)) {
    const own = node[code];
    const inner = Object.fromEntries(
      Object.entries(node)
        .filter(([k]) => !/^[a-z]{2,3}$/.test(k) && k !== 'value')
        .map(([k, v]) => [k, textsIn(v, code)])
        .filter(([, v]) => v !== undefined),
    );
    if (!Object.keys(inner).length) return own;
    return own === undefined ? inner : { label: own, ...inner };
  }
  const out = Object.fromEntries(
    Object.entries(node)
      .map(([k, v]) => [k, textsIn(v, code)])
      .filter(([, v]) => v !== undefined),
  );
  return Object.keys(out).length ? out : undefined;
}
