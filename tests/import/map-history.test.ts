// The story map of an imported 28-chapter novel (a Project Gutenberg-like text: licence header, `CHAPTER I` to
// `CHAPTER XXVIII` with title lines, hard-wrapped prose), whose bible `karya import` builds part by part from the
// fake model's updates: the heroine Katrine from Chapter 1 (her state new in every chapter), her brother John from
// Chapter 3, Mrs. Oakley from Chapter 5, Stephen Hale from Chapter 12 and the stranger Ivo from Chapter 26, with a
// fact changed in every chapter. `karya map` shows each first appearing in their chapter (the heroine in Chapter 1,
// not near the end), and `--as-of 5` lists exactly the characters met by Chapter 5.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { fullLength, startFakeOpenAI, userMessageOf, type FakeOpenAI } from '../fake-openai.js';
import { wrap } from './katrine.js';
import { tempDir } from '../temp.js';

const CHAPTERS = 28;
const CAST = [
  { name: 'Katrine', role: 'the heroine', at: 1 },
  { name: 'John', role: 'her brother', at: 3 },
  { name: 'Mrs. Oakley', role: 'the neighbour', at: 5 },
  { name: 'Stephen Hale', role: 'the suitor', at: 12 },
  { name: 'Ivo', role: 'a stranger', at: 26 },
] as const;
const READING = {
  era: 'America, 1909',
  setting: 'a river valley',
  pointOfView: 'third person, past tense',
  tone: 'gentle',
  fields: { romanceType: 'historical', settingType: 'Rural' },
};

function roman(n: number): string {
  const table: Array<[number, string]> = [
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let out = '';
  for (const [v, s] of table)
    while (n >= v) {
      out += s;
      n -= v;
    }
  return out;
}

/** The novel as its .txt file holds it: the licence header, then 28 chapters of wrapped prose naming who is in them. */
function novel(): string {
  const header = [
    'The Project Gutenberg eBook of The Valley, by A. N. Author',
    '',
    'Title: The Valley',
    '',
    'Author: A. N. Author',
    '',
    'Language: English',
    '',
    '*** START OF THE PROJECT GUTENBERG EBOOK THE VALLEY ***',
    '',
    '',
    '',
  ];
  const chapters = Array.from({ length: CHAPTERS }, (_, i) => {
    const k = i + 1;
    const here = CAST.filter((c) => c.at <= k)
      .map((c) => c.name)
      .join(' and ');
    const paragraph = (n: number) =>
      wrap(
        (
          `${here} walked by the river on day ${k} of the long summer, and ` +
          `the ${['orchard', 'garden', 'road', 'mill'][n % 4]} was quiet ` +
          `under the pines while the evening came down over the valley slowly.`
        ).repeat(3),
      );
    return [
      '',
      '',
      `CHAPTER ${roman(k)}`,
      '',
      `THE ${['RIVER', 'ORCHARD', 'LETTER', 'MILL'][k % 4]} ${roman(k)}`,
      '',
      ...paragraph(k),
      '',
      ...paragraph(k + 1),
      '',
      ...paragraph(k + 2),
    ];
  });
  return [
    ...header,
    ...chapters.flat(),
    '',
    'THE END',
    '',
    '*** END OF THE PROJECT GUTENBERG EBOOK THE VALLEY ***',
  ].join('\n');
}

/** The bible update after chapter k, cumulative as a model that keeps its table writes it. */
function update(k: number): string {
  const characters = CAST.filter((c) => c.at <= k).map(
    (c) =>
      `- ${c.name} | ${c.role} ` +
      `| ${c.name === 'Katrine' ? `feeling ${k}, by the river` : 'in the valley'} | Chapter ${k}`,
  );
  return [
    '## Chapter',
    `Events of Chapter ${k}.`,
    ...(characters.length ? ['## Characters', ...characters] : []),
    '## Established facts',
    `- The mill's wheel: turned ${k} times`,
  ].join('\n');
}

describe('the story map of an imported 28-chapter novel', () => {
  let fake: FakeOpenAI;
  let cwd: string;
  let id: number;
  const karya = (args: string[]) =>
    runKaryaInProcess(args, { cwd, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL } });
  const mapOf = async (args: string[] = []) => {
    const r = await karya(['map', '--book', String(id), '--json', ...args]);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as {
      as_of: { label: string };
      characters: Array<{ name: string; first: { label: string } }>;
    };
  };

  beforeAll(async () => {
    fake = await startFakeOpenAI({
      props: true,
      contextTokens: 32_768,
      answer: fullLength((body) => {
        const user = userMessageOf(body);
        if (/Settings to choose/.test(user)) return `\`\`\`json\n${JSON.stringify(READING)}\n\`\`\``;
        if (/^Update the story bible/.test(user.trim()))
          return update(Number(/\(Chapter (\d+)\)/.exec(user)?.[1] ?? 0));
        return 'The river ran on under the pines, and the valley was quiet in the evening light.';
      }),
    });
    cwd = tempDir('karya-import-map-');
    writeFileSync(path.join(cwd, 'valley.txt'), novel());
    const r = await karya(['import', 'valley.txt', '--generator', 'romance', '--voice', 'none', '--json']);
    expect(r.code, r.stderr).toBe(0);
    id = (JSON.parse(r.stdout) as { book: { id: number } }).book.id;
  });
  afterAll(async () => {
    await fake.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  it('shows each character first appearing in the chapter they enter: the heroine in Chapter 1', async () => {
    const map = await mapOf();
    expect(Object.fromEntries(map.characters.map((c) => [c.name, c.first.label]))).toEqual(
      Object.fromEntries(CAST.map((c) => [c.name, `Chapter ${c.at}`])),
    );
  });

  it('--as-of 5 lists the characters met by Chapter 5', async () => {
    const map = await mapOf(['--as-of', '5']);
    expect(map.as_of.label).toBe('Chapter 5');
    expect(map.characters.map((c) => c.name).sort()).toEqual(['John', 'Katrine', 'Mrs. Oakley']);
  });
});
