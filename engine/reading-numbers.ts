// Numbers written out, one language's: the `numbers` group of its reading words (languages/<code>/reading.yaml)
// parsed and checked, and words read as one number by them ("twenty one" → 21, "dua belas" → 12, "ketiga" → 3).
// reading-words.ts reads every language's through here. Pure.

/** Numbers written out: each word's value, and how words are put together ("dua puluh satu", "ketiga"). */
export interface NumberWords {
  readonly words: ReadonlyMap<string, number>;
  /** After a unit, adds ten ("dua belas" = 12). */
  readonly plusTen: readonly string[];
  /** After a unit, multiplies it by ten ("dua puluh" = 20). */
  readonly timesTen: readonly string[];
  /** Before a number, makes it an ordinal ("ke-3", "ketiga"). */
  readonly ordinalPrefix: readonly string[];
  /** Words that multiply what comes before them ("two hundred", "dua ratus"), with their value. */
  readonly scales: ReadonlyMap<string, number>;
  /** Words that join a large number's parts and count for nothing ("one hundred and one"). */
  readonly joiners: readonly string[];
  /** Words that stand for one before a scale ("a hundred"). */
  readonly articles: readonly string[];
}

/** The `numbers` group of a language's reading words, checked (`fail` names the key a bad value is at). */
export function parseNumbers(n: Record<string, unknown>, fail: (key: string, expected: string) => Error): NumberWords {
  const words = n.words;
  if (!words || typeof words !== 'object' || Array.isArray(words) || !Object.keys(words).length)
    throw fail('numbers.words', 'a mapping of each number word to its value');
  const map = new Map<string, number>();
  for (const [w, v] of Object.entries(words as Record<string, unknown>)) {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1)
      throw fail(`numbers.words.${w}`, 'a whole number above 0');
    map.set(w.toLowerCase().trim(), v);
  }
  const list = (key: 'plusTen' | 'timesTen' | 'ordinalPrefix' | 'joiners' | 'articles'): string[] => {
    const v = n[key];
    if (!Array.isArray(v) || v.some((w) => typeof w !== 'string' || !w.trim()))
      throw fail(`numbers.${key}`, 'a list of words ([] when the language has none)');
    return v.map((w: string) => w.toLowerCase().trim());
  };
  const scales = n.scales;
  if (!scales || typeof scales !== 'object' || Array.isArray(scales))
    throw fail('numbers.scales', 'a mapping of each multiplying word to its value ({} when the language has none)');
  const scaleMap = new Map<string, number>();
  for (const [w, v] of Object.entries(scales as Record<string, unknown>)) {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 100)
      throw fail(`numbers.scales.${w}`, 'a whole number of 100 or more');
    scaleMap.set(w.toLowerCase().trim(), v);
  }
  return {
    words: map,
    plusTen: list('plusTen'),
    timesTen: list('timesTen'),
    ordinalPrefix: list('ordinalPrefix'),
    scales: scaleMap,
    joiners: list('joiners'),
    articles: list('articles'),
  };
}

/**
 * Words read as one number in one language's words: "twenty one" → 21, "dua belas" → 12, "ketiga" → 3; NaN otherwise.
 */
export function numberIn(tokens: readonly string[], n: NumberWords): number {
  const direct = n.words.get(tokens.join(' '));
  if (direct !== undefined) return direct;
  const first = tokens[0] ?? '';
  for (const p of n.ordinalPrefix) {
    if (first.length > p.length && first.startsWith(p)) {
      const v = composed([first.slice(p.length), ...tokens.slice(1)], n);
      if (Number.isFinite(v)) return v;
    }
  }
  return composed(tokens, n);
}

function composed(t: readonly string[], n: NumberWords): number {
  const value = (w: string | undefined) => (w === undefined ? undefined : n.words.get(w));
  const a = value(t[0]);
  if (t.length === 1) return a ?? NaN;
  if (a === undefined) return NaN;
  const isUnit = (v: number | undefined): v is number => v !== undefined && v >= 1 && v <= 9;
  if (t.length === 2) {
    const b = value(t[1]);
    if (a >= 20 && a < 100 && a % 10 === 0 && isUnit(b)) return a + b;
    if (a >= 2 && a <= 9 && n.plusTen.includes(t[1]!)) return 10 + a;
    if (a >= 2 && a <= 9 && n.timesTen.includes(t[1]!)) return 10 * a;
  }
  if (t.length === 3 && a >= 2 && a <= 9 && n.timesTen.includes(t[1]!)) {
    const c = value(t[2]);
    if (isUnit(c)) return 10 * a + c;
  }
  return NaN;
}
