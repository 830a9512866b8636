// The settings form's widgets (form.tsx renders a field's row around one): one per kind of input, keyed by
// the field's widget in the served form model, each bound to react-hook-form, in the studio language.
import { useEffect, useId, useState, type ComponentType } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { chaptersMost, wordIn, type FormField, type Lang, type Settings } from '../engine.js';
import { pageWord } from './words.js';

/** What a widget is given: its field, the studio language, the control's id and state, and the form. */
export interface WidgetProps {
  field: FormField;
  lang: Lang;
  id: string;
  /** The form (its values by field name, as form.tsx's FormValues). */
  methods: UseFormReturn<Record<string, unknown>, unknown, Settings>;
  isDisabled: boolean;
  isRequired: boolean;
  describedBy?: string;
  hasError: boolean;
}

const text = (b: Readonly<Partial<Record<Lang, string>>> | undefined, lang: Lang, where: string) =>
  b ? wordIn(b, lang, where) : undefined;

/** What every widget's control carries: id, state, accessibility and the form binding. */
function controlProps({ field, id, methods, isDisabled, isRequired, describedBy, hasError }: WidgetProps) {
  return {
    id,
    className: 'input',
    disabled: isDisabled,
    'aria-required': isRequired || undefined,
    'aria-invalid': hasError || undefined,
    'aria-describedby': describedBy,
    ...methods.register(field.name),
  };
}

/** The select's entry that opens a number box (a chapter count off the menu). */
const OTHER = '__other';

function SelectWidget(props: WidgetProps) {
  const options = props.field.options ?? [];
  const { methods, field, lang } = props;
  // A book's chapter count may be any number from 1 to the menu's largest (the menu's values are presets); one
  // off the menu (chosen, or the book's own after cards were deleted or added) is shown as itself, worded as
  // the menu words its numbers ("5 Chapters", "5 Bab").
  const most = chaptersMost(field);
  const value = String(methods.watch(field.name) ?? '');
  const own =
    most !== undefined && /^\d+$/.test(value) && !options.some((o) => String(o.value) === value) ? value : null;
  const [isOther, setIsOther] = useState(false);
  const otherId = useId();
  // Set again once its option is there (a select cannot show a value it has no option for).
  useEffect(() => {
    if (own) methods.setValue(field.name, own);
  }, [own, methods, field.name]);
  const control = controlProps(props);
  return (
    <>
      <select
        {...control}
        onChange={(e) => {
          if (e.target.value === OTHER) {
            setIsOther(true);
            return;
          }
          setIsOther(false);
          void control.onChange(e);
        }}
      >
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {wordIn(o.label, lang, field.name)}
          </option>
        ))}
        {own && options[0] && (
          <option value={own}>{wordIn(options[0].label, lang, field.name).replace(/\d+/, own)}</option>
        )}
        {most !== undefined && !props.isDisabled && <option value={OTHER}>{pageWord('chaptersOther', lang)}</option>}
      </select>
      {isOther && most !== undefined && !props.isDisabled && (
        <input
          id={otherId}
          type="number"
          inputMode="numeric"
          min={1}
          max={most}
          step={1}
          className="input mt-2"
          aria-label={pageWord('chaptersOtherBox', lang, { max: most })}
          defaultValue={own ?? ''}
          onChange={(e) =>
            methods.setValue(field.name, e.target.value.trim(), { shouldValidate: true, shouldDirty: true })
          }
          data-testid={`${field.name}-other`}
          autoFocus
        />
      )}
    </>
  );
}

function TextWidget(props: WidgetProps) {
  return (
    <input
      type="text"
      placeholder={text(props.field.placeholder, props.lang, props.field.name)}
      maxLength={props.field.maxLength}
      {...controlProps(props)}
    />
  );
}

function TextareaWidget(props: WidgetProps) {
  return (
    <textarea
      rows={4}
      placeholder={text(props.field.placeholder, props.lang, props.field.name)}
      maxLength={props.field.maxLength}
      {...controlProps(props)}
    />
  );
}

function NumberWidget(props: WidgetProps) {
  return (
    <input
      type="number"
      inputMode="numeric"
      min={props.field.min}
      max={props.field.max}
      placeholder={text(props.field.placeholder, props.lang, props.field.name)}
      {...controlProps(props)}
    />
  );
}

function CheckboxWidget({ field, id, methods, isDisabled, describedBy, hasError }: WidgetProps) {
  return (
    <input
      id={id}
      type="checkbox"
      className="h-4 w-4 rounded border-gray-300 text-brand-600 focus:ring-brand-500"
      disabled={isDisabled}
      aria-invalid={hasError || undefined}
      aria-describedby={describedBy}
      {...methods.register(field.name)}
    />
  );
}

function FlagsWidget({ field, lang, id, methods, isDisabled, describedBy }: WidgetProps) {
  return (
    <Controller
      control={methods.control}
      name={field.name}
      render={({ field: f }) => {
        const list = Array.isArray(f.value) ? (f.value as string[]) : [];
        return (
          <div className="grid gap-2 sm:grid-cols-2" aria-describedby={describedBy}>
            {(field.options ?? []).map((o) => {
              const value = String(o.value);
              const optionId = `${id}-${value}`;
              return (
                <label key={value} htmlFor={optionId} className="flex items-center gap-2 text-sm">
                  <input
                    id={optionId}
                    type="checkbox"
                    className="h-4 w-4 rounded border-gray-300 text-brand-600 focus:ring-brand-500"
                    disabled={isDisabled}
                    checked={list.includes(value)}
                    onBlur={f.onBlur}
                    onChange={(e) => f.onChange(e.target.checked ? [...list, value] : list.filter((v) => v !== value))}
                  />
                  {wordIn(o.label, lang, field.name)}
                </label>
              );
            })}
          </div>
        );
      }}
    />
  );
}

/** One widget per kind of input; a new field type adds one entry here. */
export const WIDGETS: Readonly<Record<FormField['widget'], ComponentType<WidgetProps>>> = {
  select: SelectWidget,
  text: TextWidget,
  textarea: TextareaWidget,
  number: NumberWidget,
  checkbox: CheckboxWidget,
  flags: FlagsWidget,
};
