// A text's paragraphs as translation reads them: what an edition's windows, its checks and a dual-language export
// pair one for one. A module of its own so the export thread reads it without the room's prompts.

/** A text's paragraphs: blocks between blank lines, trimmed, empty ones out. */
export function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** A block quote's paragraph (verse, a letter, an epigraph): every line opens with Markdown's ">". */
export const isQuoteBlock = (paragraph: string): boolean => paragraph.split('\n').every((line) => /^\s*>/.test(line));

/**
 * A translation in its source paragraph's block: a source block quote's translation is a block quote, each of its
 * lines (a model that flattens a quote into prose, dropping its ">", is given them back); any other as it is.
 * @example inSourceBlock('> Flowers spring to blossom\n> where she walks', 'Bunga mekar\ndi mana dia melangkah') // '>
 * Bunga mekar\n> di mana dia melangkah'
 */
export function inSourceBlock(source: string, translation: string): string {
  if (!isQuoteBlock(source) || isQuoteBlock(translation)) return translation;
  return translation
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `> ${line.replace(/^>\s*/, '')}`)
    .join('\n');
}
