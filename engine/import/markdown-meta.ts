// A Markdown manuscript's own metadata, as pandoc writes and reads it: a YAML metadata block at the very top
// (`---` … `---` or `...`: its `title`, `author` — one, or a list — and `lang`), or a pandoc title block
// (`% Title`, `% Author; Author`, `% Date`). Taken off the text (it is no part of the book) and read as a
// DOCX's or an EPUB's properties are: the title and author the file names. Only those three keys are read, each a
// plain or quoted scalar or a list of them; anything else in the block is left alone. Pure.

export interface MarkdownMeta {
  title?: string;
  author?: string;
  language?: string;
}

const unquoted = (v: string) =>
  v
    .trim()
    .replace(/^(['"])(.*)\1$/, '$2')
    .trim();

/** A block's scalar or list value of `key`: `key: X`, `key: [A, B]`, or `key:` followed by `- A` lines. */
function valueOf(lines: readonly string[], key: string): string | undefined {
  const at = lines.findIndex((l) => new RegExp(`^${key}\\s*:`, 'i').test(l));
  if (at < 0) return undefined;
  const rest = lines[at]!.replace(/^[^:]*:/, '').trim();
  let items: string[];
  if (rest.startsWith('[') && rest.endsWith(']')) items = rest.slice(1, -1).split(',').map(unquoted);
  else if (rest && rest !== '|' && rest !== '>') items = [unquoted(rest)];
  else {
    items = [];
    for (const line of lines.slice(at + 1)) {
      const item = /^\s+-\s+(.*)$/.exec(line);
      if (!item) break;
      // A list of mappings (`- name: A`) names each by its name.
      items.push(unquoted(item[1]!.replace(/^name\s*:\s*/i, '')));
    }
  }
  const value = items.filter(Boolean).join('; ');
  return value || undefined;
}

/** The text without its metadata block or title block, and what they named (nothing when it has neither). */
export function markdownMeta(text: string): { text: string; meta: MarkdownMeta } {
  const yaml = /^(?:\uFEFF)?---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text);
  if (yaml && /^\s*[A-Za-z_][\w-]*\s*:/m.test(yaml[1]!)) {
    const lines = yaml[1]!.split(/\r?\n/);
    const title = valueOf(lines, 'title');
    const author = valueOf(lines, 'author');
    const language = valueOf(lines, 'lang');
    return {
      text: text.slice(yaml[0].length),
      meta: { ...(title ? { title } : {}), ...(author ? { author } : {}), ...(language ? { language } : {}) },
    };
  }
  const block = /^(?:\uFEFF)?(%[^\n]*(?:\r?\n%[^\n]*){0,2})(?:\r?\n|$)/.exec(text);
  if (block) {
    const [title, author] = block[1]!.split(/\r?\n/).map((l) => l.replace(/^%\s?/, '').trim());
    return {
      text: text.slice(block[0].length),
      meta: {
        ...(title ? { title } : {}),
        ...(author
          ? {
              author: author
                .split(/\s*;\s*/)
                .filter(Boolean)
                .join('; '),
            }
          : {}),
      },
    };
  }
  return { text, meta: {} };
}
