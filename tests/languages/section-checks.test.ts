// A section parsed for every language from the same files by the same code before (the source's SectionChecks: on
// Node, the running bundle's, kept in .karya/cache) is parsed at its first use, for the language asked only; a
// section never parsed whole that way is parsed at the start, and a broken one stops the start naming the file and
// the key, as always: only a section parsed without an error is kept. A check of the table (checkOnce: a catalogue's
// words whole, the guard's families) is kept the same way. `karya validate`'s check of the whole table parses every
// section and runs every check whatever was kept.
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkLanguagesWhole,
  checkOnce,
  defineSection,
  ensureLanguages,
  LanguageWordsError,
  onLanguagesLoaded,
  setLanguageSource,
  type LanguageSource,
  type SectionChecks,
} from '../../engine/languages/index.js';
import { languageTableError } from '../../engine/languages/errors.js';
import { readLanguages, sectionChecks } from '../../engine/node/languages.js';

/** What the test's section was asked to parse, by language; `broken` makes Malay's a table missing its key. */
const parsed: string[] = [];
let isBroken = false;
const testWordsOf = defineSection('test-section-checks', (_raw, table) => {
  parsed.push(table.code);
  if (isBroken && table.code === 'ms') throw languageTableError(`languages/${table.code}.yaml`, 'tested', 'a text');
  return `${table.code} words`;
});

/** SectionChecks kept in memory: what was kept, and what was added. */
function keptChecks(kept: readonly string[] = []): SectionChecks & { added: string[] } {
  const sections = new Set(kept);
  const added: string[] = [];
  return {
    added,
    has: (name) => sections.has(name),
    add(names) {
      for (const name of names) sections.add(name);
      added.push(...names);
    },
  };
}

/** The repository's table, its sections checked by `checks`. */
function readWith(checks: SectionChecks): void {
  const sources = readLanguages();
  setLanguageSource(() => sources, { checks: () => checks });
}

afterEach(() => {
  isBroken = false;
  parsed.length = 0;
  setLanguageSource(() => readLanguages());
});

describe('a section parsed whole before', () => {
  it('is parsed at the start the first time, and kept once every language parsed', () => {
    const checks = keptChecks();
    readWith(checks);
    ensureLanguages();
    expect(parsed).toEqual(expect.arrayContaining(['en', 'ms']));
    expect(checks.added).toContain('test-section-checks');
  });

  it('is parsed at first use the next time, for the language asked only', () => {
    readWith(keptChecks(['test-section-checks']));
    ensureLanguages();
    expect(parsed).toEqual([]);
    expect(testWordsOf('ms')).toBe('ms words');
    expect(testWordsOf('ms')).toBe('ms words');
    expect(parsed).toEqual(['ms']);
  });

  it('is parsed whole by the check of the whole table (karya validate), whatever was kept', () => {
    readWith(keptChecks(['test-section-checks']));
    checkLanguagesWhole();
    expect(parsed).toEqual(expect.arrayContaining(['en', 'ms']));
  });
});

describe('a broken section', () => {
  it('stops the start naming the file and the key, and is not kept', () => {
    isBroken = true;
    const checks = keptChecks();
    readWith(checks);
    expect(() => ensureLanguages()).toThrow(LanguageWordsError);
    expect(() => ensureLanguages()).toThrow('languages/ms.yaml: "tested" must be a text');
    expect(checks.added).not.toContain('test-section-checks');
  });
});

describe('a check of the table (checkOnce)', () => {
  it('runs while it has not passed, is kept once it passes, and is not run again', () => {
    const checks = keptChecks();
    readWith(checks);
    ensureLanguages();
    const runs: string[] = [];
    checkOnce('test check', () => void runs.push('ran'));
    checkOnce('test check', () => void runs.push('ran'));
    expect(runs).toEqual(['ran']);
    expect(checks.added).toContain('test check');
  });

  it('that throws throws naming the file and key, and is not kept', () => {
    const checks = keptChecks();
    readWith(checks);
    ensureLanguages();
    const broken = () => {
      throw languageTableError('languages/ms/guard.yaml', 'markers', 'a list');
    };
    expect(() => checkOnce('test broken', broken)).toThrow('languages/ms/guard.yaml: "markers" must be a list');
    expect(checks.added).not.toContain('test broken');
  });

  it('kept is not run at a start, and is run by the check of the whole table (karya validate)', () => {
    let runs = 0;
    onLanguagesLoaded(() => checkOnce('test hooked', () => void runs++));
    readWith(keptChecks(['test hooked']));
    ensureLanguages();
    expect(runs).toBe(0);
    checkLanguagesWhole();
    expect(runs).toBe(1);
  });
});

describe("Node's source", () => {
  it('keeps nothing for code run from its sources (any engine file may change a parse)', () => {
    expect(sectionChecks(readLanguages())).toBeUndefined();
  });
});
