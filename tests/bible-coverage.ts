// Reading a story bible as its reader does: which parts of a book its "Chapters so far" lines and its
// "Earlier arcs" name, from the Markdown a `--with-bible` export, the book view or BookSession.bible() shows
// ("## Chapters so far" in the book, "### Chapters so far" inside an export). Written from the bible's
// headings and labels as a writer reads them, not from the engine's parser.

export type Lang = 'en' | 'ms';

const HEADINGS = {
  en: { chapters: 'Chapters so far', arcs: 'Earlier arcs' },
  ms: { chapters: 'Bab setakat ini', arcs: 'Arka terdahulu' },
} as const;

/** The names of a book's parts in order: the introduction, then chapters 1..n ("Pengenalan", "Bab 1", … in Malay). */
export function partNames(chapters: number, lang: Lang): string[] {
  return [
    lang === 'ms' ? 'Pengenalan' : 'Introduction',
    ...Array.from({ length: chapters }, (_, i) => `${lang === 'ms' ? 'Bab' : 'Chapter'} ${i + 1}`),
  ];
}

/** A finished book's parts, as its bible labels them: the introduction, its chapters and its conclusion (a finished
 * book's bible reads its ending too). */
export function finishedParts(chapters: number, lang: Lang): string[] {
  return [...partNames(chapters, lang), lang === 'ms' ? 'Kesimpulan' : 'Conclusion'];
}

/** The "- Label: line" entries under a heading of the bible (any heading level), in order. */
export function bibleEntries(bible: string, heading: string): Array<{ label: string; line: string }> {
  const lines = bible.split('\n');
  const start = lines.findIndex((l) => new RegExp(`^#{2,4} ${heading}\\s*$`).test(l.trim()));
  if (start < 0) return [];
  const out: Array<{ label: string; line: string }> = [];
  for (const l of lines.slice(start + 1)) {
    if (/^#/.test(l.trim())) break;
    const m = /^- (.+?): (.+)$/.exec(l.trim());
    if (m) out.push({ label: m[1]!, line: m[2]! });
  }
  return out;
}

/** The parts an arc's label names: "Chapters 3–5" / "Bab 3–5", "Introduction – Chapter 2", "Chapter 4". */
function arcNames(label: string, names: readonly string[], lang: Lang): string[] {
  const word = lang === 'ms' ? 'Bab' : 'Chapter';
  const range = /^(?:Chapters|Bab) (\d+)–(\d+)$/.exec(label);
  const [first, last] = range
    ? [`${word} ${range[1]}`, `${word} ${range[2]}`]
    : [label.split(' – ')[0]!, label.split(' – ').at(-1)!];
  const a = names.indexOf(first);
  const z = names.indexOf(last);
  return a >= 0 && z >= a ? names.slice(a, z + 1) : [];
}

/** What the bible holds of each part: its own line, or the arc whose label names it. */
export interface Coverage {
  /** Part name → its line in "Chapters so far". */
  lines: Map<string, string>;
  /** Part name → the label of the arc that names it. */
  arcs: Map<string, string>;
  /** The parts of `names` the bible holds nothing of. */
  missing: string[];
}

/** Which of a book's parts (`partNames`) a rendered bible holds. */
export function coverageOf(bible: string, names: readonly string[], lang: Lang): Coverage {
  const lines = new Map(bibleEntries(bible, HEADINGS[lang].chapters).map((e) => [e.label, e.line]));
  const arcs = new Map<string, string>();
  for (const e of bibleEntries(bible, HEADINGS[lang].arcs))
    for (const name of arcNames(e.label, names, lang)) arcs.set(name, e.label);
  return { lines, arcs, missing: names.filter((n) => !lines.has(n) && !arcs.has(n)) };
}
