// What `karya translate` says of its edition: a window asked again and why, each part as it is done, what is left
// at the end (paragraphs and titles kept in the source's language) and how a rerun asks for only that, the
// edition's title, and the --json summary.
import { catalogueMessage, editionLanguageName, problemText } from '../engine/index.js';
import type { EditionTitle, Lang, PartOutcome, TranslateProgress, WindowProblem } from '../engine/index.js';
import { info } from './util.js';
import { translateWord as say } from './translate-words.js';
import { whyText, type ReasonedTerm } from './translate-glossary.js';

/** Why a window was not kept, as the writer reads it: a glossary term left out also says how to change the glossary. */
function writersReason(problem: WindowProblem, lang: Lang): string {
  const reason = problemText(problem, lang);
  if (problem.code !== 'translate_glossary') return reason;
  const how = catalogueMessage('translate_glossary_how', lang, { term: problem.term, rendering: problem.rendering });
  return `${reason} ${how}`;
}

/** A window's line as it is asked (again, with why, when its first answer was not kept). */
export function progressLine(e: TranslateProgress, lang: Lang): string {
  const where: Record<string, string | number> = { label: e.label, n: e.window, of: e.windows };
  if (e.paragraphs) Object.assign(where, { first: e.paragraphs[0], last: e.paragraphs[1] });
  const piece = e.paragraphs ? ('Piece' as const) : ('' as const);
  return `  … ${
    e.isAgain
      ? say(`askedAgain${piece}`, lang, { ...where, reason: writersReason(e.problem!, lang) })
      : say(`window${piece}`, lang, where)
  }`;
}

/**
 * A part as it is done: translated (✓), or with paragraphs or its chapter title kept in the source's language (!),
 * never both.
 */
export function sayPart(p: PartOutcome, chapterTitles: Readonly<Record<number, string>>, lang: Lang): void {
  const language = editionLanguageName(lang, lang);
  if (p.status === 'translated' && p.asked > 0) {
    info(`  ✓ ${say('partDone', lang, { label: p.label, credits: p.credits })}`);
  }
  if (p.status === 'untranslated' && p.untranslated?.length) {
    const count = p.untranslated.length;
    info(`  ! ${say('partLeft', lang, { label: p.label, count, paragraphs: numbered(p.untranslated), language })}`);
  }
  if (p.titleUntranslated) {
    info(`  ! ${say('partTitleLeft', lang, { label: p.label, title: chapterTitles[p.position] ?? '', language })}`);
  }
}

/**
 * What is left at the run's end: the edition's title kept, then part by part (paragraphs, a chapter title), and how
 * a rerun asks for only that; true when a part is left.
 */
export function sayLeft(
  left: readonly PartOutcome[],
  title: EditionTitle | undefined,
  chapterTitles: Readonly<Record<number, string>>,
  lang: Lang,
): boolean {
  if (title && !title.isTranslated) info(`karya: ${titleLine(title, lang)}`);
  if (!left.length) return false;
  const language = editionLanguageName(lang, lang);
  for (const p of left) {
    if (p.untranslated?.length) {
      const reason = p.problem ? writersReason(p.problem, lang) : '';
      info(`karya: ${say('left', lang, { label: p.label, paragraphs: numbered(p.untranslated), reason, language })}`);
    }
    if (p.titleUntranslated) {
      const title = chapterTitles[p.position] ?? '';
      info(`karya: ${say('partTitleLeft', lang, { label: p.label, title, language })}`);
    }
  }
  const count = left.reduce((n, p) => n + (p.untranslated?.length ?? 0) + (p.titleUntranslated ? 1 : 0), 0);
  info(`karya: ${say('leftRerun', lang, { count })}`);
  return true;
}

/** Paragraph indexes (0-based) as a writer counts them: "2, 5". */
const numbered = (indexes: readonly number[]) => indexes.map((i) => i + 1).join(', ');

/**
 * The edition's title as the writer reads it at the run's start: translated from the source's, theirs, or the
 * source's kept (untranslated, and why).
 */
export function titleLine(t: EditionTitle, lang: Lang): string {
  if (t.by === 'writer') return say('titleWriters', lang, { title: t.text });
  if (t.isTranslated) return say('titleTranslated', lang, { title: t.text, source: t.source });
  const reason = say(`title_${t.problem ?? 'none'}` as const, lang);
  return say('titleKept', lang, { title: t.text, language: editionLanguageName(lang, lang), reason });
}

/**
 * The edition's title in --json: its text, its source's, whether it is translated, by whom, and why the model's was
 * not kept.
 */
const titleJson = (t: EditionTitle) => ({
  text: t.text,
  source: t.source,
  translated: t.isTranslated,
  by: t.by,
  ...(t.problem ? { problem: t.problem } : {}),
});

/**
 * Every piece of the edition kept in the source's language, in --json: the book's title, chapter titles, paragraphs
 * (numbered from 1).
 */
function untranslatedList(
  parts: readonly PartOutcome[],
  title: EditionTitle | undefined,
  chapterTitles: Readonly<Record<number, string>>,
) {
  return [
    ...(title && !title.isTranslated ? [{ what: 'title' as const, text: title.text }] : []),
    ...parts.flatMap((p) => [
      ...(p.titleUntranslated
        ? [
            {
              what: 'chapter_title' as const,
              position: p.position,
              label: p.label,
              text: chapterTitles[p.position] ?? '',
            },
          ]
        : []),
      ...(p.untranslated ?? []).map((i) => ({
        what: 'paragraph' as const,
        position: p.position,
        label: p.label,
        paragraph: i + 1,
      })),
    ]),
  ];
}

/** The edition as --json prints it: its ids and languages, its glossary's terms, calls, title, and each part. */
export function editionJson(input: {
  id: number | null;
  key: string;
  source: number;
  from: Lang;
  to: string;
  outcome: {
    isFinished: boolean;
    credits: number;
    parts: readonly PartOutcome[];
    state: { content: readonly string[] };
  };
  glossary: number;
  terms: readonly ReasonedTerm[];
  calls: unknown;
  title: EditionTitle | undefined;
  chapterTitles: Readonly<Record<number, string>>;
}) {
  const { outcome, from } = input;
  const paragraphs = (position: number) =>
    outcome.state.content[position]?.split(/\n\s*\n/).filter((x) => x.trim()).length ?? 0;
  return {
    id: input.id,
    key: input.key,
    source: input.source,
    from,
    lang: input.to,
    finished: outcome.isFinished,
    credits: outcome.credits,
    glossary: input.glossary,
    terms: input.terms.map((e) => ({
      term: e.term,
      rendering: e.rendering,
      ...(e.gender ? { gender: e.gender } : {}),
      why: e.why,
      reason: whyText(e.why, from),
    })),
    calls: input.calls,
    ...(input.title ? { title: titleJson(input.title) } : {}),
    untranslated: untranslatedList(outcome.parts, input.title, input.chapterTitles),
    parts: outcome.parts.map((p) => ({
      position: p.position,
      label: p.label,
      status: p.status,
      credits: p.credits,
      paragraphs: paragraphs(p.position),
      ...(p.untranslated?.length ? { untranslated: p.untranslated.map((i) => i + 1) } : {}),
      ...(p.titleUntranslated ? { titleUntranslated: true } : {}),
    })),
  };
}
