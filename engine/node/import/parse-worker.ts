// One manuscript-reading worker thread (engine/node/import/pool.ts): reads an uploaded file (text, Markdown,
// DOCX, EPUB) into its parts, or into a voice sample's text, one file at a time. Whatever a file does to a
// reader's time or heap stays in this thread, which the pool ends when it passes either limit. Any failure
// crosses back as an ImportRefusal (a catalogue code and its parameters): a reader's own words (a parser's
// message, a JavaScript error) only as the refusal's detail, for the server's log.
import { parentPort } from 'node:worker_threads';
// A thread starts without the language table's source: the refusals it words read the table, the one its pool
// handed it (import/pool.ts), or languages/ when it was started otherwise.
import '../languages.js';
import { ImportRefusal } from '../../import/index.js';
import { announceReady, serializeError, type WorkerReply } from '../worker-thread.js';
import { ensureLanguages } from '../../languages/index.js';
import { readManuscriptFile } from './index.js';
import { readVoiceSample } from './voice-sample.js';

export interface ParseRequest {
  id: number;
  file: string;
  bytes: Uint8Array;
  /** A manuscript's parts, or a voice sample's text. */
  purpose: 'manuscript' | 'voice';
  split?: RegExp;
}

/** The file's base name, as refusals name it. */
const nameOf = (file: string) => file.split(/[\\/]/).pop() ?? file;

parentPort?.on('message', (request: ParseRequest) => {
  void (async () => {
    try {
      // Refusals name the file as the writer knows it: its name, not the path it was read from.
      const file = nameOf(request.file);
      const value =
        request.purpose === 'voice'
          ? await readVoiceSample(file, request.bytes)
          : await readManuscriptFile(file, request.bytes, request.split ? { split: request.split } : {});
      parentPort!.postMessage({ id: request.id, value } satisfies WorkerReply<unknown>);
    } catch (error) {
      const refusal =
        error instanceof ImportRefusal
          ? error
          : new ImportRefusal(
              'import_unreadable',
              { file: nameOf(request.file), reason: 'content' },
              error instanceof Error ? `${error.name}: ${error.message}` : String(error),
            );
      parentPort!.postMessage({ id: request.id, error: serializeError(refusal) } satisfies WorkerReply<unknown>);
    }
  })();
});

// Loaded, the language table read: a file's time starts now (the pool's announcesReady), not while this thread loads.
ensureLanguages();
announceReady(parentPort);
