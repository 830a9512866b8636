// `karya publish`'s package: its parts made by the publishing generators (a line each, what each cost), its files
// written into --out (a line as each is made), and the package said: its files, paperback, readiness and cost.
import path from 'node:path';
import { directPublishStep, readinessText, say, writePackageParts, TRIM_SIZES } from '../engine/index.js';
import type { BookSession, BookState, Closeness, Lang, PackageStepDone, ReadinessText } from '../engine/index.js';
import type { RunFigures, RunPublishStep, TrimName } from '../engine/index.js';
import { numberIn, secondsIn } from '../engine/index.js';
import { info, EXIT, CliExit } from './util.js';
import { renderOrExit } from './export-format.js';
import { makeDirs } from './fs-check.js';
import { creditsIn, publishWord } from './publish-words.js';
import type { RunMeter } from './run-meter.js';
import type { cliProvider } from './provider.js';
import { metadataOptions, type Checked, type PaperName, type PublishOptions } from './publish-options.js';

/** The step or package part being made (named by --json when it fails), and the language of the run's lines. */
export interface Where {
  current: string | null;
  lang: Lang;
}

/** Why a package part had no step (PackageStepDone.skipped) in its words' key; any other reason: the book's own. */
const SKIP_WORDS = {
  given: 'skip_given',
  no_author: 'skip_no_author',
  typographic: 'skip_typographic',
  own_cover: 'skip_own_cover',
  no_images: 'skip_no_images',
} as const;
const skipWord = (skipped: string) =>
  Object.hasOwn(SKIP_WORDS, skipped) ? SKIP_WORDS[skipped as keyof typeof SKIP_WORDS] : 'skip_own';

/** A line as each file of the package is made (on a terminal, one line that changes): its seconds are not silent. */
function fileProgress(lang: Lang): (file: string) => void {
  const isTty = process.stderr.isTTY === true;
  return (file) => {
    const status =
      file === 'epubcheck'
        ? say('status.epubcheck')
        : file === 'accessibility'
          ? say('status.accessibility')
          : say('status.file', { file });
    const line = `  … ${readinessText(status, lang)}`;
    if (isTty) process.stderr.write(`\r\x1b[K${line}${file === 'readiness.json' ? '\r\x1b[K' : ''}`);
    else info(line);
  };
}

/** The package's parts made by the publishing generators (a line each), then its files written into --out. */
export async function makePackage(input: {
  checked: Checked;
  opts: PublishOptions;
  session: BookSession;
  provider: ReturnType<typeof cliProvider>;
  meter: RunMeter;
  bilingualSource?: BookState;
  signal: AbortSignal;
  where: Where;
  nearDuplicates: (title: string) => Promise<Closeness>;
}) {
  const { checked, opts, session, where } = input;
  const { spec, catalog } = checked;
  info(readinessText(say('status.making', { dir: opts.out }), where.lang, 'cli'));
  const direct = directPublishStep({ renderer: catalog.renderer, provider: input.provider, signal: input.signal });
  let started = 0;
  const runStep: RunPublishStep = (step) => {
    started = performance.now();
    where.current = step.part;
    return direct(step);
  };
  const onStep = (done: PackageStepDone) => {
    const name = publishWord(`part_${done.part}`, where.lang).padEnd(16);
    if (done.skipped) {
      const why = publishWord(skipWord(done.skipped), where.lang);
      info(`  – ${name} ${publishWord('skipped', where.lang, { why })}`);
    } else {
      const seconds = secondsIn((performance.now() - started) / 1000, where.lang, 1);
      info(`  ✓ ${name} ${done.generatorId.padEnd(16)} ${creditsIn(done.cost, where.lang).padStart(9)}  ${seconds}`);
    }
    input.meter.partDone(done.skipped ? 0 : done.cost);
  };
  const given = {
    ...(opts.title ? { title: opts.title } : {}),
    ...(opts.subtitle ? { subtitle: opts.subtitle } : {}),
    ...(opts.author ? { author: opts.author } : {}),
    ...metadataOptions(opts, where.lang),
    ...(checked.cover ? { cover: checked.cover } : {}),
  };
  const specOf = (x: string) => catalog.get(x);
  const parts = await writePackageParts({ book: spec, state: session.state, specOf, runStep, given, onStep });
  where.current = null;
  // The files are made with no model call: the line ends here, their own lines follow.
  input.meter.finish();
  const { writeKdpPackage } = await (await import('../engine/node.js')).loadPublishFiles();
  makeDirs(opts.out);
  // Before it is published: compared with the owner's other finished books (readiness: not-too-close, reused-passages).
  const closeness = await input.nearDuplicates(parts.title);
  const written = await writeKdpPackage({
    dir: opts.out,
    book: spec,
    state: session.state,
    parts,
    render: renderOrExit,
    trim: checked.trim,
    paper: checked.paper,
    onProgress: fileProgress(where.lang),
    closeness,
    audience: 'cli',
    ...(input.bilingualSource ? { bilingualSource: input.bilingualSource } : {}),
  });
  return { parts, written };
}

/** The package's files, paperback, readiness and cost said on stderr (--json: on stdout); exit 1 when not ready. */
export function reportPackage(
  input: {
    spec: Checked['spec'];
    opts: PublishOptions;
    session: BookSession;
    trim: TrimName;
    paper: PaperName;
    book: { planned: number; steps: number };
    progress: RunFigures;
  } & Awaited<ReturnType<typeof makePackage>>,
): void {
  const { spec, opts, session, parts, written } = input;
  const lang = session.state.lang;
  const said = (text: ReadinessText) => info(readinessText(text, lang, 'cli'));
  for (const file of written.files) info(`  ${path.join(opts.out, file)}`);
  const size = say('trim', { width: TRIM_SIZES[input.trim].width, height: TRIM_SIZES[input.trim].height });
  const spine = numberIn(written.print.spineIn, lang, 3);
  said(say('status.paperback', { size, paper: say(`paper.${input.paper}`), pages: written.print.pageCount, spine }));
  said(say('status.readiness'));
  info(written.summary);
  const bookCost = input.book.planned * spec.cost;
  const thisRun = input.book.steps * spec.cost + parts.cost;
  const cost = { book: bookCost, publishing: parts.cost, total: bookCost + parts.cost, thisRun };
  const steps = parts.steps
    .filter((s) => !s.skipped)
    .map((s) => `${s.generatorId} ${s.cost}`)
    .join(', ');
  const costs = {
    total: creditsIn(cost.total, lang),
    book: creditsIn(cost.book, lang),
    parts: input.book.planned,
    publishing: creditsIn(cost.publishing, lang),
    steps,
  };
  info(
    `karya: ${publishWord('cost', lang, costs)}` +
      (cost.thisRun !== cost.total ? publishWord('thisRun', lang, { credits: creditsIn(cost.thisRun, lang) }) : ''),
  );
  if (opts.json) {
    process.stdout.write(
      JSON.stringify({
        id: spec.id,
        lang: session.state.lang,
        out: opts.out,
        files: written.files,
        title: parts.title,
        author: parts.author,
        steps: parts.steps,
        cost,
        print: written.print,
        ready: written.readiness.ready,
        channels: written.readiness.channels,
        progress: input.progress,
      }) + '\n',
    );
  }
  if (!written.readiness.ready) throw new CliExit(EXIT.failed);
}
