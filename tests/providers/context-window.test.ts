// A book within the model's context window (issue 36, items 3–5), against the fake server run as a
// llama.cpp with a small window: an overflow is named (the window and what to set), never "Please try
// again", and never sent twice; every request Karya sends fits KARYA_CONTEXT_TOKENS and the book still
// reaches its conclusion; a story-bible update that cannot fit leaves its part marked bibleUpdated: false.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI, type RecordedRequest } from '../fake-openai.js';

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'karya-window-'));
const envOf = (server: FakeOpenAI, extra: Record<string, string> = {}) => ({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: server.baseURL, ...extra });
/** Prompt plus the answer budget of a request, as the server counts them. */
const size = (r: RecordedRequest) => r.promptTokens! + Number(r.body?.max_tokens);
/** A story-bible update (templates/memory.hbs). */
const isMemory = (r: RecordedRequest) => /Update the story bible of a book|Kemas kini catatan cerita bagi/.test(JSON.stringify(r.body?.messages ?? ''));

describe('a server with a 600-token window', () => {
  it('stops the book with the window and what to set, having sent the too-long request once', async () => {
    fake = await startFakeOpenAI({ contextTokens: 600, writeRatio: 1, honourMaxTokens: true });
    const cwd = tmp();
    const run = await runKaryaInProcess(['generate', 'romance', '--chapters', '2', '--state', path.join(cwd, 's.sqlite')], { env: envOf(fake), cwd });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('context window of 600 tokens');
    expect(run.stderr).toMatch(/llama\.cpp: -c \d+/);
    expect(run.stderr).toContain('contextTokens');
    expect(run.stderr).toContain('OLLAMA_CONTEXT_LENGTH');
    expect(run.stderr).not.toContain('Please try again');
    const sent = fake.generationRequests().map((r) => JSON.stringify(r.body));
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent).size).toBe(sent.length);
  });

  it('refuses the request unsent when the server says its window (llama.cpp /props)', async () => {
    fake = await startFakeOpenAI({ contextTokens: 600, props: true, writeRatio: 1 });
    const cwd = tmp();
    const run = await runKaryaInProcess(['generate', 'romance', '--chapters', '2', '--state', path.join(cwd, 's.sqlite')], { env: envOf(fake), cwd });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('context window of 600 tokens');
    expect(fake.generationRequests().every((r) => size(r) <= 600)).toBe(true);
  });
});

describe('a server with a 1,200-token window', () => {
  it('every story-bible update fits, or its part says bibleUpdated: false', async () => {
    fake = await startFakeOpenAI({ contextTokens: 1200, props: true, writeRatio: 1, honourMaxTokens: true });
    const cwd = tmp();
    const run = await runKaryaInProcess(['generate', 'romance', '--chapters', '2', '--json', '--state', path.join(cwd, 's.sqlite')], { env: envOf(fake), cwd });
    // Nothing Karya sent was too large for the server: no update overflowed and was sent again.
    expect(fake.generationRequests().filter((r) => size(r) > 1200)).toEqual([]);
    // A 1,500-word introduction cannot go into the bible within 1,200 tokens: the part says so. (The chapters'
    // own prompts do not fit such a window either: the book stops there, naming it.)
    expect(fake.generationRequests().filter(isMemory)).toEqual([]);
    expect(run.stderr).toContain('karya: the story bible did not take in Introduction');
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('context window of 1200 tokens');
  });
});

describe('KARYA_CONTEXT_TOKENS=3072', () => {
  it('every request fits 3,072 tokens and a 3-chapter romance is written to its conclusion', async () => {
    fake = await startFakeOpenAI({ contextTokens: 3072, writeRatio: 1, honourMaxTokens: true });
    const cwd = tmp();
    const run = await runKaryaInProcess(['generate', 'romance', '--chapters', '3', '--json', '--state', path.join(cwd, 's.sqlite')], { env: envOf(fake, { KARYA_CONTEXT_TOKENS: '3072' }), cwd });
    expect(run.code, run.stderr).toBe(0);
    const sizes = fake.generationRequests().map(size);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3072);
    const book = JSON.parse(run.stdout) as { parts: Array<{ label: string; complete: boolean; bibleUpdated?: false }>; markdown: string };
    expect(book.parts.map((p) => p.label)).toEqual(['Story Outline', 'Introduction', 'Chapter 1', 'Chapter 2', 'Chapter 3', 'Conclusion']);
    expect(book.parts.every((p) => p.complete)).toBe(true);
    expect(book.parts.filter((p) => p.bibleUpdated === false)).toEqual([]);
    expect(fake.generationRequests().filter(isMemory).length).toBeGreaterThanOrEqual(4);
    expect(book.markdown).toContain('## Conclusion');
  });
});
