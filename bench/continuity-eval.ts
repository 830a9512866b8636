// The continuity table of `npm run eval`: the scripted continuity book (tests/continuity-book.ts: a dead
// captain who speaks, a fact changed, a renamed place, three promises of which one is never paid) written
// through the fake AI server and the engine's OpenAI provider, in English and Malay; per language the
// planted contradictions the deterministic checks caught, out of those planted, and the findings that match
// nothing planted (false alarms). With a real model configured, a short book it writes: its findings by kind
// and the share of its threads resolved by the end (the model audit is not part of the checks yet).
import { BookSession, inMemoryProgressStore, parseSettings, type ContinuityFinding } from '../engine/index.js';
import { loadProviders, type loadCatalog, type Provider } from '../engine/node.js';
import { startFakeOpenAI } from '../tests/fake-openai.js';
import { continuityBook, CONTINUITY_PLAN, PROMISES } from '../tests/continuity-book.js';

type Catalog = ReturnType<typeof loadCatalog>;

export interface ContinuityRow {
  model: string;
  lang: 'en' | 'ms';
  chapters: number;
  planted: number;
  caught: number;
  falseAlarms: number;
  findings: Record<string, number>;
  threads: number;
  resolved: number;
  error?: string;
}

/** A planted contradiction: the kind of finding that catches it and a word of its detail. */
interface Planted {
  kind: ContinuityFinding['kind'];
  mention: string;
}

function plantedOf(lang: 'en' | 'ms'): Planted[] {
  return [
    { kind: 'acts_after_death', mention: 'Mara' },
    { kind: 'fact_changed', mention: 'Osprey' },
    { kind: 'fact_changed', mention: 'Kampung Ulu' },
    { kind: 'thread_overdue', mention: PROMISES[lang][0].thread },
  ];
}

/** Write a book through a session and read its findings and threads. */
async function writeAndCheck(catalog: Catalog, provider: Provider, lang: 'en' | 'ms', chapters: number) {
  const spec = catalog.get('romance')!;
  const session = await BookSession.open({
    spec,
    renderer: catalog.renderer,
    provider,
    store: inMemoryProgressStore(),
    key: 'continuity',
    settings: parseSettings(spec, { language: lang }),
    totalChapters: chapters,
    onFinished: 'keep',
  });
  while (!session.isFinished) {
    await session.advance();
    if (session.needsMemory) await session.remember();
  }
  const view = session.view();
  return { findings: view.parts.flatMap((p) => p.continuity ?? []), threads: view.threads ?? [] };
}

function rowOf(
  model: string,
  lang: 'en' | 'ms',
  chapters: number,
  findings: ContinuityFinding[],
  threads: Array<{ status: string }>,
  planted: Planted[],
): ContinuityRow {
  const matches = (f: ContinuityFinding, p: Planted) => f.kind === p.kind && f.detail.includes(p.mention);
  const byKind: Record<string, number> = {};
  for (const f of findings) byKind[f.kind] = (byKind[f.kind] ?? 0) + 1;
  // A promise still open is reported on every part after its due one: one alarm per thread, not per part.
  const alarms = new Set(
    findings.filter((f) => !planted.some((p) => matches(f, p))).map((f) => `${f.kind} ${f.detail}`),
  );
  return {
    model,
    lang,
    chapters,
    planted: planted.length,
    caught: planted.filter((p) => findings.some((f) => matches(f, p))).length,
    falseAlarms: alarms.size,
    findings: byKind,
    threads: threads.length,
    resolved: threads.filter((t) => t.status === 'resolved').length,
  };
}

/** The scripted continuity book in each language, and a real model's book when `real` is set. */
export async function continuityRows(
  catalog: Catalog,
  langs: readonly ('en' | 'ms')[],
  real: boolean,
): Promise<ContinuityRow[]> {
  const rows: ContinuityRow[] = [];
  const { providerFromEnv } = await loadProviders();
  for (const lang of langs) {
    const fake = await startFakeOpenAI({
      answer: continuityBook({ ...CONTINUITY_PLAN, lang }),
      props: true,
      contextTokens: 32_768,
    });
    try {
      const provider = providerFromEnv({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL });
      const { findings, threads } = await writeAndCheck(catalog, provider, lang, 10);
      rows.push(rowOf('scripted', lang, 10, findings, threads, plantedOf(lang)));
    } finally {
      await fake.close();
    }
  }
  if (real) {
    const provider = providerFromEnv({ ...process.env, OPENAI_API_KEY: process.env.OPENAI_API_KEY?.trim() || 'none' });
    for (const lang of langs) {
      try {
        const { findings, threads } = await writeAndCheck(catalog, provider, lang, 4);
        rows.push(rowOf('real', lang, 4, findings, threads, []));
      } catch (error) {
        rows.push({
          model: 'real',
          lang,
          chapters: 4,
          planted: 0,
          caught: 0,
          falseAlarms: 0,
          findings: {},
          threads: 0,
          resolved: 0,
          error: (error as Error).message,
        });
      }
    }
  }
  return rows;
}

/** The table: caught/planted and false alarms (scripted), findings by kind and threads resolved by the end. */
export function printContinuity(rows: readonly ContinuityRow[]): void {
  console.log(
    'Continuity (deterministic checks on the story bible; a real ' +
      "model's book has nothing planted: its findings are for reading):",
  );
  console.log(
    `  ${'model'.padEnd(9)} ${'lang'.padEnd(4)} ${'ch'.padStart(3)} ${'caught/planted'.padStart(14)} ` +
      `${'false alarms'.padStart(12)} ${'threads resolved'.padStart(16)} ` +
      ` findings by kind`,
  );
  for (const r of rows) {
    const kinds =
      Object.entries(r.findings)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ') || '-';
    const caught = r.planted ? `${r.caught}/${r.planted}` : '-';
    console.log(
      `  ${r.model.padEnd(9)} ${r.lang.padEnd(4)} ${String(r.chapters).padStart(3)} ${caught.padStart(14)} ` +
        `${String(r.falseAlarms).padStart(12)} ${`${r.resolved}/${r.threads}`.padStart(16)} ` +
        ` ${kinds}${r.error ? `  error: ${r.error}` : ''}`,
    );
  }
  console.log(
    '  planted: a dead character who speaks, a fact changed, a renamed place, a promise never paid (of three).',
  );
}
