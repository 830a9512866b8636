// The tables `npm run eval` prints (bench/eval.ts) from the rows it measured (eval-report.ts): the lengths and the
// recall, the repeats, the parts of each book, the story bible and the requests' tokens, and what each figure means.
import { BIBLE_AT, type BookRow } from './eval-report.js';

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

/**
 * Per part of each book: words against the target, S_l, language and drift, repeated share, overused phrases, prompt
 * tokens.
 */
function printParts(rows: readonly BookRow[]): void {
  console.log('');
  const heads = [
    'book'.padEnd(34),
    'part'.padEnd(16),
    'words'.padStart(6),
    'target'.padStart(6),
    'S_l'.padStart(5),
    'lang'.padStart(7),
    'rep'.padStart(4),
    'over/k'.padStart(6),
    'prompt'.padStart(6),
  ];
  console.log(heads.join(' '));
  for (const r of rows) {
    for (const p of r.parts ?? []) {
      const lang = `${p.found ?? '-'}${p.drift ? ` (${p.drift}→${r.lang})` : ''}`;
      const cells = [
        `${r.model} ${r.generator} ${r.lang} ${r.templates}`.padEnd(34),
        p.label.slice(0, 16).padEnd(16),
        String(p.words).padStart(6),
        String(p.target ?? '-').padStart(6),
        (p.score?.toFixed(1) ?? '-').padStart(5),
        lang.padStart(7),
        `${Math.round(100 * p.repeated)}%`.padStart(4),
        p.overused.toFixed(2).padStart(6),
        String(p.promptTokens ?? '-').padStart(6),
      ];
      console.log(cells.join(' '));
    }
  }
}

const pct = (x?: number) => (x === undefined ? '-' : `${Math.round(100 * x)}%`);
const fix = (x?: number, d = 1) => (x === undefined ? '-' : x.toFixed(d));
const pad = (s: string | number, n: number) => String(s).padEnd(n);
const num = (s: string | number, n: number) => String(s).padStart(n);
/** A figure for each template version, side by side: "96.3 | 71.0". */
const pair = (cells: string[], width: number) => cells.map((c) => num(c, width)).join(' |');

/** The report's books grouped by model, generator, language and length; a group's figures by template version. */
function tableOf(rows: readonly BookRow[], names: readonly string[]) {
  const groups = new Map<string, BookRow[]>();
  for (const r of rows) {
    const key = `${r.model}\u0000${r.generator}\u0000${r.lang}\u0000${r.chapters}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const of = (group: BookRow[], f: (r: BookRow) => string) =>
    names.map((n) => {
      const r = group.find((x) => x.templates === n);
      return r ? (r.error ? 'error' : f(r)) : '';
    });
  const w = names.length;
  const col = (title: string, width: number) => num(title, width * w + 2 * (w - 1));
  const models = `${pad('model', 9)} ${pad('book', 10)} ${pad('lang', 4)} ${num('ch', 3)}`;
  /** A group's first columns: its model, generator, language and chapters. */
  const book = (r0: BookRow) =>
    `${pad(r0.model, 9)} ${pad(r0.generator, 10)} ${pad(r0.lang, 4)} ${num(r0.chapters, 3)}`;
  return { groups: [...groups.values()], of, col, models, book };
}

type Table = ReturnType<typeof tableOf>;

/** The lengths, the recall and the calls: S_l, within ±15 %, short parts, extensions, recall, languages, calls. */
function printScores({ groups, of, col, models, book }: Table): void {
  const heads = [
    col('S_l', 5),
    col('±15%', 4),
    col('short', 5),
    col('ext', 4),
    col('recall', 4),
    col('early', 4),
    col('entries', 4),
    col('lang✗', 3),
    col('drift', 3),
    col('calls', 4),
  ];
  console.log([models, ...heads].join(' '));
  for (const group of groups) {
    const calls = (r: BookRow) => String(Object.values(r.requests).reduce((a, b) => a + b, 0));
    const cells = [
      pair(
        of(group, (r) => fix(r.score)),
        5,
      ),
      pair(
        of(group, (r) => pct(r.withinTolerance)),
        4,
      ),
      pair(
        of(group, (r) => `${r.shortParts}/${r.proseParts}`),
        5,
      ),
      pair(
        of(group, (r) => String(r.extensions)),
        4,
      ),
      pair(
        of(group, (r) => pct(r.threadRecall)),
        4,
      ),
      pair(
        of(group, (r) => pct(r.earlyRecallAtEnd)),
        4,
      ),
      pair(
        of(group, (r) => pct(r.entriesCarried)),
        4,
      ),
      pair(
        of(group, (r) => String(r.wrongLanguage)),
        3,
      ),
      pair(
        of(group, (r) => String(r.drifts)),
        3,
      ),
      pair(of(group, calls), 4),
    ];
    console.log([book(group[0]!), ...cells].join(' '));
  }
}

/** The repeats: repeated share, overused phrases, the first chapter against the last. */
function printRepeats({ groups, of, col, models, book }: Table): void {
  const heads = [
    col('rep', 4),
    col('over/k', 6),
    col('ch1 words', 9),
    col('chN words', 9),
    col('ch1 rep', 7),
    col('chN rep', 7),
  ];
  console.log([models, ...heads].join(' '));
  for (const group of groups) {
    const fl = (f: (x: NonNullable<BookRow['firstLast']>) => string) => (r: BookRow) =>
      r.firstLast ? f(r.firstLast) : '-';
    const cells = [
      pair(
        of(group, (r) => pct(r.repeated)),
        4,
      ),
      pair(
        of(group, (r) => fix(r.overused, 2)),
        6,
      ),
      pair(
        of(
          group,
          fl((x) => String(x.firstWords)),
        ),
        9,
      ),
      pair(
        of(
          group,
          fl((x) => String(x.lastWords)),
        ),
        9,
      ),
      pair(
        of(
          group,
          fl((x) => pct(x.firstRepeated)),
        ),
        7,
      ),
      pair(
        of(
          group,
          fl((x) => pct(x.lastRepeated)),
        ),
        7,
      ),
    ];
    console.log([book(group[0]!), ...cells].join(' '));
  }
}

/** The story bible's words shown in chapter K's request, the requests' tokens and the time, a row per book. */
function printBible({ groups, models, book }: Table): void {
  const bibleHeads = [...BIBLE_AT.map((k) => num(`ch${k}`, 5)), num('last', 5), num('max', 5)];
  const tokenHeads = [num('tok ch5', 7), num('tok chN', 7), num('N/5', 5), num('time', 6)];
  console.log(`${[models, pad('templates', 9), ...bibleHeads].join(' ')}  ${tokenHeads.join(' ')}`);
  for (const group of groups) {
    for (const r of group) {
      const b = r.bibleWords;
      const lastKey = `ch${r.chapters}`;
      const first = `${book(r)} ${pad(r.templates, 9)}`;
      const bible = [
        ...BIBLE_AT.map((k) => num(b[`ch${k}`] ?? '-', 5)),
        num(b[lastKey] ?? '-', 5),
        num(b.max ?? '-', 5),
      ];
      const t = r.requestTokens;
      const tokens = [
        num(t.ch5 ?? '-', 7),
        num(t.last ?? '-', 7),
        num(fix(t.growth, 2), 5),
        num(`${r.seconds.toFixed(1)}s`, 6),
      ];
      const error = r.error ? `  error: ${r.error}` : '';
      const notes = `${error}${r.languageFailed ? `  stopped: ${r.languageFailed}` : ''}`;
      console.log(`${[first, ...bible].join(' ')}  ${tokens.join(' ')}${notes}`);
    }
  }
}

/** What each figure means, printed under the tables. */
const LEGEND = [
  '  S_l      LongWriter length score of the book: mean over its ' +
    'prose parts (100 = the words asked for; 0 at 4× or ⅓ of them).',
  '  ±15%     share of prose parts within 15 % of their target.   short: ' +
    'parts still under 0.85 × target after their extensions / prose parts.',
  '  ext      length-extension requests ("Write about N more words"; at ' +
    'most two a part).   calls: requests of the book (bible updates included).',
  '  recall   planter only: for each fact planted in a chapter k ≤ N/2, ' +
    'the share of chapter requests after k that carry its token; the mean.',
  "  early    planter only: share of the facts of chapters 1–3 in chapter N's " +
    'request.   entries: chapters whose request carries their own outline entry.',
  "  lang✗    prose parts kept in another language than the book's.   drift: " +
    'parts whose first answer was in another language (asked again firmly).',
  '  stopped  a step whose answer was still in another language when ' +
    'asked again: it fails (wrong_language) and the book stops there.',
  '  rep      share of the prose words already written earlier in the part ' +
    'or the book (8-word runs; a part at 20 % or more is marked "repeats").',
  '  over/k   overused phrases (engine/session/voice/overused-words.ts, the measure the book session marks ' +
    'parts with) per 1,000 words.   ch1/chN: the first chapter against the last: words and repeated share.',
  "  chK      words of the story bible shown in chapter K's request (last: chapter N; max: the " +
    "largest).   tok: o200k tokens of a chapter's request; N/5: chapter N's over chapter 5's.",
];

export function printTables({ rows, templates: names, generators, models: modelList, baselineNote }: EvalReport): void {
  const table = tableOf(rows, names);
  const real = rows.some((r) => r.model === 'real');
  const scripted = modelList.some((m) => m.name !== 'real');
  const fake = scripted ? 'scripted models on the fake AI server (127.0.0.1)' : '';
  const how = `${fake}${scripted && real ? ' and ' : ''}${real ? 'a real model' : ''}`;
  console.log(`${generators.join(', ')} books through the engine's OpenAI provider: ${how}.`);
  console.log(`Each figure: ${names.join(' | ')} templates${baselineNote ? ` (${baselineNote})` : ''}.`);
  console.log('');
  printScores(table);
  console.log('');
  printRepeats(table);
  if (rows.some((r) => r.parts)) printParts(rows);
  console.log('');
  printBible(table);
  console.log('');
  console.log('Models:');
  for (const m of modelList) console.log(`  ${pad(m.name, 8)} ${m.about}`);
  console.log("Figures (each for the current templates | the baseline's):");
  for (const line of LEGEND) console.log(line);
}
