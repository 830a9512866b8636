// GET /api/books/:id/story-map[?as_of=N]: a book's story map (engine/session/story-map/), its owner's only. The
// answer's schema is the one `karya map --json` prints, made by the session (below the contract) and named here.
import * as z from 'zod';
export { StoryMapSchema, type StoryMap } from '../session/story-map/light.js';

/** `as_of`: the part the map is as of (0 the introduction, N chapter N); past the last part written, the last. */
export const StoryMapQuerySchema = z.strictObject({
  as_of: z.coerce.number<number | string>().int().min(0).max(10_000).optional(),
});
