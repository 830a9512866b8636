// The title in title case by the book language's own rule (the table's title case, rules.ts titleCaseRule), with the
// fix written out.
import type { ReadinessRule } from '../readiness-types.js';
import { titleCase, titleCaseRule, uncapitalisedTitleWords } from '../title-case.js';
import { everyChannel, failed, pass } from './outcome.js';
import { languageName, sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.title-case': {},
  'title-case.words': {},
  'title-case.fix': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

export const TITLE_CASE_RULE = {
  id: 'title-case',
  words: WORDS,
  label: (i) => say('label.title-case', { language: languageName(i.metadata.language) }),
  appliesTo: everyChannel,
  source: (i) => titleCaseRule(i.metadata.language).source,
  evaluate: (i) => {
    const { title, subtitle, language } = i.metadata;
    if (!title.trim()) return failed(say('title.empty'), say('title.empty-fix'));
    const words = [...uncapitalisedTitleWords(title, language), ...uncapitalisedTitleWords(subtitle, language)];
    if (!words.length) return pass(say('quoted', { text: title }));
    const fixed = titleCase(title, language);
    const fixedSub = subtitle ? titleCase(subtitle, language) : '';
    return failed(
      say('title-case.words', { words: words.map((w) => `"${w}"`).join(', ') }),
      say('title-case.fix', {
        args: `--title "${fixed}"${fixedSub ? ` --subtitle "${fixedSub}"` : ''}`,
        title: `"${fixed}"${fixedSub ? ` / "${fixedSub}"` : ''}`,
      }),
    );
  },
} satisfies ReadinessRule;
