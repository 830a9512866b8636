// Recent Updates shown on the dashboard (newest first). Product news, not generator data: each update's id, date
// and category here, its words in every language in languages/<code>/studio-updates.yaml (by update id), read and
// checked with the table, so a language lacking an update's text fails naming the file and the key.
import { defineSection, LanguageWordsError, type Lang } from '../engine.js';

export interface ProductUpdate {
  id: string;
  date: string;
  category: 'New Feature' | 'Improvement' | 'Announcement';
}

/** An update's words in one language. */
export interface UpdateWords {
  title: string;
  overview: string;
  newFeatures: readonly string[];
  improvements: readonly string[];
  notes?: string;
}

export const UPDATES: readonly ProductUpdate[] = [
  { id: 'karya-studio', date: '2026-11-20', category: 'New Feature' },
  { id: 'publishing-tools', date: '2026-11-01', category: 'New Feature' },
  { id: 'credits', date: '2026-09-15', category: 'Announcement' },
];

function missing(code: string, key: string, what: string): LanguageWordsError {
  return new LanguageWordsError(
    { language: code, catalogue: 'studio-updates', key },
    `languages/${code}/studio-updates.yaml: "${key}" must be ${what}`,
  );
}

function parseUpdates(raw: unknown, table: { code: Lang }): Readonly<Record<string, UpdateWords>> {
  const file = (raw ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const text = (v: unknown, key: string) => {
    if (typeof v !== 'string' || !v.trim()) throw missing(table.code, key, 'a text');
    return v;
  };
  const texts = (v: unknown, key: string) => {
    if (!Array.isArray(v) || !v.length) throw missing(table.code, key, 'a list of texts');
    return v.map((t, i) => text(t, `${key}.${i}`));
  };
  return Object.fromEntries(
    UPDATES.map(({ id }) => {
      const u = file[id] ?? {};
      const words: UpdateWords = {
        title: text(u.title, `${id}.title`),
        overview: text(u.overview, `${id}.overview`),
        newFeatures: texts(u.newFeatures, `${id}.newFeatures`),
        improvements: texts(u.improvements, `${id}.improvements`),
      };
      return [id, u.notes === undefined ? words : { ...words, notes: text(u.notes, `${id}.notes`) }];
    }),
  );
}

const updatesIn = defineSection('studio-updates', parseUpdates);

/** An update's words in a language. */
export const updateWords = (update: ProductUpdate, lang: Lang): UpdateWords => updatesIn(lang)[update.id]!;
