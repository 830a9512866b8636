// What a Malay or Indonesian writer reads when commander refuses a command line (an unknown option, with the one
// it looks like; a missing argument; an option without its value; too many arguments) and when karya map or export
// is given a saved piece or a book whose generator is gone: their language, with the pointer to the command's
// --help, one line, no English. Commander's refusals are said in --lang's language, else the locale's (no book is
// read yet); karya map's and export's in the saved book's. English writers read the same lines in English.
import Database from 'better-sqlite3';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { englishLines } from './english-lines.js';

const LINES = {
  ms: {
    unknownOption: "pilihan '--tiada' tidak dikenali (lihat: karya generate --help)",
    unknownOptionLike:
      "pilihan '--chapter' tidak dikenali; adakah anda maksudkan --chapters? (lihat: karya generate --help)",
    missingArgument: "argumen wajib 'id' tidak diberikan (lihat: karya generate --help)",
    optionMissingArgument: "pilihan '--out' memerlukan nilai (lihat: karya generate --help)",
    excessArguments: 'terlalu banyak argumen: dijangka 0, diberi 2 (lagi, satu) (lihat: karya list --help)',
    mapPiece: '--book PIECE ialah karya fun-facts, bukan buku: hanya buku yang mempunyai peta cerita',
    generatorGone: '--book GONE: penjananya, hilang, sudah tiada dalam generators/',
    exportGone: '--book GONE: penjananya, hilang, sudah tiada dalam generators/',
    otherGenerator:
      '--book PIECE ditulis dengan fun-facts, bukan romance; jangan nyatakan id penjana, atau nyatakan fun-facts',
  },
  id: {
    unknownOption: "opsi '--tiada' tidak dikenal (lihat: karya generate --help)",
    unknownOptionLike: "opsi '--chapter' tidak dikenal; maksud Anda --chapters? (lihat: karya generate --help)",
    missingArgument: "argumen wajib 'id' belum diberikan (lihat: karya generate --help)",
    optionMissingArgument: "opsi '--out' memerlukan nilai (lihat: karya generate --help)",
    excessArguments: 'terlalu banyak argumen: seharusnya 0, diberikan 2 (lagi, satu) (lihat: karya list --help)',
    mapPiece: '--book PIECE adalah karya fun-facts, bukan buku: hanya buku yang memiliki peta cerita',
    generatorGone: '--book GONE: generatornya, hilang, sudah tidak ada di generators/',
    exportGone: '--book GONE: generatornya, hilang, sudah tidak ada di generators/',
    otherGenerator:
      '--book PIECE ditulis dengan fun-facts, bukan romance; jangan sebutkan id generator, atau sebutkan fun-facts',
  },
} as const;

/**
 * A state file with two saved romances: the first's generator renamed away (no longer in generators/), the second's
 * made a piece's (fun facts), as a catalogue changed since they were written leaves them. Their ids, in that order.
 */
async function savedBooks(
  cwd: string,
  lang: 'en' | 'ms' | 'id',
): Promise<{ st: string[]; gone: number; piece: number }> {
  const st = ['--state', 'state.sqlite'];
  for (const chapters of ['1', '2']) {
    const made = await runKaryaInProcess(['generate', 'romance', '--chapters', chapters, '--lang', lang, ...st], {
      cwd,
    });
    expect(made.code, made.stderr).toBe(0);
  }
  const db = new Database(path.join(cwd, 'state.sqlite'));
  try {
    const [gone, piece] = (db.prepare('SELECT id FROM books ORDER BY id').all() as { id: number }[]).map((b) => b.id);
    db.prepare("UPDATE books SET generator_id = 'hilang' WHERE id = ?").run(gone);
    db.prepare("UPDATE books SET generator_id = 'fun-facts' WHERE id = ?").run(piece);
    return { st, gone: gone!, piece: piece! };
  } finally {
    db.close();
  }
}

describe('a command line commander refuses, in another language than English', () => {
  for (const lang of ['ms', 'id'] as const) {
    it(`is told in the writer's language (${lang})`, async () => {
      const cwd = tempDir(`karya-usage-refusals-${lang}-`);
      const { st, gone, piece } = await savedBooks(cwd, lang);
      const locale = { LC_ALL: lang === 'ms' ? 'ms_MY.UTF-8' : 'id_ID.UTF-8' };
      const runs: Record<keyof (typeof LINES)[typeof lang], { args: string[]; env?: Record<string, string> }> = {
        unknownOption: { args: ['generate', 'romance', '--lang', lang, '--tiada'] },
        unknownOptionLike: { args: ['generate', 'romance', '--chapter', '3'], env: locale },
        missingArgument: { args: ['generate'], env: locale },
        optionMissingArgument: { args: ['generate', 'romance', '--lang', lang, '--out'] },
        excessArguments: { args: ['list', 'lagi', 'satu'], env: locale },
        // The book is read: its own language, whatever the locale.
        mapPiece: { args: ['map', '--book', String(piece), ...st], env: { LC_ALL: 'en_US.UTF-8' } },
        generatorGone: { args: ['map', '--book', String(gone), ...st], env: { LC_ALL: 'en_US.UTF-8' } },
        exportGone: { args: ['export', '--book', String(gone), ...st], env: { LC_ALL: 'en_US.UTF-8' } },
        otherGenerator: { args: ['export', 'romance', '--book', String(piece), ...st], env: { LC_ALL: 'en_US.UTF-8' } },
      };
      for (const [what, run] of Object.entries(runs) as [keyof typeof runs, (typeof runs)[keyof typeof runs]][]) {
        const r = await runKaryaInProcess(run.args, { cwd, ...(run.env ? { env: run.env } : {}) });
        expect(r.code, `${what}: ${r.stderr}`).toBe(2);
        const line = LINES[lang][what].replace('PIECE', String(piece)).replace('GONE', String(gone));
        expect(r.stderr.trim().split('\n'), what).toEqual([`karya: ${line}`]);
        expect(englishLines(r.stderr), what).toEqual([]);
      }
    }, 120_000);
  }

  it('stays English for an English writer', async () => {
    const cwd = tempDir('karya-usage-refusals-en-');
    const { st, gone, piece } = await savedBooks(cwd, 'en');
    const env = { LC_ALL: 'en_US.UTF-8' };
    const lines = [];
    for (const args of [
      ['generate', 'romance', '--nope'],
      ['generate', 'romance', '--chapter', '3'],
      ['generate'],
      ['generate', 'romance', '--out'],
      ['list', 'more'],
      ['map', '--book', String(piece), ...st],
      ['map', '--book', String(gone), ...st],
      ['export', 'romance', '--book', String(piece), ...st],
    ]) {
      const r = await runKaryaInProcess(args, { cwd, env });
      lines.push([r.code, r.stderr.trim()]);
    }
    expect(lines).toEqual([
      [2, "karya: unknown option '--nope' (see: karya generate --help)"],
      [2, "karya: unknown option '--chapter'; did you mean --chapters? (see: karya generate --help)"],
      [2, "karya: missing required argument 'id' (see: karya generate --help)"],
      [2, "karya: option '--out' needs a value (see: karya generate --help)"],
      [2, 'karya: too many arguments: expected 0, got 1 (more) (see: karya list --help)'],
      [2, `karya: --book ${piece} is a fun-facts piece, not a book: only a book has a story map`],
      [2, `karya: --book ${gone}: its generator hilang is no longer in generators/`],
      [
        2,
        `karya: --book ${piece} was written with fun-facts, not romance; leave out the generator id or give fun-facts`,
      ],
    ]);
  }, 120_000);
});
