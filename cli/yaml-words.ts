// A YAML file's problem (engine/yaml.ts YamlProblem: its line, column and code) said in the reader's language: a
// generator's file, the covers' file, a glossary, a jobs file. The words are in languages/<code>/cli-yaml.yaml,
// English's too; every code of the parser has its words, and a code it adds later (`other`) is said generically, never
// by the parser's English.
import { catalogue, formatSpecIssue, sayer, type Lang, type SpecIssue, type YamlProblem } from '../engine/index.js';

const WORDS = catalogue('cli-yaml', [
  'unreadable',
  'atLineColumn',
  'atLine',
  'duplicateKey',
  'badIndent',
  'tabIndent',
  'missingChar',
  'nestedCompact',
  'multilineKey',
  'unexpected',
  'badEscape',
  'multipleDocs',
  'badScalarStart',
  'tooManyAliases',
  'aliasProps',
  'badAlias',
  'badDirective',
  'badPropOrder',
  'blockInFlow',
  'impossible',
  'keyTooLong',
  'multipleAnchors',
  'multipleTags',
  'nonStringKey',
  'tagUnresolved',
  'badCollectionType',
  'other',
]);
const say = sayer(WORDS);

/**
 * A YAML problem in `lang`: where it is (line and column) and what it is.
 * @example yamlProblemIn({ line: 2, column: 1, code: 'duplicateKey', params: {}, message: '…' }, 'id')
 * // 'baris 2, kolom 1: kunci ini sudah ada di peta yang sama: …'
 */
export function yamlProblemIn(problem: YamlProblem, lang: Lang): string {
  const what = say(problem.code, lang, problem.params);
  const { line, column } = problem;
  if (line && column) return say('atLineColumn', lang, { line, column, problem: what });
  return line ? say('atLine', lang, { line, problem: what }) : what;
}

/** A spec issue as the CLI prints it in `lang`: a file that is not YAML says where and why in the language. */
export function specIssueIn(issue: SpecIssue, lang: Lang): string {
  if (!issue.yaml) return formatSpecIssue(issue);
  return `${issue.file}: ${say('unreadable', lang, { problem: yamlProblemIn(issue.yaml, lang) })}`;
}
