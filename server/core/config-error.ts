// A server setting refused at start (server/core/config-env.ts, audio-config.ts) as data: a code and its params
// (the variable's name, the value given, what is allowed), worded in the operator's language where it is shown
// (`karya serve` and `karya worker` say it in their locale's). Its `message` is English, for logs and tests. The
// words are in languages/<code>/errors-config.yaml, English's too.
import { catalogue, KaryaError, langs, sayer, type ErrorParams, type Lang } from '../../engine/index.js';

const WORDS = catalogue('errors-config', [
  'config_whole_number',
  'config_audio_chars',
  'config_trust_any',
  'config_trust_proxy',
  'config_public_url',
  'config_allowed_hosts',
  'config_database_url',
  'config_one_of',
  'config_not_url',
  'config_not_http',
  'config_topup_entry',
  'config_stripe_half',
  'config_password_file',
  'config_password_email',
  'config_password_short',
  'config_metrics_token',
  'config_scrypt_production',
]);
const say = sayer(WORDS);

export type ConfigErrorCode = keyof typeof WORDS;

/** A setting of the environment the server cannot start with. */
export class ConfigError extends KaryaError {
  constructor(
    readonly code: ConfigErrorCode,
    override readonly params: ErrorParams,
  ) {
    super(say(code, langs()[0]!, params));
    this.name = 'ConfigError';
  }

  override messageIn(lang: Lang): string {
    return say(this.code, lang, this.params);
  }
}
