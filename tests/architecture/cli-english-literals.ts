// The string literals of a TypeScript source, each with its line, read by a small lexer that knows comments,
// template literals (their `${…}` read as code again, so a literal nested in one is found too) and regular
// expressions; and whether a literal's text reads as English prose (tests/architecture/cli-english-literals.test.ts).

export interface Literal {
  line: number;
  /** The literal's text, a template's `${…}` parts left out (each as a space). */
  text: string;
}

/** Where a `/` starts a regular expression rather than a division: after these (or a keyword such as return). */
const BEFORE_REGEX = new Set([
  '(',
  ',',
  '=',
  ':',
  '[',
  '!',
  '&',
  '|',
  '?',
  '{',
  '}',
  ';',
  '+',
  '-',
  '*',
  '%',
  '<',
  '>',
  '~',
  '^',
  '',
]);

/** Every string literal of `source` with the line it starts on. */
export function literalsOf(source: string): Literal[] {
  const out: Literal[] = [];
  let i = 0;
  let line = 1;
  let last = '';
  const lexCode = (closeOnBrace: boolean): void => {
    let depth = 0;
    while (i < source.length) {
      const c = source[i]!;
      if (c === '\n') line++;
      if (c === '/' && source[i + 1] === '/') {
        const end = source.indexOf('\n', i);
        i = end === -1 ? source.length : end;
        continue;
      }
      if (c === '/' && source[i + 1] === '*') {
        const end = source.indexOf('*/', i + 2);
        line += source.slice(i, end === -1 ? undefined : end).split('\n').length - 1;
        i = end === -1 ? source.length : end + 2;
        continue;
      }
      if (c === '"' || c === "'") {
        const start = line;
        let text = '';
        for (i++; i < source.length && source[i] !== c && source[i] !== '\n'; i++) {
          if (source[i] === '\\') text += source[++i] ?? '';
          else text += source[i];
        }
        i++;
        out.push({ line: start, text });
        last = 'x';
        continue;
      }
      if (c === '`') {
        lexTemplate();
        last = 'x';
        continue;
      }
      if (
        c === '/' &&
        (BEFORE_REGEX.has(last) ||
          /\b(?:return|typeof|case|in|of)$/.test(source.slice(Math.max(0, i - 8), i).trimEnd()))
      ) {
        // A regular expression: to its closing slash (classes may hold one), then its flags.
        let inClass = false;
        for (i++; i < source.length && source[i] !== '\n'; i++) {
          if (source[i] === '\\') i++;
          else if (source[i] === '[') inClass = true;
          else if (source[i] === ']') inClass = false;
          else if (source[i] === '/' && !inClass) break;
        }
        i++;
        last = 'x';
        continue;
      }
      if (closeOnBrace) {
        if (c === '{') depth++;
        else if (c === '}') {
          if (depth === 0) {
            i++;
            return;
          }
          depth--;
        }
      }
      if (!/\s/.test(c)) last = /[\w$)\].]/.test(c) ? 'x' : c;
      i++;
    }
  };
  const lexTemplate = (): void => {
    const start = line;
    let text = '';
    for (i++; i < source.length && source[i] !== '`';) {
      const c = source[i]!;
      if (c === '\\') {
        text += source[i + 1] ?? '';
        i += 2;
      } else if (c === '$' && source[i + 1] === '{') {
        i += 2;
        text += ' ';
        lexCode(true);
      } else {
        if (c === '\n') line++;
        text += c;
        i++;
      }
    }
    i++;
    out.push({ line: start, text });
  };
  lexCode(false);
  return out;
}

/** Words English prose is made of and code names are not. */
const FUNCTION_WORDS = new Set([
  'the',
  'a',
  'an',
  'is',
  'are',
  'was',
  'be',
  'been',
  'of',
  'and',
  'or',
  'not',
  'no',
  'to',
  'in',
  'on',
  'at',
  'by',
  'for',
  'with',
  'from',
  'must',
  'cannot',
  'has',
  'have',
  'this',
  'that',
  'it',
  'its',
  'than',
  'then',
  'only',
  'each',
  'every',
  'there',
  'too',
  'after',
  'before',
  'again',
  'once',
  'so',
  'far',
  'left',
  'done',
  'written',
  'set',
  'add',
  'give',
  'use',
  'see',
  'run',
  'runs',
  'which',
  'what',
  'when',
  'your',
  'you',
  'does',
  'did',
  'will',
  'may',
  'can',
]);

/**
 * The words of a literal once names are taken out: code spans, flags, variables, paths, placeholders, capitals (names,
 * env).
 */
export function proseWords(text: string): string[] {
  const plain = text
    .replace(/`[^`]*`/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\{[^{}]*\}/g, ' ')
    .replace(/--?[a-z][\w-]*/gi, ' ')
    .replace(/\$\w+/g, ' ')
    .replace(/\S*[/\\.]\S*\.\w+|\S+\/\S*/g, ' ')
    .replace(/\bkarya(?: [a-z-]+)?\b/g, ' ')
    .replace(/\b[A-Z][A-Z0-9_]+\b/g, ' ');
  // A key (`notPositive`, `common.setAsGenerate`) or a code (`not_a_language`) is no word.
  return plain
    .split(/[^A-Za-z_.']+/)
    .map((w) => w.replace(/^\.+|[.']+$/g, ''))
    .filter((w) => /^[A-Za-z][a-z']*$/.test(w));
}

/**
 * Whether a literal's text reads as an English sentence: two words of English's function words, or or one among two
 * words or more.
 */
export function readsAsEnglish(text: string): boolean {
  const words = proseWords(text);
  const functional = words.filter((w) => FUNCTION_WORDS.has(w.toLowerCase())).length;
  return functional >= 2 || (functional >= 1 && words.length >= 2);
}
