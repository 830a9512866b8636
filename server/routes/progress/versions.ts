// A part's earlier texts (GET …/versions, kept by rewrites and restores) and one of them back as the part
// (POST …/versions/restore, free).
import {
  bookView,
  checkPartSeen,
  countWords,
  editPart,
  partProvenance,
  progress,
  type BookState,
} from '../../../engine/index.js';
import type { AppContext } from '../../core/context.js';
import { ApiError } from '../../errors/api-error.js';
import { sessionOf } from '../../auth/middleware.js';
import type { ApiRoutes } from '../../http/routes.js';
import type { BookAccess } from './book-access.js';

export function addVersionRoutes(router: ApiRoutes, ctx: AppContext, book: BookAccess): void {
  const { repos } = ctx;
  const { heldBook, proseAt, afterEdit } = book;
  // A part's earlier texts, newest first (kept by rewrites and restores).
  router.on('GET /progress/:bookType/versions', async (req, res) => {
    const { bookType } = req.input.params;
    const { position } = req.input.query;
    const userId = sessionOf(req).user.id;
    if (!(await repos.books.load({ userId, key: bookType }))) throw ApiError.of(404, 'progress_not_found');
    const versions = await repos.versions.list({ userId, key: bookType, position });
    res.json({
      position,
      // How each version's text came to be (a version kept before it was recorded has none).
      versions: versions.map((v) => ({
        version: v.version,
        note: v.note,
        words: countWords(v.text),
        text: v.text,
        ...(v.provenance
          ? {
              provenance: {
                origin: v.provenance.origin,
                ...(v.provenance.passages ? { passages: v.provenance.passages.map((p) => ({ ...p })) } : {}),
              },
            }
          : {}),
        created_at: v.createdAt,
      })),
    });
  });

  // An earlier text back as the part (free: nothing is written); the text it replaces is kept as a version,
  // so a restore can itself be undone. The bible, if it had read the part, is re-derived from it on.
  router.on('POST /progress/:bookType/versions/restore', async (req, res) => {
    const body = req.input.body;
    await heldBook(req, async ({ userId, bookType, spec, state, lang }) => {
      const position = proseAt(spec, state, body.part, lang);
      // Not over a text the writer has not seen (the part changed since the page showed it).
      checkPartSeen(spec, state, position, body.hash);
      const version = await repos.versions.find({ userId, key: bookType, position, version: body.version });
      if (!version) throw ApiError.catalogue(404, 'version_not_found', lang);
      // The version comes back as what it was (the writer's, the model's), not as a hand edit.
      const edit = editPart(spec, state, body.part, version.text, {
        kind: 'restore',
        ...(version.provenance ? { provenance: version.provenance } : {}),
      });
      // The bible stays in force and, if it had read the part, is re-derived from it on (bible-catch-up.ts).
      const restored: BookState = edit.state;
      const kept = await repos.versions.keep({
        userId,
        key: bookType,
        position,
        text: state.content[position]!,
        provenance: partProvenance(state, position),
      });
      if (
        kept === null ||
        !(await repos.books.savePartEdit({ userId, key: bookType, position, text: edit.text, state: restored }))
      ) {
        throw ApiError.catalogue(404, 'part_not_found', lang);
      }
      res.json({
        book: afterEdit({ userId, bookType, spec, state: restored, isMemoryReset: edit.isMemoryReset }),
        kept_version: kept,
      });
    });
  });
}
