// The model audit of continuity, below the CLI: its answer is untrusted text, so only "- subject | what
// contradicts it | part" lines become findings (at most 8, each detail cut to 300 characters); and
// `continuity: audit` in a generator's flow turns the audit on for every caller of the session (one request
// a chapter, none for the introduction or the conclusion), while `continuityAudit: false` turns it off; an audit that
// fails keeps its chapter.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, userMessageOf, type FakeOpenAI } from '../fake-openai.js';
import { continuityBook, CONTINUITY_PLAN } from '../continuity-book.js';
import { BookSession, inMemoryProgressStore, parseSettings } from '../../engine/index.js';
import { parseAuditFindings, MAX_AUDIT_DETAIL, MAX_AUDIT_FINDINGS } from '../../engine/session/continuity/audit.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { loadCatalog } from '../../engine/node/load.js';
import { tempDir } from '../temp.js';

describe("the audit's answer read into findings", () => {
  it('keeps only three-cell list lines, at most 8, each detail bounded', () => {
    const answer = [
      'Sure! Here is my check.',
      '- Mara | speaks but died | Chapter 4',
      '| a | table | row |',
      '- two | cells',
      '- | empty subject | Chapter 2',
      '* Heron | is now the Osprey | Chapter 2',
    ].join('\n');
    expect(parseAuditFindings(answer)).toEqual([
      { kind: 'audit', detail: 'Mara: speaks but died', part: 'Chapter 4' },
      { kind: 'audit', detail: 'Heron: is now the Osprey', part: 'Chapter 2' },
    ]);
    expect(parseAuditFindings('NONE')).toEqual([]);
    const many = parseAuditFindings(
      Array.from({ length: 20 }, (_, i) => `- S${i} | ${'x'.repeat(1000)} | Chapter 1`).join('\n'),
    );
    expect(many).toHaveLength(MAX_AUDIT_FINDINGS);
    expect(many.every((f) => f.detail.length <= MAX_AUDIT_DETAIL)).toBe(true);
  });
});

describe("continuity: audit in a generator's flow", () => {
  let fake: FakeOpenAI;
  let isFailing = false;
  const dir = tempDir('karya-audit-flow-');
  beforeAll(async () => {
    const romance = readFileSync(path.join('generators', 'romance.yaml'), 'utf8');
    writeFileSync(path.join(dir, 'romance.yaml'), `${romance}\nflow: { continuity: audit }\n`);
    writeFileSync(path.join(dir, '_shared.yaml'), readFileSync(path.join('generators', '_shared.yaml'), 'utf8'));
    const book = continuityBook(CONTINUITY_PLAN);
    const isAudit = (body: Record<string, unknown>) => /^Check the continuity of/.test(userMessageOf(body).trim());
    fake = await startFakeOpenAI({
      props: true,
      contextTokens: 32_768,
      answer: (body, i) => (isAudit(body) ? 'NONE' : book(body, i)),
      reply: (body) =>
        isFailing && isAudit(body) ? { status: 400, body: { error: { message: 'bad request' } } } : undefined,
    });
  });
  afterAll(() => fake.close());

  let last: BookSession | undefined;
  const write = async (opts: { continuityAudit?: boolean }) => {
    const catalog = loadCatalog({ generatorsDir: dir });
    const spec = catalog.get('romance')!;
    expect(spec.flow.continuity).toBe('audit');
    const provider = providerFromEnv({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL });
    const session = await BookSession.open({
      spec,
      renderer: catalog.renderer,
      provider,
      store: inMemoryProgressStore(),
      key: 'b',
      settings: parseSettings(spec, { language: 'en' }),
      totalChapters: 3,
      onFinished: 'keep',
      ...opts,
    });
    last = session;
    const before = fake.generationRequests().length;
    while (!session.isFinished) {
      await session.advance();
      if (session.needsMemory) await session.remember();
    }
    return fake
      .generationRequests()
      .slice(before)
      .map((r) => userMessageOf(r.body!).trim())
      .filter((u) => u.startsWith('Check the continuity of'));
  };

  it('audits each chapter once, and not the introduction or the conclusion', async () => {
    expect((await write({})).map((u) => /^Check the continuity of (Chapter \d+)/.exec(u)?.[1])).toEqual([
      'Chapter 1',
      'Chapter 2',
      'Chapter 3',
    ]);
  });

  it('an audit request that fails leaves its chapter written, with no audit finding', async () => {
    isFailing = true;
    try {
      expect(await write({})).toHaveLength(3);
    } finally {
      isFailing = false;
    }
    expect(last!.isFinished).toBe(true);
    expect(
      last!
        .view()
        .parts.flatMap((p) => p.continuity ?? [])
        .filter((f) => f.kind === 'audit'),
    ).toEqual([]);
  });

  it('a caller can turn it off', async () => {
    expect(await write({ continuityAudit: false })).toEqual([]);
  });
});
