// An edition's title: its source's own title translated when the edition is made, asked once of the model as a
// window of one paragraph (templates/translate.hbs, the glossary terms it holds), its answer judged as any other
// (assistant talk taken off) and kept only when it is one line of a title's length in the edition's language,
// holding each glossary term the title holds. Otherwise (offline, a failure, an answer that is no title) the
// source's title stays: the writer retitles the edition (karya translate --title, the studio's edition page).
import type { Lang } from '../../spec/types.js';
import type { Provider } from '../../provider.js';
import type { PromptRenderer } from '../../compile/prompt.js';
import { GenerationError } from '../../errors.js';
import { askText, judgeAnswer } from '../answers/index.js';
import { findLanguageDrift } from '../reading/index.js';
import { cleanText } from '../../clean-text.js';
import { termsIn, hasTerm, type Glossary } from './glossary.js';
import { windowRequest } from './prompt.js';

/** The longest title an edition keeps (the working title field's own limit). */
export const MAX_EDITION_TITLE = 120;

/** A title as the writer or the model gives it: one line, no Markdown emphasis or heading marks, no quotes around it. */
export function cleanTitle(text: string): string {
  return cleanText(text).replace(/\s+/g, ' ').trim().replace(/^#+\s*/, '').replace(/^(\*\*|__|\*|_)(.+)\1$/, '$2').replace(/^["“'‘«](.+)["”'’»]$/, '$1').trim();
}

/**
 * The edition's title in `to`, translated from the source's `title`; undefined when the model is offline, fails,
 * or answers no title (the caller keeps the source's). A stop (`signal`) is thrown as the provider throws it.
 * @example await translatedTitle({ renderer, provider, title: 'Harbour Lights', from: 'en', to: 'ms', glossary }) // 'Lampu Pelabuhan'
 */
export async function translatedTitle(input: { renderer: PromptRenderer; provider: Provider; title: string; from: Lang; to: Lang; glossary: Glossary; signal?: AbortSignal }): Promise<string | undefined> {
  const { renderer, provider, title, from, to, signal } = input;
  if (provider.isOffline || !title.trim()) return undefined;
  const glossary = termsIn(input.glossary, [title], from);
  const request = windowRequest({ renderer, from, to, glossary, paragraphs: [title], hasTitle: false });
  let text: string;
  try {
    const result = await askText(provider, { ...request, maxTokens: Math.min(request.maxTokens, 200), ...(signal ? { signal } : {}) });
    const verdict = judgeAnswer(result.text, request, { kind: 'prose', material: () => [title, ...glossary.map((e) => `${e.term} ${e.rendering}`)] });
    if ('outcome' in verdict && verdict.outcome) return undefined;
    text = verdict.text;
  } catch (error) {
    if (signal?.aborted || !(error instanceof GenerationError)) throw error;
    return undefined;
  }
  if (/\n\s*\S/.test(text.trim())) return undefined;
  const answer = cleanTitle(text);
  if (!answer || answer.length > MAX_EDITION_TITLE) return undefined;
  if (findLanguageDrift(answer, to)) return undefined;
  if (glossary.some((e) => !hasTerm(answer, e.rendering, to))) return undefined;
  return answer;
}
