// The text being written, made renderable while it is still arriving: a marker the model has opened
// but not closed yet (`**bold`, `*it`, a backtick) is closed for the moment, and a marker still being
// typed at the very end (`**`, a heading's `##` with no words yet) waits for its words. So streamed
// Markdown shows formatted from the first word, with no raw markers, and looks the same once complete.

/** `text` with the inline markers of its last paragraph closed and an unfinished trailing marker left out. */
export function closeOpenMarkdown(text: string): string {
  // A heading, list or rule marker alone on the last line: nothing to show yet.
  let out = text.replace(/(^|\n)[ \t]*(#{1,6}|[-*+]|\d+[.)]|>)[ \t]*$/, '$1');
  // Markers typed at the very end, before their first word.
  out = out.replace(/(\*{1,3}|_{2,3}|`+)$/, '');
  const gap = out.lastIndexOf('\n\n');
  const last = gap < 0 ? out : out.slice(gap + 2);
  let closing = '';
  // Inline code first: markers inside it are text.
  const ticks = (last.match(/`/g) ?? []).length;
  if (ticks % 2 === 1) return out + '`';
  const bare = last.replace(/`[^`]*`/g, '');
  const strong = (bare.match(/\*\*/g) ?? []).length;
  const withoutStrong = bare.replace(/\*\*/g, '');
  // A `*` that starts a list item ("* item") is not emphasis.
  const em = (withoutStrong.replace(/(^|\n)[ \t]*\*[ \t]/g, '$1').match(/\*/g) ?? []).length;
  const underStrong = (bare.match(/__/g) ?? []).length;
  if (em % 2 === 1) closing += '*';
  if (strong % 2 === 1) closing += '**';
  if (underStrong % 2 === 1) closing += '__';
  // A closing marker after a space is not read as one: close right after the last word.
  return closing ? out.replace(/\s+$/, '') + closing : out;
}
