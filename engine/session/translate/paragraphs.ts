// A text's paragraphs as translation reads them: what an edition's windows, its checks and a dual-language export
// pair one for one. A module of its own so the export thread reads it without the room's prompts.

/** A text's paragraphs: blocks between blank lines, trimmed, empty ones out. */
export function paragraphsOf(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/).map((p) => p.trim()).filter(Boolean);
}
