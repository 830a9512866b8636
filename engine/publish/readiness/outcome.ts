// What the readiness rules share: how an outcome is made from what was found, and which channels a rule
// applies to. Each rule's file (this folder) uses them.
import type { Channel } from '../channels.js';
import type { RuleProblem } from '../rules.js';
import type { RuleOutcome, Said } from '../readiness-types.js';
import { sayShared as say, type ReadinessText } from './text.js';

export const pass = (detail: Said): RuleOutcome => ({ status: 'pass', detail });
export const failed = (detail: Said, fix: Said): RuleOutcome => ({ status: 'fail', detail, fix });
export const outcome = (isOk: boolean, detail: Said, fix: Said): RuleOutcome =>
  isOk ? pass(detail) : failed(detail, fix);
export const fromProblems = (problems: RuleProblem[], passDetail: ReadinessText): RuleOutcome =>
  problems.length
    ? failed(
        problems.map((p) => p.problem),
        problems.map((p) => p.fix),
      )
    : pass(passDetail);
/** A text with the note of how it was found, when there is one. */
export const withNote = (text: ReadinessText, note: ReadinessText | undefined): ReadinessText =>
  note ? say('with-note', { text, note }) : text;
export const bytes = (file: Uint8Array) => say('bytes', { n: file.length });
export const RUN_AGAIN = say('run-again');

/** The source of a check Karya makes of its own (no store's published rule). */
export const KARYA = 'Karya';
export const isEbook = (c: Channel) => c.product === 'ebook';
export const isPaperback = (c: Channel) => c.product === 'paperback';
export const isKdp = (c: Channel) => c.id.startsWith('kdp_');
export const everyChannel = () => true;
