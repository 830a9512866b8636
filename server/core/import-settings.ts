// An imported book's own settings on the server: read from the manuscript with one model call
// (server/core/import.ts, as `karya import` reads them), never the generator's defaults silently. The call is
// part of reading the manuscript: not charged, recorded as usage (metered), bounded in time, and it runs only
// within the import's own rate limit. When it fails the defaults stand, each marked `default` in the preview.
// The settings the writer confirmed in the preview (edited there) are saved as given, without a second reading.
import {
  parseSettings,
  SettingsError,
  type BookSpec,
  type BookState,
  type ImportSettings,
  type Provider,
  type ResolvedSpec,
} from '../../engine/index.js';
import type { AppContext } from './context.js';
import { chosenSettings, labelledPremiseOf, readImportSettings } from './import.js';
import { ApiError } from '../errors/api-error.js';

/** The longest a settings reading may take before the defaults stand (a preview is a request the writer waits on). */
const SETTINGS_TIMEOUT_MS = 30_000;

/**
 * The settings read from the manuscript of `state` (a book of `spec` with the defaults), each with its source, and the
 * book with them.
 */
export async function manuscriptSettings(
  ctx: AppContext,
  input: { userId: string; spec: ResolvedSpec & BookSpec; state: BookState; provider?: Provider },
): Promise<{ chosen: ImportSettings; state: BookState }> {
  const { spec, state, userId } = input;
  try {
    return await readImportSettings({
      spec,
      renderer: ctx.catalog.renderer,
      provider: input.provider ?? ctx.provider,
      state,
      signal: AbortSignal.timeout(Math.min(SETTINGS_TIMEOUT_MS, ctx.config.generationTimeoutMs)),
      onRead: (usage) =>
        ctx.repos.generations.recordUsage({
          userId,
          promptType: spec.contentType,
          metadata: { generator: spec.id, step: 'import-settings', calls: 1, ...(usage ? { tokens: usage } : {}) },
        }),
    });
  } catch (error) {
    ctx.logger.info({ err: error }, "the manuscript's settings could not be read: the generator's defaults stand");
    return chosenSettings({ spec, state, writer: {}, read: labelledPremiseOf(spec, state, {}) });
  }
}

/**
 * The settings the writer confirmed in the studio's preview (the import's `settings`, JSON of field names and
 * values): the generator's fields only, a language or chapter count left to the import's own; undefined when none
 * were given. Their values are checked with the book's settings (a SettingsError names the field).
 */
export function confirmedSettings(spec: ResolvedSpec, json: string | undefined): Record<string, unknown> | undefined {
  if (json === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw ApiError.of(400, 'invalid_settings');
  const own = new Set(spec.fields.filter((f) => f.role !== 'language' && f.role !== 'chapters').map((f) => f.name));
  return Object.fromEntries(Object.entries(parsed).filter(([name]) => own.has(name)));
}

/**
 * The generator with no setting required, for a preview or a dry run: it reads and shows the rest before the writer
 * gives the one the book needs.
 */
export function withoutRequired(spec: ResolvedSpec): ResolvedSpec {
  return {
    ...spec,
    fields: spec.fields.map(({ requiredWhen: _when, ...f }) => ({ ...f, required: false })),
  } as ResolvedSpec;
}

/** The settings the book needs that `settings` leave empty (none: the import may go on). */
export function missingSettings(spec: ResolvedSpec, settings: BookState['settings']): string[] {
  try {
    parseSettings(spec, settings);
    return [];
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    return [...new Set(error.issues.filter((i) => i.code === 'required' && i.field).map((i) => i.field!))];
  }
}
