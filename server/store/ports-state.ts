// The command line's port on the store (server/store/state.ts opens it): the server's repositories for
// books, series and fingerprints, and the engine's saving port for a step's uncharged save.
import type { ProgressStore } from '../../engine/index.js';
import type { Repositories, UserBook } from './ports.js';

/** A book saved in the state file, by id (`karya books`, `--book ID`): current under its key, or kept. */
export type StateBook = UserBook;

/**
 * The server's repositories that a state file holds: saved books (with their release days), series, near-duplicate
 * fingerprints.
 */
export type StateRepositories = Pick<Repositories, 'books' | 'series' | 'fingerprints'>;

export interface StateFile {
  /**
   * The same repositories as the server's, on this file (server/store/ports.ts): every read and write but a step's
   * save.
   */
  repos: StateRepositories;
  /**
   * The engine's saving port for one owner's books (the CLI writes as "cli"): a step's save, uncharged, and the
   * versions a rewrite replaces.
   */
  progress(owner: string): ProgressStore & { remove(key: string): Promise<boolean> };
  close(): Promise<void>;
}
