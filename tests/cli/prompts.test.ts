// `karya prompts`: the exact messages a step would send, printed without any request to the model (the
// issue "Books that keep their length and their story", item 6). Every run has a key and a base URL
// pointing at a fake AI server, which must see nothing. Expectations name the step, the language and
// the outline entry of the chapter, not whole prompt texts (the templates change).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { tempDir } from '../temp.js';

interface Printed {
  generator: string;
  step: string;
  lang: string;
  source: 'saved' | 'scripted';
  messages: Array<{ role: string; content: string }>;
  max_tokens: number;
  temperature: number;
  presence_penalty: number;
  frequency_penalty: number;
}

const tmp = () => tempDir('karya-prompts-');
const userOf = (p: Printed) => p.messages.find((m) => m.role === 'user')!.content;

/** "Chapter 3: Title\nits plan" as an outline lists a chapter (the outline of a book written with --with-outline). */
function outlineEntry(markdown: string, label: string, n: number): string {
  const entry = new RegExp(`^${label} ${n}: [^\\n]+\\n[^\\n]+`, 'm').exec(markdown);
  if (!entry) throw new Error(`no ${label} ${n} in the outline:\n${markdown.slice(0, 2000)}`);
  return entry[0];
}

describe('karya prompts', () => {
  let fake: FakeOpenAI;
  let env: Record<string, string>;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL };
  });
  afterAll(() => fake.close());

  it(
    "prints a chapter's messages with its outline entry, " + 'from a scripted book, and sends no request to the model',
    async () => {
      // The same book written by the offline provider (no key): its outline plans chapter 3 so.
      const written = tmp();
      const made = await runKaryaInProcess(
        ['generate', 'romance', '--chapters', '6', '--with-outline', '--out', 'book.md', '--state', 'state.sqlite'],
        { cwd: written },
      );
      expect(made.code, made.stderr).toBe(0);
      const chapter3 = outlineEntry(readFileSync(path.join(written, 'book.md'), 'utf8'), 'Chapter', 3);

      const cwd = tmp();
      const r = await runKaryaInProcess(['prompts', 'romance', '--chapters', '6', '--step', 'chapter:3', '--json'], {
        env,
        cwd,
      });
      expect(r.code, r.stderr).toBe(0);
      const printed = JSON.parse(r.stdout) as Printed;
      expect(printed).toMatchObject({ generator: 'romance', step: 'chapter:3', lang: 'en', source: 'scripted' });
      expect(printed.messages.map((m) => m.role)).toEqual(['system', 'user']);
      expect(printed.messages.every((m) => m.content.trim().length > 0)).toBe(true);
      const user = userOf(printed);
      expect(user).toMatch(/\bChapter 3\b/);
      expect(user).toContain(chapter3);
      expect(printed.max_tokens).toBeGreaterThan(1000);
      expect(printed.temperature).toEqual(expect.any(Number));
      expect(printed.presence_penalty).toEqual(expect.any(Number));
      expect(printed.frequency_penalty).toEqual(expect.any(Number));
      expect(r.stderr).toContain('scripted book');
      expect(fake.requests).toHaveLength(0);
      // Nothing saved: no state file in the folder it ran in.
      expect(existsSync(path.join(cwd, '.karya'))).toBe(false);
    },
  );

  it(
    "a new book's scripted parts read without placeholder " + 'grammar ("a any promise kept", "a urban story")',
    async () => {
      for (const lang of ['en', 'ms']) {
        const r = await runKaryaInProcess(
          ['prompts', 'romance', '--lang', lang, '--chapters', '3', '--step', 'chapter:2', '--json'],
          { env, cwd: tmp() },
        );
        expect(r.code, r.stderr).toBe(0);
        const user = userOf(JSON.parse(r.stdout) as Printed);
        // The demo's own words with a setting's value: "any beginnings", "the any choice", "pilihan mana-mana".
        expect(user).not.toMatch(
          new RegExp(
            /\b(?:any|none|mana-mana)\s+/.source +
              /(?:beginnings|turns|choices?|thread|mood|path|story|ground|steps|promise)\b|\b(?:the|a) any\b/.source,
            'i',
          ),
        );
        expect(user).not.toMatch(
          new RegExp(
            /\b(?:permulaan|liku|pilihan|laluan|suasana|kisah|asas|langkah|benang|janji)\s+/.source +
              /(?:mana-mana|tiada|apa-apa)\b/.source,
            'i',
          ),
        );
        if (lang === 'en') expect(user).not.toMatch(/\ba [aeiou]/i);
      }
    },
  );

  it('renders Malay for --lang ms', async () => {
    const r = await runKaryaInProcess(
      ['prompts', 'romance', '--lang', 'ms', '--chapters', '3', '--step', 'chapter:2', '--json'],
      { env, cwd: tmp() },
    );
    expect(r.code, r.stderr).toBe(0);
    const printed = JSON.parse(r.stdout) as Printed;
    expect(printed).toMatchObject({ step: 'chapter:2', lang: 'ms', source: 'scripted' });
    expect(userOf(printed)).toMatch(/\bBab 2\b/);
    expect(userOf(printed)).not.toMatch(/\bChapter 2\b/);
    expect(printed.messages.map((m) => m.content).join('\n')).toContain('Bahasa Malaysia');
    expect(fake.requests).toHaveLength(0);
  });

  it(
    'text output: a header with the generator, step, language, ' +
      'max_tokens and temperature, then each message under its role',
    async () => {
      const r = await runKaryaInProcess(['prompts', 'romance', '--lang', 'ms', '--chapters', '3'], { env, cwd: tmp() });
      expect(r.code, r.stderr).toBe(0);
      const [header] = r.stdout.split('\n');
      expect(header).toContain('romance');
      expect(header).toContain('(outline)');
      expect(header).toMatch(/\bms\b/);
      expect(header).toMatch(/max_tokens \d+/);
      expect(header).toMatch(/temperature [\d.]+/);
      expect(r.stdout).toMatch(/^--- system ---\n\S/m);
      expect(r.stdout).toMatch(/^--- user ---\n\S/m);
      expect(r.stdout.indexOf('--- system ---')).toBeLessThan(r.stdout.indexOf('--- user ---'));
      expect(fake.requests).toHaveLength(0);
    },
  );

  it('uses the saved book of the same settings (--state), and says which state it rendered', async () => {
    const cwd = tmp();
    const state = path.join(cwd, 'books.sqlite');
    // Written offline (no key): a finished 3-chapter book in the state file.
    const made = await runKaryaInProcess(
      ['generate', 'romance', '--chapters', '3', '--with-outline', '--out', 'book.md', '--state', state],
      { cwd },
    );
    expect(made.code, made.stderr).toBe(0);
    const chapter2 = outlineEntry(readFileSync(path.join(cwd, 'book.md'), 'utf8'), 'Chapter', 2);

    const conclusion = await runKaryaInProcess(
      ['prompts', 'romance', '--chapters', '3', '--step', 'conclusion', '--state', state, '--json'],
      { env, cwd },
    );
    expect(conclusion.code, conclusion.stderr).toBe(0);
    expect(JSON.parse(conclusion.stdout)).toMatchObject({
      generator: 'romance',
      step: 'conclusion',
      lang: 'en',
      source: 'saved',
    });
    expect(conclusion.stderr).toContain(`saved book in ${state}`);

    const chapter = await runKaryaInProcess(
      ['prompts', 'romance', '--chapters', '3', '--step', 'chapter:2', '--state', state, '--json'],
      { env, cwd },
    );
    expect(chapter.code, chapter.stderr).toBe(0);
    const printed = JSON.parse(chapter.stdout) as Printed;
    expect(printed).toMatchObject({ step: 'chapter:2', source: 'saved' });
    expect(userOf(printed)).toContain(chapter2);
    expect(chapter.stderr).toContain(`saved book in ${state}`);
    expect(chapter.stderr).toContain('chapter:2');

    // Other settings are another book: none saved, so a scripted one.
    const other = await runKaryaInProcess(
      ['prompts', 'romance', '--chapters', '4', '--step', 'chapter:2', '--state', state, '--json'],
      { env, cwd },
    );
    expect(other.code, other.stderr).toBe(0);
    expect((JSON.parse(other.stdout) as Printed).source).toBe('scripted');
    expect(fake.requests).toHaveLength(0);
  });

  it('an unfinished saved book: its next step by default, from its own outline', async () => {
    // A model that writes the outline, then fails: the book is saved with its outline only.
    const premise = 'A lighthouse keeper in Kuala Terengganu trades letters with a rival baker.';
    const outline = [
      'Title: Salt and Sugar',
      `Premise: ${premise}`,
      '',
      'Chapter 1: The First Letter',
      'Aina finds a letter wedged under the lighthouse door.',
      '',
      'Chapter 2: Flour on the Stairs',
      'Daniel climbs the lighthouse with a tray of kuih and an apology.',
      '',
      'Chapter 3: The Storm Night',
      'A storm cuts the town off and the two keep the light burning together.',
      '',
      'Ending: The rivals open one shop under the lighthouse.',
    ].join('\n');
    const model = await startFakeOpenAI({
      reply: (_body, index) =>
        index === 0 ? { text: outline } : { status: 400, body: { error: { message: 'no more' } } },
    });
    try {
      const cwd = tmp();
      const state = path.join(cwd, 'books.sqlite');
      const made = await runKaryaInProcess(
        ['generate', 'romance', '--chapters', '3', '--out', 'book.md', '--state', state],
        { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: model.baseURL }, cwd },
      );
      expect(made.code).toBe(1);

      const next = await runKaryaInProcess(['prompts', 'romance', '--chapters', '3', '--state', state, '--json'], {
        env,
        cwd,
      });
      expect(next.code, next.stderr).toBe(0);
      const printed = JSON.parse(next.stdout) as Printed;
      expect(printed).toMatchObject({ step: 'introduction', source: 'saved' });
      expect(userOf(printed)).toContain(premise);
      expect(next.stderr).toContain('next step');

      // A later step, from the book as it stands: chapter 2's entry of the saved outline.
      const later = await runKaryaInProcess(
        ['prompts', 'romance', '--chapters', '3', '--step', 'chapter:2', '--state', state, '--json'],
        { env, cwd },
      );
      expect(later.code, later.stderr).toBe(0);
      expect(userOf(JSON.parse(later.stdout) as Printed)).toContain(
        'Chapter 2: Flour on the Stairs\nDaniel climbs the lighthouse with a tray of kuih and an apology.',
      );
      expect(later.stderr).toContain('its next step is introduction');
    } finally {
      await model.close();
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('does not create a state file that does not exist', async () => {
    const cwd = tmp();
    const state = path.join(cwd, 'missing', 'state.sqlite');
    const r = await runKaryaInProcess(['prompts', 'romance', '--chapters', '3', '--state', state, '--json'], {
      env,
      cwd,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout) as Printed).toMatchObject({ step: 'outline', source: 'scripted' });
    expect(existsSync(path.join(cwd, 'missing'))).toBe(false);
  });

  it('renders the one step of a single piece', async () => {
    const r = await runKaryaInProcess(['prompts', 'poems', '--json'], { env, cwd: tmp() });
    expect(r.code, r.stderr).toBe(0);
    const printed = JSON.parse(r.stdout) as Printed;
    expect(printed).toMatchObject({ generator: 'poems', step: 'single', lang: 'en' });
    expect(printed.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(userOf(printed).trim()).not.toBe('');
    expect(fake.requests).toHaveLength(0);
  });

  it("renders a cover's image prompt without calling the image model", async () => {
    const r = await runKaryaInProcess(['prompts', 'book-cover', '--set', 'title=Hujan di Kampung', '--json'], {
      env,
      cwd: tmp(),
    });
    expect(r.code, r.stderr).toBe(0);
    const printed = JSON.parse(r.stdout) as Printed & { size: string };
    expect(printed).toMatchObject({ generator: 'book-cover', step: 'image' });
    expect(printed.size).toMatch(/^\d+x\d+$/);
    expect(printed.messages).toHaveLength(1);
    expect(printed.messages[0]!.content).toContain('Hujan di Kampung');
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a step the book does not have, naming the steps it has (exit 2)', async () => {
    const r = await runKaryaInProcess(['prompts', 'romance', '--chapters', '12', '--step', 'chapter:99'], {
      env,
      cwd: tmp(),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      '--step: "chapter:99" is not a step of this 12-chapter book ' +
        '(outline, introduction, chapter:1…chapter:12, conclusion)',
    );
    expect(r.stdout).toBe('');

    const single = await runKaryaInProcess(['prompts', 'poems', '--step', 'chapter:1'], { env, cwd: tmp() });
    expect(single.code).toBe(2);
    expect(single.stderr).toContain('--step: "chapter:1"');
    expect(single.stderr).toContain('single');
  });

  it('an unknown generator exits 2', async () => {
    const r = await runKaryaInProcess(['prompts', 'no-such-generator'], { env, cwd: tmp() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown generator "no-such-generator"');
    expect(fake.requests).toHaveLength(0);
  });
});
