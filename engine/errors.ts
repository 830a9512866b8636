// Error classes (one per kind of failure) and the user-facing message catalogue in en and ms.
import type { Lang } from './spec/types.js';

/** One problem in a spec file: `generators/x.yaml: fields.heatLevel.default: "hot" is not one of …`. */
export interface SpecIssue {
  readonly file: string;
  readonly path: string;
  readonly message: string;
}

export function formatSpecIssue(issue: SpecIssue): string {
  return issue.path ? `${issue.file}: ${issue.path}: ${issue.message}` : `${issue.file}: ${issue.message}`;
}

/** A spec file (or the shared file, or a template) is invalid. Nothing starts with an invalid spec. */
export class SpecError extends Error {
  readonly issues: readonly SpecIssue[];
  constructor(issues: readonly SpecIssue[]) {
    super(issues.map(formatSpecIssue).join('\n'));
    this.name = 'SpecError';
    this.issues = issues;
  }
}

/** The provider config file (karya.config.yaml) is invalid: file, path inside it and the fix. */
export class ProviderConfigError extends Error {
  readonly issues: readonly SpecIssue[];
  constructor(issues: readonly SpecIssue[]) {
    super(issues.map(formatSpecIssue).join('\n'));
    this.name = 'ProviderConfigError';
    this.issues = issues;
  }
}

/** A field problem in user settings: the field, what is wrong, and what is allowed. */
export interface SettingsIssue {
  readonly field: string;
  readonly message: string;
  readonly allowed?: readonly (string | number)[];
}

/** User settings do not satisfy a generator's schema. */
export class SettingsError extends Error {
  readonly issues: readonly SettingsIssue[];
  constructor(issues: readonly SettingsIssue[]) {
    super(issues.map((i) => `${i.field}: ${i.message}`).join('\n'));
    this.name = 'SettingsError';
    this.issues = issues;
  }
}

/** The catalogue of user-facing messages, keyed by a stable code. */
export const CATALOGUE = {
  auth_error: {
    en: 'Authentication error. Please refresh the page and try again.',
    ms: 'Ralat pengesahan. Sila muat semula halaman dan cuba lagi.',
  },
  rate_limited: {
    en: 'Too many requests. Please wait a moment and try again.',
    ms: 'Terlalu banyak permintaan. Sila tunggu sebentar dan cuba lagi.',
  },
  server_error: {
    en: 'Server error. Please try again in a few moments.',
    ms: 'Ralat pelayan. Sila cuba lagi sebentar lagi.',
  },
  service_unavailable: {
    en: 'Service temporarily unavailable. Please try again in a few minutes.',
    ms: 'Perkhidmatan tidak tersedia buat sementara waktu. Sila cuba lagi dalam beberapa minit.',
  },
  timeout: {
    en: 'Content generation timed out after 3 minutes. Please try again.',
    ms: 'Penjanaan kandungan tamat masa selepas 3 minit. Sila cuba lagi.',
  },
  aborted: {
    en: 'Generation timed out. Please try again.',
    ms: 'Penjanaan tamat masa. Sila cuba lagi.',
  },
  no_content: { en: 'No content generated', ms: 'Tiada kandungan dijana' },
  generation_failed: {
    en: 'Failed to generate content. Please try again.',
    ms: 'Gagal menjana kandungan. Sila cuba lagi.',
  },
  config_error: {
    en: 'System configuration error. Please try again.',
    ms: 'Ralat konfigurasi sistem. Sila cuba lagi.',
  },
  init_failed: {
    en: 'Failed to initialize AI service after multiple attempts. Please try again.',
    ms: 'Gagal memulakan perkhidmatan AI selepas beberapa percubaan. Sila cuba lagi.',
  },
  max_retries: {
    en: 'Maximum retry attempts reached. Please try again later.',
    ms: 'Had percubaan semula telah dicapai. Sila cuba lagi kemudian.',
  },
  connection_retry: {
    en: 'Connection error. Retrying... ({n}/{max})',
    ms: 'Ralat sambungan. Mencuba semula... ({n}/{max})',
  },
  init_error: {
    en: 'Failed to initialize AI service. Please try again.',
    ms: 'Gagal memulakan perkhidmatan AI. Sila cuba lagi.',
  },
  insufficient_credits: {
    en: 'Insufficient credits. Please upgrade your plan.',
    ms: 'Kredit tidak mencukupi. Sila naik taraf pelan anda.',
  },
  invalid_chapters: {
    en: 'Please select a valid number of chapters',
    ms: 'Sila pilih bilangan bab yang sah',
  },
  prompt_required: { en: 'Prompt is required', ms: 'Gesaan diperlukan' },
  not_signed_in: { en: 'Please sign in to generate content', ms: 'Sila log masuk untuk menjana kandungan' },
  unexpected: { en: 'An unexpected error occurred', ms: 'Ralat yang tidak dijangka berlaku' },
  image_failed: { en: 'Failed to generate image: {message}', ms: 'Gagal menjana imej: {message}' },
  no_image_url: { en: 'No image URL in response', ms: 'Tiada URL imej dalam respons' },
} as const satisfies Record<string, { en: string; ms: string }>;

export type CatalogueCode = keyof typeof CATALOGUE;

/** The catalogue message for a code, in a language, with {placeholders} filled. */
export function catalogueMessage(code: CatalogueCode, lang: Lang = 'en', vars: Record<string, string> = {}): string {
  return CATALOGUE[code][lang].replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? `{${k}}`);
}

/** A generation failed; `code` is a stable catalogue code, `status` the upstream HTTP status if any. */
export class GenerationError extends Error {
  readonly code: CatalogueCode;
  readonly status?: number;
  readonly isRetryable: boolean;
  constructor(code: CatalogueCode, opts: { status?: number; isRetryable?: boolean; vars?: Record<string, string>; cause?: unknown } = {}) {
    super(catalogueMessage(code, 'en', opts.vars), { cause: opts.cause });
    this.name = 'GenerationError';
    this.code = code;
    this.status = opts.status;
    this.isRetryable = opts.isRetryable ?? false;
  }
}
