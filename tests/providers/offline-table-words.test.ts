// The offline demo's prose words are data for every language alike: English's and Malay's stories,
// guides, kitchen notes and cover words are read from languages/en/ and languages/ms/ (offline-story.yaml,
// offline-guide.yaml, offline-kitchen.yaml, offline-cover.yaml) by the reader that reads Indonesian's, and a file
// missing a key stops the table's read, naming the file and the key. The answer checks' words likewise
// (languages/<code>/answer-checks.yaml): a language lacking one fails the start naming the check and the language.
import { afterAll, describe, expect, it } from 'vitest';
import { ensureLanguages, setLanguageSource, type LanguageSource } from '../../engine/languages/index.js';
import { readLanguages } from '../../engine/node/languages.js';
import { offlineText } from '../../engine/providers/offline.js';
import { answerNotesOf } from '../../engine/session/answers/index.js';
import type { PromptMeta } from '../../engine/compile/prompt.js';
import type { Lang } from '../../engine/spec/types.js';

const codeOf = (src: LanguageSource) => (src.data as { code: string }).code;
type Words = Record<string, Record<string, unknown>>;

/** The repository's table, with `edit` made to a copy of one language's words. */
function tableWith(lang: string, edit: (words: Words) => void): LanguageSource[] {
  return readLanguages().map((src) => {
    if (codeOf(src) !== lang) return src;
    const words = structuredClone(src.words) as Words;
    edit(words);
    return { ...src, words };
  });
}

/** The error reading `sources` stops with, or undefined; the repository's table is read again after. */
function refusal(sources: LanguageSource[]): Error | undefined {
  setLanguageSource(() => sources);
  try {
    ensureLanguages();
    return undefined;
  } catch (error) {
    return error as Error;
  } finally {
    setLanguageSource(() => readLanguages());
  }
}

afterAll(() => {
  setLanguageSource(() => readLanguages());
  ensureLanguages();
});

function meta(lang: Lang, over: Partial<PromptMeta> = {}): PromptMeta {
  return {
    generatorId: 'romance',
    family: 'fiction',
    kind: 'book',
    stepKind: 'chapter',
    stepLabel: lang === 'en' ? 'Chapter 1' : 'Bab 1',
    lang,
    title: 'Rain',
    settingsSummary: [],
    wordTarget: 300,
    chapterCount: 3,
    isFiction: true,
    ...over,
  };
}
const write = (lang: Lang, over: Partial<PromptMeta> = {}) =>
  offlineText({
    system: 'system',
    user: 'write this part',
    maxTokens: 4000,
    temperature: 0.8,
    presencePenalty: 0,
    frequencyPenalty: 0,
    meta: meta(lang, over),
  });

describe("the offline demo's English and Malay words, read from their folders", () => {
  it.each(['en', 'ms'] as const)("a %s story is composed from that language's offline-story.yaml", (lang) => {
    // One frame, one slot: every composed sentence of the chapter is then this file's (the rest are
    // offline-demo.yaml's).
    const sources = tableWith(lang, (words) => {
      words['offline-story'] = { frames: ['[who] waits by the kettle.'], slots: { who: ['Aisha'] } };
    });
    setLanguageSource(() => sources);
    try {
      const prose = write(lang).split('\n').slice(1).join(' ').trim();
      expect(prose.match(/Aisha waits by the kettle\./g)!.length).toBeGreaterThan(20);
      expect(prose).not.toMatch(/Mak Som|Daniel/);
    } finally {
      setLanguageSource(() => readLanguages());
    }
  });

  it.each([
    ['en', 'offline-story', (w: Words) => delete w['offline-story'], 'languages/en/offline-story.yaml: "*"'],
    [
      'ms',
      'offline-guide',
      (w: Words) => delete (w['offline-guide']!.slots as Record<string, unknown>).goal,
      'languages/ms/offline-guide.yaml: "slots.goal"',
    ],
    [
      'en',
      'offline-kitchen',
      (w: Words) => delete w['offline-kitchen']!.opening,
      'languages/en/offline-kitchen.yaml: "opening',
    ],
    [
      'ms',
      'offline-cover',
      (w: Words) => delete w['offline-cover']!.footer,
      'languages/ms/offline-cover.yaml: "footer"',
    ],
    [
      'ms',
      'offline-cover',
      (w: Words) => delete (w['offline-cover']!.moods as Record<string, unknown>).brave,
      'languages/ms/offline-cover.yaml: "moods.brave"',
    ],
  ] as const)('%s without a key of %s stops the read, naming the file and the key', (lang, _file, edit, named) => {
    const error = refusal(tableWith(lang, edit));
    expect(error?.message).toContain(named);
  });
});

describe("the answer checks' words, read from every language's folder", () => {
  it("a note names an answer asked again in the words of the book language's answer-checks.yaml", () => {
    const outcome = { answerNotes: { askedAgain: ['listed' as const] }, continuations: 0, isComplete: true };
    expect(answerNotesOf(outcome, 'Chapter 2', 'en')[0]!.message).toBe(
      'Chapter 2: an answer was a list or a table, not prose; asked again, and the new answer kept',
    );
    expect(answerNotesOf(outcome, 'Bab 2', 'ms')[0]!.message).toBe(
      'Bab 2: satu jawapan ialah senarai atau jadual, bukan prosa; diminta sekali lagi, dan jawapan baharu disimpan',
    );
  });

  it.each(['en', 'ms'] as const)(
    "%s's file without a check's text stops the start, naming the check and the language",
    (lang) => {
      const error = refusal(tableWith(lang, (words) => delete words['answer-checks']!.recipe));
      expect(error?.message).toContain(`rule "recipe" has no ${lang} text`);
      // The table read whole again, the check has its words back.
      ensureLanguages();
      const outcome = { answerNotes: { askedAgain: ['recipe' as const] }, continuations: 0, isComplete: true };
      expect(answerNotesOf(outcome, 'Bab 2', 'ms')[0]!.message).toContain('resipi');
    },
  );
});
