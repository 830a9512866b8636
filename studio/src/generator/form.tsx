// The spec-driven settings form: react-hook-form validated by the engine's zod schema
// (compileSettingsSchema), fields rendered from the served form model through a widget registry keyed
// by the field's widget (formWidgets.tsx), labels and options in the studio language, conditional fields shown and
// required as the model says.
import { useId, useMemo, type ReactNode } from 'react';
import { useForm, type FieldError, type FieldErrors, type Resolver, type UseFormReturn } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import {
  bookCost,
  compileSettingsSchema,
  isFieldRequired,
  isFieldVisible,
  isLang,
  settingsIssueOf,
  bookSpecFromForm,
  wordIn,
  type FormField,
  type FormModel,
  type Lang,
  type FieldShape,
  type BookSpec,
  type Settings,
  type SettingsIssue,
} from '../engine.js';
import { fieldMessage, serverFieldMessage } from './messages.js';
import { WIDGETS } from './formWidgets.js';

export type FormValues = Record<string, unknown>;

/**
 * The form's starting values: every field at its default, in the shape its widget edits. A book's
 * language starts at the studio's language when the generator offers it (a user who chose Bahasa
 * Malaysia for the studio writes in Malay unless they pick English). With the writer's `credits`, a
 * book opens at a length they can finish: its default chapter count, or the largest offered below it
 * whose whole book the credits pay for.
 */
export function defaultValues(form: FormModel, studioLang?: Lang, credits?: number): FormValues {
  return Object.fromEntries(
    form.fields.map((f) => {
      const offersStudioLang =
        studioLang !== undefined && f.role === 'language' && (f.options ?? []).some((o) => o.value === studioLang);
      const value = initialValue(f, offersStudioLang ? studioLang : f.default);
      return [
        f.name,
        f.role === 'chapters' && credits !== undefined ? affordableChapters(form, f, value, credits) : value,
      ];
    }),
  );
}

function affordableChapters(form: FormModel, field: FormField, value: unknown, credits: number): unknown {
  const spec = bookSpecFromForm(form);
  const costOf = (n: number) => bookCost(spec, { totalChapters: n, content: [] }).total;
  const wanted = Number(value);
  if (!Number.isInteger(wanted) || wanted <= 0 || costOf(wanted) <= credits) return value;
  const fits = (field.options ?? [])
    .map((o) => Number(o.value))
    .filter((n) => Number.isInteger(n) && n < wanted && costOf(n) <= credits);
  return fits.length ? initialValue(field, Math.max(...fits)) : value;
}

/** The brief (working title, premise, characters) comes first on the form, before the choices. */
const BRIEF_ROLES: ReadonlyArray<FormField['role']> = ['workingTitle', 'premise', 'characters'];
const briefFirst = (fields: readonly FormField[]) => [
  ...fields.filter((f) => BRIEF_ROLES.includes(f.role)),
  ...fields.filter((f) => !BRIEF_ROLES.includes(f.role)),
];

/** A stored setting as the widget edits it (saved settings restored on Continue). */
export function initialValue(field: FormField, value: unknown): unknown {
  if (field.widget === 'flags') return Array.isArray(value) ? value.map(String) : [];
  if (field.widget === 'checkbox') return value === true;
  if (value === undefined || value === null) return '';
  return field.widget === 'select' ? String(value) : value;
}

/** Form values from saved settings, every missing field at its default. */
export function valuesFromSettings(form: FormModel, settings: Readonly<Record<string, unknown>>): FormValues {
  return Object.fromEntries(
    form.fields.map((f) => [f.name, initialValue(f, f.name in settings ? settings[f.name] : f.default)]),
  );
}

export interface SettingsFormApi {
  spec: BookSpec;
  methods: UseFormReturn<FormValues, unknown, Settings>;
}

/**
 * A field error of the form: from the schema it carries the engine's issue (code and params); from a 400 answer, the
 * server's words.
 */
export interface SettingsFieldError extends FieldError {
  issue?: SettingsIssue;
}

/** Validate with the engine's settings schema, keeping each field's first issue as data for the form to word. */
function settingsResolver(spec: BookSpec): Resolver<FormValues, unknown, Settings> {
  const schema = compileSettingsSchema(spec);
  return (values, _context, options) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, SettingsFieldError> = {};
    for (const zodIssue of result.error.issues) {
      const issue = settingsIssueOf(zodIssue);
      errors[issue.field] ??= { type: issue.code, message: zodIssue.message, issue };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/** A field error in words, in the page's language, naming the field. */
function wordError(error: SettingsFieldError, opts: { label: string; lang: Lang }): string {
  return error.issue ? fieldMessage(error.issue, opts) : serverFieldMessage(String(error.message ?? ''), opts);
}

/** react-hook-form bound to the generator's settings schema. */
export function useSettingsForm(
  form: FormModel,
  spec?: BookSpec,
  studioLang?: Lang,
  credits?: number,
): SettingsFormApi {
  const resolved = useMemo(() => spec ?? bookSpecFromForm(form), [form, spec]);
  const resolver = useMemo(() => settingsResolver(resolved), [resolved]);
  const methods = useForm<FormValues, unknown, Settings>({
    defaultValues: defaultValues(form, studioLang, credits),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  return { spec: resolved, methods };
}

/** Widgets whose label wraps a group (legend) or sits after the control. */
const GROUPED = new Set<FormField['widget']>(['flags']);
const INLINE = new Set<FormField['widget']>(['checkbox']);

function FieldRow({
  field,
  spec,
  lang,
  methods,
  isDisabled,
  values,
  errors,
}: {
  field: FormField;
  spec: BookSpec;
  lang: Lang;
  methods: UseFormReturn<FormValues, unknown, Settings>;
  isDisabled: boolean;
  values: FormValues;
  errors: FieldErrors<FormValues>;
}) {
  const id = `field-${useId().replace(/:/g, '')}-${field.name}`;
  const resolved = spec.fields.find((f) => f.name === field.name) as FieldShape;
  const isRequired = isFieldRequired(resolved, values);
  const fieldError = errors[field.name] as SettingsFieldError | undefined;
  const label = wordIn(field.label, lang, field.name);
  const error = fieldError && wordError(fieldError, { label, lang });
  const helpId = field.help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  const Widget = WIDGETS[field.widget];
  const widget = (
    <Widget
      field={field}
      lang={lang}
      id={id}
      methods={methods}
      isDisabled={isDisabled}
      isRequired={isRequired}
      describedBy={describedBy}
      hasError={Boolean(error)}
    />
  );
  const marker = isRequired ? (
    <span className="text-red-600 dark:text-red-400" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
  const help = field.help && (
    <p id={helpId} className="mt-1 text-xs text-gray-500 dark:text-gray-400">
      {field.help[lang]}
    </p>
  );
  const errorText = error && (
    <p id={errorId} className="field-error" role="alert">
      {error}
    </p>
  );
  return (
    <div data-field={field.name}>
      <LabelledWidget widget={field.widget} id={id} label={label} marker={marker}>
        {widget}
      </LabelledWidget>
      {help}
      {errorText}
    </div>
  );
}

/** A field's label with its control: a legend over a group, after a checkbox, above the others. */
function LabelledWidget({
  widget,
  id,
  label,
  marker,
  children,
}: {
  widget: FormField['widget'];
  id: string;
  label: string;
  marker: ReactNode;
  children: ReactNode;
}) {
  if (GROUPED.has(widget)) {
    return (
      <fieldset>
        <legend className="label">
          {label}
          {marker}
        </legend>
        {children}
      </fieldset>
    );
  }
  if (INLINE.has(widget)) {
    return (
      <div className="flex items-center gap-2">
        {children}
        <label htmlFor={id} className="text-sm font-medium text-gray-700 dark:text-gray-300">
          {label}
          {marker}
        </label>
      </div>
    );
  }
  return (
    <>
      <label htmlFor={id} className="label">
        {label}
        {marker}
      </label>
      {children}
    </>
  );
}

/**
 * Every visible field of the model. `isLocked` disables them all; `hidden` names fields not to render
 * here and `only` the fields to render (the page places the chapter title itself).
 */
export function SettingsFields({
  form,
  api,
  lang,
  isLocked = false,
  hidden = [],
  only,
}: {
  form: FormModel;
  api: SettingsFormApi;
  lang: Lang;
  isLocked?: boolean;
  hidden?: readonly string[];
  /** Render only these fields. */
  only?: readonly string[];
}) {
  const { methods, spec } = api;
  const values = methods.watch();
  const errors = methods.formState.errors;
  return (
    <div className="space-y-4">
      {briefFirst(form.fields).map((field) => {
        const resolved = spec.fields.find((f) => f.name === field.name) as FieldShape;
        if (hidden.includes(field.name) || (only && !only.includes(field.name)) || !isFieldVisible(resolved, values))
          return null;
        return (
          <FieldRow
            key={field.name}
            field={field}
            spec={spec}
            lang={lang}
            methods={methods}
            isDisabled={isLocked}
            values={values}
            errors={errors}
          />
        );
      })}
    </div>
  );
}

/**
 * The book's language (what the model writes in): the language field's value when it is a language of the table, else
 * the model's fixed one. The page's own words follow the studio language.
 */
export function formLanguage(form: FormModel, values: FormValues): Lang {
  const field = form.fields.find((f) => f.role === 'language');
  const v = field ? values[field.name] : undefined;
  return isLang(v) ? v : form.fixedLanguage;
}
