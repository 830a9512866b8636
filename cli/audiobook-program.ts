// `karya audiobook`'s options, registered on the program by cli/main.ts (the command itself loads on use).
import type { Command } from 'commander';

export function addAudiobookCommand(program: Command): void {
  program
    .command('audiobook')
    .description("a saved book's audio edition: a 44.1 kHz mono 192 kbps MP3 for each chapter at ACX's numbers (RMS -23 to -18 dB, peak at most -3 dB, noise floor under -60 dB, room tone at the head and the tail), an opening and a closing credit in the book's language that say the voice is synthetic, an M4B with chapter marks, and read-along.json (each paragraph's time, for a read-along EPUB); read by the speech server configured (speech: in karya.config.yaml, or KARYA_SPEECH_URL), else by espeak-ng's offline demo voice; FFmpeg encodes and measures")
    .requiredOption('--book <id>', 'the book to read aloud (karya books lists them)')
    .requiredOption('--out <dir>', 'the folder to write the audio edition into')
    .option('--max-calls <n>', 'stop once this many speech requests are made (by default 3 for each paragraph, and 8)')
    .option('--state <path>', 'local state database (default .karya/state.sqlite; with KARYA_DATABASE_URL set, that Postgres database)')
    .option('--json', 'print {"audiobook": {id, lang, out, voice, files, failed: [{title, code, reason}], seconds, characters, m4b, readAlong, calls}} on stdout')
    .action(async (opts) => (await import('./commands/audiobook.js')).audiobookCommand(opts));
}
