// The optional model audit of continuity: after a chapter, one small call asks the model to check it
// against the story bible as it stood before it, and its answer (untrusted text) is read defensively into
// findings of kind 'audit' ("- Mara | speaks here but died | Chapter 4"): a line not in that shape is
// dropped, and at most MAX_AUDIT_FINDINGS are kept, each cut to MAX_AUDIT_DETAIL characters. The findings
// are kept with the book (they cannot be recomputed) and shown with the deterministic ones.
import type { ResolvedSpec } from '../../spec/types.js';
import type { Provider, TokenUsage } from '../../provider.js';
import type { AuditFinding, BookState } from '../../compile/flow.js';
import type { PromptRenderer } from '../../compile/prompt.js';
import { renderContinuityAudit } from '../../compile/audit-prompt.js';
import { partStep } from '../../compile/labels.js';
import { askText } from '../answers/index.js';
import { expectationOf } from '../expectation.js';
import { fitting } from '../fit.js';
import { stateForStep } from '../bible/index.js';

export const MAX_AUDIT_FINDINGS = 8;
export const MAX_AUDIT_DETAIL = 300;
const MAX_PART_LABEL = 40;

const cut = (text: string, n: number) => (text.length > n ? `${text.slice(0, n - 1).trimEnd()}…` : text);

/** The audit's answer as findings: "- subject | what contradicts it | part" lines only, bounded. */
export function parseAuditFindings(answer: string): AuditFinding[] {
  const findings: AuditFinding[] = [];
  for (const line of answer.split('\n')) {
    const m = /^\s*[-*•]\s+(.+)$/.exec(line);
    const cells = m ? m[1]!.split('|').map((c) => c.replace(/[*_`]/g, '').trim()) : [];
    if (cells.length !== 3 || cells.some((c) => !c)) continue;
    const [subject, what, part] = cells as [string, string, string];
    findings.push({
      kind: 'audit',
      detail: cut(`${subject}: ${what}`, MAX_AUDIT_DETAIL),
      part: cut(part, MAX_PART_LABEL),
    });
    if (findings.length === MAX_AUDIT_FINDINGS) break;
  }
  return findings;
}

/** The model's audit of the part at `position` (already in `state.content`), against the bible before it. */
export async function auditPart(input: {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  provider: Provider;
  state: BookState;
  position: number;
  signal?: AbortSignal;
}): Promise<{ findings: AuditFinding[]; usage?: TokenUsage }> {
  const { spec, state, position } = input;
  const shown = stateForStep(spec, state, position);
  const text = state.content[position]!;
  const step = partStep(spec, position, state.totalChapters);
  const request = renderContinuityAudit({ spec, renderer: input.renderer, state: shown, step, text });
  const provider = fitting(input.provider, { ...(shown.memory ? { bible: shown.memory } : {}), recent: text });
  // Judged like every answer (answers/verdict.ts): an audit that declines is no audit (the chapter keeps no findings).
  const expect = expectationOf({
    spec,
    renderer: input.renderer,
    state: shown,
    step,
    kind: 'audit',
    extra: () => [text, shown.memory ?? ''],
  });
  const result = await askText(provider, { ...request, ...(input.signal ? { signal: input.signal } : {}) }, expect);
  return { findings: parseAuditFindings(result.text), ...(result.usage ? { usage: result.usage } : {}) };
}

/** The book with the audit's findings kept on the part at `position` (none: the part's entry removed). */
export function withAuditFindings(state: BookState, position: number, findings: readonly AuditFinding[]): BookState {
  const { [position]: _old, ...rest } = state.auditFindings ?? {};
  const kept = findings.length ? { ...rest, [position]: [...findings] } : rest;
  const { auditFindings: _all, ...without } = state;
  return Object.keys(kept).length ? { ...without, auditFindings: kept } : without;
}
