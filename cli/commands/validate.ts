// `karya validate [dir]`: load and check every generator and template; `file: path: message` lines on error.
import path from 'node:path';
import { catalogOrExit } from '../util.js';

export function validateCommand(dir: string | undefined, opts: { templates?: string }): void {
  const generatorsDir = dir ? path.resolve(dir) : undefined;
  const templatesDir = opts.templates ? path.resolve(opts.templates) : undefined;
  const catalog = catalogOrExit({ generatorsDir, templatesDir, isValidating: true });
  process.stdout.write(`ok: ${catalog.specs.length} generators valid\n`);
}
