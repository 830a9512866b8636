// In-memory generator sources for unit tests, independent of the files in generators/.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../engine/node/load.js';
import { readSources } from '../../engine/node/load.js';
import { buildCatalog, type Catalog, type Sources } from '../../engine/index.js';

export const sharedText = readFileSync(path.join(ROOT, 'generators/_shared.yaml'), 'utf8');
export const realTemplates = readSources().templates;

export function sources(
  generators: Record<string, string>,
  templates: Record<string, string> = realTemplates,
): Sources {
  return {
    generators,
    shared: { file: 'generators/_shared.yaml', text: sharedText },
    templates,
    templateFile: (n) => `templates/${n}.hbs`,
  };
}

export function catalogOf(generators: Record<string, string>, templates?: Record<string, string>): Catalog {
  return buildCatalog(sources(generators, templates), { now: new Date('2026-11-21T00:00:00Z') });
}

/** A compact book used by several tests: chapters 3/5, an ISBN-like conditional field, flags, a number. */
export const SAMPLE = `
id: sample
preset: fiction-book
title: { en: Sample Book, ms: Buku Contoh }
tagline: { en: A sample, ms: Satu contoh }
fields:
  language: { use: language }
  mood:
    type: select
    label: { en: Mood, ms: Suasana }
    options:
      - { value: calm, en: Calm, ms: Tenang }
      - { value: tense, en: Tense, ms: Tegang }
  includeISBN: { type: checkbox, label: { en: Include ISBN, ms: Sertakan ISBN }, default: false }
  isbn:
    type: text
    label: { en: ISBN, ms: ISBN }
    visibleWhen: { field: includeISBN, is: true }
    requiredWhen: { field: includeISBN, is: true }
  extras:
    type: flags
    label: { en: Extras, ms: Tambahan }
    options:
      - { value: map, en: Map, ms: Peta }
      - { value: glossary, en: Glossary, ms: Glosari }
    default: [map]
  year: { type: number, label: { en: Year, ms: Tahun }, min: 1900, max: 2100, defaultFrom: currentYear }
  numberOfChapters:
    use: numberOfChapters
    options:
      - { value: 3, en: 3 Chapters, ms: 3 Bab }
      - { value: 5, en: 5 Chapters, ms: 5 Bab }
    default: 5
  chapterTitle: { use: chapterTitle }
prompts:
  brief:
    en: "Mood {{labels.mood}}; extras {{labels.extras}}."
    ms: "Suasana {{labels.mood}}; tambahan {{labels.extras}}."
`;
