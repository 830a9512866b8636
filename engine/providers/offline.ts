// The offline provider: deterministic demo text (no network) that uses the chosen settings and the
// requested language, roughly respects the requested length, and says clearly that it is demo text.
import { countWords } from '../words.js';
import type { ImageRequest, ImageResult, Provider, TextRequest, TextResult } from '../provider.js';
import type { Lang } from '../spec/types.js';
import type { PromptMeta } from '../compile/prompt.js';
import { GenerationError } from '../errors.js';
import { fillPlaceholders } from '../i18n.js';
import { renderCoverPng } from './cover.js';
import { seeded, seededAfter } from './seeded.js';
import { langs } from '../languages/index.js';
import { DEMO, type DemoShape, type DemoWords } from './offline-demo.js';
import { composeParagraph, picker, withArticles, type Pick } from './offline-compose.js';
import { GUIDE, STORY } from './offline-grammars.js';
import { chapterOpening, composeRecipe } from './offline-recipes.js';

export { offlineMark } from './offline-demo.js';

/**
 * Setting values that say nothing about the book ("Any", "Mana-mana") in any language of the table: never put
 * in a demo sentence.
 */
function vagueValues(): ReadonlySet<string> {
  return new Set(langs().flatMap((lang) => DEMO.read(lang)?.vague ?? []));
}

/**
 * A demo line with its placeholders filled; in a language with articles, "a" before a vowel made "an" ("an urban
 * street").
 */
function fillDemo(line: string, vars: Readonly<Record<string, string>>, words: DemoWords): string {
  const filled = fillPlaceholders(line, vars);
  return words.articles ? withArticles(filled) : filled;
}

function demoTitle(shape: DemoShape, words: DemoWords, n: number): string {
  const titles = words.titles[shape];
  const base = titles[(n - 1) % titles.length]!;
  return n > titles.length ? `${base} ${Math.ceil(n / titles.length)}` : base;
}

/** The shape of the demo: the generator's own, else a story for fiction and a guide for the rest. */
const shapeOf = (meta: PromptMeta): DemoShape => meta.demo ?? (meta.isFiction ? 'story' : 'guide');

/** The settings a demo sentence may name: short values that say something, with their labels. */
function demoSettings(meta: PromptMeta): Array<{ label: string; value: string }> {
  const vague = vagueValues();
  return meta.settingsSummary
    .filter((s) => /^\p{L}[\p{L}' -]{2,30}$/u.test(s.value) && !vague.has(s.value.toLowerCase()))
    .map((s) => ({ label: s.label.toLowerCase(), value: s.value }));
}

const wordCount = countWords;

/**
 * A recipe chapter: an opening line, then composed recipes (seeded each by `seed` and its place) until the length is
 * met.
 */
function recipeChapter(lang: Lang, target: number, seed: string): string[] {
  const after = seededAfter(seed);
  const out = [chapterOpening(lang, picker(after('\nopening'))), ''];
  let words = 0;
  for (let i = 0; i < 2 || words < target; i++) {
    const text = composeRecipe(lang, picker(after(`\nrecipe ${i}`)));
    out.push(text, '');
    words += wordCount(text);
  }
  return out;
}

/**
 * Paragraphs of composed prose (offline-compose.ts) until the length is met, each seeded by `seed` and its
 * place; the first names one setting (`settingLine`), the rest are the shape's own sentences.
 */
function proseParagraphs(
  lang: Lang,
  shape: 'story' | 'guide',
  target: number,
  seed: string,
  settingLine: (pick: Pick) => string,
): string[] {
  const grammar = (shape === 'story' ? STORY : GUIDE).words(lang);
  const out: string[] = [];
  let words = 0;
  // The request (`seed`, the whole prompt) hashed once, not again for every paragraph.
  const after = seededAfter(seed);
  for (let p = 0; words < target; p++) {
    const pick = picker(after(`\nparagraph ${p}`));
    const composed = composeParagraph(grammar, pick([4, 5, 6]), pick);
    if (p === 0) composed.splice(1, 0, settingLine(pick));
    // The last paragraph stops at the sentence that meets the length.
    const sentences: string[] = [];
    for (const sentence of composed) {
      if (words >= target) break;
      sentences.push(sentence);
      words += wordCount(sentence);
    }
    out.push(sentences.join(' '), '');
  }
  return out;
}

/** Compose the demo text for one request. */
export function offlineText(request: TextRequest): string {
  const meta: PromptMeta = request.meta ?? {
    generatorId: 'text',
    family: 'test',
    kind: 'single',
    stepKind: 'single',
    stepLabel: 'Text',
    lang: 'en',
    title: 'Karya',
    settingsSummary: [],
    wordTarget: 200,
    isFiction: false,
  };
  const lang = meta.lang;
  const words = DEMO.words(lang);
  const shape = shapeOf(meta);
  const rand = seeded(`${request.system}\n${request.user}`);
  const settings = demoSettings(meta);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const kind = words.kind[meta.kind === 'book' ? 'book' : 'single'];
  const vars = (from = settings) => {
    const s = from.length ? pick(from) : words.fallback;
    return { ...s, Value: s.value.replace(/^\p{Ll}/u, (c) => c.toUpperCase()), kind };
  };
  const target = Math.max(40, Math.min(meta.wordTarget, Math.floor(request.maxTokens * 0.7)));

  const lines: string[] = [words.mark, ''];
  // The settings line once a book (outline, introduction) or piece, not again in every later part.
  const summary = meta.settingsSummary.map((s) => `${s.label}: ${s.value}`).join(' · ');
  if (summary && meta.stepKind !== 'chapter' && meta.stepKind !== 'conclusion')
    lines.push(`_${meta.title} — ${summary}_`, '');
  if (meta.stepKind === 'memory') {
    // A story-bible update: a few bounded lines, whatever the length of the book.
    return words.memory.map((line) => fillDemo(line, { part: meta.stepLabel }, words)).join('\n');
  }
  if (meta.stepKind === 'outline') {
    // The working title line the outline templates ask for, then one entry per chapter (6 when the count is unknown).
    // A title names one word of the settings ("A Tale of Urban Beginnings"): a phrase would not read as one.
    lines.push(
      fillDemo(words.titleLine[shape], vars(settings.filter((x) => !/\s/.test(x.value))), words),
      fillDemo(words.premise, vars(), words),
      '',
    );
    for (let n = 1; n <= Math.min(meta.chapterCount ?? 6, 100); n++)
      lines.push(`${words.chapter} ${n}: ${demoTitle(shape, words, n)}`, words.entry[shape], '');
    lines.push('', words.ending);
    return lines.join('\n');
  }
  if (meta.stepKind === 'introduction' && meta.isFiction) {
    lines.push(words.characterDetails, ...words.characters, '');
  }
  // Seeded by the generator, the part and the request, then by each paragraph or recipe's place.
  const seed = `${meta.generatorId}\n${meta.stepLabel}\n${request.system}\n${request.user}`;
  if (meta.stepKind === 'chapter' && shape === 'recipe')
    return [...lines, ...recipeChapter(lang, target, seed)].join('\n').trim();
  const plan: string[] = meta.asksChapterPlan
    ? [
        '',
        words.chapterPlan,
        ...Array.from(
          { length: meta.chapterCount ?? 3 },
          (_, i) => `${words.chapter} ${i + 1}: ${demoTitle(shape, words, i + 1)}`,
        ),
      ]
    : [];
  const setting = words.settingLines[shape === 'story' ? 'story' : 'guide'];
  lines.push(
    ...proseParagraphs(lang, shape === 'story' ? 'story' : 'guide', target, seed, (p) =>
      fillDemo(p(setting), vars(), words),
    ),
    ...plan,
  );
  return lines.join('\n').trim();
}

function abortError(): GenerationError {
  return new GenerationError('aborted');
}

export function createOfflineProvider(): Provider {
  return {
    name: 'offline',
    isOffline: true,
    async generateText(request) {
      if (request.signal?.aborted) throw abortError();
      if (!request.user.trim()) throw new GenerationError('prompt_required');
      const text = offlineText(request);
      if (request.onDelta) {
        const chunks = text.match(/\S+\s*/g) ?? [];
        for (let i = 0; i < chunks.length; i += 8) {
          if (request.signal?.aborted) throw abortError();
          request.onDelta(chunks.slice(i, i + 8).join(''));
          if (i % 400 === 0) await new Promise((r) => setImmediate(r));
        }
      }
      const result: TextResult = {
        text,
        model: 'offline-demo',
        finishReason: 'stop',
        usage: {
          promptTokens: Math.ceil((request.system.length + request.user.length) / 4),
          completionTokens: Math.ceil(text.length / 4),
          totalTokens: 0,
        },
      };
      result.usage!.totalTokens = result.usage!.promptTokens + result.usage!.completionTokens;
      return result;
    },
    async generateImage(request: ImageRequest): Promise<ImageResult> {
      if (request.signal?.aborted) throw abortError();
      return { png: renderCoverPng(request), model: 'offline-cover' };
    },
  };
}
