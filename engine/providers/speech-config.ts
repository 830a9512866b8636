// Which speech servers read the audio edition, configured like the text providers: the `speech:` block of
// karya.config.yaml (one server, or a list that rotates) (or the file KARYA_CONFIG names), else KARYA_SPEECH_URL (+
// KARYA_SPEECH_MODEL, KARYA_SPEECH_VOICE,
// KARYA_SPEECH_VOICE_<LANG>, KARYA_SPEECH_FORMAT, the key in the variable KARYA_SPEECH_KEY_ENV names, else
// OPENAI_API_KEY); with neither, the offline demo voice (espeak-ng). Keys are only ever read from environment
// variables (by reference) and held in a Secret.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { SpecError, type SpecIssue } from '../errors.js';
import { fullYaml } from '../yaml.js';
import { CONFIG_FILE_NAME, Secret, credentialInUrl } from './config.js';

export const DEFAULT_SPEECH_MODEL = 'tts-1';
export const DEFAULT_SPEECH_VOICE = 'alloy';

/**
 * An OpenAI-compatible speech endpoint (`POST {baseURL}/audio/speech`): OpenAI, Azure, Kokoro-FastAPI, openedai-speech,
 * a Piper server.
 */
export interface SpeechConfig {
  readonly name: string;
  readonly baseURL: string;
  readonly apiKey: Secret;
  readonly apiKeyEnv?: string;
  readonly model: string;
  /** The voice for a language without one of its own. */
  readonly voice: string;
  /** A voice per language code (`ms: ...`). */
  readonly voices: Readonly<Record<string, string>>;
  readonly format: 'mp3' | 'wav';
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const SpeechEntry = z
  .object({
    name: z.string().min(1).optional().describe("a short name shown in the run's lines and the credits, e.g. kokoro"),
    baseURL: z
      .url()
      .describe("the server's base URL, e.g. http://127.0.0.1:8880/v1 (requests go to {baseURL}/audio/speech)"),
    apiKeyEnv: z
      .string()
      .regex(ENV_NAME, 'must be the name of an environment variable, e.g. OPENAI_API_KEY')
      .optional()
      .describe('the environment variable that holds the API key (the key itself never goes in this file)'),
    model: z.string().min(1).optional().describe(`the speech model (default ${DEFAULT_SPEECH_MODEL})`),
    voice: z
      .string()
      .min(1)
      .optional()
      .describe(`the voice for a language without one of its own (default ${DEFAULT_SPEECH_VOICE})`),
    voices: z
      .record(z.string().regex(/^[a-z]{2,3}$/), z.string().min(1))
      .optional()
      .describe('a voice per language code, e.g. { en: alloy, ms: af_heart }'),
    format: z.enum(['mp3', 'wav']).optional().describe('response_format asked for (default mp3)'),
  })
  .strict();

function configOf(entry: z.infer<typeof SpeechEntry>, key: string | undefined, where: string): SpeechConfig {
  const leak = credentialInUrl(entry.baseURL, `${where}.baseURL`);
  if (leak) throw new SpecError([{ file: where, path: 'baseURL', message: leak }]);
  return {
    name: entry.name ?? new URL(entry.baseURL).host,
    baseURL: entry.baseURL.replace(/\/+$/, ''),
    apiKey: new Secret(key ?? 'no-key'),
    ...(entry.apiKeyEnv ? { apiKeyEnv: entry.apiKeyEnv } : {}),
    model: entry.model ?? DEFAULT_SPEECH_MODEL,
    voice: entry.voice ?? DEFAULT_SPEECH_VOICE,
    voices: entry.voices ?? {},
    format: entry.format ?? 'mp3',
  };
}

/** One entry of the `speech:` block (`where` its path in the file: `speech`, or `speech.1` in a list). */
function speechEntryOf(
  raw: unknown,
  where: string,
  input: { file: string; env: Record<string, string | undefined> },
): SpeechConfig {
  if (raw && typeof raw === 'object' && ['apiKey', 'key'].some((k) => k in raw))
    throw new SpecError([
      {
        file: input.file,
        path: `${where}.apiKey`,
        message:
          'keys never go in this file: name the environment variable ' +
          'that holds the key, e.g. apiKeyEnv: OPENAI_API_KEY',
      },
    ]);
  const parsed = SpeechEntry.safeParse(raw);
  if (!parsed.success)
    throw new SpecError(
      parsed.error.issues.map((i): SpecIssue => ({
        file: input.file,
        path: [where, ...i.path.map(String)].join('.'),
        message: i.message,
      })),
    );
  const env = parsed.data.apiKeyEnv;
  const key = env ? input.env[env]?.trim() : undefined;
  if (env && !key)
    throw new SpecError([
      {
        file: input.file,
        path: `${where}.apiKeyEnv`,
        message: `environment variable ${env} is not set; set it or remove the speech block`,
      },
    ]);
  return configOf(parsed.data, key, input.file);
}

/**
 * The `speech:` block of a config file's text: one server, or a list of them that rotate (providers/speech.ts) as
 * the text providers do; empty when it has none.
 */
export function parseSpeechBlocks(input: {
  text: string;
  file: string;
  env: Record<string, string | undefined>;
}): SpeechConfig[] {
  const data = fullYaml().parse(input.text) as { speech?: unknown } | null;
  if (!data || typeof data !== 'object' || data.speech === undefined) return [];
  const raw = data.speech;
  if (!Array.isArray(raw)) return [speechEntryOf(raw, 'speech', input)];
  if (!raw.length)
    throw new SpecError([
      {
        file: input.file,
        path: 'speech',
        message: 'an empty list: name at least one speech server, or remove the block',
      },
    ]);
  const configs = raw.map((entry, i) => speechEntryOf(entry, `speech.${i}`, input));
  const seen = new Set<string>();
  configs.forEach((c, i) => {
    if (seen.has(c.name))
      throw new SpecError([
        {
          file: input.file,
          path: `speech.${i}.name`,
          message: `"${c.name}" is used twice; give each speech server its own name`,
        },
      ]);
    seen.add(c.name);
  });
  return configs;
}

/** The first server of the `speech:` block, or undefined when it has none. */
export function parseSpeechBlock(input: {
  text: string;
  file: string;
  env: Record<string, string | undefined>;
}): SpeechConfig | undefined {
  return parseSpeechBlocks(input)[0];
}

/** KARYA_SPEECH_URL and its companions, or undefined when it is not set. */
export function speechConfigFromEnv(env: Record<string, string | undefined>): SpeechConfig | undefined {
  const baseURL = env.KARYA_SPEECH_URL?.trim();
  if (!baseURL) return undefined;
  const keyEnv = env.KARYA_SPEECH_KEY_ENV?.trim() || (env.OPENAI_API_KEY?.trim() ? 'OPENAI_API_KEY' : undefined);
  const voices = Object.fromEntries(
    Object.entries(env).flatMap(([name, value]) => {
      const code = /^KARYA_SPEECH_VOICE_([A-Z]{2,3})$/.exec(name)?.[1];
      return code && value?.trim() ? [[code.toLowerCase(), value.trim()]] : [];
    }),
  );
  const format = env.KARYA_SPEECH_FORMAT?.trim();
  const parsed = SpeechEntry.safeParse({
    baseURL,
    ...(keyEnv ? { apiKeyEnv: keyEnv } : {}),
    ...(env.KARYA_SPEECH_MODEL?.trim() ? { model: env.KARYA_SPEECH_MODEL.trim() } : {}),
    ...(env.KARYA_SPEECH_VOICE?.trim() ? { voice: env.KARYA_SPEECH_VOICE.trim() } : {}),
    voices,
    ...(format ? { format } : {}),
  });
  if (!parsed.success)
    throw new SpecError(
      parsed.error.issues.map((i) => ({
        file: 'environment',
        path: `KARYA_SPEECH_${i.path.map(String).join('_').toUpperCase() || 'URL'}`,
        message: i.message,
      })),
    );
  const key = keyEnv ? env[keyEnv]?.trim() : undefined;
  if (keyEnv && !key)
    throw new SpecError([
      { file: 'environment', path: 'KARYA_SPEECH_KEY_ENV', message: `environment variable ${keyEnv} is not set` },
    ]);
  return configOf(parsed.data, key, 'environment');
}

/**
 * The speech servers in effect, in their order: the config file's `speech:` block, else KARYA_SPEECH_URL; empty means
 * the offline demo voice.
 */
export function loadSpeechConfigs(
  opts: { env?: Record<string, string | undefined>; cwd?: string } = {},
): SpeechConfig[] {
  const env = opts.env ?? process.env;
  const cwd = opts.cwd ?? process.cwd();
  const named = env.KARYA_CONFIG?.trim();
  const file = named ? path.resolve(cwd, named) : path.join(cwd, CONFIG_FILE_NAME);
  if (existsSync(file)) {
    const fromFile = parseSpeechBlocks({
      text: readFileSync(file, 'utf8'),
      file: path.relative(cwd, file) || file,
      env,
    });
    if (fromFile.length) return fromFile;
  }
  const fromEnv = speechConfigFromEnv(env);
  return fromEnv ? [fromEnv] : [];
}

/** The (first) speech server in effect; undefined means the offline demo voice. */
export function loadSpeechConfig(
  opts: { env?: Record<string, string | undefined>; cwd?: string } = {},
): SpeechConfig | undefined {
  return loadSpeechConfigs(opts)[0];
}
