// `karya audiobook`'s options, registered on the program by cli/main.ts (the command itself loads on use).
import type { Command } from 'commander';

export function addAudiobookCommand(program: Command): void {
  program
    .command('audiobook')
    .description('command.audiobook')
    .requiredOption('--book <id>', 'audiobook.book')
    .requiredOption('--out <dir>', 'audiobook.out')
    .option('--max-calls <n>', 'audiobook.maxCalls')
    .option('--state <path>', 'common.state')
    .option('--json', 'audiobook.json')
    .action(async (opts) => (await import('./commands/audiobook.js')).audiobookCommand(opts));
}
