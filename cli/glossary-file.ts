// A writer's glossary file (`karya translate --glossary FILE`, a batch's translate job's `glossary:`), read within
// its bounds before it is parsed: a glossary holds at most MAX_GLOSSARY_TERMS terms of at most 80 characters,
// and matching its terms against each other costs the square of their number, so an 8 MB file of 500,000 terms
// kept the command busy for minutes, deaf to Ctrl-C and SIGTERM (the work never yielded). A file beyond its bound
// in bytes or in terms is refused at once, naming the limit, in the writer's language.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { MAX_GLOSSARY_TERMS, catalogueMessage, type Lang } from '../engine/index.js';
import { yamlData } from '../engine/node.js';
import { fail } from './util.js';
import { yamlProblemIn } from './yaml-words.js';

/**
 * The largest glossary file read: room for MAX_GLOSSARY_TERMS terms in their longest form (a term and its
 * rendering of 80 characters each, with a gender: about 200 bytes a line) and comments beside them.
 */
export const MAX_GLOSSARY_FILE_BYTES = 64 * 1024;

const kilobytes = (n: number) => `${Math.ceil(n / 1024)} KB`;
const size = (n: number) => (n >= 1024 * 1024 ? `${Math.round((n / (1024 * 1024)) * 10) / 10} MB` : kilobytes(n));

/**
 * At most `max` bytes of the file (and whether there was more), however large it is or whatever it is (a pipe, a
 * device).
 */
function readAtMost(file: string, max: number): { bytes: Buffer; total: number; isLonger: boolean } {
  const fd = openSync(file, 'r');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(64 * 1024, max + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > max) break;
    }
    return { bytes: Buffer.concat(chunks).subarray(0, max), total, isLonger: total > max };
  } finally {
    closeSync(fd);
  }
}

/** Lines that start a top-level entry of a YAML map (not indented, not a comment or a document marker): its terms. */
function termLines(text: string): number {
  let count = 0;
  for (const line of text.split('\n')) if (/^[^\s#%]/.test(line) && !/^(---|\.\.\.)(\s|$)/.test(line)) count++;
  return count;
}

/**
 * The glossary file parsed (as yamlData parses it), or exit 2 when it is beyond its bounds: more than
 * MAX_GLOSSARY_FILE_BYTES bytes, or more than MAX_GLOSSARY_TERMS terms (counted before it is parsed, and again
 * after), or not YAML (its line, column and problem said in `lang`).
 */
export function glossaryYamlOrExit(file: string, lang: Lang): ReturnType<typeof yamlData> {
  const read = readAtMost(file, MAX_GLOSSARY_FILE_BYTES);
  const limits = { file, max: String(MAX_GLOSSARY_TERMS) };
  if (read.isLonger) {
    // Its whole size when it has one (a pipe has none: what was read says enough).
    const total = Math.max(read.total, statSync(file).size);
    fail(
      catalogueMessage('translate_glossary_too_large', lang, {
        file,
        size: size(total),
        max: kilobytes(MAX_GLOSSARY_FILE_BYTES),
        terms: String(MAX_GLOSSARY_TERMS),
      }),
    );
  }
  const text = read.bytes.toString('utf8');
  const lines = termLines(text);
  if (lines > MAX_GLOSSARY_TERMS)
    fail(catalogueMessage('translate_glossary_too_many', lang, { ...limits, count: String(lines) }));
  const parsed = yamlData(text);
  // A file that is not YAML: where and why, in the writer's language (cli/yaml-words.ts).
  const problem = parsed.errors[0];
  if (problem) fail(catalogueMessage('translate_bad_glossary', lang, { file, problem: yamlProblemIn(problem, lang) }));
  // A flow map (`{Aisha: Aisyah, Omar: Umar}`) holds its terms on one line: counted once parsed.
  const data = parsed.data;
  const terms = data && typeof data === 'object' && !Array.isArray(data) ? Object.keys(data).length : 0;
  if (terms > MAX_GLOSSARY_TERMS)
    fail(catalogueMessage('translate_glossary_too_many', lang, { ...limits, count: String(terms) }));
  return parsed;
}
