// `karya validate [dir]`: load and check every generator and template; `file: path: message` lines on error.
import path from 'node:path';
import { catalogOrExit } from '../util.js';
import { exitOnFailure } from '../errors.js';
import { SpecError, languageGapIssues } from '../../engine/index.js';

export function validateCommand(dir: string | undefined, opts: { templates?: string }): void {
  const generatorsDir = dir ? path.resolve(dir) : undefined;
  const templatesDir = opts.templates ? path.resolve(opts.templates) : undefined;
  const catalog = catalogOrExit({ generatorsDir, templatesDir, isValidating: true });
  // A generator lacking a text for a language still serves the others; validate names each gap.
  const gaps = languageGapIssues(catalog.specs);
  if (gaps.length) exitOnFailure(new SpecError(gaps), 'en', { expects: ['spec'] });
  process.stdout.write(`ok: ${catalog.specs.length} generators valid\n`);
}
