// `karya prompts`: the exact messages a step would send, printed without any request to the model (the
// long-books issue). With keys and a base URL set, the fake AI server must see nothing.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';

interface Printed {
  generator: string;
  step: string;
  lang: string;
  source: 'saved' | 'scripted';
  messages: Array<{ role: string; content: string }>;
  max_tokens: number;
  temperature: number;
}

describe('karya prompts', () => {
  let fake: FakeOpenAI;
  let env: Record<string, string>;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL };
  });
  afterAll(() => fake.close());

  it("prints a chapter's messages, with its outline entry, the next one's and the bible, and calls no model", async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'karya-prompts-'));
    const r = await runKaryaInProcess(['prompts', 'romance', '--chapters', '6', '--step', 'chapter:3', '--json'], { env, cwd });
    expect(r.code, r.stderr).toBe(0);
    const printed = JSON.parse(r.stdout) as Printed;
    expect(printed).toMatchObject({ generator: 'romance', step: 'chapter:3', lang: 'en', source: 'scripted' });
    expect(printed.messages.map((m) => m.role)).toEqual(['system', 'user']);
    const user = printed.messages[1]!.content;
    expect(user).toMatch(/^Write Chapter 3 of 6/);
    expect(user).toMatch(/What the outline plans for this part:\nChapter 3: /);
    expect(user).toMatch(/What the next part will cover[^\n]*\nChapter 4: /);
    expect(user).toContain('The story bible so far');
    expect(printed.max_tokens).toBeGreaterThan(1500);
    expect(typeof printed.temperature).toBe('number');
    expect(fake.requests).toHaveLength(0);
  });

  it('renders Malay for --lang ms, and text output shows each message under its role', async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'karya-prompts-'));
    const r = await runKaryaInProcess(['prompts', 'romance', '--lang', 'ms', '--chapters', '3', '--step', 'outline'], { env, cwd });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/--- system ---\nAnda ialah penulis/);
    expect(r.stdout).toMatch(/--- user ---\nHasilkan rangka cerita/);
    expect(fake.requests).toHaveLength(0);
  });

  it('uses the saved book of the same settings, and says so', async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'karya-prompts-'));
    // Written offline (no key): a finished 3-chapter book in the state file.
    const made = await runKaryaInProcess(['generate', 'romance', '--chapters', '3', '--out', 'book.md'], { cwd });
    expect(made.code, made.stderr).toBe(0);
    const r = await runKaryaInProcess(['prompts', 'romance', '--chapters', '3', '--step', 'conclusion', '--json'], { env, cwd });
    expect(r.code, r.stderr).toBe(0);
    const printed = JSON.parse(r.stdout) as Printed;
    expect(printed.source).toBe('saved');
    expect(printed.step).toBe('conclusion:4');
    expect(printed.messages[1]!.content).toMatch(/^Write the conclusion/);
    expect(r.stderr).toContain('saved book');
    expect(fake.requests).toHaveLength(0);
  });

  it('renders the one step of a single piece', async () => {
    const r = await runKaryaInProcess(['prompts', 'poems', '--json'], { env, cwd: mkdtempSync(path.join(os.tmpdir(), 'karya-prompts-')) });
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Printed).step).toBe('single');
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a step the book does not have, naming the steps it has (exit 2)', async () => {
    const r = await runKaryaInProcess(['prompts', 'romance', '--chapters', '6', '--step', 'chapter:9'], { env, cwd: mkdtempSync(path.join(os.tmpdir(), 'karya-prompts-')) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--step: "chapter:9" is not a step of this 6-chapter book (outline, introduction, chapter:1…chapter:6, conclusion)');
    expect(r.stdout).toBe('');
  });
});
