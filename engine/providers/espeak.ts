// The offline demo voice: espeak-ng (its Debian package, run as a separate program: GPL code stays out of Karya's
// bundle), speaking in the voice languages/<code>/speech.yaml names. A language with none is refused, naming those it
// reads. Robotic by design: the credits call it a demo voice.
import type { Lang } from '../spec/types.js';
import { langs, languageName } from '../languages/index.js';
import { AudioError } from '../audio-error.js';
import { runTool } from '../node/audio/tools.js';
import { speechLanguageOf } from '../node/audio/speech-language.js';
import type { SpeechVoice } from './speech-voice.js';

/** Words a minute espeak-ng reads at (its default is 175; a little slower reads better for a book). */
const ESPEAK_SPEED = '160';

/** espeak-ng's voice for `lang`, or audio_no_voice naming the languages it reads. */
function espeakVoiceOf(lang: Lang): string {
  const voice = speechLanguageOf(lang).espeakVoice;
  if (voice) return voice;
  // Listed with commas: a language Intl does not know would be joined with English's "and".
  const voices = langs()
    .filter((l) => speechLanguageOf(l).espeakVoice)
    .map((l) => languageName(l, lang))
    .join(', ');
  throw new AudioError('audio_no_voice', { language: languageName(lang, lang), voices });
}

/** The offline demo voice. */
export function createEspeakVoice(): SpeechVoice {
  return {
    isDemo: true,
    credit: () => ({ kind: 'demo' }),
    check: (lang) => void espeakVoiceOf(lang),
    async speak({ text, lang, signal }) {
      // The text on stdin (never an argument: a paragraph may begin with "-"), the WAV on stdout.
      const { stdout } = await runTool('espeak-ng', ['-v', espeakVoiceOf(lang), '-s', ESPEAK_SPEED, '--stdout'], {
        input: text,
        ...(signal ? { signal } : {}),
      });
      if (stdout.length < 64)
        throw new AudioError('audio_not_audio', { name: 'espeak-ng', detail: `${stdout.length} bytes` });
      return stdout;
    },
  };
}
