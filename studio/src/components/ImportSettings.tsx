// What the import read from a manuscript, shown before anything is charged and editable: the book's title,
// the front matter kept before Chapter 1 and what was left out, and each setting read (a select among the
// generator's options, a text as typed) with where it came from (the manuscript, the generator's default).
// The values the writer leaves or changes here are the ones the import saves (ImportManuscript sends them).
import { wordIn, type FormField, type GeneratorForm, type ImportPreview } from '../engine.js';
import { useT, type MessageKey } from '../i18n/index.js';
import '../i18n/import.js'; // the studio-import words it shows load with it (i18n/shared.ts)

/** The values the form starts from: each setting as read, and the title found, as text. */
export function readValues(preview: ImportPreview, form: GeneratorForm): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, s] of Object.entries(preview.settings ?? {})) {
    if (typeof s.value === 'string' || typeof s.value === 'number') values[name] = String(s.value);
  }
  const title = form.fields.find((f) => f.role === 'workingTitle');
  if (title && preview.title) values[title.name] = preview.title;
  // A setting the book requires that the manuscript did not give starts empty, for the writer to fill in.
  for (const name of preview.missingSettings ?? []) values[name] ??= '';
  return values;
}

/** Whether a required setting is still empty (the import would be refused). */
export const isMissing = (preview: ImportPreview, values: Record<string, string>) =>
  (preview.missingSettings ?? []).some((name) => !values[name]?.trim());

const FROM: Readonly<Record<string, MessageKey>> = {
  manuscript: 'import.fromManuscript',
  default: 'import.fromDefault',
  writer: 'import.fromWriter',
  needed: 'import.needed',
};
const LEFT_OUT: Readonly<Record<string, MessageKey>> = {
  titlePage: 'import.leftOutTitlePage',
  contents: 'import.leftOutContents',
  copyright: 'import.leftOutCopyright',
  licence: 'import.leftOutLicence',
};

function Control({
  field,
  value,
  onChange,
  label,
}: {
  field: FormField;
  value: string;
  onChange: (v: string) => void;
  label: string;
}) {
  const { lang } = useT();
  const id = `import-setting-${field.name}`;
  if (field.options?.length) {
    return (
      <select
        id={id}
        className="input mt-1 w-full"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-label={label}
        data-testid={id}
      >
        {field.options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label[lang]}
          </option>
        ))}
      </select>
    );
  }
  if (field.type === 'textarea')
    return (
      <textarea
        id={id}
        className="input mt-1 w-full"
        rows={3}
        maxLength={field.maxLength}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-label={label}
        data-testid={id}
      />
    );
  return (
    <input
      id={id}
      className="input mt-1 w-full"
      maxLength={field.maxLength}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-label={label}
      data-testid={id}
    />
  );
}

export function ImportSettings({
  preview,
  form,
  values,
  onChange,
}: {
  preview: ImportPreview;
  form: GeneratorForm;
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
}) {
  const { t, lang } = useT();
  const titleField = form.fields.find((f) => f.role === 'workingTitle');
  const read = Object.entries(preview.settings ?? {}).flatMap(([name, s]) => {
    const field = form.fields.find((f) => f.name === name);
    // A value the writer changed here is theirs.
    return field && name in values && !preview.missingSettings?.includes(name)
      ? [{ field, from: values[name] !== String(s.value) ? 'writer' : s.from }]
      : [];
  });
  const needed = (preview.missingSettings ?? []).flatMap((name) =>
    form.fields.filter((f) => f.name === name).map((field) => ({ field, from: 'needed' })),
  );
  const front = preview.frontMatter ?? [];
  return (
    <fieldset
      className="space-y-3 rounded border border-gray-200 p-3 dark:border-neutral-700"
      data-testid="import-settings"
    >
      <legend className="px-1 text-sm font-medium">{t('import.settingsTitle')}</legend>
      <p className="text-sm text-gray-600 dark:text-gray-400">{t('import.settingsHelp')}</p>
      {titleField && (
        <label className="block text-sm font-medium">
          {t('import.bookTitle')}
          <input
            className="input mt-1 w-full"
            maxLength={titleField.maxLength}
            value={values[titleField.name] ?? ''}
            onChange={(e) => onChange(titleField.name, e.target.value)}
            data-testid="import-book-title"
          />
        </label>
      )}
      {front.length > 0 && (
        <p className="text-sm" data-testid="import-front-matter">
          {t('import.frontKept', {
            sections: front.map((f) => `${f.title} (${t('import.words', { n: f.words })})`).join('; '),
          })}
        </p>
      )}
      {(preview.leftOut?.length ?? 0) > 0 && (
        <p className="text-sm text-gray-600 dark:text-gray-400" data-testid="import-left-out">
          {t('import.leftOut', {
            what: preview.leftOut!.map((k) => t(LEFT_OUT[k]!)).join(', '),
            n: preview.frontMatterWords,
          })}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {[...needed, ...read].map(({ field, from }) => (
          <label key={field.name} className="block text-sm font-medium" htmlFor={`import-setting-${field.name}`}>
            {field.label[lang]}
            <span
              className="ml-2 text-xs font-normal text-gray-600 dark:text-gray-400"
              data-testid="import-setting-from"
            >
              {t(FROM[from]!)}
            </span>
            <Control
              field={field}
              value={values[field.name] ?? ''}
              onChange={(v) => onChange(field.name, v)}
              label={wordIn(field.label, lang, field.name)}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
