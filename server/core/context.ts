// What every route needs, built once per server (or per test).
import type { Logger } from 'pino';
import type { Catalog } from '../../engine/index.js';
import type { Provider, SpeechVoice } from '../../engine/node.js';
import type { ServerConfig } from './config.js';
import type { Repositories } from '../store/ports.js';
import type { Mailer } from './mail.js';
import type { StepHooks, StepRequest } from './step-request.js';
import type { Checkout } from './payments.js';

/** Runs generation steps somewhere else than this request's process (the Postgres job queue). */
export interface StepDispatcher {
  run(request: StepRequest, hooks: StepHooks): Promise<void>;
  /** Stop the user's step running in another process (Stop): what it charged, or null when none runs. */
  stop?(input: { userId: string; bookType: string }): Promise<{ charged: number } | null>;
}

export interface AppContext {
  config: ServerConfig;
  /** Storage: every route and module reaches the database through these repositories only. */
  repos: Repositories;
  catalog: Catalog;
  provider: Provider;
  logger: Logger;
  mailer: Mailer;
  /** Set with Postgres: steps go through the job queue to whichever worker takes them. */
  steps?: StepDispatcher;
  /** Stripe Checkout, when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set. */
  checkout?: Checkout;
  /**
   * The voice the audio edition is read in (server/core/audiobook.ts); unset: the environment's (the `speech:` block,
   * KARYA_SPEECH_URL, else espeak-ng).
   */
  speech?: () => SpeechVoice;
}
