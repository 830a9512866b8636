// What the contract says about one route (routes.ts's table holds one for each): the schemas of its params, query,
// body and answer, its events or its file, and the bound of a file it takes.
import type * as z from 'zod';
import type { CatalogueCode } from '../errors.js';

/**
 * A file route's bound: its bytes at most, the types it takes, and the catalogue's refusal of a larger file (the studio
 * refuses one before it sends it).
 */
export interface UploadLimit {
  readonly maxBytes: number;
  readonly types: readonly string[];
  readonly tooLarge: CatalogueCode;
}

/** What the contract says about one route. */
export interface RouteDef {
  readonly params?: z.ZodType;
  /** Request headers the route reads (names in lower case), beyond the cookie and Content-Type. */
  readonly headers?: z.ZodType;
  /** Response headers the route may answer with, beyond Content-Type and Set-Cookie. */
  readonly replyHeaders?: readonly string[];
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The JSON answer on success (absent for an event stream). */
  readonly response?: z.ZodType;
  /** The success status when it is not 200. */
  readonly status?: 201 | 202;
  /** An event stream: event name → schema of its data. */
  readonly events?: Readonly<Record<string, z.ZodType>>;
  /**
   * A file download: the body is the file, with its Content-Type and `Content-Disposition: attachment;
   * filename="…"` (the export routes: engine/contract/books.ts EXPORT_FILE_TYPES).
   */
  readonly file?: true;
  /**
   * The request's body is a file's bytes as they are (any content type but JSON), at most `maxBytes`:
   * an imported manuscript (engine/contract/import.ts).
   */
  readonly upload?: UploadLimit;
}
