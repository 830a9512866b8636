// End to end: axe-core finds no serious or critical violation on the studio's pages that
// tests/e2e/a11y-themes.test.ts does not read (Top Up is read there, in the same combinations), in every language of
// the table (langs(), not a hand list) and in both themes, at 1366 and 390 px: a finished romance's story map (a
// character dead from Chapter 3, an overdue thread, the findings of a part: every state its cells and lanes show),
// its series' page (book 1), the side-by-side page of an edition, and the cover generator's form (read at 1366 px only
// by tests/e2e/a11y-walk.test.ts). The Publishing Guide (with the sidebar) and the change of password are read by
// a11y-walk in the same combinations at the same two widths (they were read here too, the same page states twice in
// the suite). One writer: a romance written through the API against a fake model (tests/story-map-book.ts), and one
// imported in the fake translator's words whose edition is made over the API (tests/fake-translator.ts); the studio
// opened once.
// The readings are tests/e2e/axe.ts combosOf's: the first language in the light theme with all of axe's rules, then
// the dark theme with the rules a theme can break, then each other language with the rules words can break.
import { afterAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeInChromium, fakeModel, openRoute } from './helpers.js';
import { asWriter, setCredits, signInPage, signUpWriter, type Writer } from './seed.js';
import { combosOf, problemsAtWidths, showIn } from './axe.js';
import { storyMapBook } from '../story-map-book.js';
import { fakeTranslator, WORD_MAP } from '../fake-translator.js';
import { CHAPTERS, chapterParagraphs } from '../translate/book.js';
import { langs } from '../../engine/index.js';

const PASSWORD = 'secret12';
const translator = fakeTranslator();
const model = fakeModel({
  answer: storyMapBook('en'),
  reply: (body) => translator.reply(body),
  props: true,
  contextTokens: 32_768,
});
afterAll(() => model.close());

/** The 5-chapter romance written to its end through the API, as the studio's Generate button does, step by step. */
async function writeRomance(writer: Writer): Promise<void> {
  for (let i = 1; i <= 12; i++) {
    const res = await asWriter(writer, '/generators/romance/generate', {
      body: { settings: { numberOfChapters: 5, language: 'en' } },
    });
    const { book } = (await res.json()) as { book?: { is_finished?: boolean } | null };
    if (!book) throw new Error(`the romance's step ${i} answered ${res.status} and no book`);
    if (book.is_finished) return;
  }
  throw new Error('the romance is not finished after 12 steps');
}

describeInChromium(
  'accessibility of the story map, a series, an edition side by side and the guide in every language',
  { what: 'fake model writing and translating the story-map romance', serve: model.serve, forAxe: true },
  (app) => {
    it('no serious or critical finding in any language of the table, in both themes, at 1366 and 390 px', async () => {
      const combos = combosOf(langs());
      expect(combos.map((c) => c.lang)).toEqual(expect.arrayContaining(['en', 'ms', 'id']));
      const writer = await signUpWriter(app.base, 'axe.pages@e2e.test', { password: PASSWORD, lang: combos[0]!.lang });
      await setCredits(writer, app.karya.adminEmail, 60);
      await writeRomance(writer);
      const { books } = (await (await asWriter(writer, '/books')).json()) as { books: Array<{ id: number }> };
      const source = books[0]!.id;
      // The edition's source: a romance in the fake translator's words, imported as My Books' import does.
      const text = [
        '# Lantern Bay',
        ...Array.from({ length: CHAPTERS }, (_, i) =>
          [`## Chapter ${i + 1}: ${WORD_MAP[i]![0]}`, ...chapterParagraphs(i + 1, 'en')].join('\n\n'),
        ),
      ].join('\n\n');
      await asWriter(writer, '/books/import?file=romance.md&generator=romance&lang=en', {
        body: text,
        type: 'text/markdown',
      });
      const imported = (
        (await (await asWriter(writer, '/books')).json()) as { books: Array<{ id: number }> }
      ).books.find((b) => b.id !== source)!.id;
      const made = await asWriter(writer, `/books/${imported}/editions`, {
        body: { to: combos.find((c) => c.lang !== combos[0]!.lang)!.lang },
      });
      expect(made.status, await made.clone().text()).toBe(200);
      const { edition } = (await made.json()) as { edition: { id: number } };

      // The finished romance made book 1 of a series, as My Books' "Write the next book" does.
      const started = await asWriter(writer, '/series', {
        body: { name: 'Penang Bakery', lang: combos[0]!.lang, book_id: source },
      });
      const { series } = (await started.json()) as { series: { id: number } };

      const page = await app.open({ width: 1366, height: 900 });
      await signInPage(page, writer);
      const problems: string[] = [];
      const pages: Array<[string, string, (p: Page) => Promise<void>]> = [
        // The story map as of its last part (every state), the findings' section at the bottom.
        [
          `/books/${source}/story-map`,
          '[data-testid="story-map-table"]',
          async (p) => void (await p.locator('[data-gone="true"]').first().waitFor({ state: 'attached' })),
        ],
        [`/series/${series.id}`, '[data-testid="series-books"]', async () => undefined],
        [`/books/${edition.id}/side-by-side`, '[data-testid="paragraph-pair"]', async () => undefined],
        ['/book-cover', 'main form', async () => undefined],
      ];
      for (const [route, ready, more] of pages) {
        await openRoute(page, app.base, route, ready);
        await more(page);
        for (const combo of combos) {
          await showIn(page, combo);
          // The sidebar is left out: it is the same on every page, read with the dashboard and the guide by a11y-walk.
          for (const v of await problemsAtWidths(page, ['aside'], combo.rules, { putBack: false }))
            problems.push(`${route} ${combo.lang}/${combo.theme}: ${v}`);
        }
        await page.setViewportSize({ width: 1366, height: 900 });
        await showIn(page, combos[0]!);
      }
      expect(problems).toEqual([]);
    }, 240_000);
  },
);
