// compileForm(): the studio's form model, plain JSON-serialisable data (ordered fields, widgets,
// labels in every language of the table, options, defaults, visibility rules), plus what the page needs about the flow.
import type {
  Bilingual,
  Condition,
  FieldRole,
  FieldType,
  FieldValue,
  Lang,
  BookSpec,
  ResolvedSpec,
} from '../spec/types.js';
import { fieldType, type Widget } from '../fields/registry.js';
import { describeFlow, type FlowSummary } from './flow.js';

export interface FormField {
  name: string;
  type: FieldType;
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
  fixedLanguage: Lang;
  /** What one output of a single-shot tool is called ("a healing poem"). */
  outputName: Bilingual;
  contentType: string;
  cost: number;
  fields: FormField[];
  flow: FlowSummary;
  /**
   * The languages of the table this generator lacks a text in (absent when it is whole): it is refused in them,
   * as an output language (its language field leaves them out) and as the page's language (nothing is shown in
   * another language in a missing text's place).
   */
  refusedLanguages?: Lang[];
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
    outputName: spec.prompts.outputName,
    contentType: spec.contentType,
    cost: spec.cost,
    ...(spec.languageGaps ? { refusedLanguages: Object.keys(spec.languageGaps) } : {}),
    fields: spec.fields.map((f) => {
      const field: FormField = {
        name: f.name,
        type: f.type,
        widget: fieldType(f).widget,
        role: f.role,
        label: f.label,
        help: f.help,
        placeholder: f.placeholder,
        options: f.options?.map((o) => ({
          value: o.value,
          label: o.label,
          ...(o.description ? { description: o.description } : {}),
        })),
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

/**
 * The slice of the spec the studio needs (settings schema, flow, labels, the reader's view), from the
 * served form model: nothing is invented for the parts the studio never reads (prompts, model).
 * @example const spec = bookSpecFromForm(form); compileSettingsSchema(spec); previewBook(spec, settings)
 */
export function bookSpecFromForm(form: FormModel): BookSpec {
  const f = form.flow;
  return {
    id: form.id,
    kind: form.kind as BookSpec['kind'],
    fixedLanguage: form.fixedLanguage,
    ...(form.buttonLabel ? { buttonLabel: form.buttonLabel } : {}),
    fields: form.fields,
    flow: {
      outline: f.outlineKind,
      ...(f.sections ? { sections: f.sections } : {}),
      conclusion: f.conclusion,
      progressDenominator: f.progressDenominator,
      savesProgress: f.savesProgress,
      characterDetails: f.characterDetails,
      retry: f.retry,
    },
    prompts: { outputName: form.outputName },
    cost: form.cost,
  };
}
