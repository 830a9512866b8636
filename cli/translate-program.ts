// `karya translate`'s options, registered on the program by cli/main.ts (the command itself loads on use).
import type { Command } from 'commander';

export function addTranslateCommand(program: Command): void {
  program
    .command('translate')
    .description('command.translate')
    .requiredOption('--book <id>', 'translate.book')
    .requiredOption('--to <lang>', 'translate.to')
    .option('--glossary <file>', 'translate.glossary')
    .option('--title <title>', 'translate.title')
    .option('--no-bible', 'translate.noBible')
    .option('--max-calls <n>', 'common.maxCalls')
    .option('--state <path>', 'common.state')
    .option('--json', 'translate.json')
    .action(async (opts) => (await import('./commands/translate.js')).translateCommand(opts));
}
