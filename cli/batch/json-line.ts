// Where a JSON line that JSON.parse refused goes wrong, as data: its column and the character found there (none: the
// line ends early). JSON.parse's own detail is V8's English and names a position only sometimes; this scanner
// follows the JSON grammar (RFC 8259) to the first place it breaks, so the jobs file's refusal is worded in the
// batch's language.

/** The first place a JSON text breaks: its 1-based column (in characters) and the character there, if any. */
export interface JsonBreak {
  column: number;
  found?: string;
}

const SPACE = /[ \t\n\r]/;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const WORDS = ['true', 'false', 'null'];

class Broken {
  constructor(readonly at: number) {}
}

/**
 * The first place `text` is not JSON, or undefined for a valid JSON text.
 * @example jsonBreak('{"id": x}') // { column: 8, found: 'x' }
 */
export function jsonBreak(text: string): JsonBreak | undefined {
  let i = 0;
  const skip = () => {
    while (i < text.length && SPACE.test(text[i]!)) i++;
  };
  const take = (pattern: RegExp): boolean => {
    pattern.lastIndex = i;
    const m = pattern.exec(text);
    if (!m) return false;
    i += m[0].length;
    return true;
  };
  const expect = (char: string) => {
    skip();
    if (text[i] !== char) throw new Broken(i);
    i++;
  };
  const value = (): void => {
    skip();
    const c = text[i];
    if (c === '{') return members('}', true);
    if (c === '[') return members(']', false);
    if (c === '"') {
      if (!take(STRING)) throw new Broken(stringBreak(text, i));
      return;
    }
    const word = WORDS.find((w) => text.startsWith(w, i));
    if (word) i += word.length;
    else if (!take(NUMBER)) throw new Broken(i);
  };
  const members = (close: string, isObject: boolean): void => {
    i++;
    skip();
    if (text[i] === close) return void i++;
    for (;;) {
      if (isObject) {
        skip();
        if (text[i] !== '"' || !take(STRING)) throw new Broken(text[i] === '"' ? stringBreak(text, i) : i);
        expect(':');
      }
      value();
      skip();
      if (text[i] === ',') i++;
      else return expect(close);
    }
  };
  try {
    value();
    skip();
    if (i < text.length) throw new Broken(i);
    return undefined;
  } catch (error) {
    if (!(error instanceof Broken)) throw error;
    const column = [...text.slice(0, error.at)].length + 1;
    const found = error.at < text.length ? String.fromCodePoint(text.codePointAt(error.at)!) : undefined;
    return found === undefined ? { column } : { column, found };
  }
}

/** Where a string starting at `start` breaks: a bad escape, a control character, or the end of the text. */
function stringBreak(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') return i;
    if (c < ' ') return i;
    if (c === '\\') {
      const next = text[i + 1];
      if (next === 'u' ? !/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)) : !next || !'"\\/bfnrt'.includes(next))
        return i;
      i += next === 'u' ? 5 : 1;
    }
  }
  return text.length;
}
