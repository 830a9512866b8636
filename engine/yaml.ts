// The `yaml` package, loaded the first time it is needed. Generator files and jobs files are parsed by
// js-yaml (fast, plain data); `yaml` gives what js-yaml cannot (every error with its line, the position
// of each job in a list) and reads provider config files. Loading it costs 25-30 ms of every start of
// `karya`, so a run that never needs it (a batch of valid jobs) never loads it.
import { createRequire } from 'node:module';

type Yaml = typeof import('yaml');

const load = createRequire(import.meta.url);
let yaml: Yaml | undefined;

export function fullYaml(): Yaml {
  return (yaml ??= load('yaml') as Yaml);
}
