// The writer's brief of a book: working title, premise and main characters, told by the fields
// that carry those roles (generators/_shared.yaml gives them to every book through the fiction-book and
// guide-book presets). The outline and every later step carry the brief; the story bible starts from its
// characters. A brief can also come as a Markdown file (`karya generate --brief FILE`): one heading per field.
import { countWords } from '../words.js';
import type { FieldShape, Settings } from '../spec/types.js';
import { readingPattern } from '../reading-words.js';

type WithFields = { readonly fields: readonly FieldShape[] };

export interface BriefCharacter {
  readonly name: string;
  /** Who they are, in the writer's words ('' when only the name was given). */
  readonly role: string;
}

export interface WriterBrief {
  readonly workingTitle: string;
  readonly premise: string;
  readonly characters: readonly BriefCharacter[];
}

const valueOfRole = (spec: WithFields, settings: Settings, role: string): string => {
  const field = spec.fields.find((f) => f.role === role);
  const value = field ? settings[field.name] : undefined;
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * Main characters as the writer lists them: one a line ("Aisyah: a baker in Ipoh", "- Daniel — her rival",
 * "Mak Som (the aunt)"), or one line separated by semicolons.
 */
export function parseBriefCharacters(text: string): BriefCharacter[] {
  const lines = text.includes('\n') ? text.split('\n') : text.split(';');
  const out: BriefCharacter[] = [];
  for (const raw of lines) {
    const line = raw.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim();
    if (!line) continue;
    const m = /^(.+?)\s*(?::|—|–|\s-\s|,|\()\s*(.*?)\)?$/.exec(line);
    const name = (m ? m[1]! : line).replace(/\*\*/g, '').trim();
    const role = m ? m[2]!.trim() : '';
    if (name && countWords(name) <= 6) out.push({ name, role });
    else if (line) out.push({ name: line.split(/\s+/).slice(0, 3).join(' '), role: line });
  }
  return out;
}

/** The brief a book's settings give (empty strings and no characters where the writer left it blank). */
export function writerBriefOf(spec: WithFields, settings: Settings): WriterBrief {
  return {
    workingTitle: valueOfRole(spec, settings, 'workingTitle'),
    premise: valueOfRole(spec, settings, 'premise'),
    characters: parseBriefCharacters(valueOfRole(spec, settings, 'characters')),
  };
}

/** The heading of a brief's chapter notes ("## Chapter notes" / "## Nota bab"), in every language's `reading.brief`. */
const notesHeading = () => readingPattern('^(?:{brief.chapterNotes})$');
/** The heading of a brief's phrases to avoid ("## Avoid" / "## Elakkan"): one phrase a line, or a comma list. */
const avoidHeading = () => readingPattern('^(?:{brief.avoid})$');
/** One chapter's note: "Chapter 3: …", "- Bab 3 — …", "3. …". */
const noteLine = () =>
  readingPattern(String.raw`^\s*(?:[-*•]\s*)?(?:(?:{parts.chapter})\s+)?(\d{1,3})\s*[:.)\-–—]\s*(.+)$`);
/** The fields a brief's common headings name ("Title", "Cast", "POV"), by their words in `reading.brief`. */
const ALIASES = [
  ['title', 'workingTitle'],
  ['characters', 'characters'],
  ['pointOfView', 'pointOfView'],
] as const;

/**
 * A Markdown brief read into settings: each `#`/`##` heading names a field (by its name, or its English or
 * Malay label, case and "(optional)" ignored) and the text under it is the value. Text before the first
 * heading is the premise when the generator has one. Headings that name no field are returned as unknown.
 * A "## Chapter notes" / "## Nota bab" section gives notes per chapter, one a line ("Chapter 3: Aisha
 * finds the letter"; a line that starts no note continues the one before). An "## Avoid" / "## Elakkan" section gives
 * the writer's phrases to keep out of the book, one a line (or a comma list; bullets and quotes taken off).
 */
export function parseBriefMarkdown(
  spec: WithFields,
  text: string,
): { values: Record<string, string>; unknown: string[]; chapterNotes: Record<number, string>; avoid: string[] } {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/\(.*?\)/g, '')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const byName = new Map<string, string>();
  for (const f of spec.fields) {
    if (f.type !== 'text' && f.type !== 'textarea' && f.type !== 'select') continue;
    for (const key of [f.name, ...Object.values(f.label)]) byName.set(norm(key), f.name);
  }
  // Common ways of saying the brief's headings.
  const alias = (heading: string) =>
    ALIASES.find(
      ([key, name]) => spec.fields.some((f) => f.name === name) && readingPattern(`^(?:{brief.${key}})$`).test(heading),
    )?.[1];
  const values: Record<string, string> = {};
  const unknown: string[] = [];
  const chapterNotes: Record<number, string> = {};
  let current: string | null = spec.fields.some((f) => f.name === 'premise') ? 'premise' : null;
  let isNotes = false;
  let isAvoid = false;
  const avoid: string[] = [];
  let lastNote = 0;
  let buffer: string[] = [];
  const flush = () => {
    const value = buffer.join('\n').trim();
    if (current && value) values[current] = values[current] ? `${values[current]}\n${value}` : value;
    buffer = [];
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      isNotes = notesHeading().test(norm(heading[1]!));
      isAvoid = avoidHeading().test(norm(heading[1]!));
      lastNote = 0;
      const name = isNotes || isAvoid ? undefined : (byName.get(norm(heading[1]!)) ?? alias(norm(heading[1]!)));
      if (!name && !isNotes && !isAvoid) unknown.push(heading[1]!);
      current = name ?? null;
      continue;
    }
    if (isAvoid) {
      const item = line.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim();
      if (item)
        avoid.push(
          ...item
            .split(/\s*[,;]\s*/)
            .map((p) => p.replace(/^["“'‘]+|["”'’]+$/g, '').trim())
            .filter(Boolean),
        );
      continue;
    }
    if (isNotes) {
      const note = noteLine().exec(line);
      if (note && Number(note[1]) >= 1) {
        lastNote = Number(note[1]);
        chapterNotes[lastNote] = chapterNotes[lastNote]
          ? `${chapterNotes[lastNote]}\n${note[2]!.trim()}`
          : note[2]!.trim();
      } else if (lastNote && line.trim()) chapterNotes[lastNote] += `\n${line.trim()}`;
      continue;
    }
    buffer.push(line);
  }
  flush();
  // A select takes the option whose value or label the writer typed.
  for (const f of spec.fields) {
    const given = values[f.name];
    if (f.type !== 'select' || given === undefined) continue;
    const want = norm(given);
    const option = (f.options ?? []).find((o) =>
      [String(o.value), ...Object.values(o.label)].some((x) => norm(x) === want),
    );
    values[f.name] = option ? String(option.value) : given;
  }
  return { values, unknown, chapterNotes, avoid };
}
