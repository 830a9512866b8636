// An outline as models really write it: a working title, a premise, the main characters, one entry per
// chapter and how the book ends. Entries come in many shapes ("Chapter 3: The Storm", "**3. The Storm**",
// "### Bab Tiga — Ribut", "3) …", "Chapter Three", "Bab ke-3", a fixed section's name); the parser first
// decides which shape the outline uses for its entries (so a guide's numbered key points inside
// "Chapter N" entries are not taken for chapters), then reads each entry up to the next one. Linear in
// the outline's length. Pure.

export interface OutlineEntry {
  /** The chapter number (1-based) the entry is for. */
  readonly number: number;
  /** The chapter's own title when the entry gives one ("Chapter 3: The Storm" → "The Storm"), without Markdown marks or quotes. */
  readonly title?: string;
  /** What happens in the chapter: the entry's text without its heading, number and title ('' for a title only). */
  readonly plan: string;
  /** The entry as written, trimmed (heading line and the lines under it), for prompts. */
  readonly text: string;
}

export interface ParsedOutline {
  /** The working title ("Title:" / "Tajuk:"). */
  readonly title?: string;
  /** The premise ("Premise:" / "Premis:" block, or the text between the title and the first entry). */
  readonly premise?: string;
  /** The main characters block. */
  readonly characters?: string;
  /** How the book ends: the block after the entries headed "Ending", "Conclusion", "Kesimpulan", "Pengakhiran"… */
  readonly ending?: string;
  /** One entry per chapter found, in chapter order, at most one per number (the first wins). */
  readonly entries: readonly OutlineEntry[];
}

const EN_NUMBERS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const EN_TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const MS_UNITS: Record<string, number> = { satu: 1, dua: 2, tiga: 3, empat: 4, lima: 5, enam: 6, tujuh: 7, lapan: 8, sembilan: 9 };
const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10, pertama: 1 };

/** The words a number can be written with, for the entry-head pattern. */
const NUMBER_WORD = [
  ...EN_NUMBERS.slice(1), ...Object.keys(EN_TENS), ...Object.keys(MS_UNITS), ...Object.keys(ORDINALS),
  'sepuluh', 'sebelas', 'belas', 'puluh', 'seratus', 'hundred', 'kedua', 'ketiga', 'keempat', 'kelima',
].join('|');

/** "three", "twenty-one", "dua belas", "dua puluh satu", "ke-3", "III" → a number; NaN otherwise. */
export function numberOf(word: string): number {
  const w = word.toLowerCase().replace(/[–—]/g, '-').trim();
  if (/^\d{1,3}$/.test(w)) return Number(w);
  const ke = /^ke-?(\d{1,3})$/.exec(w);
  if (ke) return Number(ke[1]);
  if (/^ke(?:dua|tiga|empat|lima|enam|tujuh|lapan|sembilan)$/.test(w)) return MS_UNITS[w.slice(2)]!;
  if (w in ORDINALS) return ORDINALS[w]!;
  const en = EN_NUMBERS.indexOf(w);
  if (en > 0) return en;
  const enTens = /^(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[-\s]+(one|two|three|four|five|six|seven|eight|nine))?$/.exec(w);
  if (enTens) return EN_TENS[enTens[1]!]! + (enTens[2] ? EN_NUMBERS.indexOf(enTens[2]) : 0);
  if (w === 'sepuluh') return 10;
  if (w === 'sebelas') return 11;
  const belas = /^(dua|tiga|empat|lima|enam|tujuh|lapan|sembilan)\s+belas$/.exec(w);
  if (belas) return 10 + MS_UNITS[belas[1]!]!;
  const puluh = /^(dua|tiga|empat|lima|enam|tujuh|lapan|sembilan)\s+puluh(?:\s+(satu|dua|tiga|empat|lima|enam|tujuh|lapan|sembilan))?$/.exec(w);
  if (puluh) return 10 * MS_UNITS[puluh[1]!]! + (puluh[2] ? MS_UNITS[puluh[2]]! : 0);
  if (w in MS_UNITS) return MS_UNITS[w]!;
  const roman = /^[ivxl]+$/i.test(w) ? romanOf(w) : NaN;
  return roman;
}

function romanOf(s: string): number {
  const v: Record<string, number> = { i: 1, v: 5, x: 10, l: 50 };
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const a = v[s[i]!.toLowerCase()]!;
    const b = v[s[i + 1]?.toLowerCase() ?? ''] ?? 0;
    total += a < b ? -a : a;
  }
  return total > 0 && total <= 100 ? total : NaN;
}

/** Markdown decoration before a line's words: headings, bullets, quotes, bold, italics. */
const LEAD = String.raw`^[#>\s]*(?:[-*•+]\s+)?[*_\s]*`;
const NUM = String.raw`(\d{1,3}|ke-?\d{1,3}|(?:${NUMBER_WORD})(?:[-\s]+(?:${NUMBER_WORD}))*)`;
/** "Chapter 3", "Bab Tiga", "Section 2", "Bahagian ke-4", optionally after a list number ("1. Chapter 1:"). */
const WORD_HEAD = new RegExp(`${LEAD}(?:\\d{1,3}[.)]\\s*)?[*_]*(?:chapter|chap\\.|bab|section|bahagian)[*_\\s]+${NUM}\\b[*_]*\\s*(.*)$`, 'i');
/** "3. The Storm", "3) …", "**3. The Storm**", "## 3. The Storm", "3 – The Storm". */
const NUMBER_HEAD = new RegExp(`${LEAD}(\\d{1,3})\\s*(?:[.)]|[:–—-](?=\\s))[*_]*\\s*(.*)$`);
/** Blocks of the outline other than entries, by their label. */
const BLOCKS: ReadonlyArray<[RegExp, 'title' | 'premise' | 'characters' | 'ending' | 'other']> = [
  [/^(?:working\s+title|book\s+title|title|tajuk(?:\s+kerja)?(?:\s+buku)?)$/, 'title'],
  [/^(?:premise|the\s+premise|premis|logline|synopsis|sinopsis|overview|gambaran\s+keseluruhan|who\s+(?:this|the)\s+book\s+is\s+for|untuk\s+siapa(?:\s+buku\s+ini)?|reader(?:\s+and\s+promise)?|pembaca)$/, 'premise'],
  [/^(?:main\s+characters?|characters?|key\s+characters|cast|watak(?:-watak)?(?:\s+utama)?|senarai\s+watak)$/, 'characters'],
  [/^(?:ending|the\s+ending|how\s+the\s+story\s+(?:ends|concludes)|conclusion|resolution|epilogue|finale|kesimpulan|pengakhiran|penamat|penutup|peleraian|epilog|what\s+the\s+conclusion\s+(?:will\s+)?covers?)$/, 'ending'],
  [/^(?:setting|latar|themes?|tema|tone|nada|genre|structure|struktur|notes?|nota)$/, 'other'],
];

/** A line that opens a block ("Premise:", "**Ending**", "## Main characters") and the text after its label. */
function blockOf(line: string): { kind: (typeof BLOCKS)[number][1]; rest: string } | undefined {
  const m = new RegExp(`${LEAD}([^:*_#]{2,40}?)[*_]*\\s*(?::|：|[*_]+\\s*$|$)[*_\\s]*(.*)$`).exec(line);
  if (!m) return undefined;
  const label = m[1]!.toLowerCase().replace(/\s+/g, ' ').trim();
  const found = BLOCKS.find(([re]) => re.test(label));
  if (!found) return undefined;
  // "Conclusion" alone is a block only when it stands as a label (a line of its own or "Conclusion: …").
  const hasColon = /[:：]/.test(line.slice(0, line.indexOf(m[1]!) + m[1]!.length + 8));
  const isHeading = /^\s*(#|\*\*|__)/.test(line) || m[2] === '';
  if (!hasColon && !isHeading) return undefined;
  return { kind: found[1], rest: m[2]!.replace(/[*_]+$/, '').trim() };
}

const unmark = (s: string) => s.replace(/\*\*|__|`/g, '').replace(/^[*_#\s]+|[*_\s]+$/g, '').trim();
const unquote = (s: string) => s.replace(/^["“'‘«]+|["”'’»]+$/g, '').trim();

/** The head of an entry (after its number) as a title and the start of its plan. */
function splitHead(head: string): { title?: string; plan: string } {
  let h = head.replace(/^[\s:.\-–—|]+/, '').trim();
  if (!h) return { plan: '' };
  // "**The Storm**: Aisha…", "*The Storm* – Aisha…"
  const bold = /^(\*\*|__|\*|_)(.+?)\1\s*[:.\-–—]?\s*(.*)$/.exec(h);
  if (bold && bold[2]!.split(/\s+/).length <= 14) return withTitle(bold[2]!, bold[3]!);
  h = unmark(h);
  const quoted = /^["“‘«](.+?)["”’»]\s*[:.\-–—]?\s*(.*)$/.exec(h);
  if (quoted) return withTitle(quoted[1]!, quoted[2]!);
  // "The Storm – Aisha finds…", "The Storm: Aisha…", "The Storm. Aisha finds…"
  const sep = /^(.{1,90}?)\s*(?:\s[-–—]\s|:\s|\.\s+(?=[A-Z"“]))\s*(.+)$/.exec(h);
  if (sep && sep[1]!.split(/\s+/).length <= 10 && !/[.!?]$/.test(sep[1]!)) return withTitle(sep[1]!, sep[2]!);
  const words = h.split(/\s+/).length;
  if (words <= 12 && !/[.!?]["”’]?$/.test(h)) return withTitle(h, '');
  return { plan: h };
}

function withTitle(title: string, plan: string): { title?: string; plan: string } {
  const t = unquote(unmark(title)).replace(/[.:]+$/, '').trim();
  return t ? { title: t.slice(0, 120), plan: plan.trim() } : { plan: plan.trim() };
}

interface Head {
  readonly number: number;
  readonly head: string;
}

/** The entry a line opens under a style, or undefined. */
function headOf(line: string, style: 'word' | 'number', sectionLabels?: readonly string[]): Head | undefined {
  if (sectionLabels?.length) {
    const plain = unmark(line).toLowerCase();
    const i = sectionLabels.findIndex((l) => {
      const label = l.toLowerCase();
      return plain.replace(/^\d{1,2}[.)]\s*/, '').startsWith(label) || (plain.includes(label) && plain.length <= label.length + 12);
    });
    if (i >= 0) {
      const rest = unmark(line).replace(/^\d{1,2}[.)]\s*/, '').slice(sectionLabels[i]!.length);
      return { number: i + 1, head: rest.replace(/^[\s:.\-–—]+/, '') };
    }
  }
  if (style === 'word') {
    const m = WORD_HEAD.exec(line);
    if (!m) return undefined;
    const n = numberOf(m[1]!);
    return Number.isFinite(n) && n > 0 ? { number: n, head: m[2]! } : undefined;
  }
  // A numbered list item at the outermost level only (sub-points are indented).
  if (/^\s{2,}/.test(line)) return undefined;
  const m = NUMBER_HEAD.exec(line);
  if (!m) return undefined;
  return { number: Number(m[1]), head: m[2]! };
}

/**
 * Parse an outline. `sectionLabels` (fixed-section guides) lets an entry be found by its section's name,
 * numbered by its index + 1.
 * @example parseOutline('Title: Rain\nChapter 1: The Storm\nAisha runs.').entries[0] // { number: 1, title: 'The Storm', plan: 'Aisha runs.', text: 'Chapter 1: The Storm\nAisha runs.' }
 */
export function parseOutline(outline: string | undefined, opts: { sectionLabels?: readonly string[] } = {}): ParsedOutline {
  const lines = (outline ?? '').replace(/\r\n?/g, '\n').split('\n');
  // The outline's entry style: "Chapter N"/"Bab N" heads when it has at least two; else numbered lines.
  const wordHeads = lines.filter((l) => WORD_HEAD.test(l) && Number.isFinite(numberOf(WORD_HEAD.exec(l)![1]!))).length;
  const numberOnlyHeads = lines.filter((l) => NUMBER_HEAD.test(l) && !WORD_HEAD.test(l)).length;
  const style: 'word' | 'number' = wordHeads >= 2 || (wordHeads === 1 && numberOnlyHeads < 2) ? 'word' : 'number';
  const sectionLabels = opts.sectionLabels;

  let title: string | undefined;
  const premise: string[] = [];
  /** Text before the first entry with no label: the premise only when the outline labels none. */
  const preamble: string[] = [];
  const characters: string[] = [];
  const ending: string[] = [];
  const entries: OutlineEntry[] = [];
  const seen = new Set<number>();
  let block: 'title' | 'premise' | 'characters' | 'ending' | 'other' | 'preamble' = 'preamble';
  let current: { head: Head; first: string; lines: string[] } | undefined;
  let lastNumber = 0;

  const flush = () => {
    if (!current) return;
    const { head, first } = current;
    if (!seen.has(head.number)) {
      seen.add(head.number);
      const split = splitHead(head.head);
      const body = current.lines.join('\n').trim();
      const plan = [split.plan, body].filter(Boolean).join('\n').trim();
      entries.push({ number: head.number, ...(split.title ? { title: split.title } : {}), plan, text: [first.trim(), body].filter(Boolean).join('\n') });
    }
    current = undefined;
  };

  for (const raw of lines) {
    const line = raw.replace(/\s+$/, '');
    if (!line.trim()) {
      if (current) current.lines.push('');
      continue;
    }
    const head = headOf(line, style, sectionLabels);
    // A numbered head that goes backwards inside a word-style outline is a sub-point, never an entry.
    if (head && !(style === 'number' && current && head.number <= lastNumber && head.number !== 1)) {
      flush();
      current = { head, first: line, lines: [] };
      lastNumber = head.number;
      block = 'other';
      continue;
    }
    const b = blockOf(line);
    if (b && !(b.kind === 'characters' && current)) {
      flush();
      block = b.kind;
      if (b.kind === 'title') {
        if (!title && b.rest) title = unquote(unmark(b.rest)).slice(0, 200);
        block = 'preamble';
      } else if (b.rest) (b.kind === 'premise' ? premise : b.kind === 'characters' ? characters : b.kind === 'ending' ? ending : []).push(b.rest);
      continue;
    }
    if (current) {
      current.lines.push(line.trim());
      continue;
    }
    if (block === 'premise' || (block === 'preamble' && !entries.length)) {
      // A line such as "Here is a detailed outline:" is not the premise.
      if (block === 'preamble' && /^(here\s+is|here's|berikut|below|di\s+bawah)\b.*[:：]\s*$/i.test(line.trim())) continue;
      if (block === 'preamble' && /^[#\s]*$/.test(line)) continue;
      if (block === 'preamble' && /^#/.test(line.trim()) && !title) {
        title = unquote(unmark(line)).slice(0, 200);
        continue;
      }
      (block === 'premise' ? premise : preamble).push(line.trim());
    } else if (block === 'characters') characters.push(line.trim());
    else if (block === 'ending') ending.push(line.trim());
  }
  flush();
  entries.sort((a, b) => a.number - b.number);
  const text = (list: string[]) => list.map((l) => unmark(l) ? l : '').join('\n').trim() || undefined;
  const premiseText = text(premise) ?? text(preamble);
  const charactersText = text(characters);
  const endingText = text(ending);
  return {
    ...(title ? { title } : {}),
    ...(premiseText ? { premise: premiseText } : {}),
    ...(charactersText ? { characters: charactersText } : {}),
    ...(endingText ? { ending: endingText } : {}),
    entries,
  };
}

/** The entry for chapter n, or undefined. */
export function outlineEntry(parsed: ParsedOutline, n: number): OutlineEntry | undefined {
  return parsed.entries.find((e) => e.number === n);
}
