// Interface words the engine puts on steps, buttons and toasts, in en and ms.
import type { Bilingual, Lang } from './spec/types.js';

export const WORDS = {
  introduction: { en: 'Introduction', ms: 'Pengenalan' },
  chapter: { en: 'Chapter {n}', ms: 'Bab {n}' },
  conclusion: { en: 'Conclusion', ms: 'Kesimpulan' },
  storyOutline: { en: 'Story Outline', ms: 'Rangka Cerita' },
  guideOutline: { en: 'Guide Outline', ms: 'Rangka Panduan' },
  generateStoryOutline: { en: 'Generate Story Outline', ms: 'Jana Rangka Cerita' },
  generateGuideOutline: { en: 'Generate Guide Outline', ms: 'Jana Rangka Panduan' },
  generateIntroduction: { en: 'Generate Introduction', ms: 'Jana Pengenalan' },
  generateChapter: { en: 'Generate Chapter {n}', ms: 'Jana Bab {n}' },
  generateConclusion: { en: 'Generate Conclusion', ms: 'Jana Kesimpulan' },
  generate: { en: 'Generate', ms: 'Jana' },
  generating: { en: 'Generating...', ms: 'Sedang Menjana...' },
  storyOutlineDone: { en: 'Story outline generated!', ms: 'Rangka cerita telah dijana!' },
  guideOutlineDone: { en: 'Guide outline generated!', ms: 'Rangka panduan telah dijana!' },
  stepOf: { en: 'Step {k} of {n}: {action}', ms: 'Langkah {k} daripada {n}: {action}' },
  actionOutline: { en: 'Generate the outline', ms: 'Jana rangka' },
  actionIntroduction: { en: 'Generate the introduction', ms: 'Jana pengenalan' },
  actionChapters: { en: 'Generate the next sections', ms: 'Jana bahagian seterusnya' },
  actionConclusion: { en: 'Generate the conclusion to complete your book', ms: 'Jana kesimpulan untuk melengkapkan buku anda' },
  bookComplete: { en: 'Your book is complete.', ms: 'Buku anda telah lengkap.' },
  repeats: { en: 'repeats', ms: 'berulang' },
  repeatsNote: { en: '{label} repeats itself: {share}% of its words were already written', ms: '{label} berulang: {share}% perkataannya sudah ditulis sebelum ini' },
  indonesianNote: { en: 'Indonesian words in {label}: {words}', ms: 'Perkataan Indonesia dalam {label}: {words}' },
  checkAgainst: { en: 'check against the rewritten {label}', ms: 'semak dengan {label} yang ditulis semula' },
  threadsResolved: { en: '{resolved} of {total} promises resolved', ms: '{resolved} daripada {total} janji diselesaikan' },
  auditCost: { en: 'continuity audit on: {calls} more model calls (one a chapter), no extra credit', ms: 'audit kesinambungan dihidupkan: {calls} panggilan model tambahan (satu setiap bab), tanpa kredit tambahan' },
  threadsOverdue: { en: 'still open past their due part: {threads}', ms: 'masih terbuka selepas bahagian sasarannya: {threads}' },
} as const satisfies Record<string, Bilingual>;

export type WordKey = keyof typeof WORDS;

/**
 * Fill `{name}` placeholders from `vars`; a placeholder without a value stays as written.
 * @example fillPlaceholders('Chapter {n}', { n: 3 }) // 'Chapter 3'
 */
export function fillPlaceholders(template: string, vars: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, k: string) => {
    const value = Object.hasOwn(vars, k) ? vars[k] : undefined;
    return value === undefined ? whole : String(value);
  });
}

/** An interface word in a language, with {n}-style placeholders filled. */
export function word(key: WordKey, lang: Lang, vars: Record<string, string | number> = {}): string {
  return fillPlaceholders(WORDS[key][lang], vars);
}

export const LANGUAGE_NAMES: Record<Lang, string> = { en: 'English', ms: 'Bahasa Malaysia' };
