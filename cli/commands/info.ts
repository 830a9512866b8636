// `karya list` and `karya show`.
import type { ResolvedSpec } from '../../engine/index.js';
import { describeFlow, langs } from '../../engine/index.js';
import { catalogOrExit, specOrExit } from '../util.js';
import { writerLang } from '../langs.js';

export function listCommand(opts: { json?: boolean }): void {
  const catalog = catalogOrExit();
  if (opts.json) {
    const rows = catalog.specs.map((s) => ({
      id: s.id,
      route: s.route,
      family: s.family,
      kind: s.kind,
      title: s.title,
    }));
    process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
    return;
  }
  const width = Math.max(...catalog.specs.map((s) => s.id.length));
  for (const s of catalog.specs)
    process.stdout.write(`${s.id.padEnd(width)}  ${s.family.padEnd(10)}  ${s.kind.padEnd(6)}  ${s.title.en}\n`);
}

/** The compiled generator as `karya show --json` prints it (a contract other tools rely on). */
export function showJson(spec: ResolvedSpec) {
  return {
    id: spec.id,
    route: spec.route,
    family: spec.family,
    kind: spec.kind,
    bookType: spec.bookType,
    contentType: spec.contentType,
    title: spec.title,
    tagline: spec.tagline,
    typeLabel: spec.typeLabel,
    /** The table's languages when the generator has a language field, else its fixed output language. */
    languages: spec.fields.some((f) => f.role === 'language') ? [...langs()] : [spec.fixedLanguage],
    fields: spec.fields.map((f) => ({
      name: f.name,
      type: f.type,
      ...(f.role ? { role: f.role } : {}),
      label: f.label,
      required: f.required,
      default: f.default ?? null,
      ...(f.options ? { options: f.options.map((o) => ({ value: o.value, label: o.label })) } : {}),
      ...(f.visibleWhen ? { visibleWhen: f.visibleWhen } : {}),
      ...(f.requiredWhen ? { requiredWhen: f.requiredWhen } : {}),
      ...(f.min !== undefined ? { min: f.min } : {}),
      ...(f.max !== undefined ? { max: f.max } : {}),
    })),
    flow: describeFlow(spec),
    cost: spec.cost,
    model: {
      tokens: spec.model.tokens,
      temperature: spec.model.temperature,
      presencePenalty: spec.model.presencePenalty,
      frequencyPenalty: spec.model.frequencyPenalty,
    },
    ...(spec.image ? { image: spec.image } : {}),
  };
}

export function showCommand(id: string, opts: { json?: boolean }): void {
  const spec = specOrExit(catalogOrExit(), id, writerLang());
  const data = showJson(spec);
  if (opts.json) {
    process.stdout.write(JSON.stringify(data, null, 2) + '\n');
    return;
  }
  const lines = [
    `${spec.title.en} / ${spec.title.ms}  (${spec.route}, ${spec.family}, ${spec.kind}, ${spec.cost} ` +
      `credit${spec.cost === 1 ? '' : 's'} per step)`,
    '',
  ];
  for (const f of data.fields) {
    const opts2 = f.options ? `  [${f.options.map((o) => o.value).join(', ')}]` : '';
    lines.push(`  ${f.name}${f.required ? ' *' : ''}  (${f.type}, default ${JSON.stringify(f.default)})${opts2}`);
  }
  process.stdout.write(lines.join('\n') + '\n');
}
