// The export pool (engine/node/export/pool.ts): files are made in worker threads within a time and a
// memory limit; a limit hit is an ExportLimitError with its status and a message in English and Malay,
// the thread that hit it is replaced, and the next export is made as usual.
import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueMessage, ExportLimitError, type BookDocument } from '../../engine/index.js';
import { ExportPool, exportLimitsFromEnv, type ExportLimits } from '../../engine/node/export/pool.js';

const doc = (markdown: string): BookDocument => ({
  title: 'A Test Book',
  lang: 'en',
  typeLabel: 'Romance Story',
  parts: [{ id: 'chapter:1', heading: 'Chapter 1', markdown }],
});
const SMALL = doc('Hello world. It was a quiet morning in Kuala Lumpur.');

let pool: ExportPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});
const poolOf = (limits: Partial<ExportLimits>) =>
  (pool = new ExportPool({
    workers: 1,
    timeoutMs: 30_000,
    memoryMb: 256,
    maxQueued: 4,
    countsWaiting: true,
    ...limits,
  }));

async function refusal(promise: Promise<unknown>): Promise<ExportLimitError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExportLimitError);
  return error as ExportLimitError;
}

describe('the export pool', () => {
  it('makes EPUB, DOCX and PDF files in a worker thread; Markdown in place', async () => {
    const p = poolOf({});
    const [epub, docx, pdf, md] = await Promise.all([
      p.render(SMALL, 'epub'),
      p.render(SMALL, 'docx'),
      p.render(SMALL, 'pdf'),
      p.render(SMALL, 'md'),
    ]);
    expect(Buffer.from(epub.subarray(0, 2)).toString('latin1')).toBe('PK');
    expect(Buffer.from(docx.subarray(0, 2)).toString('latin1')).toBe('PK');
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(new TextDecoder().decode(md)).toContain('Hello world.');
  }, 60_000);

  it(
    'an export past its time limit is stopped (422 ' + 'export_too_slow) and the next one is made by a new thread',
    async () => {
      // 300 ms: far less than a thread needs to start and lay out a 1 MB book as a PDF (2.5 s on a fast machine
      // under the suite's load). A one-line book was not slow enough: a fast machine made its PDF in 310 ms.
      const para = 'The quick brown fox jumps over the lazy dog near the river bank. '.repeat(80);
      const long: BookDocument = {
        ...SMALL,
        parts: Array.from({ length: 20 }, (_, i) => ({
          id: `chapter:${i + 1}`,
          heading: `Chapter ${i + 1}`,
          markdown: Array(10).fill(para).join('\n\n'),
        })),
      };
      const p = poolOf({ timeoutMs: 300 });
      const started = performance.now();
      const error = await refusal(p.render(long, 'pdf'));
      expect(error.code).toBe('export_too_slow');
      expect(error.status).toBe(422);
      expect(error.message).toBe(
        'Making the PDF file took longer than 1 seconds, so it was stopped. A very long word ' +
          'or chapter is the usual cause: break it up and try again, or download another format.',
      );
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(p.load).toEqual({ running: 0, queued: 0 });
      const epub = await (pool = new ExportPool({ ...p.limits, timeoutMs: 30_000 })).render(SMALL, 'epub');
      expect(epub.length).toBeGreaterThan(1000);
    },
    60_000,
  );

  it('an export past its memory limit is stopped (413 export_too_large); the process goes on', async () => {
    // A 3 MB book laid out as a PDF in a thread of 32 MB heap.
    const para = 'The quick brown fox jumps over the lazy dog near the river bank. '.repeat(80);
    const big: BookDocument = {
      ...SMALL,
      parts: Array.from({ length: 30 }, (_, i) => ({
        id: `chapter:${i + 1}`,
        heading: `Chapter ${i + 1}`,
        markdown: Array(20).fill(para).join('\n\n'),
      })),
    };
    const p = poolOf({ memoryMb: 32, timeoutMs: 120_000 });
    const error = await refusal(p.render(big, 'pdf'));
    expect(error.code).toBe('export_too_large');
    expect(error.status).toBe(413);
    expect(error.message).toContain('needed more than 32 MB of memory');
    expect((await p.render(SMALL, 'docx')).length).toBeGreaterThan(1000);
  }, 150_000);

  it(
    'a thread loads the renderers and the words they print, ' +
      "not the engine's prompts and checks (its small heap holds)",
    async () => {
      // A thread is started per export and run in a small heap (the memory test above: 32 MB); a front door that
      // brings the prompts (handlebars), the readiness rules or the answer checks filled it before any book was read.
      const { metafile } = await build({
        entryPoints: ['engine/node/export/render-worker.ts'],
        bundle: true,
        platform: 'node',
        format: 'esm',
        write: false,
        metafile: true,
        packages: 'external',
        logLevel: 'silent',
      });
      const files = Object.keys(metafile.inputs);
      const packages = new Set(
        Object.values(metafile.inputs).flatMap((input) =>
          input.imports.filter((i) => i.external && !i.path.startsWith('.')).map((i) => i.path),
        ),
      );
      expect([...packages].filter((p) => p === 'handlebars')).toEqual([]);
      // Nor the book's builder (session/book.ts: the bible, the glossary): the thread is handed a document.
      const kept = [
        /^engine\/publish\/readiness/,
        /^engine\/session\/(answers|voice|continuity|edits|outline|bible)\//,
        /^engine\/session\/book\.ts$/,
        /^engine\/compile\/templates/,
      ];
      expect(files.filter((f) => kept.some((r) => r.test(f)))).toEqual([]);
      expect(files.length).toBeLessThan(80);
    },
    60_000,
  );

  it('more exports than the queue holds answer 503 export_busy at once', async () => {
    const p = poolOf({ maxQueued: 1 });
    const first = p.render(SMALL, 'docx');
    const second = p.render(SMALL, 'docx');
    const error = await refusal(p.render(SMALL, 'docx'));
    expect(error.code).toBe('export_busy');
    expect(error.status).toBe(503);
    expect((await first).length).toBeGreaterThan(1000);
    expect((await second).length).toBeGreaterThan(1000);
  }, 60_000);

  it('the messages read in Malay too', () => {
    expect(catalogueMessage('export_too_slow', 'ms', { format: 'PDF', seconds: '45' })).toBe(
      'Pembuatan fail PDF mengambil masa lebih daripada 45 saat, jadi ia dihentikan. Perkataan atau bab ' +
        'yang sangat panjang biasanya puncanya: pecahkannya dan cuba lagi, atau muat turun format lain.',
    );
    expect(catalogueMessage('export_too_large', 'ms', { format: 'PDF', megabytes: '384' })).toContain(
      'memerlukan lebih daripada 384 MB memori',
    );
    expect(catalogueMessage('export_busy', 'ms')).toBe(
      'Terlalu banyak fail sedang dibuat sekarang. Sila cuba lagi dalam seminit.',
    );
  });

  it('limits come from the environment, and a bad value is named', () => {
    expect(exportLimitsFromEnv({})).toMatchObject({ workers: 2, timeoutMs: 45_000, memoryMb: 384 });
    expect(
      exportLimitsFromEnv({
        KARYA_EXPORT_WORKERS: '1',
        KARYA_EXPORT_TIMEOUT_MS: '5000',
        KARYA_EXPORT_MEMORY_MB: '128',
      }),
    ).toMatchObject({ workers: 1, timeoutMs: 5000, memoryMb: 128 });
    // As data (the variable, the value, what is allowed): `karya serve` words it (tests/cli/limits-language.test.ts).
    expect(() => exportLimitsFromEnv({ KARYA_EXPORT_TIMEOUT_MS: '1e4' })).toThrow(
      expect.objectContaining({
        code: 'config_whole_number',
        params: { name: 'KARYA_EXPORT_TIMEOUT_MS', value: '1e4', min: 100, max: 3_600_000 },
      }),
    );
  });
});
