// The first thing bin/karya.js runs, before anything that an older Node cannot load (on Node 20 the CLI
// crashes with a segmentation fault, and so does better-sqlite3 13, built for Node-API 10, on Node 22.12 and 22.13
// at the first state file it opens): a Node older than 22.14 gets what Karya needs and how to install it, in
// the language the writer's locale names (read from its cli-help.yaml by bin/language-refusal.js), else in English
// and Malay, and exit code 1. It imports nothing until then, so it runs on any Node that reads ES modules; the error
// catalogue is TypeScript loaded later, which is why the English and Malay fallback is written here.
const MINIMUM = [22, 14];

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < MINIMUM[0] || (major === MINIMUM[0] && minor < MINIMUM[1])) {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const pkg = `node-${platform}-${process.arch}`;
  const install = [
    `    npm install --prefix ~/.cache/karya/node/24 ${pkg}@24`,
    `    export PATH=~/.cache/karya/node/24/node_modules/${pkg}/bin:$PATH`,
  ].join('\n');
  let own;
  try {
    own = (await import('./language-refusal.js')).oldNodeWords(process.versions.node, MINIMUM.join('.'));
  } catch {
    own = undefined;
  }
  const said = own ? [`karya: ${own[0]}`, `  ${own[1]}`, install, ''] : undefined;
  process.stderr.write(
    (
      said ?? [
        `karya: Karya needs Node 22.14 or later (Node 24 LTS recommended); this is Node ${process.versions.node}.`,
        "  Install Node 24 LTS for Karya alone, leaving the system's Node as it is (or from https://nodejs.org):",
        install,
        'karya: Karya memerlukan Node 22.14 atau lebih baharu (disyorkan Node 24 LTS); ' +
          `ini Node ${process.versions.node}.`,
        '  Pasang Node 24 LTS untuk Karya sahaja, tanpa mengubah Node sistem (atau dari https://nodejs.org):',
        install,
        '',
      ]
    ).join('\n'),
  );
  process.exit(1);
}
