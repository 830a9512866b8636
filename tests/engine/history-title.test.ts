// A history item's title is what the item calls itself (not the generator's name).
import { describe, expect, it } from 'vitest';
import {
  contentTitle,
  historyBookOf,
  historyTitle,
  parseSettings,
  stepHistoryTitle,
  type StepSave,
} from '../../engine/index.js';
import { loadCatalog } from '../../engine/node/load.js';

describe('historyTitle', () => {
  it('takes the first heading, title line or bold line', () => {
    expect(historyTitle('# The Quiet Harbour\n\nBoats sleep.', 'Poems')).toBe('The Quiet Harbour');
    expect(historyTitle('Here is your poem:\n\n## **Moonlight** on the Bay\n\nText', 'Poems')).toBe(
      'Moonlight on the Bay',
    );
    expect(historyTitle('**Kasih Ibu**\n\nIbu yang tersayang', 'Puisi')).toBe('Kasih Ibu');
    expect(historyTitle('Tajuk: Hujan di Kuala Lumpur\n\n1. Bab 1', 'Romance')).toBe('Hujan di Kuala Lumpur');
    expect(historyTitle('Setext Title\n===\n\nBody', 'X')).toBe('Setext Title');
  });

  it('else the first sentence of its first line of text, skipping italic notes', () => {
    expect(
      historyTitle(
        '*Offline demo text: no AI model wrote this.*\n\n_Settings: calm_\n\nThe ' +
          'morning light falls on the street as the next idea takes shape. More.',
        'Poems',
      ),
    ).toBe('The morning light falls on the street as the next idea takes shape.');
    expect(historyTitle('cozy mystery, small town, amateur sleuth', 'Keywords')).toBe(
      'cozy mystery, small town, amateur sleuth',
    );
  });

  it('cuts long titles at a word with an ellipsis', () => {
    const title = historyTitle(`# ${'word '.repeat(60)}`, 'X');
    expect(title.length).toBeLessThanOrEqual(120);
    expect(title.endsWith('word…')).toBe(true);
  });

  it('falls back when there is no text (an image, an empty answer)', () => {
    expect(historyTitle('data:image/png;base64,AAAA', 'Book Cover')).toBe('Book Cover');
    expect(historyTitle('  \n\n', 'Poems')).toBe('Poems');
    expect(contentTitle('Just prose without a title.')).toBeUndefined();
  });
});

describe('a cover and a book part in the history', () => {
  it('a cover is called by the title it was drawn for, not by its image prompt', () => {
    const spec = loadCatalog({ useDiskCache: true }).get('book-cover')!;
    const state = { lang: 'en', settings: parseSettings(spec, { title: 'A Quiet Harbour' }) };
    const save = {
      state,
      text: 'A cinematic portrait book cover, soft dawn light over fishing boats, bold serif lettering',
      step: { kind: 'image' },
      label: 'Cover',
    } as unknown as StepSave;
    expect(stepHistoryTitle(spec, save)).toBe('A Quiet Harbour');
  });

  it("a part's title names its book and its part; other titles have no book", () => {
    expect(historyBookOf('Hujan di Kuala Lumpur — Chapter 3: The Storm')).toEqual({
      book: 'Hujan di Kuala Lumpur',
      part: 'Chapter 3: The Storm',
    });
    expect(historyBookOf('A gripping tale of two rivals')).toBeUndefined();
  });
});
