// What every route needs, built once per server (or per test).
import type { Logger } from 'pino';
import type { Catalog } from '../engine/index.js';
import type { Provider } from '../engine/providers/index.js';
import type { ServerConfig } from './config.js';
import type { Repositories } from './store/ports.js';
import type { Mailer } from './mail.js';

export interface AppContext {
  config: ServerConfig;
  /** Storage: every route and module reaches the database through these repositories only. */
  repos: Repositories;
  catalog: Catalog;
  provider: Provider;
  logger: Logger;
  mailer: Mailer;
}
