// The common shape of a generated jobs file, read without the YAML parser: one job a line, each a flow mapping of plain
// words, whole numbers and simple quoted texts (`- { id: book-1, generator: romance, lang: en, chapters: 3 }`). The
// YAML library reads such a list at about 0.2 ms a job (a 400-job file: ~80 ms before a batch's first call, more on a
// busy machine); this reads it in about a millisecond. Anything else in the file (another form, a character or word
// YAML reads otherwise, a key said twice, a comment after a job) leaves it to the YAML parser (jobs-file.ts), so a
// file reads the same either way.

/** A job read (jobs-file.ts RawJob: its 1-based position and line, and its values). */
export interface FlowJob {
  index: number;
  line: number;
  value: Record<string, string | number>;
}

const LINE = /^- \{([^\t]*)\} *$/;
const KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/** Plain words: no character YAML gives a meaning to (`: `, ` #`, `,`, brackets, quotes, anchors, tags). */
const WORDS = /^[A-Za-z_][A-Za-z0-9_./-]*(?: [A-Za-z0-9_./-]+)*$/;
/** The core schema's words for null and the two booleans (read as such, not as texts): left to the parser. */
const RESERVED = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;
const WHOLE = /^(?:0|[1-9][0-9]{0,14})$/;
const DOUBLE = /^"([^"\\]*)"$/;
const SINGLE = /^'([^']*)'$/;

/** A value of a flow mapping as YAML reads it, or undefined when this reader does not read it for sure. */
function scalarOf(raw: string): string | number | undefined {
  if (WHOLE.test(raw)) return Number(raw);
  if (WORDS.test(raw)) return RESERVED.test(raw) ? undefined : raw;
  const quoted = DOUBLE.exec(raw) ?? SINGLE.exec(raw);
  // A quoted text that runs over a line break or holds a comma is read by the parser.
  return quoted && !/[\r\n]/.test(quoted[1]!) ? quoted[1] : undefined;
}

/** One job's line read, or undefined when the parser is to read the file. */
function jobOfLine(line: string): Record<string, string | number> | undefined {
  const inner = LINE.exec(line)?.[1];
  if (inner === undefined || !inner.trim()) return undefined;
  const job: Record<string, string | number> = {};
  for (const pair of inner.split(',')) {
    const colon = pair.indexOf(': ');
    if (colon < 0) return undefined;
    const key = pair.slice(0, colon).trim();
    const value = scalarOf(pair.slice(colon + 2).trim());
    if (!KEY.test(key) || RESERVED.test(key) || key === '__proto__' || value === undefined || Object.hasOwn(job, key))
      return undefined;
    job[key] = value;
  }
  return job;
}

/**
 * The jobs of a file made only of one-line flow mappings of plain values (and blank or comment lines), with their
 * lines; undefined for any other file (then read by the YAML parser).
 */
export function flowJobList(text: string): FlowJob[] | undefined {
  if (text.charCodeAt(0) === 0xfeff) return undefined;
  const jobs: FlowJob[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.endsWith('\r') ? lines[i]!.slice(0, -1) : lines[i]!;
    if (!line.trim() || line.startsWith('#')) continue;
    const value = jobOfLine(line);
    if (!value) return undefined;
    jobs.push({ index: jobs.length + 1, line: i + 1, value });
  }
  return jobs.length ? jobs : undefined;
}
