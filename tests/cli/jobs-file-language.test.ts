// A jobs file's mistakes, said to a writer whose locale is Malay or Indonesian: every job's issue names its field
// and what the field allows (field names, option names and values as the file writes them), and the file's own
// (missing, a folder, an empty list, not a list, translate jobs that cannot run) too, all in that language, with
// no English line (tests/cli/english-lines.ts). With no language in the locale, the one every job asks for.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { writeJobs } from '../batch/helpers.js';
import { englishLines } from './english-lines.js';
import { langs } from '../../engine/index.js';

/** The table's codes (en, ms, id, and any a maintainer adds): as a refusal names them, and joined with `atau`. */
const NAMED = langs().join(', ');
const OR_LISTED = `${langs().slice(0, -1).join(', ')}, atau ${langs().at(-1)}`;

const MALAY = { LC_ALL: 'ms_MY.UTF-8' };
const INDONESIAN = { LC_ALL: 'id_ID.UTF-8' };

/** Jobs with a mistake each (two of them right: `siri1` and a job whose only fault is the series it shares). */
const MISTAKES = [
  '- { id: satu, generator: romanse }',
  '- { id: dua, generator: romance, chapters: banyak, settings: panas, colour: merah, max_calls: 0 }',
  '- { id: tiga, generator: poems, voice: sampel.txt, author: Siti }',
  '- { id: empat, generator: romance, chapters: 2, voice: tiada.txt }',
  '- { id: lima, generator: romance, chapters: 2, cover: 42 }',
  '- { id: enam, generator: romance, formats: [mobi], lang: fr, title: "" }',
  '- { id: satu, generator: poems }',
  '- { generator: romance, chapters: 2, out: ../luar.md }',
  '- { id: panas, generator: romance, chapters: 2, settings: { heatLevel: scorching } }',
  '- { id: siri1, generator: romance, chapters: 2, lang: ms, series: Kisah }',
  '- { id: siri2, generator: romance, chapters: 2, lang: en, series: Kisah }',
  '- { id: gambar, generator: romance, chapters: 2, voice: gambar.png }',
  '- just a text',
].join('\n');

/** What each mistake is said as, by language (`file:line: job: field: …`). */
const SAID = {
  ms: [
    /jobs\.yaml:1: kerja "satu": generator: "romanse" bukan penjana \(dibenarkan: [^)]*\bromance\b/,
    /jobs\.yaml:2: kerja "dua": colour: bukan medan kerja \(dibenarkan: id, generator, lang, chapters, settings,/,
    'jobs.yaml:2: kerja "dua": settings: mestilah peta nama tetapan kepada nilainya',
    'jobs.yaml:2: kerja "dua": chapters: "banyak" mestilah nombor bulat dari 1 hingga 100',
    'jobs.yaml:2: kerja "dua": max_calls: 0 mestilah bilangan panggilan dalam nombor bulat, dari 1 ke atas',
    'jobs.yaml:3: kerja "tiga": voice: poems menulis satu karya sahaja; hanya buku mempunyai suara',
    'jobs.yaml:3: kerja "tiga": author: poems bukan buku yang dipakejkan oleh karya batch --publish; hanya buku',
    'jobs.yaml:4: kerja "empat": voice: tiada.txt: fail itu tiada (laluan dibaca dari folder fail kerja)',
    'jobs.yaml:5: kerja "lima": cover: mestilah typographic, atau laluan gambar kulit anda (JPEG, PNG atau TIFF)',
    `jobs.yaml:6: kerja "enam": lang: "fr" bukan salah satu daripada ${NAMED}\n`,
    'jobs.yaml:6: kerja "enam": formats: "mobi" bukan salah satu daripada md, epub, docx, pdf',
    'jobs.yaml:6: kerja "enam": title: tidak boleh kosong',
    'jobs.yaml:7: kerja "satu": id: turut digunakan oleh kerja 1; setiap id mestilah unik',
    'jobs.yaml:8: kerja 8: out: "../luar.md" mestilah nama fail di dalam folder --out',
    'jobs.yaml:9: kerja "panas": settings.heatLevel: "scorching" bukan salah satu daripada sweet, mild, moderate,',
    'jobs.yaml:11: kerja "siri2": series: "Kisah" ditulis dalam Bahasa Malaysia (buku pertamanya ialah kerja "siri1")',
    'jobs.yaml:12: kerja "gambar": voice: gambar.png: berikan sampel sebagai fail .txt atau .md',
    'jobs.yaml:13: kerja 13: setiap kerja mestilah objek seperti {generator: romance, settings: {…}}',
    '12 daripada 13 kerja tidak sah; tiada apa-apa yang dijana',
  ],
  id: [
    /jobs\.yaml:1: tugas "satu": generator: "romanse" bukan generator \(yang diizinkan: [^)]*\bromance\b/,
    /jobs\.yaml:2: tugas "dua": colour: bukan kolom tugas \(yang diizinkan: id, generator, lang, chapters, settings,/,
    'jobs.yaml:2: tugas "dua": settings: harus berupa peta dari nama pengaturan ke nilainya',
    'jobs.yaml:2: tugas "dua": chapters: "banyak" harus berupa bilangan bulat dari 1 sampai 100',
    'jobs.yaml:2: tugas "dua": max_calls: 0 harus berupa jumlah panggilan dalam bilangan bulat, mulai dari 1',
    'jobs.yaml:3: tugas "tiga": voice: poems menulis satu karya saja; hanya buku yang memiliki suara',
    'jobs.yaml:3: tugas "tiga": author: poems bukan buku yang dikemas oleh karya batch --publish; hanya buku yang',
    'jobs.yaml:4: tugas "empat": voice: tiada.txt: berkas itu tidak ada (jalur dibaca dari folder berkas tugas)',
    'jobs.yaml:5: tugas "lima": cover: harus typographic, atau jalur gambar sampul Anda (JPEG, PNG, atau TIFF)',
    `jobs.yaml:6: tugas "enam": lang: "fr" bukan salah satu dari ${NAMED}\n`,
    'jobs.yaml:6: tugas "enam": formats: "mobi" bukan salah satu dari md, epub, docx, pdf',
    'jobs.yaml:6: tugas "enam": title: tidak boleh kosong',
    'jobs.yaml:7: tugas "satu": id: juga dipakai oleh tugas 1; setiap id harus unik',
    'jobs.yaml:8: tugas 8: out: "../luar.md" harus berupa nama berkas di dalam folder --out',
    'jobs.yaml:9: tugas "panas": settings.heatLevel: "scorching" bukan salah satu dari sweet, mild, moderate, steamy',
    'jobs.yaml:11: tugas "siri2": series: "Kisah" ditulis dalam bahasa Melayu (Malaysia) (buku pertamanya tugas',
    'jobs.yaml:12: tugas "gambar": voice: gambar.png: berikan sampel sebagai berkas .txt atau .md',
    'jobs.yaml:13: tugas 13: setiap tugas harus berupa objek seperti {generator: romance, settings: {…}}',
    '12 dari 13 tugas tidak sah; tidak ada yang dibuat',
  ],
} as const;

/**
 * The file's own refusals, by language: a missing file, a folder, an empty list, a map, broken JSON Lines (its
 * column and what is found there, not the parser's English) and YAML, translate jobs.
 */
const FILE_SAID = {
  ms: [
    'tiada.yaml: fail kerja itu tiada; semak laluannya',
    'folder.yaml: ialah folder, bukan fail kerja',
    'kosong.yaml: tiada kerja dalam fail ini',
    'peta.yaml: dijangka senarai kerja (setiap satu "- generator: …"), atau JSON Lines',
    'rosak.jsonl:2: bukan JSON yang sah (lajur 2: “r” tidak dijangka di situ); fail kerja JSON Lines',
    ': bukan YAML yang sah: ',
    `terjemah.yaml:1: kerja 1: translate.to: "fr" bukan bahasa yang ditulis oleh Karya; gunakan ${OR_LISTED}\n`,
    'terjemah.yaml:2: kerja 2: translate.book: "nol" bukan id buku (karya books menyenaraikannya)',
    'terjemah.yaml:3: kerja 3: kerja terjemahan hanya mempunyai translate: {book, to, glossary}; id untuk kerja buku',
  ],
  id: [
    'tiada.yaml: berkas tugas itu tidak ada; periksa jalurnya',
    'folder.yaml: adalah folder, bukan berkas tugas',
    'kosong.yaml: tidak ada tugas dalam berkas ini',
    'peta.yaml: seharusnya daftar tugas (masing-masing "- generator: …"), atau JSON Lines',
    'rosak.jsonl:2: bukan JSON yang valid (kolom 2: “r” tidak diharapkan di sana); berkas tugas JSON Lines',
    ': bukan YAML yang valid: ',
    `terjemah.yaml:1: tugas 1: translate.to: "fr" bukan bahasa yang ditulis Karya; gunakan ${OR_LISTED}\n`,
    'terjemah.yaml:2: tugas 2: translate.book: "nol" bukan id buku (karya books mendaftarnya)',
    'terjemah.yaml:3: tugas 3: tugas terjemahan hanya berisi translate: {book, to, glossary}; id milik tugas buku',
  ],
} as const;

/** A folder with the jobs file of mistakes and the files its jobs name (a prose sample too short, a picture). */
function mistakes(): { dir: string; jobs: string } {
  const dir = tempDir('karya-jobs-words-');
  writeFileSync(path.join(dir, 'sampel.txt'), 'Hujan turun di Bandung.\n');
  writeFileSync(path.join(dir, 'gambar.png'), Buffer.from('\x89PNG\r\n\x1a\n0000000000000000', 'latin1'));
  return { dir, jobs: writeJobs(dir, 'jobs.yaml', `${MISTAKES}\n`) };
}

const batch = (file: string, dir: string, env: Record<string, string>) =>
  runKaryaInProcess(['batch', file, '--dry-run', '--state', 'state.sqlite'], { env, cwd: dir });

describe("a jobs file's mistakes in the writer's language", () => {
  it.each([
    ['ms', MALAY],
    ['id', INDONESIAN],
  ] as const)(
    '%s: every job with a mistake is named with its field and what it allows, and nothing runs',
    async (lang, locale) => {
      const { dir } = mistakes();
      const r = await batch('jobs.yaml', dir, locale);
      expect(r.code, r.stderr).toBe(2);
      for (const said of SAID[lang]) {
        if (typeof said === 'string') expect(r.stderr).toContain(said);
        else expect(r.stderr).toMatch(said);
      }
      expect(englishLines(r.stderr)).toEqual([]);
    },
    120_000,
  );

  it.each([
    ['ms', MALAY],
    ['id', INDONESIAN],
  ] as const)(
    "%s: the file's own refusals (missing, a folder, an empty list, not a list, broken, translate jobs)",
    async (lang, locale) => {
      const dir = tempDir('karya-jobs-words-');
      mkdirSync(path.join(dir, 'folder.yaml'));
      writeJobs(dir, 'kosong.yaml', '[]\n');
      writeJobs(dir, 'peta.yaml', 'generator: romance\n');
      writeJobs(dir, 'rosak.jsonl', '{"generator": "romance"}\n{rosak: is not JSON}\n');
      writeJobs(dir, 'rosak.yaml', '- generator: romance\n- generator: [unclosed\n');
      const translations = [
        '- translate: {book: 3, to: fr}',
        '- translate: {book: nol, to: ms}',
        '- { translate: {book: 2, to: ms}, id: x }',
      ];
      writeJobs(dir, 'terjemah.yaml', `${translations.join('\n')}\n`);
      const runs = [];
      const files = ['tiada.yaml', 'folder.yaml', 'kosong.yaml', 'peta.yaml', 'rosak.jsonl', 'rosak.yaml'];
      files.push('terjemah.yaml');
      for (const file of files) runs.push(await batch(file, dir, locale));
      expect(runs.map((r) => r.code)).toEqual(files.map(() => 2));
      const said = runs.map((r) => r.stderr).join('');
      for (const line of FILE_SAID[lang]) expect(said).toContain(line);
      expect(englishLines(said)).toEqual([]);
    },
    120_000,
  );

  it("with no language in the locale, in the one every job asks for; --json's lines: code and words", async () => {
    const dir = tempDir('karya-jobs-words-');
    const jobs = [
      '- { id: a, generator: romanse, lang: id }',
      '- { id: b, generator: romance, lang: id, chapters: 0 }',
    ];
    writeJobs(dir, 'jobs.yaml', `${jobs.join('\n')}\n`);
    const noLanguage = { LC_ALL: 'C' };
    const r = await runKaryaInProcess(['batch', 'jobs.yaml', '--dry-run', '--json'], { env: noLanguage, cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('jobs.yaml:2: tugas "b": chapters: 0 harus berupa bilangan bulat dari 1 sampai 100');
    expect(r.stderr).toContain('2 dari 2 tugas tidak sah; tidak ada yang dibuat');
    expect(englishLines(r.stderr)).toEqual([]);
    const events = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(events.filter((e) => e.type === 'invalid_job')).toEqual([
      expect.objectContaining({
        job: 'job "a"',
        field: 'generator',
        code: 'notAGenerator',
        message: '"romanse" bukan generator',
        allowed: expect.arrayContaining(['romance']),
      }),
      expect.objectContaining({
        job: 'job "b"',
        field: 'chapters',
        code: 'chaptersRange',
        message: '0 harus berupa bilangan bulat dari 1 sampai 100',
      }),
    ]);
  }, 120_000);

  it('in English, as before, for a writer whose locale is English', async () => {
    const { dir } = mistakes();
    const r = await batch('jobs.yaml', dir, { LC_ALL: 'en_GB.UTF-8' });
    expect(r.code).toBe(2);
    const unknown = /jobs\.yaml:1: job "satu": generator: "romanse" is not a generator \(allowed: [^)]*romance/;
    expect(r.stderr).toMatch(unknown);
    expect(r.stderr).toContain('jobs.yaml:4: job "empat": voice: tiada.txt: no such file (paths are read beside');
    expect(r.stderr).toContain('jobs.yaml:11: job "siri2": series: "Kisah" is written in Bahasa Malaysia (its first');
    expect(r.stderr).toContain('12 of 13 jobs are invalid; nothing was generated');
  }, 120_000);
});
