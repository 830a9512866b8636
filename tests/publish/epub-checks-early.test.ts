// A package's EPUB checks (epubcheck's JVM, DAISY Ace's Chromium: processes of their own) start as soon as the EPUB is
// made, and run while the DOCX and the paperback are made; their verdicts are still the readiness list's. A file that
// fails after they started fails the package with its own error, and a check that fails meanwhile is no unhandled
// rejection (which would end a `karya publish` or a server); the Ace check is then given up (a server's one Ace turn
// and its Chromium are not held for a verdict no one reads), and only then.
import { describe, expect, it } from 'vitest';
import type { BookState } from '../../engine/index.js';
import { finishedBook as bookOf } from './finished-book.js';
import { loadCatalog } from '../../engine/node/load.js';
import { renderDocument } from '../../engine/node/export/render.js';
import { say, writePackageParts, type RunPublishStep } from '../../engine/publish/index.js';
import { buildKdpPackage } from '../../engine/node/publish.js';

const catalog = loadCatalog({ useDiskCache: false });
const romance = catalog.get('romance')!;

const finishedBook = () =>
  bookOf({
    spec: romance,
    settings: { language: 'en', settingType: 'coastal' },
    outline: '1. Chapter 1: The harbour',
    content: ['Aisha came to Kuantan.', 'Chapter one.', 'The end.'],
  });

/** Publishing steps answered at once; the cover drawn as a text-only one (no picture endpoint). */
const runStep: RunPublishStep = async (step) => {
  if (step.part === 'cover')
    throw Object.assign(new Error('no_image_endpoint'), { status: 502, code: 'no_image_endpoint' });
  return { text: step.part === 'description' ? 'A love story by the sea.' : 'The Harbour' };
};

async function packageParts(state: BookState) {
  return writePackageParts({
    book: romance,
    state,
    specOf: (id) => catalog.get(id),
    runStep,
    given: { title: 'The Harbour', author: 'Nur Aina Yusof' },
  });
}

/** Makes the EPUB as usual; the DOCX fails. */
const docxFails: typeof renderDocument = async (doc, format, opts) => {
  if (format === 'docx') throw new Error('the DOCX could not be made');
  return renderDocument(doc, format, opts);
};

describe("a package's EPUB checks", () => {
  it('start once the EPUB is made, before the DOCX, and give the readiness list its verdicts', async () => {
    const state = finishedBook();
    const parts = await packageParts(state);
    const seen: string[] = [];
    let aceSignal: AbortSignal | undefined;
    const built = await buildKdpPackage({
      book: romance,
      state,
      parts,
      render: async (doc, format, opts) => {
        seen.push(`render ${format}`);
        return renderDocument(doc, format, opts);
      },
      epubcheck: async (epub) => {
        seen.push(`epubcheck ${epub.byteLength > 0}`);
        return { status: 'pass', detail: say('verbatim', { text: 'epubcheck: checked here' }) };
      },
      ace: async (_epub, signal) => {
        seen.push('ace');
        aceSignal = signal;
        return { status: 'warn', detail: say('verbatim', { text: 'Ace: checked here' }) };
      },
    });
    expect(seen).toEqual(['render epub', 'epubcheck true', 'ace', 'render docx']);
    expect(aceSignal?.aborted).toBe(false);
    const readiness = JSON.parse(new TextDecoder().decode(built.files['readiness.json'])) as {
      channels: Record<string, { checks: Array<{ id: string; status: string; detail: string }> }>;
    };
    // Every eBook channel reads both verdicts (the paperback's reads neither).
    const ebooks = Object.values(readiness.channels).filter((c) => c.checks.some((k) => k.id === 'epubcheck'));
    expect(ebooks.length).toBeGreaterThanOrEqual(3);
    for (const channel of ebooks) {
      expect(channel.checks.find((c) => c.id === 'epubcheck')).toMatchObject({ detail: 'epubcheck: checked here' });
      expect(channel.checks.find((c) => c.id === 'accessibility')).toMatchObject({ detail: 'Ace: checked here' });
    }
  });

  it('a DOCX that fails after they started fails the package; their own failures are handled', async () => {
    const state = finishedBook();
    const parts = await packageParts(state);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const failing = buildKdpPackage({
        book: romance,
        state,
        parts,
        render: docxFails,
        epubcheck: () => Promise.reject(new Error('epubcheck crashed')),
        ace: () => Promise.reject(new Error('Ace crashed')),
      });
      await expect(failing).rejects.toThrow('the DOCX could not be made');
      // A rejection nobody handled is reported once the microtasks have run, before the next turn's setImmediate.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('a DOCX that fails gives up the Ace check still under way, with its error', async () => {
    const state = finishedBook();
    const parts = await packageParts(state);
    let given: unknown;
    const failing = buildKdpPackage({
      book: romance,
      state,
      parts,
      render: docxFails,
      epubcheck: async () => ({ status: 'pass', detail: say('verbatim', { text: 'epubcheck: checked here' }) }),
      // A check that answers only when it is given up (as the real one, ended, rejects with the signal's reason).
      ace: (_epub, signal) =>
        new Promise((_resolve, reject) =>
          signal?.addEventListener('abort', () => {
            given = signal.reason;
            reject(signal.reason as Error);
          }),
        ),
    });
    await expect(failing).rejects.toThrow('the DOCX could not be made');
    expect(given).toBeInstanceOf(Error);
    expect((given as Error).message).toBe('the DOCX could not be made');
  });
});
