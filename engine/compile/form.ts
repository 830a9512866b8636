// compileForm(): the studio's form model, plain JSON-serialisable data (ordered fields, widgets,
// labels in en and ms, options, defaults, visibility rules), plus what the page needs about the flow.
import type { Bilingual, Condition, FieldRole, FieldValue, ResolvedSpec } from '../spec/types.js';
import { fieldType, type Widget } from '../fields/registry.js';
import { describeFlow, type FlowSummary } from './flow.js';

export interface FormField {
  name: string;
  widget: Widget;
  role?: FieldRole;
  label: Bilingual;
  help?: Bilingual;
  placeholder?: Bilingual;
  options?: Array<{ value: string | number; label: Bilingual; description?: Bilingual }>;
  default: FieldValue;
  required: boolean;
  visibleWhen?: Condition;
  requiredWhen?: Condition;
  min?: number;
  max?: number;
  maxLength?: number;
}

export interface FormModel {
  id: string;
  route: string;
  family: string;
  kind: string;
  bookType: string;
  title: Bilingual;
  tagline: Bilingual;
  typeLabel: Bilingual;
  buttonLabel?: Bilingual;
  fixedLanguage: string;
  cost: number;
  fields: FormField[];
  flow: FlowSummary;
}

/** Build the form model of one generator. The result survives JSON.stringify unchanged. */
export function compileForm(spec: ResolvedSpec): FormModel {
  const model: FormModel = {
    id: spec.id,
    route: spec.route,
    family: spec.family,
    kind: spec.kind,
    bookType: spec.bookType,
    title: spec.title,
    tagline: spec.tagline,
    typeLabel: spec.typeLabel,
    ...(spec.buttonLabel ? { buttonLabel: spec.buttonLabel } : {}),
    fixedLanguage: spec.fixedLanguage,
    cost: spec.cost,
    fields: spec.fields.map((f) => {
      const field: FormField = {
        name: f.name,
        widget: fieldType(f).widget,
        role: f.role,
        label: f.label,
        help: f.help,
        placeholder: f.placeholder,
        options: f.options?.map((o) => ({ value: o.value, label: o.label, ...(o.description ? { description: o.description } : {}) })),
        default: f.default,
        required: f.required,
        visibleWhen: f.visibleWhen,
        requiredWhen: f.requiredWhen,
        min: f.min,
        max: f.max,
        maxLength: f.maxLength,
      };
      return JSON.parse(JSON.stringify(field)) as FormField;
    }),
    flow: describeFlow(spec),
  };
  return model;
}
