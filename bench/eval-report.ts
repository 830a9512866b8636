// The rows `npm run eval` measures (a book and its parts) and the tables it prints from them (bench/eval.ts).

/** Chapters whose story bible the tables show (words shown in that chapter's request). */
export const BIBLE_AT = [1, 5, 10, 20, 40];

export interface PartRow {
  label: string;
  /** Words of the part as the engine measures it (an introduction without its character list). */
  words: number;
  target?: number;
  score?: number;
  extensions: number;
  continuations: number;
  short?: true;
  long?: true;
  /** The language the kept text was found in (null: too little to tell). */
  found: string | null;
  /** The first answer came back in this language and the part was asked again. */
  drift?: string;
  /** The share of its words already written earlier in the part or the book (engine/session/repeat.ts). */
  repeated: number;
  /**
   * Overused phrases (engine/session/voice/overused-words.ts: the measure the book session marks parts with) per 1,000
   * words.
   */
  overused: number;
  /** o200k tokens of the part's own request (system and user). */
  promptTokens?: number;
  /** The chapter's number (chapters only). */
  chapter?: number;
}

export interface BookRow {
  model: string;
  generator: string;
  templates: string;
  lang: 'en' | 'ms';
  chapters: number;
  /** S_l of the book: the mean of its prose parts' scores. */
  score?: number;
  proseParts: number;
  /** Prose parts within ±15 % of their target. */
  withinTolerance: number;
  /** Parts still under 0.85 × their target after their extensions. */
  shortParts: number;
  longParts: number;
  /** The share of the book's prose words already written earlier (word-weighted over its parts). */
  repeated?: number;
  /**
   * Overused phrases (engine/session/voice/overused-words.ts: the measure the book session marks parts with) per 1,000
   * words of prose.
   */
  overused?: number;
  /** The last chapter against the first: words and repeated share. */
  firstLast?: { firstWords: number; lastWords: number; firstRepeated: number; lastRepeated: number };
  /** Length extension calls (requests that asked for "N more words"). */
  extensions: number;
  continuations: number;
  /**
   * Planter only: for each fact planted in chapter k ≤ N/2, the share of chapter requests after k that carry it; the
   * mean.
   */
  threadRecall?: number;
  /** Planter only: the facts of chapters 1–3 in chapter N's request. */
  earlyRecallAtEnd?: number;
  /** Chapters whose request carries their own outline entry (scripted outlines). */
  entriesCarried?: number;
  /** Words of the story bible shown in chapter k's request ("ch1", "ch5", …, "max"). */
  bibleWords: Record<string, number>;
  /** o200k tokens of the system and user messages of chapter 5's and chapter N's requests, and their ratio. */
  requestTokens: { ch5?: number; last?: number; growth?: number };
  /** Prose parts whose kept text is in another language than the book's. */
  wrongLanguage: number;
  /** Parts whose first answer was in another language (written again with the firm language line). */
  drifts: number;
  /** Requests by what they asked (outline, part, extension, continuation, firm, memory, other). */
  requests: Record<string, number>;
  seconds: number;
  parts?: PartRow[];
  error?: string;
  /** The step that failed because its answer, asked again, was still in another language (the book stops there). */
  languageFailed?: string;
}

/**
 * Per part of each book: words against the target, S_l, language and drift, repeated share, overused phrases, prompt
 * tokens.
 */
function printParts(rows: readonly BookRow[]): void {
  console.log('');
  console.log(`${'book'.padEnd(34)} ${'part'.padEnd(16)} ${'words'.padStart(6)} ${'target'.padStart(6)} ${'S_l'.padStart(5)} ${'lang'.padStart(7)} ${'rep'.padStart(4)} ${'over/k'.padStart(6)} ${'prompt'.padStart(6)}`);
  for (const r of rows) {
    for (const p of r.parts ?? []) {
      const lang = `${p.found ?? '-'}${p.drift ? ` (${p.drift}→${r.lang})` : ''}`;
      console.log(`${`${r.model} ${r.generator} ${r.lang} ${r.templates}`.padEnd(34)} ${p.label.slice(0, 16).padEnd(16)} ${String(p.words).padStart(6)} ${String(p.target ?? '-').padStart(6)} ${(p.score?.toFixed(1) ?? '-').padStart(5)} ${lang.padStart(7)} ${`${Math.round(100 * p.repeated)}%`.padStart(4)} ${p.overused.toFixed(2).padStart(6)} ${String(p.promptTokens ?? '-').padStart(6)}`);
    }
  }
}

/**
 * What the tables print: the books, the template versions side by side, the generators and the models with what each
 * is.
 */
export interface EvalReport {
  rows: readonly BookRow[];
  templates: readonly string[];
  generators: readonly string[];
  models: ReadonlyArray<{ name: string; about: string }>;
  baselineNote: string;
}

export function printTables({ rows, templates: names, generators, models: modelList, baselineNote }: EvalReport): void {
  const pct = (x?: number) => (x === undefined ? '-' : `${Math.round(100 * x)}%`);
  const fix = (x?: number, d = 1) => (x === undefined ? '-' : x.toFixed(d));
  const pad = (s: string | number, n: number) => String(s).padEnd(n);
  const num = (s: string | number, n: number) => String(s).padStart(n);
  /** A figure for each template version, side by side: "96.3 | 71.0". */
  const pair = (cells: string[], width: number) => cells.map((c) => num(c, width)).join(' |');
  const groups = new Map<string, BookRow[]>();
  for (const r of rows) {
    const key = `${r.model}\u0000${r.generator}\u0000${r.lang}\u0000${r.chapters}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const of = (group: BookRow[], f: (r: BookRow) => string) => names.map((n) => {
    const r = group.find((x) => x.templates === n);
    return r ? (r.error ? 'error' : f(r)) : '';
  });
  const w = names.length;
  const col = (title: string, width: number) => num(title, width * w + 2 * (w - 1));
  const models = `${pad('model', 9)} ${pad('book', 10)} ${pad('lang', 4)} ${num('ch', 3)}`;
  const real = rows.some((r) => r.model === 'real');
  const scripted = modelList.some((m) => m.name !== 'real');
  console.log(`${generators.join(', ')} books through the engine's OpenAI provider: ${scripted ? 'scripted models on the fake AI server (127.0.0.1)' : ''}${scripted && real ? ' and ' : ''}${real ? 'a real model' : ''}.`);
  console.log(`Each figure: ${names.join(' | ')} templates${baselineNote ? ` (${baselineNote})` : ''}.`);
  console.log('');
  console.log(`${models} ${col('S_l', 5)} ${col('±15%', 4)} ${col('short', 5)} ${col('ext', 4)} ${col('recall', 4)} ${col('early', 4)} ${col('entries', 4)} ${col('lang✗', 3)} ${col('drift', 3)} ${col('calls', 4)}`);
  for (const group of groups.values()) {
    const r0 = group[0]!;
    console.log(`${pad(r0.model, 9)} ${pad(r0.generator, 10)} ${pad(r0.lang, 4)} ${num(r0.chapters, 3)} ${pair(of(group, (r) => fix(r.score)), 5)} ${pair(of(group, (r) => pct(r.withinTolerance)), 4)} ${pair(of(group, (r) => `${r.shortParts}/${r.proseParts}`), 5)} ${pair(of(group, (r) => String(r.extensions)), 4)} ${pair(of(group, (r) => pct(r.threadRecall)), 4)} ${pair(of(group, (r) => pct(r.earlyRecallAtEnd)), 4)} ${pair(of(group, (r) => pct(r.entriesCarried)), 4)} ${pair(of(group, (r) => String(r.wrongLanguage)), 3)} ${pair(of(group, (r) => String(r.drifts)), 3)} ${pair(of(group, (r) => String(Object.values(r.requests).reduce((a, b) => a + b, 0))), 4)}`);
  }
  console.log('');
  console.log(`${models} ${col('rep', 4)} ${col('over/k', 6)} ${col('ch1 words', 9)} ${col('chN words', 9)} ${col('ch1 rep', 7)} ${col('chN rep', 7)}`);
  for (const group of groups.values()) {
    const r0 = group[0]!;
    const fl = (f: (x: NonNullable<BookRow['firstLast']>) => string) => (r: BookRow) => (r.firstLast ? f(r.firstLast) : '-');
    console.log(`${pad(r0.model, 9)} ${pad(r0.generator, 10)} ${pad(r0.lang, 4)} ${num(r0.chapters, 3)} ${pair(of(group, (r) => pct(r.repeated)), 4)} ${pair(of(group, (r) => fix(r.overused, 2)), 6)} ${pair(of(group, fl((x) => String(x.firstWords))), 9)} ${pair(of(group, fl((x) => String(x.lastWords))), 9)} ${pair(of(group, fl((x) => pct(x.firstRepeated))), 7)} ${pair(of(group, fl((x) => pct(x.lastRepeated))), 7)}`);
  }
  if (rows.some((r) => r.parts)) printParts(rows);
  console.log('');
  console.log(`${models} ${pad('templates', 9)} ${BIBLE_AT.map((k) => num(`ch${k}`, 5)).join(' ')} ${num('last', 5)} ${num('max', 5)}  ${num('tok ch5', 7)} ${num('tok chN', 7)} ${num('N/5', 5)} ${num('time', 6)}`);
  for (const group of groups.values()) {
    for (const r of group) {
      const b = r.bibleWords;
      const lastKey = `ch${r.chapters}`;
      console.log(`${pad(r.model, 9)} ${pad(r.generator, 10)} ${pad(r.lang, 4)} ${num(r.chapters, 3)} ${pad(r.templates, 9)} ${BIBLE_AT.map((k) => num(b[`ch${k}`] ?? '-', 5)).join(' ')} ${num(b[lastKey] ?? '-', 5)} ${num(b.max ?? '-', 5)}  ${num(r.requestTokens.ch5 ?? '-', 7)} ${num(r.requestTokens.last ?? '-', 7)} ${num(fix(r.requestTokens.growth, 2), 5)} ${num(`${r.seconds.toFixed(1)}s`, 6)}${r.error ? `  error: ${r.error}` : ''}${r.languageFailed ? `  stopped: ${r.languageFailed}` : ''}`);
    }
  }
  console.log('');
  console.log('Models:');
  for (const m of modelList) console.log(`  ${pad(m.name, 8)} ${m.about}`);
  console.log('Figures (each for the current templates | the baseline\'s):');
  console.log('  S_l      LongWriter length score of the book: mean over its prose parts (100 = the words asked for; 0 at 4× or ⅓ of them).');
  console.log('  ±15%     share of prose parts within 15 % of their target.   short: parts still under 0.85 × target after their extensions / prose parts.');
  console.log('  ext      length-extension requests ("Write about N more words"; at most two a part).   calls: requests of the book (bible updates included).');
  console.log('  recall   planter only: for each fact planted in a chapter k ≤ N/2, the share of chapter requests after k that carry its token; the mean.');
  console.log('  early    planter only: share of the facts of chapters 1–3 in chapter N\'s request.   entries: chapters whose request carries their own outline entry.');
  console.log('  lang✗    prose parts kept in another language than the book\'s.   drift: parts whose first answer was in another language (asked again firmly).');
  console.log('  stopped  a step whose answer was still in another language when asked again: it fails (wrong_language) and the book stops there.');
  console.log('  rep      share of the prose words already written earlier in the part or the book (8-word runs; a part at 20 % or more is marked "repeats").');
  console.log('  over/k   overused phrases (engine/session/voice/overused-words.ts, the measure the book session marks parts with) per 1,000 words.   ch1/chN: the first chapter against the last: words and repeated share.');
  console.log('  chK      words of the story bible shown in chapter K\'s request (last: chapter N; max: the largest).   tok: o200k tokens of a chapter\'s request; N/5: chapter N\'s over chapter 5\'s.');
}
