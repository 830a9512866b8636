// Read the answers of the publishing generators: title options, a pen name, keywords. The prompts ask for
// a layout ("Title:", numbered names in bold, numbered keywords); an answer that does not follow it
// (the offline demo text) still gives something usable, and says that it was a fallback.
import { countWords, firstWords } from '../words.js';
import { titleProblems } from './rules.js';
import { plainLine } from '../markdown.js';
import { langs } from '../languages/index.js';
import { publishingOf } from './language-data.js';

/**
 * Lines of an answer without Markdown emphasis, list numbers or bullets, and without lines that are all emphasis
 * (notes).
 */
function plainLines(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^(\*[^*]+\*|_[^_]+_)$/.test(l) && !/^#+\s/.test(l));
}

function stripMarkup(line: string): string {
  return plainLine(line.replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, ''));
}

function unquote(text: string): string {
  return text.replace(/^["'“”‘’«»]+|["'“”‘’«»]+$/g, '').trim();
}

/** The first words of a line, without the full stop a sentence ends with (a title made of a sentence's opening). */
function openingWords(line: string, count: number): string {
  return firstWords(line, count, '').replace(/[\s.,;:!?…-]+$/, '');
}

export interface TitleChoice {
  title: string;
  subtitle?: string;
  /** `answer`: read from a "Title:" line; `fallback`: the answer had none, its first line was used. */
  source: 'answer' | 'fallback';
}

/** The labels a title answer's lines open with, in every language of the table (`publishing.answerLabels`). */
function answerLabels(which: 'title' | 'subtitle'): RegExp {
  const labels = [...new Set(langs().flatMap((lang) => publishingOf(lang).answerLabels[which]))];
  return new RegExp(`^(?:${labels.join('|')})\\s*:\\s*(.+)$`, 'i');
}

/**
 * Every "Title:" / "Subtitle:" pair of a title answer, in order ("Tajuk:" / "Subtajuk:" in Malay: the table's labels).
 */
export function titleOptions(answer: string): Array<{ title: string; subtitle?: string }> {
  const options: Array<{ title: string; subtitle?: string }> = [];
  const [subtitleLine, titleLine] = [answerLabels('subtitle'), answerLabels('title')];
  for (const line of answer.replace(/\r\n?/g, '\n').split('\n').map(stripMarkup)) {
    const sub = subtitleLine.exec(line);
    const main = titleLine.exec(line);
    if (sub && options.length && options[options.length - 1]!.subtitle === undefined)
      options[options.length - 1]!.subtitle = unquote(sub[1]!);
    else if (main) options.push({ title: unquote(main[1]!) });
  }
  return options.filter((o) => o.title);
}

/**
 * The title of a package from a title answer: the first option KDP accepts (else the first option), or,
 * when the answer has no "Title:" line, its first line cut to 8 words.
 */
export function chooseTitle(answer: string): TitleChoice {
  const options = titleOptions(answer);
  if (options.length) {
    const best = options.find((o) => titleProblems(o).length === 0) ?? options[0]!;
    return { ...best, source: 'answer' };
  }
  const first = plainLines(answer).map(stripMarkup).find(Boolean) ?? '';
  return { title: unquote(openingWords(first, 8)), source: 'fallback' };
}

/** A pen name as people write them: one to five words of letters (with . ' - between), at most 60 characters. */
export function isUsableName(name: string): boolean {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (
    name.trim().length >= 2 &&
    name.trim().length <= 60 &&
    words.length >= 1 &&
    words.length <= 5 &&
    words.every((w) => /^[\p{L}][\p{L}\p{M}.'’-]*$/u.test(w)) &&
    /\p{Lu}/u.test(name)
  );
}

/**
 * The first pen name of an author-name answer: its first bold name, else a numbered line's name; only
 * a name that looks like one (isUsableName). When the answer has none, the author is '' (`none`): a name
 * is never made up from the answer's first words, so the readiness asks for --author instead.
 */
export function chooseAuthor(answer: string): { author: string; source: 'answer' | 'none' } {
  const lines = answer.replace(/\r\n?/g, '\n').split('\n');
  const candidates: string[] = [];
  for (const line of lines) {
    const bold = /\*\*([^*]{2,60})\*\*/.exec(line);
    if (bold && /^\s*(?:\d+[.)]|[-*+•])?\s*\*\*/.test(line)) candidates.push(unquote(bold[1]!.replace(/[:\s]+$/, '')));
  }
  for (const line of lines) {
    const numbered = /^\s*\d+[.)]\s+(.+)$/.exec(line);
    if (numbered)
      candidates.push(
        unquote(
          stripMarkup(numbered[1]!)
            .split(/\s+[-–—:(]|\s*[:–—(]/)[0]!
            .trim(),
        ),
      );
  }
  const name = candidates.find(isUsableName);
  return name ? { author: name, source: 'answer' } : { author: '', source: 'none' };
}

/**
 * Keyword candidates of a keyword answer in order: numbered or bulleted lines without their explanation
 * ("1. cozy mystery - readers who…" → "cozy mystery"); when there are none, the short phrases of its prose.
 */
export function keywordCandidates(answer: string): { candidates: string[]; source: 'answer' | 'fallback' } {
  const lines = answer.replace(/\r\n?/g, '\n').split('\n');
  const listed = lines
    .filter((l) => /^\s*(?:\d+[.)]|[-*+•])\s+\S/.test(l))
    .map((l) =>
      unquote(
        stripMarkup(l)
          .split(/\s+[-–—]\s+|\s*:\s+|\s+\(/)[0]!
          .trim(),
      ),
    )
    .filter((k) => k && !/[:]$/.test(k));
  if (listed.length) return { candidates: listed.map((k) => k.toLowerCase()), source: 'answer' };
  const phrases = plainLines(answer)
    .flatMap((l) => stripMarkup(l).split(/[.,;:!?…—–()]+/))
    .map((p) => p.trim().toLowerCase())
    .filter((p) => {
      const n = countWords(p);
      return p && n >= 1 && n <= 6;
    });
  return { candidates: phrases, source: 'fallback' };
}
