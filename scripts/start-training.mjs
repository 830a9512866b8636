// Run by scripts/shape-start.ts under V8's function log: a `karya batch` of the bundle in the folder given first, on
// the jobs file given second, stopped as it sends its first chat request (process.exit, so V8 writes its log whole),
// with REACHED as its exit code: how the build knows the start ran through (any other code: it did not).
// Given `catalog` third, it only lists the generators (`karya list`): the catalog's disk cache is then as a user's
// start finds it (kept), whichever builds ran before.
// node:http is required, not imported: the bundle's own import of it is then the same module, patched.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const REACHED = 86;
const [bundle, jobs, only] = process.argv.slice(2);
const http = createRequire(import.meta.url)('node:http');
const end = http.ClientRequest.prototype.end;
http.ClientRequest.prototype.end = function (...args) {
  if (String(this.path).endsWith('/chat/completions')) process.exit(REACHED);
  return end.apply(this, args);
};
const folder = path.dirname(jobs);
const cli = await import(pathToFileURL(path.join(bundle, 'main.js')).href);
const flags = ['--concurrency', '8', '--out', path.join(folder, 'books'), '--state', path.join(folder, 'state.sqlite')];
process.exitCode = await cli.runKarya(only === 'catalog' ? ['list', '--json'] : ['batch', jobs, ...flags, '--json']);
