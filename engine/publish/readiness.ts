// readiness.json of a package, per channel (engine/publish/channels.ts): every check a store's upload
// would make that we can make here, each from a rule of the registry (readiness/, one file a rule, each
// naming the published rule it comes from); each with pass, fail, warn, skipped or "check" (we could not
// confirm it: verify on the page named), and what to fix. A channel is ready when nothing fails and nothing
// is left to check; the package is ready when every channel is. Every label, detail and fix is a text of
// the catalogue (readiness-words.ts): kept as code and values in `text`, and written out in the book's language.
import type { Lang } from '../spec/types.js';
import { CHANNELS, CHANNEL_IDS, type ChannelId } from './channels.js';
import { READINESS_RULES } from './readiness/index.js';
import {
  checkWords,
  readinessText,
  say,
  type Audience,
  type ReadinessCheckText,
  type ReadinessText,
} from './readiness-words.js';
import type {
  CheckStatus,
  ReadinessCheck,
  ChannelReadiness,
  Readiness,
  ReadinessInput,
  Said,
} from './readiness-types.js';

// The report's shapes and what a check reads (the package's files, its metadata, the cover) live in
// readiness-types.ts; named here too.
export {
  EBOOK_COVER,
  offlineMarkers,
  demoMarker,
  hasOfflineText,
  COVER_ART_MIN_WIDTH,
  type CheckStatus,
  type ReadinessCheck,
  type ChannelReadiness,
  type Readiness,
  type EpubcheckResult,
  type AceResult,
  type ReadinessInput,
  type CoverContent,
} from './readiness-types.js';
export { READINESS_RULES } from './readiness/index.js';

const isChannelReady = (checks: readonly ReadinessCheck[]) =>
  checks.every((c) => c.status !== 'fail' && c.status !== 'check');

const asList = (said: Said): ReadinessText[] =>
  Array.isArray(said) ? [...(said as readonly ReadinessText[])] : [said as ReadinessText];

/**
 * Every check of a package for every channel (CHANNELS), in the order of READINESS_RULES, said in `lang`
 * (by default the book's language) for `audience` (by default the writer's words; `cli` names the
 * command's options).
 */
export function packageReadiness(
  input: ReadinessInput,
  lang: Lang = input.metadata.language,
  audience: Audience = 'writer',
): Readiness {
  const channels = {} as Record<ChannelId, ChannelReadiness>;
  for (const id of CHANNEL_IDS) {
    const channel = CHANNELS[id];
    const checks = READINESS_RULES.filter((r) => r.appliesTo(channel) && (r.when?.(input) ?? true)).map(
      (r): ReadinessCheck => {
        const result = r.evaluate(input, channel);
        const text: ReadinessCheckText = {
          label: r.label(input, channel),
          ...(result.detail !== undefined ? { detail: asList(result.detail) } : {}),
          ...(result.fix !== undefined ? { fix: asList(result.fix) } : {}),
        };
        const words = checkWords({ label: '', text }, lang, audience);
        return {
          id: r.id,
          label: words.label,
          status: result.status,
          ...(words.detail !== undefined ? { detail: words.detail } : {}),
          ...(words.fix ? { fix: words.fix } : {}),
          source: r.source(input, channel),
          text,
        };
      },
    );
    channels[id] = { name: channel.name, ready: isChannelReady(checks), checks };
  }
  return { ready: CHANNEL_IDS.every((id) => channels[id].ready), channels };
}

/** The channels a package is ready for, by id. */
export function readyChannels(readiness: Readiness): ChannelId[] {
  return CHANNEL_IDS.filter((id) => readiness.channels[id]?.ready);
}

/**
 * The readiness as lines for a terminal, in `lang` and the command line's words (`batch`: karya batch's): first the
 * checks every
 * channel shares (the same outcome everywhere), once; then per channel its verdict and only the checks
 * that differ, with the fix under each failure.
 */
export function formatReadiness(readiness: Readiness, lang: Lang = 'en', audience: 'cli' | 'batch' = 'cli'): string {
  const mark: Record<CheckStatus, string> = { pass: '✓', fail: '✗', warn: '!', skipped: '–', check: '?' };
  const words = (code: Parameters<typeof say>[0], params?: Parameters<typeof say>[1]) =>
    readinessText(say(code, params), lang, audience);
  const checkLines = (check: ReadinessCheck, indent: string): string[] => {
    const c = checkWords(check, lang, audience);
    const skipped = check.status === 'skipped' ? ` ${words('summary.skipped')}` : '';
    const line = `${indent}${mark[check.status]} ${c.label}${c.detail ? `: ${c.detail}` : ''}${skipped}`;
    const hasFix = (check.status === 'fail' || check.status === 'warn' || check.status === 'check') && c.fix;
    return hasFix ? [line, `${indent}    ${words('summary.fix', { fix: c.fix! })}`] : [line];
  };
  const channels = CHANNEL_IDS.map((id) => readiness.channels[id]).filter((c): c is ChannelReadiness => Boolean(c));
  const said = (check: ReadinessCheck) => checkLines(check, '').join('\n');
  // A check is shared when every channel has it, said the same way.
  const shared = (channels[0]?.checks ?? []).filter((check) =>
    channels.every((c) => c.checks.some((x) => x.id === check.id && said(x) === said(check))),
  );
  const sharedIds = new Set(shared.map((c) => c.id));
  const lines: string[] = [];
  if (shared.length && channels.length > 1) {
    lines.push(`  ${words('summary.shared')}`);
    for (const check of shared) lines.push(...checkLines(check, '    '));
  }
  for (const channel of channels) {
    const failedCount = channel.checks.filter((c) => c.status === 'fail').length;
    const toCheck = channel.checks.filter((c) => c.status === 'check').length;
    const why = [
      failedCount ? words('summary.failed', { n: failedCount }) : '',
      toCheck ? words('summary.to-check', { n: toCheck }) : '',
    ]
      .filter(Boolean)
      .join(', ');
    lines.push(`  ${channel.name}: ${channel.ready ? words('summary.ready') : words('summary.not-ready', { why })}`);
    for (const check of channel.checks)
      if (channels.length < 2 || !sharedIds.has(check.id)) lines.push(...checkLines(check, '    '));
  }
  const ready = readyChannels(readiness).map((id) => readiness.channels[id].name);
  const some = () => (ready.length ? words('summary.some', { channels: ready.join(', ') }) : words('summary.none'));
  lines.push(`  ${readiness.ready ? words('summary.every') : some()}`);
  return lines.join('\n');
}
