// A jobs file in its plainest shape, read without the YAML library: a list of jobs at the start of the lines, each
// one flow map on its line (`- { id: book-1, generator: romance, lang: en, chapters: 3 }`) or a few `key: value`
// lines (`- id: b` then `  generator: romance`), whose values are words, whole numbers, true or false, quoted text
// without escapes, or a flow map of those. The `yaml` library reads 400 such jobs in ~35 ms and loads in ~10 ms, at
// the start of every batch, before its first call; this reads them in a few. Anything else (a nested block, a
// multi-line or escaped string, a null, a number that is not a plain whole number, a duplicate key, an anchor, a
// tab, a syntax error…) is not read here: undefined, and the caller reads the file with the YAML library, so every
// file means what YAML says and every error is the library's. Whatever is read here is exactly what the library
// reads (tests/batch/simple-jobs.test.ts compares them).
/** A job read, with its 1-based position in the list and the line it starts on (jobs-file.ts's RawJob). */
export interface ListedJob {
  index: number;
  line: number;
  value: unknown;
}

type Scalar = string | number | boolean;
type Value = Scalar | { [key: string]: Scalar };

/** A word of a plain scalar: starts with a letter, digit or `_`; no YAML indicator (`:`, `#`, `,`, brackets, quotes…) after. */
const PLAIN = /^[\p{L}\p{N}_][\p{L}\p{N}_ .\-/()!?']*/u;
const KEY = /^[A-Za-z_][A-Za-z0-9_-]*/;
/** The core schema's words that are not strings (null, booleans; `.inf`, `0x…` cannot start a PLAIN word). */
const NOT_STRING = /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;

/** One line, read from `pos` on (each read moves it past what it read); undefined is "not the simple shape". */
class Line {
  pos = 0;
  constructor(readonly text: string) {}
  spaces(): void {
    while (this.text[this.pos] === ' ') this.pos++;
  }
  /** The rest is nothing, or a comment after a space (or at the start). */
  isEnd(): boolean {
    this.spaces();
    if (this.pos === this.text.length) return true;
    return this.text[this.pos] === '#' && (this.pos === 0 || this.text[this.pos - 1] === ' ');
  }
  key(): string | undefined {
    const key = KEY.exec(this.text.slice(this.pos))?.[0];
    if (!key || NOT_STRING.test(key) || key === '__proto__' || this.text[this.pos + key.length] !== ':' || this.text[this.pos + key.length + 1] !== ' ') return undefined;
    this.pos += key.length + 2;
    this.spaces();
    return key;
  }
  scalar(): Scalar | undefined {
    const quote = this.text[this.pos];
    if (quote === '"' || quote === "'") {
      const end = this.text.indexOf(quote, this.pos + 1);
      const inner = end < 0 ? '' : this.text.slice(this.pos + 1, end);
      // An escape, or a quote doubled ('it''s'): the library's.
      if (end < 0 || inner.includes('\\') || this.text[end + 1] === quote) return undefined;
      this.pos = end + 1;
      return inner;
    }
    const word = PLAIN.exec(this.text.slice(this.pos))?.[0]?.trimEnd();
    if (!word) return undefined;
    this.pos += word.length;
    if (/^[0-9]+$/.test(word)) return word.length <= 15 ? Number(word) : undefined;
    // A number of another form (1.5, 1e3, 0x1F, 0o17) or text that starts like one (5-8): the library's.
    if (/^[0-9]/.test(word) && (/^[0-9.eE+-]+$/.test(word) || /^0[xo]/.test(word))) return undefined;
    if (NOT_STRING.test(word)) return word[0] === 't' || word[0] === 'T' ? true : word[0] === 'f' || word[0] === 'F' ? false : undefined;
    return word;
  }
  /** `{ key: value, … }` of scalars (`{}` none). */
  flowMap(): Record<string, Scalar> | undefined {
    if (this.text[this.pos] !== '{') return undefined;
    this.pos++;
    this.spaces();
    const map: Record<string, Scalar> = {};
    if (this.text[this.pos] === '}') return (this.pos++, map);
    for (;;) {
      const key = this.key();
      const value = key === undefined || Object.hasOwn(map, key) ? undefined : this.scalar();
      if (value === undefined) return undefined;
      map[key!] = value;
      this.spaces();
      const next = this.text[this.pos++];
      if (next === '}') return map;
      if (next !== ',') return undefined;
      this.spaces();
    }
  }
  value(): Value | undefined {
    return this.text[this.pos] === '{' ? this.flowMap() : this.scalar();
  }
}

/** `key: value` at `line`'s position into `job`, the line ending there; false when it is not the simple shape. */
function pairInto(job: Record<string, Value>, line: Line): boolean {
  const key = line.key();
  if (key === undefined || Object.hasOwn(job, key)) return false;
  const value = line.value();
  if (value === undefined || !line.isEnd()) return false;
  job[key] = value;
  return true;
}

/**
 * The jobs of a YAML list in the simple shape, with the line each starts on, as parseYamlList reads them; undefined
 * for any other text (then read it with parseYamlList).
 */
export function simpleJobsList(text: string): ListedJob[] | undefined {
  // Tabs, carriage returns, a byte-order mark, control and other line-breaking characters: the library's.
  if (/[\x00-\x09\x0b-\x1f\x7f\x85\u2028\u2029\uFEFF]/.test(text)) return undefined;
  const jobs: ListedJob[] = [];
  let open: Record<string, Value> | undefined;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = new Line(lines[i]!);
    if (line.isEnd()) {
      // A comment or a blank line: the job before is over only if a `- ` follows (a deeper line after it is not simple).
      continue;
    }
    if (line.text.startsWith('- ')) {
      line.pos = 2;
      line.spaces();
      if (line.text[line.pos] === '{') {
        const map = line.flowMap();
        if (!map || !line.isEnd()) return undefined;
        jobs.push({ index: jobs.length + 1, line: i + 1, value: map });
        open = undefined;
        continue;
      }
      // A block job: its keys start two columns in, on this line and the next.
      if (line.pos !== 2) return undefined;
      open = {};
      if (!pairInto(open, line)) return undefined;
      jobs.push({ index: jobs.length + 1, line: i + 1, value: open });
      continue;
    }
    if (!open || !line.text.startsWith('  ') || line.text[2] === ' ' || line.text[2] === '-') return undefined;
    line.pos = 2;
    if (!pairInto(open, line)) return undefined;
  }
  return jobs.length ? jobs : undefined;
}
