// The author an imported manuscript names (its title page's byline, Gutenberg's `Author:` line, the file's
// metadata) is the book's: publishing takes it as the book's own (no pen-name step, no credits spent on one, the
// package's author is it), a writer's --author still wins, and the book keeps it when saved and read back.
import { describe, expect, it } from 'vitest';
import { parseSettings, restoreBook } from '../../engine/index.js';
import { splitManuscript } from '../../engine/import/index.js';
import { loadCatalog } from '../../engine/node/load.js';
import { publishStepsOf, writePackageParts } from '../../engine/publish/index.js';
import { importedBookOf } from '../../engine/session/import/book.js';
import { renderCoverPng } from '../../engine/providers/cover.js';

const catalog = loadCatalog({ useDiskCache: false });
const specOf = (id: string) => catalog.get(id);
const prose = (who: string, n: number) =>
  Array.from(
    { length: n },
    (_, i) => `${who} rowed across the lake on the ${i + 1}th night and listened to the ice.`,
  ).join(' ');

function importedBook() {
  const spec = catalog.get('romance')!;
  const text = [
    'THE ICE LAKE',
    '',
    'by Margaret Saville',
    '',
    '',
    'Chapter 1',
    '',
    prose('Margaret', 4),
    '',
    'Chapter 2',
    '',
    prose('Robert', 4),
  ].join('\n');
  const split = splitManuscript(text);
  expect(split.author).toBe('Margaret Saville');
  return {
    spec,
    state: importedBookOf({
      spec,
      manuscript: split,
      settings: parseSettings(spec, {}),
      file: 'ice.txt',
      ...(split.title ? { title: split.title } : {}),
      ...(split.author ? { author: split.author } : {}),
    }),
  };
}

describe("an imported book's author", () => {
  it("is the book's own to publishing: the author step is skipped at no cost; a given --author wins", () => {
    const { spec, state } = importedBook();
    expect(state.author).toBe('Margaret Saville');
    expect(publishStepsOf({ book: spec, state, specOf }).steps.find((s) => s.part === 'author')).toMatchObject({
      cost: 0,
      skipped: 'book',
    });
    expect(
      publishStepsOf({ book: spec, state, specOf, given: { author: 'Mary Shelley' } }).steps.find(
        (s) => s.part === 'author',
      ),
    ).toMatchObject({ cost: 0, skipped: 'given' });
  });

  it('the package names it, and the book keeps it when read back from its store', async () => {
    const { spec, state } = importedBook();
    const parts = await writePackageParts({
      book: spec,
      state,
      specOf,
      runStep: async (step) =>
        step.spec.kind === 'image'
          ? { text: 'cover', png: renderCoverPng({ prompt: 'x', size: step.spec.image!.size }) }
          : { text: 'The Ice Lake\n\n1. keyword one\n2. keyword two' },
    });
    expect(parts.author).toBe('Margaret Saville');
    expect(restoreBook(spec, JSON.parse(JSON.stringify(state)))?.author).toBe('Margaret Saville');
  });
});
