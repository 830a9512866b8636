// Package builds on a server, a few at a time: checking a book's closeness to its owner's others and
// making a package's files (the covers, the EPUB and DOCX, the paperback's interior and wrap) hold a few hundred
// megabytes while they run, so publishes that arrive together
// each wait their turn for a build, in the order they came, rather than each adding their memory to the server's.
// The charged steps before it (the model's description, keywords, cover) are not held: they wait on the model.
//
// Limit (environment): KARYA_PUBLISH_BUILDS (builds at once, 1 to 16, default 1).

/** Builds at once unless KARYA_PUBLISH_BUILDS says otherwise. */
export const DEFAULT_PUBLISH_BUILDS = 1;

/** At most `size` runs at once; the others wait, first come first served. */
export class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly size: number) {}

  /** Runs now and waiting. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** `work`'s answer, run once fewer than `size` others are running. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await work();
    } finally {
      // The next waiting run takes this one's place (running stays counted), or the place is given up.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** KARYA_PUBLISH_BUILDS as a whole number from 1 to 16, or the default; throws naming a bad value. */
export function publishBuildsFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const raw = env.KARYA_PUBLISH_BUILDS?.trim();
  if (!raw) return DEFAULT_PUBLISH_BUILDS;
  const n = /^[0-9]{1,2}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= 16)) throw new Error(`KARYA_PUBLISH_BUILDS: "${raw}" must be a whole number from 1 to 16`);
  return n;
}

let shared: Gate | undefined;

/** The process's gate for package builds (made on first use, its size from the environment). */
export function publishGate(): Gate {
  return (shared ??= new Gate(publishBuildsFromEnv()));
}
