// An outline as models really write it: a working title, a premise, the main characters, one entry per
// chapter and how the book ends. Entries come in many shapes ("Chapter 3: The Storm", "**3. The Storm**",
// "### Bab Tiga — Ribut", "3) …", "Chapter Three", "Bab ke-3", a row of a Markdown table, a fixed
// section's name); the parser first decides which shape the outline uses for its entries (so a guide's
// numbered key points inside "Chapter N" entries are not taken for chapters, and "Part One" groups
// chapters rather than being chapter 1), then reads each entry up to the next one, the ending block, a
// heading that is not part of it or the model's closing remarks. Linear in the outline's length. Pure.

export interface OutlineEntry {
  /** The chapter number (1-based) the entry is for. */
  readonly number: number;
  /** The chapter's own title when the entry gives one ("Chapter 3: The Storm" → "The Storm"), without Markdown marks or quotes; absent when the entry's head is a plan sentence rather than a title. */
  readonly title?: string;
  /** What happens in the chapter: the entry's text without its heading, number and title ('' for a title only). */
  readonly plan: string;
  /** The entry as written, trimmed (heading line and the lines under it), for prompts. */
  readonly text: string;
}

export interface ParsedOutline {
  /** The working title ("Title:" / "Tajuk:" line, as extractTitle reads it; else the outline's own top heading). */
  readonly title?: string;
  /** The premise ("Premise:" / "Premis:" block, or the text between the title and the first entry). */
  readonly premise?: string;
  /** The main characters block ("Main characters:", "Watak utama:"…). */
  readonly characters?: string;
  /** How the book ends: the block headed "Ending", "Conclusion", "Kesimpulan", "Pengakhiran"…, or the closing paragraph after the last entry. */
  readonly ending?: string;
  /** One entry per chapter found, in chapter order, at most one per number (the first wins). */
  readonly entries: readonly OutlineEntry[];
}

// ---- Numbers, as digits, words (English, Malay) or Roman numerals -------------------------------------

const EN_UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const EN_ORDINALS = ['zeroth', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth'];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const EN_ORDINAL_TENS = ['', '', 'twentieth', 'thirtieth', 'fortieth', 'fiftieth', 'sixtieth', 'seventieth', 'eightieth', 'ninetieth'];
const MS_UNITS = ['', 'satu', 'dua', 'tiga', 'empat', 'lima', 'enam', 'tujuh', 'lapan', 'sembilan'];

function englishNumber(t: readonly string[]): number {
  if (t.length === 1) {
    const w = t[0]!;
    const unit = Math.max(EN_UNITS.indexOf(w), EN_ORDINALS.indexOf(w));
    if (unit > 0) return unit;
    const tens = Math.max(EN_TENS.indexOf(w), EN_ORDINAL_TENS.indexOf(w));
    if (tens > 1) return tens * 10;
    return w === 'hundred' || w === 'hundredth' ? 100 : NaN;
  }
  if (t.length === 2) {
    if ((t[0] === 'one' || t[0] === 'a') && (t[1] === 'hundred' || t[1] === 'hundredth')) return 100;
    const tens = EN_TENS.indexOf(t[0]!);
    const unit = Math.max(EN_UNITS.indexOf(t[1]!), EN_ORDINALS.indexOf(t[1]!));
    if (tens > 1 && unit > 0 && unit < 10) return tens * 10 + unit;
  }
  return NaN;
}

function malayNumber(t: readonly string[]): number {
  if (!t.length) return NaN;
  // Ordinals: "pertama", "kedua", "ketiga", "kesepuluh", "kedua belas", "kedua puluh satu".
  if (t.length === 1 && t[0] === 'pertama') return 1;
  const first = t[0]!;
  const words = first.startsWith('ke') && first.length > 2 && first !== 'ke' ? [first.slice(2), ...t.slice(1)] : t;
  const unit = (w: string | undefined) => (w ? MS_UNITS.indexOf(w) : -1);
  if (words.length === 1) {
    const w = words[0]!;
    if (unit(w) > 0) return unit(w);
    return w === 'sepuluh' ? 10 : w === 'sebelas' ? 11 : w === 'seratus' ? 100 : NaN;
  }
  const u = unit(words[0]);
  if (u < 1) return NaN;
  if (words.length === 2 && words[1] === 'belas' && u >= 2) return 10 + u;
  if (words[1] === 'puluh' && u >= 2) {
    if (words.length === 2) return 10 * u;
    if (words.length === 3 && unit(words[2]) > 0) return 10 * u + unit(words[2]);
  }
  return NaN;
}

function romanOf(s: string): number {
  const v: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const a = v[s[i]!.toLowerCase()]!;
    const b = v[s[i + 1]?.toLowerCase() ?? ''] ?? 0;
    total += a < b ? -a : a;
  }
  return total > 0 && total <= 100 ? total : NaN;
}

/** "3", "three", "twenty-one", "Third", "dua belas", "dua puluh satu", "ketiga", "ke-3", "IV" → a number; NaN otherwise. */
export function numberOf(word: string): number {
  const w = word.toLowerCase().replace(/[–—]/g, '-').trim();
  if (/^\d{1,3}$/.test(w)) return Number(w);
  const ke = /^ke-?\s?(\d{1,3})$/.exec(w);
  if (ke) return Number(ke[1]);
  const tokens = w.split(/[-\s]+/).filter(Boolean);
  const en = englishNumber(tokens);
  if (Number.isFinite(en)) return en;
  const ms = malayNumber(tokens);
  if (Number.isFinite(ms)) return ms;
  return tokens.length === 1 && /^[ivxlc]+$/.test(w) ? romanOf(w) : NaN;
}

/**
 * The number a head's text starts with ("3: The Storm", "Three – …", "Dua Puluh Satu", "ke-4", "IV") and
 * the text after it. The longest run of number words that reads as one number wins, so "One Last Chance"
 * is 1 and "Last Chance". Roman numerals count only in capitals ("I", "IV"), never "i" or "mix".
 */
function leadingNumber(s: string): { n: number; rest: string } | undefined {
  const digits = /^(?:ke-?\s?)?(\d{1,3})(?![\d]|[.,]\d)/i.exec(s);
  if (digits) return { n: Number(digits[1]), rest: s.slice(digits[0].length) };
  const tokens: Array<{ word: string; end: number }> = [];
  const word = /[A-Za-z]+/y;
  const gap = /[-–\s]+/y;
  let at = 0;
  while (tokens.length < 4) {
    word.lastIndex = at;
    const m = word.exec(s);
    if (!m) break;
    tokens.push({ word: m[0], end: word.lastIndex });
    gap.lastIndex = word.lastIndex;
    if (!gap.exec(s)) break;
    at = gap.lastIndex;
  }
  for (let k = tokens.length; k > 0; k--) {
    const words = tokens.slice(0, k).map((t) => t.word);
    const only = words[0]!;
    // A word of Roman letters counts only in capitals ("IV"), so "civil" or "mix" stay words.
    const n = k === 1 && /^[ivxlc]+$/i.test(only) ? (/^[IVXLC]+$/.test(only) ? romanOf(only) : NaN) : numberOf(words.join(' '));
    if (Number.isFinite(n) && n > 0) return { n, rest: s.slice(tokens[k - 1]!.end) };
  }
  return undefined;
}

// ---- Lines ------------------------------------------------------------------------------------------

/**
 * Markdown decoration before a line's words: headings, quotes, a bullet, bold, italics. Matched once and
 * never given back (a lookahead and a back-reference make it atomic), so a line of 20,000 spaces or
 * asterisks costs one pass, not a quadratic backtrack.
 */
const LEAD = String.raw`^(?=(?<lead>[#>\s]*(?:[-*•+]\s+)?[*_\s]*))\k<lead>`;

type Family = 'chapter' | 'section' | 'part';
const FAMILY: Record<string, Family> = { chapter: 'chapter', 'chap.': 'chapter', 'ch.': 'chapter', bab: 'chapter', section: 'section', bahagian: 'section', part: 'part', act: 'part', babak: 'part' };
/** "Chapter 3", "Bab Tiga", "Section 2", "Bahagian ke-4", "Part One", optionally after a list number ("1. Chapter 1:"). */
const WORD_HEAD = new RegExp(`${LEAD}(?:\\d{1,3}[.)]\\s*)?[*_]*(chapter|chap\\.|ch\\.|bab|section|bahagian|part|act|babak)(?:[*_\\s]+|(?=\\d))(.*)$`, 'i');

interface WordHead {
  readonly family: Family;
  readonly number: number;
  /** The text after the number and its delimiter. */
  readonly head: string;
}

/** A "Chapter N" / "Bab N" / "Part N" head, or undefined ("Chapter 2 ends with…", "Section 1.1" are not heads). */
function wordHeadOf(line: string): WordHead | undefined {
  const m = WORD_HEAD.exec(line);
  if (!m) return undefined;
  // m[1] is the line's lead (LEAD's named group).
  const num = leadingNumber(m[3]!);
  if (!num) return undefined;
  if (/^['’]\w/.test(num.rest)) return undefined;
  const delimiter = /^[*_]*\s*([:.)|\-–—]+)?\s*(?:[*_]{1,2}(?=\s|$))?\s*/.exec(num.rest)!;
  const head = num.rest.slice(delimiter[0].length);
  // Without a delimiter, a head continuing in lower case is a sentence about a chapter, not its heading.
  if (!delimiter[1] && /^[a-z]/.test(head)) return undefined;
  return { family: FAMILY[m[2]!.toLowerCase()]!, number: num.n, head };
}

/** "3. The Storm", "3) …", "**3. The Storm**", "## 3. The Storm", "3 – The Storm" (never "1.5 million"). */
const NUMBER_HEAD = /^(?=([#>\s]*)((?:[-*•+]\s+)?)([*_]*)(\s*))\1\2\3\4(\d{1,3})\s*(?:([.)])(?!\d)|([:–—-])(?=\s))[*_]*\s*(.*)$/;

interface NumberHead {
  readonly number: number;
  readonly head: string;
  readonly indent: number;
  /** The list's look (heading level, bold, delimiter), to tell entries from key points numbered the same way. */
  readonly signature: string;
}

function numberHeadOf(line: string): NumberHead | undefined {
  const m = NUMBER_HEAD.exec(line);
  if (!m) return undefined;
  const lead = m[1]!;
  return {
    number: Number(m[5]),
    head: m[8]!,
    indent: lead.replace(/[#>]/g, '').length,
    signature: `${(lead.match(/#/g) ?? []).length}${m[3] ? 'b' : ''}${m[6] ?? m[7]}`,
  };
}

/** A Markdown table's cells, or undefined for a line that is not a table row. */
function cellsOf(line: string): string[] | undefined {
  if (!/^\s*\|.*\|/.test(line)) return undefined;
  return line.trim().replace(/^\|/, '').replace(/\|\s*$/, '').split('|').map((c) => c.trim());
}
const isSeparatorRow = (cells: readonly string[]) => cells.every((c) => /^:?-{2,}:?$/.test(c) || c === '');

/** The chapter a table row is for ("| 3 | The Storm | … |", "| Chapter 3 | … |"), with its head cell's text. */
function tableRowOf(cells: readonly string[]): { number: number; head: string } | undefined {
  const first = unmark(cells[0] ?? '');
  const plain = /^(\d{1,3})\.?$/.exec(first);
  if (plain) return { number: Number(plain[1]), head: '' };
  const word = wordHeadOf(first);
  return word && word.family !== 'part' ? { number: word.number, head: word.head } : undefined;
}

type BlockKind = 'title' | 'premise' | 'characters' | 'ending' | 'entries' | 'other';
/** Blocks of the outline other than entries, by their label (lower case, parentheses removed). */
const BLOCKS: ReadonlyArray<[RegExp, BlockKind]> = [
  [/^(?:(?:the\s+)?(?:working|book|novel|story)\s+title|title|tajuk(?:\s+(?:kerja|buku|novel|cerita))*|judul(?:\s+buku)?)$/, 'title'],
  [/^(?:(?:the\s+)?premise(?:\s+and\s+stakes)?|premis|logline|synopsis|sinopsis|summary|ringkasan(?:\s+cerita)?|overview|gambaran\s+keseluruhan|concept|konsep|blurb|who\s+(?:this|the)\s+book\s+is\s+for|untuk\s+siapa(?:\s+buku\s+ini)?|(?:the\s+)?reader(?:\s+and\s+promise)?|pembaca(?:\s+sasaran)?|target\s+(?:reader|audience)s?)$/, 'premise'],
  [/^(?:(?:the\s+)?(?:main|key|principal|central|core|supporting)?\s*(?:characters?|cast)(?:\s+list)?|(?:senarai\s+)?watak(?:-watak)?(?:\s+(?:utama|penting|sampingan))?|tokoh(?:-tokoh)?(?:\s+utama)?)$/, 'characters'],
  [/^(?:(?:the\s+|story\s+|planned\s+|book\s+)?ending|how\s+(?:the\s+)?(?:story|book|novel|it)\s+(?:ends|concludes)|(?:the\s+)?conclusion(?:\s+of\s+the\s+(?:story|book))?|(?:the\s+)?resolution|climax\s+and\s+resolution|epilogue|finale|what\s+the\s+conclusion\s+(?:will\s+)?covers?|kesimpulan(?:\s+cerita)?|pengakhiran(?:\s+cerita)?|penamat|penutup|peleraian|penyelesaian|kesudahan(?:\s+cerita)?|epilog|bagaimana\s+(?:cerita|kisah|buku)\s+(?:ini\s+)?berakhir)$/, 'ending'],
  [/^(?:chapters|the\s+chapters|chapter\s+(?:outlines?|breakdown|summaries|plan|list)|chapter-by-chapter(?:\s+(?:outline|breakdown|plan|summary))?|(?:detailed\s+|story\s+|book\s+|plot\s+|novel\s+)?outline|plot|rangka(?:\s+(?:cerita|bab|buku|terperinci|novel))?|senarai\s+bab|bab-bab|pecahan\s+bab|struktur\s+bab|ringkasan\s+bab)$/, 'entries'],
  [/^(?:setting|latar(?:\s+belakang|\s+tempat)?|themes?|tema|tone|nada|genre|structure|struktur|notes?|nota|prologue|prolog|style|gaya|pov|point\s+of\s+view|sudut\s+pandangan|world|dunia|motifs?|subplots?|sub-?plot|key\s+themes|(?:open\s+)?threads|promises|urusan|janji|benang\s+cerita)$/, 'other'],
];

/** A line that opens a block ("Premise:", "**Ending**", "## Main characters") and the text after its label. */
const BLOCK_LINE = new RegExp(`${LEAD}([^:*_#|]{2,48}?)[*_]*\\s*(?::|：|[*_]+\\s*$|$)[*_\\s]*(.*)$`);
function blockOf(line: string): { kind: BlockKind; rest: string; label: string } | undefined {
  const m = BLOCK_LINE.exec(line);
  if (!m) return undefined;
  const [, , rawLabel, rawRest] = m as unknown as [string, string, string, string];
  const label = rawLabel.toLowerCase().replace(/\([^)]*\)/g, ' ').replace(/\s+/g, ' ').trim();
  const found = BLOCKS.find(([re]) => re.test(label));
  if (!found) return undefined;
  // A label stands as one: with a colon, as a heading or bold, or on a line of its own.
  const hasColon = /[:：]/.test(line.slice(0, line.indexOf(rawLabel) + rawLabel.length + 8));
  if (!hasColon && !isHeadingLike(line) && rawRest !== '') return undefined;
  return { kind: found[1], rest: trimEnd(rawRest, '*_').trim(), label };
}

/** A Markdown heading, a line in bold or a line in capitals. */
function isHeadingLike(line: string): boolean {
  const t = line.trim();
  return /^#{1,6}\s/.test(t) || /^(\*\*|__)/.test(t) || (/[A-Z]/.test(t) && t === t.toUpperCase() && t.length <= 80);
}
const headingLevel = (line: string) => /^\s*(#{1,6})\s/.exec(line)?.[1]!.length ?? 0;
const isRule = (line: string) => /^\s*([-*_=])(?:\s*\1){2,}\s*$/.test(line);

/** What a model says around an outline rather than in it. */
const CHATTER = /^(?:let me know|i hope|hope this|feel free|would you like|if you(?:'d| would)? like|shall i|do you want|want me to|i can (?:also|adjust|expand)|happy to|beritahu saya|semoga (?:rangka|ini)|harap (?:rangka|ini)|jika anda (?:mahu|ingin|perlukan|mahukan)|adakah anda (?:mahu|ingin))/i;
const INTRO = /^(?:(?:sure|certainly|of course|absolutely|great|okay|ok|baiklah|baik|tentu|sudah tentu)\b[!,.]?\s*)?(?:here(?:'s| is| are)|below is|the following is|berikut(?:nya)?|di bawah (?:ini )?(?:ialah|adalah))/i;
/** The opening words of a closing paragraph that tells how the book ends, written without a label. */
const ENDING_PHRASE = /^(?:in the end\b|ultimately\b|by the (?:end|close) of the (?:book|story|novel)|the (?:story|book|novel) (?:ends|concludes|closes)|it ends (?:with|when)|pada akhirnya\b|akhirnya,|di penghujung (?:cerita|kisah|novel|buku)|(?:cerita|kisah|novel|buku) ini (?:berakhir|diakhiri|ditutup|berkesudahan))/i;

/** `s` without the given characters (and whitespace) at its end: a loop, as `/[…]+$/` is quadratic on long runs. */
function trimEnd(s: string, chars: string): string {
  let end = s.length;
  while (end > 0 && (chars.includes(s[end - 1]!) || /\s/.test(s[end - 1]!))) end--;
  return s.slice(0, end);
}
const unmark = (s: string) => trimEnd(s.replace(/\*\*|__|`/g, '').replace(/^[*_#\s]+/, ''), '*_').trim();
const unquote = (s: string) => trimEnd(s.replace(/^["“'‘«]+/, ''), '"”\'’»').trim();

/** A line that can be a title: short, not a bullet, not a sentence, not a label. */
function isTitleLike(s: string): boolean {
  const t = unmark(s);
  return !!t && t.split(/\s+/).length <= 12 && !/[.:;,]["”’]?$/.test(t) && !/^[-*•+]\s/.test(s.trim()) && !/^\d/.test(t);
}

/** The head of an entry (after its number) as a title and the start of its plan. */
function splitHead(head: string): { title?: string; plan: string } {
  // "(approx. 3,000 words)" says how long the chapter is, not what it is called.
  let h = head.replace(/\((?:[^()]{0,40}?\d[^()]{0,40}?(?:words?|perkataan|patah)[^()]{0,20}|~?\s?\d[\d,.\s]{0,20})\)/gi, ' ').replace(/\s{2,}/g, ' ').replace(/^[\s:.\-–—|]+/, '').trim();
  if (!h) return { plan: '' };
  // "**The Storm**: Aisha…", "*The Storm* – Aisha…"
  const bold = /^(\*\*|__|\*|_)(.+?)\1\s*[:.\-–—]?\s*(.*)$/.exec(h);
  if (bold && bold[2]!.split(/\s+/).length <= 14) return withTitle(bold[2]!, bold[3]!);
  h = unmark(h);
  const quoted = /^["“‘«](.+?)["”’»]\s*[:.\-–—]?\s*(.*)$/.exec(h);
  if (quoted) return withTitle(quoted[1]!, quoted[2]!);
  // "The Storm – Aisha finds…", "The Storm: Aisha…", "The Storm. Aisha finds…" (not "Dr. Tan arrives…")
  const sep = /^(.{1,90}?)\s*(?:\s[-–—]+\s|:\s|\.\s+(?=[A-Z"“]))\s*(.+)$/.exec(h);
  if (sep && sep[1]!.split(/\s+/).length <= 10 && !/[.!?]$/.test(sep[1]!) && !/(?:^|\s)(?:dr|mr|mrs|ms|st|prof|en|tn|pn|hj|cik|sr|jr)$/i.test(sep[1]!)) return withTitle(sep[1]!, sep[2]!);
  // A short head is a title unless it ends as a sentence does ("Where Does Your Salary Go?" is a title).
  const words = h.split(/\s+/).length;
  if (words <= 12 && !/\.["”’]?$/.test(h)) return withTitle(h, '');
  return { plan: h };
}

function withTitle(title: string, plan: string): { title?: string; plan: string } {
  const t = trimEnd(unquote(unmark(title)), '.:').replace(/[*_]+/g, '').trim();
  return t ? { title: t.slice(0, 120), plan: plan.trim() } : { plan: plan.trim() };
}

// ---- The parse --------------------------------------------------------------------------------------

type Style = { kind: 'word'; family: Family } | { kind: 'number' } | { kind: 'table' };

/** The outline's entry style, decided from all its lines before any is read as an entry. */
function styleOf(lines: readonly string[]): Style {
  const words: Record<Family, number> = { chapter: 0, section: 0, part: 0 };
  let numbers = 0;
  let rows = 0;
  for (const line of lines) {
    const w = wordHeadOf(line);
    if (w) words[w.family]++;
    else if (numberHeadOf(line)) numbers++;
    else {
      const cells = cellsOf(line);
      if (cells && tableRowOf(cells)) rows++;
    }
  }
  // Any "Chapter N"/"Bab N" head makes those the entries (an outline cut after its first entry still has
  // its key points numbered under it); sentences about a chapter ("Chapter 2 ends…") are not heads.
  if (words.chapter >= 1) return { kind: 'word', family: 'chapter' };
  if (words.section >= 2 || (words.section === 1 && numbers < 2 && rows < 2)) return { kind: 'word', family: 'section' };
  if (rows >= 2 && rows >= numbers) return { kind: 'table' };
  if (numbers >= 2 || words.part < 2) return { kind: 'number' };
  return { kind: 'word', family: 'part' };
}

interface Rec {
  readonly number: number;
  /** The head's text after its number. */
  readonly head: string;
  readonly first: string;
  readonly lines: string[];
  /** The heading level of a "## Chapter 3" entry (0 when it is not a Markdown heading). */
  readonly level: number;
  /** Set by a table row. */
  readonly table?: { title?: string; plan: string };
}

interface EndingPart {
  /** The block's label, normalised ("ending", "kesimpulan"; '' for an unlabelled closing paragraph). */
  readonly label: string;
  /** The ending's text (labels removed). */
  readonly text: string[];
  /** The lines as written, to give back to the entry when this turns out to be the entry's own ending. */
  readonly raw: string[];
  readonly after?: Rec;
  followed: boolean;
}

/** A fixed section's entry: a line starting with its name ("Food & Dining Guide", "2. Food & Dining Guide: …"). */
function sectionHeadOf(line: string, labels: readonly string[]): { number: number; head: string } | undefined {
  const plain = unmark(line).replace(/^\d{1,2}[.)]\s*/, '').replace(/^(?:section|bahagian)\s+\d{1,2}\s*[:.\-–—]\s*/i, '');
  const lower = plain.toLowerCase();
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i]!.toLowerCase().trim();
    if (!label) continue;
    if (lower.startsWith(label) && !/^[\p{L}\p{N}]/u.test(lower.slice(label.length))) return { number: i + 1, head: unmark(plain.slice(label.length).replace(/^[\s:.\-–—*_]+/, '')) };
  }
  return undefined;
}

type Block = BlockKind | 'preamble' | 'after';

/** What the outline reader holds while it reads the lines one at a time (the stages below share it). */
interface Reading {
  readonly style: Style;
  /** Fixed sections' names: an entry may be found by its section's name. */
  readonly labels: readonly string[];
  /** The outermost indentation of the numbered lines (key points are indented deeper). */
  readonly minIndent: number;
  /** Whether an entry can still follow line i (a per-chapter "Ending:" is then the chapter's, not the book's). */
  readonly laterEntry: readonly boolean[];
  title: string | undefined;
  awaitTitle: boolean;
  readonly premise: string[];
  /** Text before the first entry with no label: the premise only when the outline labels none. */
  readonly preamble: string[];
  readonly characters: string[];
  /** Lines of the labelled block being read, and whether the last was a numbered item. */
  blockItems: number;
  blockNumbered: boolean;
  readonly endings: EndingPart[];
  readonly recs: Rec[];
  block: Block;
  current: Rec | undefined;
  blankBefore: boolean;
  lastNumber: number;
  entrySignature: string | undefined;
  subList: { last: number; signature: string } | undefined;
  tableColumns: { title?: number; plan?: number };
}

/**
 * Parse an outline. `sectionLabels` (fixed-section guides) lets an entry be found by its section's name,
 * numbered by its index + 1. The stages: the outline's style and where entries can start (startReading),
 * each line read as an entry's head, a labelled block, an entry's text or a block's text (readLine), then
 * the book's ending told from the entries' own and the entries numbered (finishReading).
 * @example parseOutline('Title: Rain\nChapter 1: The Storm\nAisha runs.').entries[0] // { number: 1, title: 'The Storm', plan: 'Aisha runs.', text: 'Chapter 1: The Storm\nAisha runs.' }
 */
export function parseOutline(outline: string | undefined, opts: { sectionLabels?: readonly string[] } = {}): ParsedOutline {
  const lines = (outline ?? '').replace(/\r\n?/g, '\n').split('\n').map((l) => l.trimEnd());
  const reading = startReading(lines, opts.sectionLabels?.filter((l) => l.trim()) ?? []);
  for (let i = 0; i < lines.length; i++) readLine(reading, lines[i]!, i);
  return finishReading(reading);
}

/** The outline's style, and for each line whether an entry can still follow it. */
function startReading(lines: readonly string[], labels: readonly string[]): Reading {
  const style = styleOf(lines);
  const minIndent = style.kind === 'number' ? lines.reduce((min, l) => Math.min(min, numberHeadOf(l)?.indent ?? Infinity), Infinity) : Infinity;
  const laterEntry: boolean[] = new Array(lines.length + 1).fill(false);
  for (let i = lines.length - 1; i >= 0; i--) laterEntry[i] = laterEntry[i + 1]! || canOpenEntry(lines[i]!, style, labels, minIndent);
  return {
    style, labels, minIndent, laterEntry, title: undefined, awaitTitle: false, premise: [], preamble: [], characters: [], blockItems: 0, blockNumbered: false,
    endings: [], recs: [], block: 'preamble', current: undefined, blankBefore: false, lastNumber: 0, entrySignature: undefined, subList: undefined, tableColumns: {},
  };
}

/** A line that can open an entry, before the sequence rules of numbered lists. */
function canOpenEntry(line: string, style: Style, labels: readonly string[], minIndent: number): boolean {
  if (labels.length && sectionHeadOf(line, labels)) return true;
  if (style.kind === 'word') return wordHeadOf(line)?.family === style.family;
  if (style.kind === 'table') return !!(cellsOf(line) && tableRowOf(cellsOf(line)!));
  const n = numberHeadOf(line);
  return !!n && n.indent <= minIndent + 1 && !wordHeadOf(line);
}

function openEntry(r: Reading, rec: Rec): void {
  r.current = rec;
  r.recs.push(rec);
  for (const e of r.endings) if (!e.followed) e.followed = true;
  r.lastNumber = Math.max(r.lastNumber, rec.number);
  r.subList = undefined;
  r.block = 'entries';
}

function closeEntry(r: Reading, next: BlockKind | 'after'): void {
  r.current = undefined;
  r.block = next;
}

function startEnding(r: Reading, label: string, text: string[], raw: string[]): void {
  r.endings.push({ label, text, raw, ...(r.current ? { after: r.current } : {}), followed: false });
  closeEntry(r, 'ending');
}

/** The entry a line opens, when it opens one (with the list's sequence rules for numbered lines). */
function entryAt(r: Reading, line: string): Rec | undefined {
  const section = r.labels.length ? sectionHeadOf(line, r.labels) : undefined;
  if (section) return section.number === r.current?.number ? undefined : { number: section.number, head: section.head, first: line, lines: [], level: headingLevel(line) };
  if (r.style.kind === 'word') {
    const w = wordHeadOf(line);
    if (!w || w.family !== r.style.family || w.number === r.current?.number) return undefined;
    return { number: w.number, head: w.head, first: line, lines: [], level: headingLevel(line) };
  }
  return r.style.kind === 'table' ? tableEntryAt(r, line) : numberedEntryAt(r, line);
}

/** A table row's entry; a header row names the columns (title, plan) and opens none. */
function tableEntryAt(r: Reading, line: string): Rec | undefined {
  const cells = cellsOf(line);
  if (!cells || isSeparatorRow(cells)) return undefined;
  const row = tableRowOf(cells);
  if (!row) {
    const find = (re: RegExp) => { const k = cells.findIndex((c) => re.test(unmark(c))); return k >= 0 ? k : undefined; };
    const t = find(/^(?:(?:chapter\s+)?title|name|tajuk(?:\s+bab)?|nama|judul)$/i);
    const p = find(/summary|plan|synopsis|what happens|description|events|key points|content|ringkasan|sinopsis|isi|peristiwa|huraian|penerangan|kandungan|apa yang berlaku/i);
    r.tableColumns = { ...(t !== undefined ? { title: t } : {}), ...(p !== undefined ? { plan: p } : {}) };
    return undefined;
  }
  const { entryTitle, plan } = tableRowText(cells, row.head, r.tableColumns);
  const cleanTitle = entryTitle ? unquote(unmark(entryTitle)) : '';
  return { number: row.number, head: '', first: line, lines: [], level: 0, table: { ...(cleanTitle ? { title: cleanTitle } : {}), plan: plan.map(unmark).filter(Boolean).join(' ') } };
}

/** A table row's title and plan: from the named columns, the numbered cell's head, or the cells after it. */
function tableRowText(cells: readonly string[], head: string, columns: Reading['tableColumns']): { entryTitle: string | undefined; plan: string[] } {
  const rest = cells.map((c, k) => ({ c: c.trim(), k })).filter(({ k }) => k > 0);
  if (columns.title !== undefined || columns.plan !== undefined) {
    const entryTitle = columns.title !== undefined ? cells[columns.title] : head ? splitHead(head).title : undefined;
    const plan = columns.plan !== undefined ? [cells[columns.plan] ?? ''] : rest.filter(({ k }) => k !== columns.title).map(({ c }) => c);
    return { entryTitle, plan };
  }
  if (head) {
    const split = splitHead(head);
    return { entryTitle: split.title, plan: [split.plan, ...rest.map(({ c }) => c)] };
  }
  if (rest.length >= 2 && isTitleLike(rest[0]!.c)) return { entryTitle: rest[0]!.c, plan: rest.slice(1).map(({ c }) => c) };
  const split = splitHead(rest.map(({ c }) => c).join(' – '));
  return { entryTitle: split.title, plan: [split.plan] };
}

/** A numbered line's entry, with the list's sequence rules (a sub-list under an entry opens none). */
function numberedEntryAt(r: Reading, line: string): Rec | undefined {
  const n = numberHeadOf(line);
  if (!n || n.indent > r.minIndent + 1 || wordHeadOf(line)) return undefined;
  // A list under the characters (or another labelled block) before any entry is that block's own list;
  // the chapters start with a "1." after it (after a blank line, or after lines that were not numbered).
  if (!r.current && !r.recs.length && (r.block === 'characters' || r.block === 'other')) {
    const restart = n.number === 1 && r.blockItems > 0 && (r.blankBefore || !r.blockNumbered);
    if (!restart) return undefined;
  }
  if (n.number <= r.lastNumber) {
    if (r.current) r.subList = { last: n.number, signature: n.signature };
    return undefined;
  }
  if (r.current && r.subList && n.number === r.subList.last + 1 && !r.blankBefore && !(n.signature === r.entrySignature && r.subList.signature !== r.entrySignature)) {
    r.subList = { ...r.subList, last: n.number };
    return undefined;
  }
  r.entrySignature ??= n.signature;
  return { number: n.number, head: n.head, first: line, lines: [], level: headingLevel(line) };
}

/** One line, read by the first stage that takes it. */
function readLine(r: Reading, line: string, i: number): void {
  if (!line.trim() || isRule(line)) {
    r.blankBefore = true;
    if (r.current) r.current.lines.push('');
    return;
  }
  const plain = unmark(line);
  const isTaken = skipsChatter(r, plain) || readsAwaitedTitle(r, line) || readsEntryHead(r, line) || readsGrouping(r, line) || readsLabelled(r, line, i) || readsEntryText(r, line, plain, i);
  if (!isTaken) readBlockText(r, line, plain);
  r.blankBefore = false;
}

/** The model's chatter ("Let me know…") ends what was being read and is no one's text. */
function skipsChatter(r: Reading, plain: string): boolean {
  if (!CHATTER.test(plain)) return false;
  if (r.block !== 'preamble' || r.recs.length) closeEntry(r, 'other');
  return true;
}

/** The line after a bare "Title:" is the title when it looks like one. */
function readsAwaitedTitle(r: Reading, line: string): boolean {
  if (!r.awaitTitle) return false;
  r.awaitTitle = false;
  r.block = 'preamble';
  if (r.title || !isTitleLike(line)) return false;
  r.title = unquote(unmark(line)).slice(0, 200);
  return true;
}

/** An entry's head opens it; a table's other rows (header, separator) are no one's text, and what follows a table is not its last row's. */
function readsEntryHead(r: Reading, line: string): boolean {
  const rec = entryAt(r, line);
  if (rec) {
    openEntry(r, rec);
    return true;
  }
  if (r.style.kind === 'table' && cellsOf(line)) return true;
  if (r.current?.table) closeEntry(r, 'after');
  return false;
}

/** "Part Two", "Act II" (and "Bahagian 2" / "Section 2" headings in a "Chapter N" outline) group chapters. */
function readsGrouping(r: Reading, line: string): boolean {
  const word = wordHeadOf(line);
  const isOtherFamily = word && !(r.style.kind === 'word' && word.family === r.style.family);
  if (!isOtherFamily || !(word.family === 'part' || (word.family === 'section' && isHeadingLike(line))) || unmark(line).split(/\s+/).length > 14) return false;
  closeEntry(r, 'entries');
  return true;
}

/** A labelled line ("Premise:", "Characters:", "Ending:"…): inside an entry the entry's, unless it ends it; else it starts its block. */
function readsLabelled(r: Reading, line: string, i: number): boolean {
  const b = blockOf(line);
  if (!b) return false;
  if (r.current) {
    const heading = isHeadingLike(line);
    const later = r.laterEntry[i + 1]!;
    if (b.kind === 'ending' && (r.blankBefore || heading || !later)) startEnding(r, b.label, b.rest ? [b.rest] : [], [line.trim()]);
    else if ((b.kind === 'other' || b.kind === 'entries') && r.blankBefore && (!later || (headingLevel(line) > 0 && headingLevel(line) <= (r.current.level || 6)))) closeEntry(r, b.kind === 'entries' ? 'entries' : 'other');
    // Anything else labelled inside an entry ("Setting:", "Characters:", "Summary:") is the entry's.
    else r.current.lines.push(line.trim());
    return true;
  }
  if (b.kind === 'ending') startEnding(r, b.label, b.rest ? [b.rest] : [], [line.trim()]);
  else if (b.kind === 'title') {
    if (!r.title && b.rest) r.title = unquote(unmark(b.rest)).slice(0, 200);
    r.awaitTitle = !b.rest;
    r.block = 'preamble';
  } else {
    r.block = b.kind;
    r.blockItems = b.rest ? 1 : 0;
    r.blockNumbered = false;
    if (b.kind === 'entries' && !r.title && b.rest && isHeadingLike(line) && isTitleLike(b.rest)) r.title = unquote(unmark(b.rest)).slice(0, 200);
    if (b.rest && b.kind === 'premise') r.premise.push(b.rest);
    else if (b.rest && b.kind === 'characters') r.characters.push(b.rest);
  }
  return true;
}

/** A line inside an entry: its text, unless a heading at its level ends it or a closing paragraph starts the ending. */
function readsEntryText(r: Reading, line: string, plain: string, i: number): boolean {
  if (!r.current) return false;
  // A heading of the entry's level or above that is not an entry ends it ("## Appendix" after "## Chapter 9").
  const level = headingLevel(line);
  if (level && r.current.level && level <= r.current.level) closeEntry(r, 'other');
  else if (r.blankBefore && !r.laterEntry[i + 1] && ENDING_PHRASE.test(plain)) startEnding(r, '', [line.trim()], [line.trim()]);
  else r.current.lines.push(line.trim());
  return true;
}

/** A line outside any entry: the text of the block being read (preamble, premise, characters, ending). */
function readBlockText(r: Reading, line: string, plain: string): void {
  const text = line.trim();
  switch (r.block) {
    case 'preamble':
      if (r.recs.length) break;
      if (INTRO.test(plain) && (/[:：]$/.test(plain) || /outline|rangka|draf|plan/i.test(plain))) break;
      if (!r.title && !r.preamble.length && !r.premise.length && (headingLevel(line) || /^(\*\*|__).+(\*\*|__)$/.test(text)) && isTitleLike(line)) {
        r.title = unquote(unmark(line)).slice(0, 200);
        break;
      }
      r.preamble.push(text);
      break;
    case 'premise':
      r.premise.push(text);
      break;
    case 'characters':
      r.characters.push(text);
      break;
    case 'ending':
      r.endings[r.endings.length - 1]?.text.push(text);
      r.endings[r.endings.length - 1]?.raw.push(text);
      break;
    case 'after':
      startEnding(r, '', [text], [text]);
      break;
    default:
      break;
  }
  r.blockItems++;
  r.blockNumbered = /^\d{1,3}[.)]/.test(plain);
}

/**
 * The parsed outline. The book's ending: the ending blocks no entry follows (else the last block, as when
 * missing entries were written after it); an earlier ending block an entry follows, or one inside the last
 * entry with the same label as a later block ("**Ending:** …" of the last chapter, then "## Ending"), was
 * that entry's own.
 */
function finishReading(r: Reading): ParsedOutline {
  const { endings } = r;
  const trailing = endings.filter((e, k) => !e.followed && !(e.after && endings.slice(k + 1).some((later) => later.label === e.label)));
  const bookEndings = trailing.length ? trailing : endings.slice(-1);
  for (const e of endings) if (!bookEndings.includes(e) && e.after) e.after.lines.push('', ...e.raw);

  const entries: OutlineEntry[] = [];
  const seen = new Set<number>();
  for (const rec of r.recs) {
    if (seen.has(rec.number)) continue;
    seen.add(rec.number);
    entries.push(entryOf(rec));
  }
  entries.sort((a, b) => a.number - b.number);

  const joined = (list: readonly string[]) => list.filter((l) => !isRule(l)).join('\n').replace(/\n{3,}/g, '\n\n').trim() || undefined;
  const premiseText = joined(r.premise) ?? joined(r.preamble);
  const charactersText = joined(r.characters);
  const endingText = joined(bookEndings.flatMap((e) => e.text));
  return {
    ...(r.title ? { title: r.title } : {}),
    ...(premiseText ? { premise: premiseText } : {}),
    ...(charactersText ? { characters: charactersText } : {}),
    ...(endingText ? { ending: endingText } : {}),
    entries,
  };
}

function entryOf(rec: Rec): OutlineEntry {
  const body = rec.lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
  const text = [rec.first.trim(), body].filter(Boolean).join('\n');
  if (rec.table) return { number: rec.number, ...(rec.table.title ? { title: rec.table.title } : {}), plan: [rec.table.plan, body].filter(Boolean).join('\n'), text };
  let split = splitHead(rec.head);
  let rest = body;
  // "Chapter 3: Chapter 3" / "Bab 3: Bab 3" names no title (an untitled chapter as renderOutline writes it): its body is all plan.
  const isUntitled = !split.plan && split.title !== undefined && isNumberedLabel(split.title, rec.number);
  if (isUntitled) split = { plan: '' };
  // "CHAPTER 3" on its own line, the title on the next ("The Storm" or "Title: The Storm").
  if (!isUntitled && !split.title && !split.plan && body) {
    const [firstLine, ...others] = body.split('\n');
    const labelled = /^[*_\s]*(?:(?:chapter\s+)?title|tajuk(?:\s+bab)?)[*_\s]*[:：][*_\s]*(.+)$/i.exec(firstLine!);
    const candidate = labelled ? labelled[1]! : firstLine!;
    if (isTitleLike(candidate) || (labelled && unmark(candidate))) {
      split = withTitle(candidate, '');
      rest = others.join('\n').trim();
    }
  }
  const plan = [split.plan, rest].filter(Boolean).join('\n').trim();
  return { number: rec.number, ...(split.title ? { title: split.title } : {}), plan, text };
}

/** "Chapter 3" / "Bab 3" for chapter 3: the chapter's own numbered label, no title of its own. */
function isNumberedLabel(title: string, n: number): boolean {
  const m = /^(?:chapter|bab)\s+(\d{1,3})$/i.exec(title.trim());
  return m !== null && Number(m[1]) === n;
}

/** The entry for chapter n, or undefined. */
export function outlineEntry(parsed: ParsedOutline, n: number): OutlineEntry | undefined {
  return parsed.entries.find((e) => e.number === n);
}

// ---- The outline as chapter entries, and back (the writer edits the outline as chapters) ----

/** One chapter of an outline as the writer edits it: its title and what happens in it. */
export interface ChapterEntry {
  readonly title: string;
  readonly plan: string;
}

/** A line of a plan the parser would read as something else (a chapter head, a block label, a closing remark, a rule, a table row, a heading) is kept behind this mark. */
const PLAN_LINE_MARK = '— ';

function isStructural(line: string): boolean {
  const plain = unmark(line);
  return !!wordHeadOf(line) || !!numberHeadOf(line) || !!blockOf(line) || isRule(line) || !!cellsOf(line) || headingLevel(line) > 0
    || CHATTER.test(plain) || INTRO.test(plain) || ENDING_PHRASE.test(plain) || /^[-*•+]\s/.test(line.trim());
}

/** A title as an entry head keeps it: one line, without Markdown marks, quotes, a closing period or a length in words, at most 14 words and 120 characters. */
function cleanTitle(title: string): string {
  const one = title.replace(/\s+/g, ' ').replace(/[*_`]+/g, '').replace(/\((?:[^()]{0,40}?\d[^()]{0,40}?(?:words?|perkataan|patah)[^()]{0,20}|~?\s?\d[\d,.\s]{0,20})\)/gi, ' ');
  const t = trimEnd(unquote(one.replace(/^[\s:.\-–—|#>]+/, '')), '.:').replace(/\s+/g, ' ').trim();
  return t.split(' ').slice(0, 14).join(' ').slice(0, 120).trim();
}

/** A plan as an entry body keeps it: trimmed lines without blank ones, a line the parser would read as structure marked. */
function cleanPlan(plan: string): string {
  return plan.replace(/\r\n?/g, '\n').split('\n').map((l) => l.replace(/\s+/g, ' ').trim()).filter(Boolean)
    .map((l) => (isStructural(l) ? PLAN_LINE_MARK + l : l)).join('\n');
}

/** "Chapter 3: The Storm" / "Bab 3: Ribut", then the plan's lines. */
function entryLines(n: number, entry: ChapterEntry, lang: 'en' | 'ms'): string {
  const word = lang === 'ms' ? 'Bab' : 'Chapter';
  const title = cleanTitle(entry.title);
  const plain = splitHead(title);
  const plan = cleanPlan(entry.plan);
  // An untitled chapter with a plan is headed by its numbered label ("Chapter 3: Chapter 3"), which reads
  // back as no title: the plan's first line is never taken for one. A title the head would split (a dash,
  // a colon) or read as a sentence goes in bold, which keeps it whole.
  const head = !title ? (plan ? `${word} ${n}: ${word} ${n}` : `${word} ${n}:`) : plain.title === title && !plain.plan ? `${word} ${n}: ${title}` : `${word} ${n}: **${title}**`;
  return plan ? `${head}\n${plan}` : head;
}

/**
 * An entry as the outline keeps it: what the parser reads back from it (an untitled entry stays untitled,
 * its plan the plan). Idempotent.
 */
export function normalizeChapterEntry(entry: ChapterEntry, lang: 'en' | 'ms' = 'en'): ChapterEntry {
  const read = parseOutline(entryLines(1, entry, lang)).entries[0];
  return { title: read?.title ?? '', plan: read?.plan ?? '' };
}

/** The entries of an outline, chapters 1..count (an entry the outline lacks is empty). */
export function chapterEntriesOf(parsed: ParsedOutline, count: number): ChapterEntry[] {
  return Array.from({ length: Math.max(0, count) }, (_, k) => {
    const e = outlineEntry(parsed, k + 1);
    return { title: e?.title ?? '', plan: e?.plan ?? '' };
  });
}

/**
 * The outline with its chapter entries replaced by `entries` (chapter 1 first), as the rest of the engine
 * reads it: what comes before the first entry (title, premise, characters…) and after the last (the
 * ending) is kept as written; the entries are written "Chapter N: Title" / "Bab N: Tajuk" with their plan
 * under them. parseOutline of the result gives the entries back as normalizeChapterEntry keeps them.
 * @example renderOutline('Title: Rain\n\nChapter 1: Storm\nAisha runs.', [{ title: 'Calm', plan: 'Aisha rests.' }], 'en') // 'Title: Rain\n\nChapter 1: Calm\nAisha rests.'
 */
export function renderOutline(outline: string | undefined, entries: readonly ChapterEntry[], lang: 'en' | 'ms'): string {
  const lines = (outline ?? '').replace(/\r\n?/g, '\n').split('\n');
  const parsed = parseOutline(outline);
  let before = lines;
  let after: string[] = [];
  const first = parsed.entries[0];
  const last = parsed.entries[parsed.entries.length - 1];
  if (first && last) {
    const start = lines.findIndex((l) => l.trim() === first.text.split('\n')[0]);
    if (start >= 0) {
      const lastHead = lines.findIndex((l, i) => i >= start && l.trim() === last.text.split('\n')[0]);
      // The last entry runs on over the lines of its text, in order (blank lines between them skipped).
      let end = Math.max(start, lastHead) + 1;
      let i = end;
      for (const wanted of last.text.split('\n').slice(1).filter((l) => l.trim())) {
        while (i < lines.length && lines[i]!.trim() !== wanted) i++;
        if (i >= lines.length) break;
        end = ++i;
      }
      before = lines.slice(0, start);
      // A table's header rows go with its rows.
      while (before.length && (!before[before.length - 1]!.trim() || cellsOf(before[before.length - 1]!))) before = before.slice(0, -1);
      after = lines.slice(end);
    }
  }
  const head = before.join('\n').trim();
  const tail = after.join('\n').trim();
  const body = entries.map((e, k) => entryLines(k + 1, e, lang)).join('\n\n');
  return [head, body, tail].filter(Boolean).join('\n\n');
}
