// The catalog cache's file (engine/node/load.ts keeps it in .karya/cache): a line of JSON naming each template
// compiled ahead, each string compiled ahead and each generator with where its JSON lies in the rest of the file, then
// those JSON texts one after another. Read back, only that line is read at the start; a value is read from the file
// (at its place, through the file still open) and parsed at its first use.
import { closeSync, fstatSync, readSync } from 'node:fs';
import type { PrecompiledTemplates } from '../compile/prompt.js';
import type { ResolvedSpec } from '../spec/types.js';
import { asciiJson, type KeptCodec } from './kept-cache.js';

/** A generator as kept: its resolved spec and its prompts' strings compiled ahead (precompileStrings). */
export interface KeptGenerator {
  spec: ResolvedSpec;
  strings: Record<string, string>;
}

/**
 * What the catalog cache keeps: the templates compiled ahead (with the languages' blocks as strings) and each resolved
 * generator. Read back, `templates`' two records are objects whose values are read at their first read (configurable,
 * so a caller may define its own over them) and `generator` reads a generator's text then.
 */
export interface KeptCatalog {
  key: string;
  templates: PrecompiledTemplates;
  ids: readonly string[];
  generator(id: string): KeptGenerator | undefined;
}

type Place = [name: string, start: number, length: number];
interface Head {
  format: string;
  key: string;
  version: string;
  templates: Place[];
  strings: Place[] | null;
  generators: Place[];
  /** The length of what follows the head's line, bytes: a file of another length (cut short, grown) is a miss. */
  length: number;
}

const FORMAT = 'catalog sections 1';
const NEWLINE = 0x0a;
/** How much of the file is read at a time while looking for the head's end (the head is ~60 KB). */
const HEAD_READ = 128 * 1024;

/** The file's text: the head's line, then each template's code, each string's code, each generator (ASCII JSON). */
function encode(data: KeptCatalog): string {
  const bodies: string[] = [];
  let at = 0;
  const placed = (name: string, value: unknown): Place => {
    const body = asciiJson(value);
    bodies.push(body);
    at += body.length;
    return [name, at - body.length, body.length];
  };
  const templates = Object.entries(data.templates.templates).map(([name, code]) => placed(name, code));
  const strings = data.templates.strings
    ? Object.entries(data.templates.strings).map(([text, code]) => placed(text, code))
    : null;
  const generators = data.ids.map((id) => placed(id, data.generator(id)));
  const head: Head = {
    format: FORMAT,
    key: data.key,
    version: data.templates.version,
    templates,
    strings,
    generators,
    length: at,
  };
  return `${asciiJson(head)}\n${bodies.join('')}`;
}

/** The head's line and where the rest starts, read from the start of the file open as `fd`. */
function readHead(fd: number): { head: Head; bodyStart: number } {
  const chunks: Buffer[] = [];
  for (let at = 0; ;) {
    const chunk = Buffer.allocUnsafe(HEAD_READ);
    const got = readSync(fd, chunk, 0, HEAD_READ, at);
    if (got === 0) throw new Error('no head');
    const end = chunk.subarray(0, got).indexOf(NEWLINE);
    chunks.push(chunk.subarray(0, end < 0 ? got : end));
    at += got;
    if (end < 0) continue;
    const line = Buffer.concat(chunks).toString('latin1');
    const head = JSON.parse(line) as Head;
    if (head.format !== FORMAT) throw new Error('not a cache of this shape');
    return { head, bodyStart: line.length + 1 };
  }
}

/** Closes a file left open for a catalog no longer used. */
const closing = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // (closed already)
  }
});

/**
 * An object whose keys are `places`' names (each place's first item), each value read at its first read (from the kept
 * file here; a template's file in load.ts) and kept.
 */
export function lazyRecord<P extends readonly [name: string, ...rest: unknown[]]>(
  places: readonly P[],
  read: (place: P) => unknown,
): Record<string, string> {
  const record: Record<string, string> = {};
  for (const place of places) {
    Object.defineProperty(record, place[0], {
      enumerable: true,
      configurable: true,
      get() {
        const value = read(place) as string;
        Object.defineProperty(record, place[0], { value, enumerable: true, configurable: true, writable: true });
        return value;
      },
    });
  }
  return record;
}

function decodeFile(fd: number): KeptCatalog {
  const { head, bodyStart } = readHead(fd);
  // A file cut short (or grown) is a miss now, not a value that fails to read later.
  if (fstatSync(fd).size !== bodyStart + head.length) throw new Error('not a whole cache');
  const holder = {};
  closing.register(holder, fd);
  const read = ([, start, length]: Place): unknown => {
    const bytes = Buffer.allocUnsafe(length);
    if (readSync(fd, bytes, 0, length, bodyStart + start) !== length) throw new Error('cut short');
    // The holder lives while a value can still be read: the file stays open as long.
    void holder;
    return JSON.parse(bytes.toString('latin1'));
  };
  const generators = new Map(head.generators.map((place) => [place[0], place]));
  return {
    key: head.key,
    templates: {
      version: head.version,
      templates: lazyRecord(head.templates, read),
      ...(head.strings ? { strings: lazyRecord(head.strings, read) } : {}),
    },
    ids: head.generators.map(([id]) => id),
    generator(id) {
      const place = generators.get(id);
      return place ? (read(place) as KeptGenerator) : undefined;
    },
  };
}

/** The catalog cache's codec: written whole, read back from the file kept open (decodeFile). */
export const catalogFileCodec: KeptCodec<KeptCatalog> = {
  encode,
  decode: () => {
    throw new Error('read through decodeFile');
  },
  decodeFile,
};
