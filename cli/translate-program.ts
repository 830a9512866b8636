// `karya translate`'s options, registered on the program by cli/main.ts (the command itself loads on use).
import type { Command } from 'commander';
import { LANGS, PAIRS } from './lang-help.js';

export function addTranslateCommand(program: Command): void {
  program
    .command('translate')
    .description(`make a book's edition in another language (a pair the language table lists: ${PAIRS}): a new book linked to its source, same parts and titles, names held by a glossary; resumable, the cost shown before; a paragraph no answer could be had for is kept in the source's language, marked, and asked again alone on the next run (exit 1 while any is left); the source is never changed`)
    .requiredOption('--book <id>', 'the book to translate (karya books lists them)')
    .requiredOption('--to <lang>', `the edition's language: ${LANGS}`)
    .option('--glossary <file>', 'a YAML map of term: rendering, over the glossary read from the story bible (names stay as they are by default)')
    .option('--title <title>', "the edition's title (by default its source's own title translated by the model when the edition is made, or kept as it is): set, or changed on an edition made before")
    .option('--no-bible', "leave the edition's own story bible to be read later (when a step needs it), e.g. for a model whose window is too small for it")
    .option('--max-calls <n>', 'stop once this many model calls are made (by default 3 for each call planned, and 8; the plan and its bound are printed at the start)')
    .option('--state <path>', 'local state database (default .karya/state.sqlite; with KARYA_DATABASE_URL set, that Postgres database)')
    .option('--json', 'print {"edition": {id, key, source, from, lang, finished, credits, parts: [{position, label, status, credits, paragraphs, untranslated?}]}, "progress": {done, planned, calls, tokens, credits, elapsedSeconds, etaSeconds}} (untranslated: the paragraphs, from 1, kept in the source\'s language; exit 1 while any is left, and running again asks for only those)')
    .action(async (opts) => (await import('./commands/translate.js')).translateCommand(opts));
}
