// The audio edition's voices as a writer configures them: a speech server like the text providers (its key named by
// an environment variable, never written in the file or the address, a voice per language), and the offline demo
// voice (espeak-ng), which refuses a language it has no voice for, naming the languages it reads.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { AudioError, SpecError, setLanguageSource } from '../../engine/index.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import { loadAudiobook } from '../../engine/node.js';
import { parseSpeechBlock, speechConfigFromEnv } from '../../engine/providers/speech-config.js';
import { fourthLanguage } from '../languages/fourth-language.js';

const dirs: string[] = [];
afterAll(() => {
  setLanguageSource(() => readLanguages());
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const specMessages = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(SpecError);
    return (error as SpecError).issues.map((i) => `${i.path}: ${i.message}`).join('\n');
  }
  throw new Error('not refused');
};

describe('a speech server in karya.config.yaml or the environment', () => {
  it('reads the key from the variable named, a voice per language, and never prints the key', () => {
    const config = parseSpeechBlock({
      file: 'karya.config.yaml',
      env: { KOKORO_KEY: 'sk-kokoro-abcdef123456' },
      text:
        'providers:\n  - name: x\n    baseURL: http://127.0.0.1:1/v1\nspeech:\n  ' +
        'name: kokoro\n  baseURL: http://127.0.0.1:8880/v1\n  apiKeyEnv: ' +
        'KOKORO_KEY\n  model: kokoro\n  voices: { ms: af_heart }\n  format: wav\n',
    })!;
    expect({
      name: config.name,
      baseURL: config.baseURL,
      model: config.model,
      voice: config.voice,
      voices: config.voices,
      format: config.format,
    }).toEqual({
      name: 'kokoro',
      baseURL: 'http://127.0.0.1:8880/v1',
      model: 'kokoro',
      voice: 'alloy',
      voices: { ms: 'af_heart' },
      format: 'wav',
    });
    expect(JSON.stringify(config)).not.toContain('sk-kokoro');
    expect(inspect(config)).not.toContain('sk-kokoro');
  });

  it('refuses a key written in the file, a key variable that is not set, and a credential in the address', () => {
    expect(
      specMessages(() =>
        parseSpeechBlock({
          file: 'k.yaml',
          env: {},
          text: 'speech:\n  baseURL: http://127.0.0.1:8880/v1\n  apiKey: sk-abc\n',
        }),
      ),
    ).toContain('keys never go in this file');
    expect(
      specMessages(() =>
        parseSpeechBlock({
          file: 'k.yaml',
          env: {},
          text: 'speech:\n  baseURL: http://127.0.0.1:8880/v1\n  apiKeyEnv: NOT_SET_HERE\n',
        }),
      ),
    ).toContain('NOT_SET_HERE is not set');
    expect(
      specMessages(() => speechConfigFromEnv({ KARYA_SPEECH_URL: 'http://user:secret@127.0.0.1:8880/v1' })),
    ).toContain('holds a credential');
    expect(speechConfigFromEnv({})).toBeUndefined();
  });
});

describe('the offline demo voice', () => {
  it('refuses a language espeak-ng has no voice for, in its words, naming the languages it reads', async () => {
    const dir = fourthLanguage();
    dirs.push(dir);
    writeFileSync(path.join(dir, 'xx/speech.yaml'), 'wordsPerMinute: { min: 55, max: 240 }\n');
    setLanguageSource(() => readLanguages([...languageFolders({}), dir], {}));
    const { createEspeakVoice } = await loadAudiobook();
    const voice = createEspeakVoice();
    expect(() => voice.check('ms')).not.toThrow();
    let refused: unknown;
    try {
      voice.check('xx' as never);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AudioError);
    expect((refused as AudioError).code).toBe('audio_no_voice');
    // Said in the book's language (the fixture's words are Indonesian's): the language, and those the demo voice reads.
    const said = (refused as AudioError).messageIn('xx' as never);
    expect(said).toContain('Bahasa Xx tidak punya suara luring');
    // The repository's three first (the table's order), then any language added to the table with a voice of its own.
    expect(said).toContain('membaca bahasa Inggris, bahasa Melayu (Malaysia), Bahasa Indonesia');
  });
});
