// `karya translate --book ID --to LANG [--glossary FILE] [--json]`: the book's edition in another language of the table,
// a new book linked to its source (engine/session/translate), part by part in windows of whole paragraphs,
// each window saved as it is done: run again after a stop, it goes on from the window it stopped at. The cost
// is shown before; progress lines go to stderr; the run goes to the book's end, and paragraphs that could not be
// had (kept as their source, marked untranslated) are named at the end (exit 1): a rerun asks only for them. The source is only read.
import { existsSync } from 'node:fs';
import { BookSession, listIn, canTranslate, chapterTitlesOf, catalogueMessage, cleanTitle, editionLanguageName, editionLanguages, isLang, langs, withEditionTitle, MAX_EDITION_TITLE, partStep, stepLabel, editionKey, editionLinkOf, glossaryFileOf, glossaryWithReasons, problemText, translateEdition, translatedFrom, translationCost, editionPlan, withWritersGlossary, MAX_TERM_CHARS, type EditionTitle, type Glossary, type GlossaryWhy, type Lang, type PartOutcome, type TranslateProgress, type WindowProblem, type WritersTerm } from '../../engine/index.js';
import { CLI_USER, CliExit, EXIT, catalogOrExit, fail, info, specOrExit } from '../util.js';
import { interruptedExitCode, listenForInterrupt } from '../interrupt.js';
import { exitOnFailure } from '../errors.js';
import { bookIdOrExit } from './books.js';
import { cliProvider } from '../provider.js';
import { translateWord as say } from '../translate-words.js';
import { glossaryYamlOrExit } from '../glossary-file.js';
import { cliStateOf, hasBooks, openCliState } from '../state.js';
import { RunMeter } from '../run-meter.js';
import { budgetFigures, maxCallsOrExit, startBudget } from '../run-budget.js';

export interface TranslateOptions {
  book?: string;
  to?: string;
  glossary?: string;
  /** --title: the edition's title, the writer's own (a new edition asks the model for none). */
  title?: string;
  json?: boolean;
  state?: string;
  /** Commander's --no-bible: false leaves the edition's story bible to be read when a step needs it. */
  bible?: boolean;
  /** --max-calls: the run's bound on model calls instead of the default (engine/budget.ts). */
  maxCalls?: string;
}

/** The writer's glossary file (YAML term: rendering, or term: {rendering, gender}), or exit 2 naming the problem. */
function writersGlossary(file: string | undefined, lang: Lang): Record<string, WritersTerm> {
  if (file === undefined) return {};
  if (!existsSync(file)) fail(catalogueMessage('translate_bad_glossary', lang, { file, problem: say('noFile', lang) }));
  // Within its bounds in bytes and terms, or refused before it is parsed (cli/glossary-file.ts).
  const read = glossaryYamlOrExit(file, lang);
  if (read.errors[0]) fail(catalogueMessage('translate_bad_glossary', lang, { file, problem: `${say('line', lang)} ${read.errors[0].line}: ${read.errors[0].message}` }));
  const parsed = glossaryFileOf(read.data);
  if ('problem' in parsed) {
    const what = parsed.problem === 'not_map' ? say('notMap', lang)
      : say(parsed.why === 'gender' ? 'badGender' : parsed.why === 'too_long' ? 'tooLong' : 'badRendering', lang, { term: parsed.term, most: MAX_TERM_CHARS });
    fail(catalogueMessage('translate_bad_glossary', lang, { file, problem: what }));
  }
  return parsed.glossary;
}

/** Why a term is held fast, as the writer reads it: the story bible's character, or the book's evidence ("capitalised mid-sentence 14×, never lowercase"), or their file. */
function whyText(why: GlossaryWhy, lang: Lang): string {
  if (why.kind === 'character' || why.kind === 'writer') return say(`why_${why.kind}`, lang);
  const lowercase = why.lowercase ? say('lowercaseTimes', lang, { n: why.lowercase }) : say('neverLowercase', lang);
  return say(`why_${why.kind}`, lang, { capitalised: why.capitalised, lowercase });
}

/** Each term with why it is held (the writer's own file's terms say so). */
function reasoned(glossary: Glossary, own: ReadonlyMap<string, GlossaryWhy>): Array<Glossary[number] & { why: GlossaryWhy }> {
  return glossary.map((e) => ({ ...e, why: own.get(e.term) ?? { kind: 'writer' } }));
}

/** The glossary's terms, as the writer reads them before the run: each term, its rendering, a character's gender, why it is held, and how to change them. */
function listGlossary(glossary: ReadonlyArray<Glossary[number] & { why: GlossaryWhy }>, lang: Lang): void {
  if (!glossary.length) info(`karya: ${say('glossaryNone', lang)}`);
  else {
    info(`karya: ${say('glossaryHeld', lang, { terms: glossary.length })}`);
    for (const e of glossary) info(`    ${e.term} → ${e.rendering}${e.gender ? ` (${say(e.gender, lang)})` : ''} — ${whyText(e.why, lang)}`);
  }
  info(`karya: ${say('glossaryHow', lang)}`);
}

/** Why a window was not kept, as the writer reads it: a glossary term left out also says how to change the glossary. */
function writersReason(problem: WindowProblem, lang: Lang): string {
  const reason = problemText(problem, lang);
  return problem.code === 'translate_glossary' ? `${reason} ${catalogueMessage('translate_glossary_how', lang, { term: problem.term, rendering: problem.rendering })}` : reason;
}

/** Where the command's result goes (stdout; a batch keeps its own stdout for its events). */
export interface TranslateOutput {
  stdout(text: string): void;
}

/**
 * Why `--to` names no edition of a book in `lang`, as a sentence: a book in a language translated into none, a
 * language nothing is translated into, the book's own language, or another code (each naming the choices there are).
 */
function notATarget(id: number, lang: Lang, to: string): string {
  const targets = editionLanguages(lang);
  if (!targets.length) return catalogueMessage('translate_nothing_from', lang, { id: String(id), language: editionLanguageName(lang, lang) });
  if (to === lang) return catalogueMessage('translate_same_language', lang, { id: String(id), language: editionLanguageName(to, lang), other: targets.join('|') });
  if (isLang(to) && !langs().some((from) => canTranslate(from, to))) return catalogueMessage('translate_nothing_into', lang, { language: editionLanguageName(to, lang) });
  return catalogueMessage('translate_bad_language', lang, { value: to, langs: listIn(targets, lang, 'or') });
}

const STDOUT: TranslateOutput = { stdout: (text) => void process.stdout.write(text) };

export async function translateCommand(opts: TranslateOptions, out: TranslateOutput = STDOUT): Promise<void> {
  const to = opts.to ?? '';
  const first = langs()[0]!;
  // Before the book is read, its language is the first the table translates into `to`: the writer of an
  // English book asking for a Malay edition reads English, of a Malay one asking for English, Malay. A code the
  // table does not have is refused once the book is read, in the book's language.
  const from: Lang = (isLang(to) ? langs().find((l) => canTranslate(l, to)) : undefined) ?? first;
  if (opts.book === undefined) return fail(say('needsBook', from));
  const id = bookIdOrExit(opts.book, from);
  const place = cliStateOf(opts.state);
  if (!hasBooks(place)) fail(catalogueMessage('translate_no_book', from, { id: String(id) }));
  const stateFile = await openCliState(place);
  const interrupt = listenForInterrupt();
  try {
    const source = await stateFile.repos.books.find({ userId: CLI_USER, id });
    if (!source) return fail(catalogueMessage('translate_no_book', from, { id: String(id) }));
    const lang = source.state.lang;
    if (source.state.lang === to || !isLang(to) || !canTranslate(lang, to)) return fail(notATarget(id, lang, to));
    if (editionLinkOf(source.key) || translatedFrom(source.state)) return fail(catalogueMessage('translate_is_edition', lang, { id: String(id) }));
    if (!source.state.content.some((t) => t.trim())) return fail(catalogueMessage('translate_empty_book', lang, { id: String(id) }));
    const spec = specOrExit(catalogOrExit(), source.state.generatorId, lang);
    const { glossary, terms } = bookGlossary(source.state, opts.glossary, lang);
    const title = opts.title === undefined ? undefined : cleanTitle(opts.title);
    if (title !== undefined && (!title || title.length > MAX_EDITION_TITLE)) return fail(catalogueMessage('edition_bad_title', lang, { max: String(MAX_EDITION_TITLE) }));
    const key = editionKey({ generatorId: spec.id, sourceId: id, to });
    const store = stateFile.progress(CLI_USER);
    const saved = await store.load(key);
    const cost = translationCost(spec, source.state, saved?.state);
    info(`karya: ${say('costBefore', lang, { id, language: editionLanguageName(to, lang), parts: cost.parts, total: cost.total, per: cost.perPart, remaining: cost.remaining, terms: glossary.length })}`);
    listGlossary(terms, lang);
    const onProgress = (e: TranslateProgress) => {
      const where = { label: e.label, n: e.window, of: e.windows, ...(e.paragraphs ? { first: e.paragraphs[0], last: e.paragraphs[1] } : {}) };
      const piece = e.paragraphs ? 'Piece' as const : '' as const;
      info(`  … ${e.isAgain ? say(`askedAgain${piece}`, lang, { ...where, reason: writersReason(e.problem!, lang) }) : say(`window${piece}`, lang, where)}`);
    };
    let outcome;
    const maxCalls = maxCallsOrExit(opts.maxCalls, lang);
    const model = cliProvider({ lang });
    // The offline provider writes demo text, never a translation: every window would be refused twice.
    if (model.isOffline) return fail(say('needsModel', lang));
    // The run's budget: the edition's windows and its story bible's parts (read after), said before anything is asked.
    const bibleParts = opts.bible === false ? 0 : source.state.content.filter((t) => t.trim()).length;
    const { budget, provider: budgeted } = startBudget(model, { planned: editionPlan(source.state, saved?.state) + bibleParts, maxCalls, lang });
    // Parts translated of the book's, time left and what was spent so far, under the lines above (cli/run-meter.ts).
    const meter = new RunMeter({ lang, planned: cost.parts, done: cost.perPart ? cost.parts - cost.remaining / cost.perPart : 0, hasCredits: true });
    const provider = meter.counted(budgeted);
    try {
      outcome = await translateEdition({ spec, renderer: catalogOrExit().renderer, provider, store, key, source: source.state, isSourceFinished: source.isFinished, to, glossary, ...(title ? { title } : {}), signal: interrupt.signal, onProgress, onTitle: (t) => info(`karya: ${titleLine(t, lang)}`), onPart: (p) => {
        sayPart(p, chapterTitlesOf(spec, source.state), lang);
        if (p.asked > 0) meter.partDone(p.credits);
      } });
    } catch (error) {
      meter.finish();
      if (interrupt.isInterrupted) {
        info(`karya: ${say('stopped', lang)}`);
        throw new CliExit(interruptedExitCode());
      }
      exitOnFailure(error, lang, { step: { words: ({ message }) => say('providerStopped', lang, { message }), ...(opts.json ? { json: { part: null, isWhole: true } } : {}) } });
      throw error;
    }
    // The title the edition now has: the writer's --title over what the run chose.
    const editionTitle: EditionTitle | undefined = title ? { text: title, source: outcome.title?.source ?? title, isTranslated: true, by: 'writer' } : outcome.title;
    const editionId = (await stateFile.repos.books.list({ userId: CLI_USER })).find((b) => b.key === key)?.id ?? null;
    // The writer's title holds for an edition made before too (kept with its settings, read by every export).
    if (title && editionId !== null) {
      outcome = { ...outcome, state: withEditionTitle(spec, outcome.state, title) };
      await stateFile.repos.books.saveSettings({ userId: CLI_USER, key, settings: outcome.state.settings });
    }
    // The edition's own story bible, read from its own text part by part (saved after each: a rerun goes on), as an import's.
    const session = await BookSession.open({ spec, renderer: catalogOrExit().renderer, provider, store, key, settings: outcome.state.settings, totalChapters: outcome.state.totalChapters, onFinished: 'keep' });
    let reading = '';
    try {
      // An edition with paragraphs still in the source's language is read once they are translated (a rerun).
      while (opts.bible !== false && !outcome.left.length && session.needsMemory) {
        const position = (session.state.memoryUpTo ?? -1) + 1;
        reading = stepLabel(position === 0 ? { kind: 'introduction', position: 0 } : partStep(spec, position, session.state.totalChapters), lang, spec);
        if (session.state.content[position]?.trim()) info(`  … ${say('bible', lang, { label: reading })}`);
        await session.remember({ parts: 1, signal: interrupt.signal });
      }
    } catch (error) {
      meter.finish();
      if (interrupt.isInterrupted) throw new CliExit(interruptedExitCode());
      exitOnFailure(error, lang, { step: { words: ({ message }) => say('bibleStopped', lang, { label: reading, message }), ...(opts.json ? { json: { part: null, isWhole: true } } : {}) } });
      throw error;
    }
    const edition = { id: editionId, key, source: id, from: lang, lang: to, finished: outcome.isFinished, credits: outcome.credits, glossary: glossary.length, terms: terms.map((e) => ({ term: e.term, rendering: e.rendering, ...(e.gender ? { gender: e.gender } : {}), why: e.why, reason: whyText(e.why, lang) })), calls: budgetFigures(budget), ...(editionTitle ? { title: titleJson(editionTitle) } : {}), untranslated: untranslatedList(outcome.parts, editionTitle, chapterTitlesOf(spec, source.state)), parts: outcome.parts.map((p) => ({ position: p.position, label: p.label, status: p.status, credits: p.credits, paragraphs: outcome.state.content[p.position]?.split(/\n\s*\n/).filter((x) => x.trim()).length ?? 0, ...(p.untranslated?.length ? { untranslated: p.untranslated.map((i) => i + 1) } : {}), ...(p.titleUntranslated ? { titleUntranslated: true } : {}) })) };
    meter.finish();
    if (opts.json) out.stdout(`${JSON.stringify({ edition, progress: meter.figures() })}\n`);
    else out.stdout(`${say('done', lang, { id: editionId ?? '?', generator: spec.id })}\n`);
    // What is left, part by part (and a title kept in the source's language), and exit 1 when a part has marks: the
    // run went to the end, a rerun asks only for them (a title is no reason to fail: --title gives one).
    if (sayLeft(outcome.left, editionTitle, chapterTitlesOf(spec, source.state), lang)) throw new CliExit(EXIT.failed);
  } finally {
    interrupt.release();
    await stateFile.close();
  }
}

/** The book's glossary over the writer's file, each term with why it is held (the file's own say so). */
function bookGlossary(state: Parameters<typeof glossaryWithReasons>[0], file: string | undefined, lang: Lang) {
  const own = glossaryWithReasons(state);
  const writers = writersGlossary(file, lang);
  const glossary = withWritersGlossary(own, writers);
  return { glossary, terms: reasoned(glossary, new Map(own.filter((e) => !Object.hasOwn(writers, e.term)).map((e) => [e.term, e.why]))) };
}

/** A part as it is done: translated (✓), or with paragraphs or its chapter title kept in the source's language (!), never both. */
function sayPart(p: PartOutcome, chapterTitles: Readonly<Record<number, string>>, lang: Lang): void {
  if (p.status === 'translated' && p.asked > 0) info(`  ✓ ${say('partDone', lang, { label: p.label, credits: p.credits })}`);
  if (p.status === 'untranslated' && p.untranslated?.length) info(`  ! ${say('partLeft', lang, { label: p.label, count: p.untranslated.length, paragraphs: numbered(p.untranslated), language: editionLanguageName(lang, lang) })}`);
  if (p.titleUntranslated) info(`  ! ${say('partTitleLeft', lang, { label: p.label, title: chapterTitles[p.position] ?? '', language: editionLanguageName(lang, lang) })}`);
}

/** What is left at the run's end: the edition's title kept, then part by part (paragraphs, a chapter title), and how a rerun asks for only that; true when a part is left. */
function sayLeft(left: readonly PartOutcome[], title: EditionTitle | undefined, chapterTitles: Readonly<Record<number, string>>, lang: Lang): boolean {
  if (title && !title.isTranslated) info(`karya: ${titleLine(title, lang)}`);
  if (!left.length) return false;
  for (const p of left) {
    if (p.untranslated?.length) info(`karya: ${say('left', lang, { label: p.label, paragraphs: numbered(p.untranslated), reason: p.problem ? writersReason(p.problem, lang) : '', language: editionLanguageName(lang, lang) })}`);
    if (p.titleUntranslated) info(`karya: ${say('partTitleLeft', lang, { label: p.label, title: chapterTitles[p.position] ?? '', language: editionLanguageName(lang, lang) })}`);
  }
  info(`karya: ${say('leftRerun', lang, { count: left.reduce((n, p) => n + (p.untranslated?.length ?? 0) + (p.titleUntranslated ? 1 : 0), 0) })}`);
  return true;
}

/** Paragraph indexes (0-based) as a writer counts them: "2, 5". */
const numbered = (indexes: readonly number[]) => indexes.map((i) => i + 1).join(', ');

/** The edition's title as the writer reads it at the run's start: translated from the source's, theirs, or the source's kept (untranslated, and why). */
function titleLine(t: EditionTitle, lang: Lang): string {
  if (t.by === 'writer') return say('titleWriters', lang, { title: t.text });
  if (t.isTranslated) return say('titleTranslated', lang, { title: t.text, source: t.source });
  return say('titleKept', lang, { title: t.text, language: editionLanguageName(lang, lang), reason: say(`title_${t.problem ?? "none"}` as const, lang) });
}

/** The edition's title in --json: its text, its source's, whether it is translated, by whom, and why the model's was not kept. */
const titleJson = (t: EditionTitle) => ({ text: t.text, source: t.source, translated: t.isTranslated, by: t.by, ...(t.problem ? { problem: t.problem } : {}) });

/** Every piece of the edition kept in the source's language, in --json: the book's title, chapter titles, paragraphs (numbered from 1). */
function untranslatedList(parts: readonly PartOutcome[], title: EditionTitle | undefined, chapterTitles: Readonly<Record<number, string>>) {
  return [
    ...(title && !title.isTranslated ? [{ what: 'title' as const, text: title.text }] : []),
    ...parts.flatMap((p) => [
      ...(p.titleUntranslated ? [{ what: 'chapter_title' as const, position: p.position, label: p.label, text: chapterTitles[p.position] ?? '' }] : []),
      ...(p.untranslated ?? []).map((i) => ({ what: 'paragraph' as const, position: p.position, label: p.label, paragraph: i + 1 })),
    ]),
  ];
}
