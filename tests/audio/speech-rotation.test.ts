// Several speech servers rotate like the text providers: karya.config.yaml's `speech:` lists two (keys by reference),
// the first answers 429 or 500; the requests it refused are asked again of the second at once, and the requests after
// them go to the second too (the first is not asked again and again); every retry is counted in the run's calls, within
// --max-calls; the edition is whole. A list with a name twice or a key in the file is refused, naming where.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { startFakeSpeech, type FakeSpeech } from '../fake-speech.js';
import { parseSpeechBlocks } from '../../engine/providers/speech.js';
import { SpecError } from '../../engine/index.js';
import { BOOK_TITLE, TITLES, saveAudioBook } from './book.js';
import { expectEdition } from './edition.js';

const fakes: FakeSpeech[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const CONFIG = (first: string, second: string) => `speech:
  - name: busy
    baseURL: ${first}
    apiKeyEnv: BUSY_KEY
    format: wav
  - name: spare
    baseURL: ${second}
    apiKeyEnv: SPARE_KEY
    format: wav
`;

async function run(status: number, extra: string[] = []) {
  // When each text was asked of each server.
  const asked = { busy: new Map<string, number>(), spare: new Map<string, number>() };
  const busy = await startFakeSpeech({
    reply: (body) => {
      asked.busy.set(body.input ?? '', Date.now());
      return { status, headers: { 'retry-after': '30' } };
    },
  });
  const spare = await startFakeSpeech({
    reply: (body) => {
      if (!asked.spare.has(body.input ?? '')) asked.spare.set(body.input ?? '', Date.now());
      return undefined;
    },
  });
  fakes.push(busy, spare);
  const cwd = tempDir('karya-speech-rotation-');
  dirs.push(cwd);
  writeFileSync(path.join(cwd, 'karya.config.yaml'), CONFIG(busy.baseURL, spare.baseURL));
  const state = path.join(cwd, 'state.sqlite');
  // One chapter, not three: the point is which server each text is asked of, not the book's length. Its five texts
  // (the credits, the heading, two paragraphs) are still more than the three asked at once, so the texts asked after
  // the first refused still show going to the second; two chapters more would add 8 FFmpeg runs and only more texts
  // asked of the second.
  const id = await saveAudioBook(state, 'en', 1);
  const out = path.join(cwd, 'audio');
  const r = await runKaryaInProcess(
    ['audiobook', '--book', String(id), '--out', out, '--state', state, '--json', ...extra],
    { cwd, env: { BUSY_KEY: 'sk-busy-000111', SPARE_KEY: 'sk-spare-222333' } },
  );
  return { r, busy, spare, out, asked };
}

describe('karya audiobook with two speech servers', () => {
  it.each([429, 500])(
    'hands the requests to the second when the first answers %i, each retry counted',
    async (status) => {
      const { r, busy, spare, out, asked } = await run(status);
      expect(r.code, r.stderr).toBe(0);
      // The first server was asked only for the texts sent together at the start (the run asks 3 at once): its failure
      // handed them, and every text after them, to the second; never asked twice.
      expect(busy.requests.length).toBeGreaterThanOrEqual(1);
      expect(busy.requests.length).toBeLessThanOrEqual(3);
      expect(asked.busy.size).toBe(busy.requests.length);
      expect(busy.requests.every((q) => q.authorization === 'Bearer sk-busy-000111')).toBe(true);
      expect(spare.requests.every((q) => q.authorization === 'Bearer sk-spare-222333')).toBe(true);
      // Each text the first refused was asked of the second at once, not after the first's 30 s retry-after.
      for (const [text, at] of asked.busy) {
        expect(asked.spare.has(text), text).toBe(true);
        expect(asked.spare.get(text)! - at, text).toBeLessThan(20_000);
      }
      // Each retry counted in the run's calls: one more than the texts for each the first refused.
      const json = JSON.parse(r.stdout) as { audiobook: { calls: { planned: number; calls: number } } };
      expect(json.audiobook.calls.calls).toBe(json.audiobook.calls.planned + busy.requests.length);
      expect(busy.requests.length + spare.requests.length).toBe(json.audiobook.calls.calls);
      expectEdition(out, {
        title: BOOK_TITLE.en,
        lang: 'en',
        chapterTitles: TITLES.en.slice(0, 1),
        credits: { opening: 'Opening credits', closing: 'Closing credits' },
      });
    },
    600_000,
  );

  it('stops within --max-calls when both servers keep failing', async () => {
    const busy = await startFakeSpeech({ reply: () => ({ status: 500 }) });
    const other = await startFakeSpeech({ reply: () => ({ status: 429, headers: { 'retry-after': '0' } }) });
    fakes.push(busy, other);
    const cwd = tempDir('karya-speech-rotation-');
    dirs.push(cwd);
    writeFileSync(path.join(cwd, 'karya.config.yaml'), CONFIG(busy.baseURL, other.baseURL));
    const state = path.join(cwd, 'state.sqlite');
    const id = await saveAudioBook(state, 'en');
    const r = await runKaryaInProcess(
      ['audiobook', '--book', String(id), '--out', path.join(cwd, 'audio'), '--state', state, '--max-calls', '2'],
      { cwd, env: { BUSY_KEY: 'k1-aaaa', SPARE_KEY: 'k2-bbbb' } },
    );
    expect(r.code).toBe(1);
    expect(busy.requests.length + other.requests.length).toBeLessThanOrEqual(2);
    expect(r.stderr).toContain('the speech server stopped the run');
  }, 120_000);
});

describe('the speech: list in karya.config.yaml', () => {
  const env = { K1: 'sk-1', K2: 'sk-2' };
  it('reads each server in order, its key by reference', () => {
    const configs = parseSpeechBlocks({
      text: CONFIG('http://127.0.0.1:1/v1', 'http://127.0.0.1:2/v1')
        .replace(/BUSY_KEY/, 'K1')
        .replace(/SPARE_KEY/, 'K2'),
      file: 'karya.config.yaml',
      env,
    });
    expect(configs.map((c) => [c.name, c.baseURL, c.apiKey.reveal()])).toEqual([
      ['busy', 'http://127.0.0.1:1/v1', 'sk-1'],
      ['spare', 'http://127.0.0.1:2/v1', 'sk-2'],
    ]);
  });
  it('refuses a name used twice and a key written in the file, naming where', () => {
    const twice = 'speech:\n  - { name: a, baseURL: "http://h:1/v1" }\n  - { name: a, baseURL: "http://h:2/v1" }\n';
    expect(() => parseSpeechBlocks({ text: twice, file: 'karya.config.yaml', env })).toThrow(SpecError);
    expect(() => parseSpeechBlocks({ text: twice, file: 'karya.config.yaml', env })).toThrow(/speech\.1\.name/);
    const key = 'speech:\n  - { baseURL: "http://h:1/v1", apiKey: sk-live }\n';
    expect(() => parseSpeechBlocks({ text: key, file: 'karya.config.yaml', env })).toThrow(/speech\.0\.apiKey/);
  });
});
