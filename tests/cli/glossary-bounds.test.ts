// A writer's glossary file (`karya translate --glossary FILE`) is bounded before it is parsed: at most 200 terms
// (the engine's MAX_GLOSSARY_TERMS) in at most 64 KB. An 8 MB file of 500,000 terms kept the command at full CPU
// for over 10 minutes, deaf to SIGTERM; it is refused at once, in the writer's language, naming the limit, and
// nothing is asked of the model. A glossary within the bounds is used as before.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { underWriter } from '../scripted-models.js';
import { fakeTranslator, isTranslateRequest } from '../fake-translator.js';
import { saveRomance, savedEdition } from '../translate/book.js';
import { tempDir } from '../temp.js';

const fakes: FakeOpenAI[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function setUp(lang: 'en' | 'ms') {
  const translator = fakeTranslator();
  const fake = await startFakeOpenAI(underWriter(1).fakeOptions({ reply: (body) => translator.reply(body) }));
  fakes.push(fake);
  const cwd = tempDir('karya-glossary-bounds-');
  dirs.push(cwd);
  const state = path.join(cwd, 'state.sqlite');
  const id = await saveRomance(state, lang);
  const to = lang === 'en' ? 'ms' : 'en';
  const translate = (glossary: string) =>
    runKaryaInProcess(
      ['translate', '--book', String(id), '--to', to, '--glossary', glossary, '--state', state, '--no-bible'],
      {
        cwd,
        env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL },
      },
    );
  const asks = () => fake.generationRequests().filter((r) => isTranslateRequest(r.body ?? {})).length;
  return { cwd, state, translate, asks };
}

/** `n` invented names, one `Name: Rendering` line each. */
const names = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `Zorvan${from + i}: Zorvan${from + i}`).join('\n') + '\n';

describe('karya translate --glossary: a bounded file', () => {
  it('refuses an 8 MB glossary of 500,000 terms at once, naming the limit, and asks the model nothing', async () => {
    const { cwd, translate, asks } = await setUp('en');
    const file = path.join(cwd, 'huge.yaml');
    // 500,000 short names (`N1: N1`): about 8 MB.
    writeFileSync(file, Array.from({ length: 500_000 }, (_, i) => `N${i}: N${i}\n`).join(''));
    const started = Date.now();
    const r = await translate('huge.yaml');
    // Refused before it is read past its bound: in well under a second on an idle machine (it took over 10 minutes).
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/huge\.yaml is 7\.\d MB: a glossary file may be at most 64 KB/);
    expect(r.stderr).toContain('200 terms');
    expect(asks()).toBe(0);
  });

  it("refuses more than 200 terms, in a small file or on one line, in the writer's language", async () => {
    const { cwd, translate, asks } = await setUp('ms');
    writeFileSync(path.join(cwd, 'many.yaml'), names(300));
    const many = await translate('many.yaml');
    expect(many.code).toBe(2);
    // The writer of a Malay book reads Malay.
    expect(many.stderr).toContain('many.yaml mengandungi 300 istilah: glosari mengandungi paling banyak 200 istilah');
    // A flow map holds its terms on one line: counted once parsed.
    writeFileSync(
      path.join(cwd, 'flow.yaml'),
      `{${Array.from({ length: 250 }, (_, i) => `Qeth${i}: Qeth${i}`).join(', ')}}\n`,
    );
    const flow = await translate('flow.yaml');
    expect(flow.code).toBe(2);
    expect(flow.stderr).toContain('flow.yaml mengandungi 250 istilah');
    expect(asks()).toBe(0);
  });

  it('uses a glossary of 200 terms, the most it holds', async () => {
    const { cwd, state, translate } = await setUp('en');
    writeFileSync(path.join(cwd, 'full.yaml'), `# The book's names\nDaniel: Danial\n${names(199)}`);
    const r = await translate('full.yaml');
    expect(r.code, r.stderr).toBe(0);
    const edition = (await savedEdition(state))!;
    expect(edition.state.content.join('\n\n')).toContain('Danial');
  });
});
