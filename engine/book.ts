// Assemble a finished (or partial) book as Markdown: a title, then one ## heading per part.
import type { ResolvedSpec } from './spec/types.js';
import { planSteps, stepLabel, type BookState } from './compile/flow.js';

export function bookMarkdown(spec: ResolvedSpec, state: BookState, opts: { withOutline?: boolean } = {}): string {
  const lang = state.lang;
  const out: string[] = [`# ${spec.title[lang]}`, ''];
  if (spec.kind !== 'book') {
    out.push(state.content[0] ?? '', '');
    return out.join('\n').trimEnd() + '\n';
  }
  const steps = planSteps(spec, state.totalChapters);
  if (opts.withOutline && state.outline) {
    const outlineStep = steps.find((s) => s.kind === 'outline');
    out.push(`## ${outlineStep ? stepLabel(outlineStep, lang, spec) : 'Outline'}`, '', state.outline, '');
  }
  const parts = steps.filter((s) => s.kind !== 'outline');
  state.content.forEach((text, i) => {
    const step = parts[i];
    if (step) out.push(`## ${stepLabel(step, lang, spec)}`, '', text, '');
  });
  return out.join('\n').trimEnd() + '\n';
}
