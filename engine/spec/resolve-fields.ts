// The resolver's field stages (resolve.ts resolveSpec): a generator's fields merged with its preset's and the
// shared definitions they `use`, each checked by its field type, then the roles (each one the generator's
// kind reads, on one field at most) and the conditions between fields, each problem reported by path.
import { FIELD_ROLES, FieldDef, type AuthoredField } from './format-fields.js';
import { ROLES_BY_KIND, languageTexts, type SharedFile } from './format.js';
import type { Bilingual, Condition, FieldValue, Kind, ResolvedField, ResolvedOption, Scalar } from './types.js';
import { langs, languageName } from '../languages/index.js';
import { isGrammarFlag, languagesWhere, GRAMMAR_FLAGS } from './grammar.js';
import { fieldType } from '../fields/registry.js';
import { findOption, listValues, quote } from '../fields/options.js';

type Issue = (path: string, message: string) => void;

/** The values a condition is met by. */
function conditionValues(c: Condition): Scalar[] {
  return Array.isArray(c.is) ? [...(c.is as Scalar[])] : [c.is as Scalar];
}

/**
 * A language's name as a list shows it: the table's name in running text, its first letter upper case (`bahasa
 * Inggeris` → `Bahasa Inggeris`).
 */
function asLabel(name: string, inLang: string): string {
  return name.charAt(0).toLocaleUpperCase(inLang) + name.slice(1);
}

/** A field's options: its own, or `languages`: every language of the table, each named in every language. */
function resolveOptions(options: AuthoredField['options']): ResolvedOption[] | undefined {
  if (options === 'languages') {
    return langs().map((code) => ({
      value: code,
      label: Object.fromEntries(langs().map((ui) => [ui, asLabel(languageName(code, ui), ui)])),
    }));
  }
  return options?.map((o) => ({ value: o.value, label: languageTexts(o), description: o.description }));
}

/**
 * A condition as the compilers read it: `where: <flag>` becomes the languages of the table whose grammar has the flag.
 */
function resolveCondition(c: AuthoredField['visibleWhen'], path: string, issue: Issue): Condition | undefined {
  if (!c) return undefined;
  if (c.where === undefined) return { field: c.field, is: c.is! };
  if (!isGrammarFlag(c.where)) {
    issue(
      `${path}.where`,
      `"${c.where}" is not one of ${Object.keys(GRAMMAR_FLAGS).join(', ')} (the grammar flags of the language table)`,
    );
    return undefined;
  }
  const codes = languagesWhere(c.where);
  return { field: c.field, is: codes.length === 1 ? codes[0]! : codes };
}

/** The generator's fields: each shared definition under `use`, then the file's own keys, checked by its field type. */
export function resolveFields(input: {
  merged: Record<string, AuthoredField>;
  own: Record<string, AuthoredField> | undefined;
  fromPreset: Record<string, AuthoredField> | undefined;
  shared: SharedFile;
  now?: Date;
  issue: Issue;
}): ResolvedField[] {
  const fields: ResolvedField[] = [];
  for (const [name, own] of Object.entries(input.merged)) {
    const path = `fields.${name}`;
    let base: AuthoredField = {};
    if (own.use) {
      const shared0 = input.shared.fields[own.use];
      if (!shared0) {
        input.issue(`${path}.use`, `"${own.use}" is not one of ${Object.keys(input.shared.fields).join(', ')}`);
        continue;
      }
      base = shared0;
    }
    const def = FieldDef.parse({ ...base, ...own, use: undefined });
    if (!def.type) {
      input.issue(`${path}.type`, 'is required (select, text, textarea, number, checkbox, flags)');
      continue;
    }
    if (!def.label) {
      input.issue(
        `${path}.label`,
        `is required (${langs()
          .map((l) => `${l}: "…"`)
          .join(', ')})`,
      );
      continue;
    }
    let field: ResolvedField = {
      name,
      type: def.type,
      role: def.role,
      label: def.label,
      help: def.help,
      placeholder: def.placeholder,
      options: resolveOptions(def.options),
      default:
        def.defaultFrom === 'currentYear' ? (input.now ?? new Date()).getFullYear() : (def.default as FieldValue),
      required: def.required ?? false,
      visibleWhen: resolveCondition(def.visibleWhen, `${path}.visibleWhen`, input.issue),
      requiredWhen: resolveCondition(def.requiredWhen, `${path}.requiredWhen`, input.issue),
      min: def.min,
      max: def.max,
      maxLength: def.maxLength,
      inPrompt: def.inPrompt ?? (def.role !== 'chapterTitle' && def.role !== 'chapters'),
      ...(input.own && name in input.own
        ? {}
        : input.fromPreset && name in input.fromPreset
          ? { fromPreset: true }
          : {}),
    };
    const type = fieldType(field);
    for (const [sub, message] of type.check(field)) input.issue(`${path}.${sub}`, message);
    if (field.default === undefined) field = { ...field, default: type.fallbackDefault(field) };
    fields.push(field);
  }
  return fields;
}

/**
 * Each role is one the generator's kind reads, on one field at most; the language field offers the table's languages;
 * the chapters field's options are whole numbers.
 */
export function checkRoles(
  fields: readonly ResolvedField[],
  kind: Kind,
  issue: Issue,
): { languageField: ResolvedField | undefined; chaptersField: ResolvedField | undefined } {
  const usable: readonly string[] = ROLES_BY_KIND[kind];
  for (const f of fields) {
    if (f.role && !usable.includes(f.role))
      issue(
        `fields.${f.name}.role`,
        `"${f.role}" is not one of ${usable.join(', ')} (the roles of a generator of kind ${kind})`,
      );
  }
  for (const role of FIELD_ROLES) {
    const withRole = fields.filter((f) => f.role === role);
    if (withRole.length > 1) issue(`fields.${withRole[1]!.name}.role`, `only one field may have role ${role}`);
  }
  const languageField = fields.find((f) => f.role === 'language');
  if (languageField) {
    const values = (languageField.options ?? []).map((o) => String(o.value)).join(',');
    if (languageField.type !== 'select' || values !== langs().join(','))
      issue(
        `fields.${languageField.name}.options`,
        'the language field offers the languages of the table: write options: languages',
      );
  }
  const chaptersField = fields.find((f) => f.role === 'chapters');
  if (chaptersField) {
    (chaptersField.options ?? []).forEach((o, i) => {
      if (typeof o.value !== 'number' || !Number.isInteger(o.value) || o.value < 1) {
        issue(
          `fields.${chaptersField.name}.options.${i}.value`,
          `${quote(o.value)} is not a positive whole number of chapters`,
        );
      }
    });
  }
  return { languageField, chaptersField };
}

/** Conditions refer to fields that exist, with values those fields can take; the fields by name. */
export function checkConditions(fields: readonly ResolvedField[], issue: Issue): Map<string, ResolvedField> {
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const f of fields) {
    for (const key of ['visibleWhen', 'requiredWhen'] as const) {
      const c = f[key];
      if (!c) continue;
      const target = byName.get(c.field);
      if (!target) {
        issue(`fields.${f.name}.${key}.field`, `"${c.field}" is not a field of this generator`);
        continue;
      }
      if (target.options) {
        for (const v of conditionValues(c)) {
          if (!findOption(target, v))
            issue(`fields.${f.name}.${key}.is`, `${quote(v)} is not one of ${listValues(target)}`);
        }
      }
    }
  }
  return byName;
}

/** The generator's fields, then the preset's it does not name, the chapterTitle field (own or shared by `use`) last. */
export function mergeFields<F extends { use?: string; role?: string }>(
  preset: Record<string, F>,
  own: Record<string, F>,
  shared: Record<string, { role?: string }>,
): Record<string, F> {
  const merged: Record<string, F> = { ...own };
  for (const [name, f] of Object.entries(preset)) if (!(name in own)) merged[name] = f;
  const isChapterTitle = (f: F) =>
    f.role === 'chapterTitle' || (f.use !== undefined && shared[f.use]?.role === 'chapterTitle');
  const last = Object.entries(merged).filter(([, f]) => isChapterTitle(f));
  const out: Record<string, F> = {};
  for (const [name, f] of Object.entries(merged)) if (!isChapterTitle(f)) out[name] = f;
  for (const [name, f] of last) out[name] = f;
  return out;
}
