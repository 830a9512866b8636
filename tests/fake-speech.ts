// A small OpenAI-compatible speech server (node:http) for the audio edition's tests: `POST /v1/audio/speech` answers
// WAV made here (no network, no model): a voiced tone whose length follows the words asked (200 words a minute, a
// brisk reader's pace, inside every language's range in languages/<code>/speech.yaml), so the edition's pace, pauses
// and levels are measured on audio shaped like speech. Every request is recorded; a reply can be scripted per request
// (a status, or a silence of some seconds: audio a check must refuse).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SpeechRequestSeen {
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: { model?: string; voice?: string; input?: string; response_format?: string };
}

export type SpeechReply = { status: number; headers?: Record<string, string> } | { silenceSeconds: number };

export interface FakeSpeech {
  readonly baseURL: string;
  readonly requests: SpeechRequestSeen[];
  close(): Promise<void>;
}

const RATE = 22_050;
/**
 * The server's pace, 0.3 s a word (200 words a minute): every file an edition's tests encode, measure and join into
 * the M4B is shorter than at 150 (about a sixth of a chapter's audio), its pauses and room tone the same.
 */
const SERVER_SECONDS_A_WORD = 0.3;

/** A mono 16-bit WAV of `samples`. */
export function wavOf(samples: Int16Array, rate = RATE): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.byteLength, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}

/**
 * One syllable of the voiced tone (0.2 s): a 180 Hz tone with its harmonics under a sine-squared swell. It is the whole
 * tone's period (0.2 s is 36 periods of 180 Hz), so a tone is this syllable repeated.
 */
const SYLLABLE = (() => {
  const n = Math.round(0.2 * RATE);
  const out = new Int16Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / RATE;
    const syllable = Math.sin(Math.PI * ((t / 0.2) % 1)) ** 2;
    const voice =
      Math.sin(2 * Math.PI * 180 * t) + 0.5 * Math.sin(2 * Math.PI * 360 * t) + 0.25 * Math.sin(2 * Math.PI * 540 * t);
    out[i] = Math.round(6000 * syllable * voice);
  }
  return out;
})();

/**
 * Speech-shaped audio for `words` words: a 180 Hz tone with its harmonics, in syllables of 0.2 s, `secondsAWord` a
 * word (0.4 s, 150 words a minute, unless told; the syllable computed once and repeated).
 */
export function voicedTone(words: number, secondsAWord = 0.4): Int16Array {
  const n = Math.round(Math.max(1, words) * secondsAWord * RATE);
  const out = new Int16Array(n);
  for (let at = 0; at < n; at += SYLLABLE.length) out.set(SYLLABLE.subarray(0, Math.min(SYLLABLE.length, n - at)), at);
  return out;
}

/** Start the server; `reply` scripts a request (by its body and its index from 0), undefined answers the tone. */
export async function startFakeSpeech(
  opts: { reply?: (body: SpeechRequestSeen['body'], index: number) => SpeechReply | undefined } = {},
): Promise<FakeSpeech> {
  const requests: SpeechRequestSeen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: SpeechRequestSeen['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as SpeechRequestSeen['body'];
      } catch {
        body = {};
      }
      const index = requests.length;
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      if (req.method !== 'POST' || !req.url?.endsWith('/audio/speech') || typeof body.input !== 'string') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      const scripted = opts.reply?.(body, index);
      if (scripted && 'status' in scripted) {
        res
          .writeHead(scripted.status, { 'content-type': 'application/json', ...scripted.headers })
          .end('{"error":{"message":"scripted"}}');
        return;
      }
      const words = body.input.split(/\s+/).filter(Boolean).length;
      const samples = scripted
        ? new Int16Array(Math.round(scripted.silenceSeconds * RATE))
        : voicedTone(words, SERVER_SECONDS_A_WORD);
      res.writeHead(200, { 'content-type': 'audio/wav' }).end(wavOf(samples));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
