// The audio edition's settings on the server (server/core/audiobook.ts): its price in credits by the characters read
// aloud (KARYA_AUDIO_CHARS_PER_CREDIT, 10 000 by default: a 30-chapter novel of 500 000 characters costs 50) and the
// folder its files are kept in (KARYA_AUDIO_DIR; unset: `audio` beside the database file, or the system's temporary
// folder for a database in memory). The voice is the CLI's: the `speech:` block or KARYA_SPEECH_URL, else espeak-ng.
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from './config-error.js';

export interface AudioConfig {
  /** Characters read aloud for one credit. */
  charactersPerCredit: number;
  dir?: string;
}

export const DEFAULT_CHARACTERS_PER_CREDIT = 10_000;

export function audioConfigFrom(env: NodeJS.ProcessEnv): AudioConfig {
  const text = env.KARYA_AUDIO_CHARS_PER_CREDIT?.trim();
  const n = text ? Number(text) : DEFAULT_CHARACTERS_PER_CREDIT;
  const [min, max] = [1, 100_000_000];
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ConfigError('config_audio_chars', { name: 'KARYA_AUDIO_CHARS_PER_CREDIT', value: text ?? '', min, max });
  return { charactersPerCredit: n, ...(env.KARYA_AUDIO_DIR?.trim() ? { dir: env.KARYA_AUDIO_DIR.trim() } : {}) };
}

/** The folder the audio editions are kept in. */
export function audioRoot(config: { audio: AudioConfig; dbFile: string }): string {
  if (config.audio.dir) return config.audio.dir;
  return config.dbFile === ':memory:' || !config.dbFile
    ? path.join(os.tmpdir(), 'karya-audio')
    : path.join(path.dirname(config.dbFile), 'audio');
}
