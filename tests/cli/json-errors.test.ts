// A `--json` run that fails part-way still answers a script on stdout: one JSON object,
// {"error": {"code", "message", "part"}}, with the part that failed (`outline`, `chapter:2`, a package part) or
// null, and the same exit code as without --json (1), the writer's message still on stderr. The model is the
// fake OpenAI server, taught to decline (every answer, or one part's).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import {
  REFUSAL_TEXT,
  isBibleRequest,
  startFakeOpenAI,
  type FakeOpenAI,
  type FakeOpenAIOptions,
} from '../fake-openai.js';
import { tempDir } from '../temp.js';

const DECLINED_EN = 'The model declined to write this, even when asked again.';
const DECLINED_MS = 'Model enggan menulis bahagian ini, walaupun selepas diminta sekali lagi.';

let fake: FakeOpenAI | undefined;
afterEach(() => fake?.close());

/** `karya <args>` in a fresh folder against a fake model answering as `options` say. */
async function karya(args: string[], options: FakeOpenAIOptions, files: Record<string, string> = {}) {
  fake = await startFakeOpenAI({ writeRatio: 1, ...options });
  const cwd = tempDir('karya-json-error-');
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(cwd, name), text);
  return runKaryaInProcess(args, { cwd, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL } });
}

/** stdout as the one JSON object a script reads, checked to be exactly one line. */
function jsonOf(stdout: string): { error: { code: string; message: string; part: string | null } } {
  const lines = stdout.split('\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!);
}

/** The user message of a chat request. */
const asked = (body: Record<string, unknown>) => JSON.stringify(body.messages ?? '');

describe('karya generate --json when a step fails', () => {
  it('a model that declines everything: the outline is the part, exit 1', async () => {
    const r = await karya(['generate', 'romance', '--chapters', '2', '--json'], { habits: ['refuse'] });
    expect(r.code).toBe(1);
    const { error } = jsonOf(r.stdout);
    expect(error).toEqual({ code: 'refused', message: expect.stringContaining(DECLINED_EN), part: 'outline' });
    expect(r.stderr).toContain(`Story Outline: ${DECLINED_EN}`);
  });

  it('in Malay, a model that declines only the second chapter: chapter:2, the message in Malay', async () => {
    const r = await karya(['generate', 'romance', '--chapters', '3', '--lang', 'ms', '--json'], {
      reply: (body) => (asked(body).includes('Tulis Bab 2 daripada 3') ? { text: REFUSAL_TEXT.ms } : undefined),
    });
    expect(r.code).toBe(1);
    expect(jsonOf(r.stdout).error).toEqual({
      code: 'refused',
      message: expect.stringContaining(DECLINED_MS),
      part: 'chapter:2',
    });
  });
});

describe('karya import --json when the story bible stops', () => {
  it('a model that declines the bible updates: the first chapter is the part, exit 1', async () => {
    const manuscript = [1, 2]
      .map(
        (n) =>
          `# Chapter ${n}\n\n${`Margaret walked to the harbour in chapter ${n} and waited for the boat. `.repeat(30)}`,
      )
      .join('\n\n');
    const r = await karya(
      ['import', 'book.md', '--generator', 'romance', '--json'],
      { reply: (body) => (isBibleRequest(body) ? { text: REFUSAL_TEXT.en } : undefined) },
      { 'book.md': manuscript },
    );
    expect(r.code).toBe(1);
    expect(jsonOf(r.stdout).error).toEqual({
      code: 'refused',
      message: expect.stringContaining(DECLINED_EN),
      part: 'chapter:1',
    });
  });
});

describe('karya publish --json when a step fails', () => {
  it('a model that declines the book description: the package part is named, exit 1', async () => {
    const r = await karya(
      [
        'publish',
        'romance',
        '--chapters',
        '1',
        '--title',
        'Harbour Lights',
        '--author',
        'Siti Aminah',
        '--out',
        'package',
        '--json',
      ],
      {
        reply: (body) =>
          asked(body).includes('Write an Amazon book description.') ? { text: REFUSAL_TEXT.en } : undefined,
      },
    );
    expect(r.code).toBe(1);
    expect(jsonOf(r.stdout).error).toEqual({
      code: 'refused',
      message: expect.stringContaining(DECLINED_EN),
      part: 'description',
    });
  });
});
