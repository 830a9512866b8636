// Table-driven checks of generators against expectations typed from ../shared/spec/ (not from the YAML).
// Each group file (fiction.table.test.ts, …) passes its rows to checkGeneratorTable().
import { describe, expect, it } from 'vitest';
import { describeFlow, type ResolvedSpec } from '../../engine/index.js';
import { repoCatalog } from '../catalog.js';

export interface FieldExpectation {
  /** Option values in spec order (selects and flags). */
  options?: Array<string | number>;
  default?: unknown;
  required?: boolean;
  type?: string;
  /** The field is shown only when this other field has this value. */
  visibleWhen?: { field: string; is: unknown };
  requiredWhen?: { field: string; is: unknown };
  min?: number;
  max?: number;
}

export interface GeneratorExpectation {
  id: string;
  family: string;
  kind: 'book' | 'single' | 'image' | 'test';
  bookType?: string;
  /** Malay title where spec/ gives one. */
  titleMs?: string;
  /** Every field, in order, with what spec/ says about it. */
  fields: Record<string, FieldExpectation>;
  flow?: Partial<{
    outline: boolean;
    conclusion: 'after-last' | 'replaces-last';
    progressDenominator: 'total' | 'total+2' | number;
    savesProgress: boolean;
    characterDetails: boolean;
    retry: boolean;
    /** English names of fixed sections, in order. */
    sections: string[];
  }>;
  model?: Partial<{ tokens: number; temperature: number; presencePenalty: number; frequencyPenalty: number }>;
  cost?: number;
  imageSize?: string;
}

/**
 * The writer's brief every book gets: working title, premise, main characters, point of view and
 * tense for a story; working title, premise (what the book is about), the reader's goal and what it must
 * cover for a guide. All optional.
 */
const STORY_BRIEF = ['workingTitle', 'premise', 'characters', 'pointOfView', 'tense'];
const GUIDE_BRIEF = ['workingTitle', 'premise', 'readerGoal', 'mustCover'];

export function checkGeneratorTable(group: string, rows: GeneratorExpectation[]): void {
  const catalog = repoCatalog();
  describe(`${group} generators match spec/`, () => {
    for (const row of rows) {
      describe(row.id, () => {
        const spec = catalog.get(row.id) as ResolvedSpec;
        it('exists with its family, kind and book type', () => {
          expect(spec, `generators/${row.id}.yaml`).toBeDefined();
          expect(spec.family).toBe(row.family);
          expect(spec.kind).toBe(row.kind);
          if (row.bookType) expect(spec.bookType).toBe(row.bookType);
          if (row.titleMs) expect(spec.title.ms).toBe(row.titleMs);
          expect(spec.title.ms).not.toBe(spec.title.en);
        });
        it(
          'has exactly the fields of spec/, in order, and a ' + 'book the brief of issue 25 before its chapter title',
          () => {
            const own = Object.keys(row.fields);
            const brief =
              row.kind !== 'book' ? [] : spec.prompts.outline === 'fiction/outline' ? STORY_BRIEF : GUIDE_BRIEF;
            const titled = own.at(-1) === 'chapterTitle';
            const want = titled ? [...own.slice(0, -1), ...brief, 'chapterTitle'] : [...own, ...brief];
            expect(spec.fields.map((f) => f.name)).toEqual(want);
          },
        );
        for (const [name, want] of Object.entries(row.fields)) {
          it(`field ${name}`, () => {
            const field = spec.fields.find((f) => f.name === name)!;
            if (want.type) expect(field.type).toBe(want.type);
            if (want.options) expect(field.options?.map((o) => o.value)).toEqual(want.options);
            if ('default' in want) expect(field.default).toEqual(want.default);
            if (want.required !== undefined) expect(field.required).toBe(want.required);
            if (want.visibleWhen) expect(field.visibleWhen).toEqual(want.visibleWhen);
            if (want.requiredWhen) expect(field.requiredWhen).toEqual(want.requiredWhen);
            if (want.min !== undefined) expect(field.min).toBe(want.min);
            if (want.max !== undefined) expect(field.max).toBe(want.max);
            for (const o of field.options ?? []) {
              if (field.role !== 'chapters' && !/^[\d\s+-]+$/.test(String(o.value))) {
                expect(o.label.ms, `${name}.${o.value} needs a Malay label`).toBeTruthy();
              }
            }
          });
        }
        if (row.flow) {
          it('flow', () => {
            const flow = describeFlow(spec);
            const { sections, ...rest } = row.flow!;
            expect(flow).toMatchObject(rest);
            if (sections) expect(flow.sections?.map((s) => s.label.en)).toEqual(sections);
          });
        }
        if (row.model) it('model settings', () => expect(spec.model).toMatchObject(row.model!));
        if (row.cost !== undefined) it('cost', () => expect(spec.cost).toBe(row.cost));
        if (row.imageSize) it('image size', () => expect(spec.image?.size).toBe(row.imageSize));
      });
    }
  });
}
