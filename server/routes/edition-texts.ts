// An edition's words the writer sets and reads (server/routes/editions.ts registers them with the editions): the
// glossary the edition holds fast, read and written per source and language; the edition's title and its chapters'
// titles; the side-by-side view (by the edition's id), which pairs its paragraphs with its source's, those whose
// source changed since marked: two whole books read and paired, so it takes one of the writer's fair shares and
// runs in one of the server's turns (server/http/security.ts).
import type { Request } from 'express';
import {
  bookSummary,
  canTitleEdition,
  cleanTerm,
  cleanTitle,
  MAX_GLOSSARY_TERMS,
  sideBySide,
  withEditionTitle,
  type Lang,
} from '../../engine/index.js';
import type { AppContext } from '../core/context.js';
import { requestLang } from '../auth/middleware.js';
import { ApiError } from '../errors/api-error.js';
import { bookOf, editionFor, glossaryFrom, sourceFor } from '../core/editions.js';
import type { ApiRoutes } from '../http/routes.js';
import { fairShare, sharesOf } from '../http/security.js';

/** A saved book as the store finds it. */
export type SavedBookRow = NonNullable<Awaited<ReturnType<AppContext['repos']['books']['find']>>>;

/** The glossary's, the side-by-side view's and the titles' routes, on the editions' router. */
export function editionTextRoutes(ctx: AppContext, router: ApiRoutes, userId: (req: Request) => string): void {
  const { repos } = ctx;
  router.on('GET /books/:id/editions/:lang/glossary', async (req, res) => {
    const owner = userId(req);
    const { id, lang: to } = req.input.params;
    const { book } = await sourceFor(ctx, { userId: owner, id, to, lang: requestLang(req) });
    const { link } = await editionFor(ctx, { userId: owner, sourceId: book.id, to });
    const glossary = glossaryFrom(book.state, link);
    res.json({ terms: glossary.terms, is_writers: glossary.isWriters, max_terms: MAX_GLOSSARY_TERMS });
  });

  router.on('PUT /books/:id/editions/:lang/glossary', async (req, res) => {
    const owner = userId(req);
    const { id, lang: to } = req.input.params;
    const { book } = await sourceFor(ctx, { userId: owner, id, to, lang: requestLang(req) });
    // Saved while the edition is being made, it holds from the next part on (server/core/editions.ts reads it as
    // each part starts). Control and bidirectional characters out, as from every other text a writer gives (a
    // U+202E would turn the rendering round).
    const terms = req.input.body.terms
      .map((t) => ({
        term: cleanTerm(t.term),
        rendering: cleanTerm(t.rendering),
        ...(t.gender ? { gender: t.gender } : {}),
      }))
      .filter((t) => t.term && t.rendering);
    await repos.editions(owner).saveGlossary({ sourceId: book.id, lang: to, glossary: terms });
    res.json({ terms, is_writers: true, max_terms: MAX_GLOSSARY_TERMS });
  });

  const shares = sharesOf(ctx);
  router.on('GET /books/:id/side-by-side', fairShare(shares, userId), async (req, res) => {
    const owner = userId(req);
    const lang = requestLang(req);
    res.json(
      await shares.run(async () => {
        const { book: edition, spec } = await bookOf(ctx, { userId: owner, id: req.input.params.id, lang });
        const link = await repos.editions(owner).ofEdition(edition.id);
        const source = link ? await repos.books.find({ userId: owner, id: link.sourceId }) : null;
        if (!link || !source) throw ApiError.catalogue(404, 'edition_not_found', lang);
        return sideBySideAnswer({ spec, source, edition, hashes: link.hashes, lang });
      }),
    );
  });

  // The writer retitles an edition (its title was its source's, translated by the model when it was made); every
  // export takes it.
  router.on('PUT /books/:id/edition-title', async (req, res) => {
    const owner = userId(req);
    const lang = requestLang(req);
    const { book: edition, spec } = await bookOf(ctx, { userId: owner, id: req.input.params.id, lang });
    if (!(await repos.editions(owner).ofEdition(edition.id)) || !canTitleEdition(spec)) {
      throw ApiError.catalogue(404, 'edition_not_found', lang);
    }
    const title = cleanTitle(req.input.body.title);
    if (!title) throw ApiError.catalogue(400, 'edition_bad_title', lang, { max: '120' });
    const state = withEditionTitle(spec, edition.state, title);
    await repos.books.saveSettings({ userId: owner, key: edition.key, settings: state.settings });
    res.json({ id: edition.id, title: bookSummary(spec, state).title });
  });

  // The writer retitles one of an edition's chapters (translated with its part when it was made); every export
  // takes it.
  router.on('PUT /books/:id/edition-chapter-title', async (req, res) => {
    const owner = userId(req);
    const lang = requestLang(req);
    const { book: edition } = await bookOf(ctx, { userId: owner, id: req.input.params.id, lang });
    if (!(await repos.editions(owner).ofEdition(edition.id))) throw ApiError.catalogue(404, 'edition_not_found', lang);
    const { position } = req.input.body;
    const title = cleanTitle(req.input.body.title);
    if (!title) throw ApiError.catalogue(400, 'edition_bad_title', lang, { max: '120' });
    if (!(await repos.books.saveChapterTitle({ userId: owner, key: edition.key, position, title }))) {
      throw ApiError.catalogue(404, 'part_not_found', lang);
    }
    res.json({ id: edition.id, position, title });
  });
}

/** The side-by-side answer: each part's paragraphs paired, those whose source changed since marked stale. */
function sideBySideAnswer(input: {
  spec: Parameters<typeof sideBySide>[0]['spec'] & Parameters<typeof bookSummary>[0] & { cost: number };
  source: SavedBookRow;
  edition: SavedBookRow;
  hashes: Parameters<typeof sideBySide>[0]['hashes'];
  lang: Lang;
}) {
  const { spec, source, edition } = input;
  const { hashes, lang: pageLang } = input;
  const parts = sideBySide({ spec, source: source.state, edition: edition.state, hashes, pageLang });
  const again = parts.filter((p) => p.staleCount > 0).length;
  return {
    source: { id: source.id, title: bookSummary(spec, source.state).title, lang: source.state.lang },
    edition: {
      id: edition.id,
      title: bookSummary(spec, edition.state).title,
      lang: edition.state.lang,
      generator_id: spec.id,
      is_current: edition.key === edition.bookType,
    },
    parts: parts.map((p) => ({
      position: p.position,
      label: p.label,
      title: p.title,
      pairs: p.pairs.map((x) => ({
        source: x.source,
        edition: x.edition,
        is_stale: x.isStale,
        is_affected: x.isAffected,
        is_untranslated: x.isUntranslated,
      })),
      stale: p.staleCount,
      untranslated: p.untranslatedCount,
    })),
    stale_paragraphs: parts.reduce((n, p) => n + p.staleCount, 0),
    untranslated_paragraphs: parts.reduce((n, p) => n + p.untranslatedCount, 0),
    again: { parts: again, per_part: spec.cost, total: again * spec.cost },
  };
}
