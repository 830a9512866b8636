// English lines in what a command printed for a writer of another language (tests of Indonesian runs).

/** Everyday English words no Indonesian line holds (and none of the names it may quote). */
const ENGLISH =
  // One pattern: its word list in two halves, each a regex of its own, for the line's length.
  new RegExp(
    `\\b(?:${/the|is|are|of|and|not|was|has|with|for|own|as|waits|cost|parts?|words|written|step/.source}` +
      `|${/using|set|credits?|this|run|package|making|already|given/.source})\\b`,
    'i',
  );

/**
 * The lines of `stderr` that read as English once names are taken out (quoted text, links and a linked page's title,
 * paths, flags, JSON shapes, code, an argument's <name>).
 */
export function englishLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => {
    // A help page named with its link: its title (from its first quote or parenthesis up to the link) is the store's.
    const linked = line.replace(/["“(][^]*?(?=https?:)/, ' ');
    // A JSON shape a --json option prints ({books: [{id, title, words}]}) names fields, and `code` is code: neither is
    // read.
    let shapes = linked.replace(/`[^`]*`|<[a-z-]+>/g, ' ');
    for (let before = ''; before !== shapes;) [before, shapes] = [shapes, shapes.replace(/\{[^{}]*\}/g, ' ')];
    const text = shapes
      .replace(/“[^”]*”|"[^"]*"/g, ' ')
      .replace(/\S*\/\S*/g, ' ')
      .replace(/--[a-z-]+/g, ' ');
    return ENGLISH.test(text);
  });
}
