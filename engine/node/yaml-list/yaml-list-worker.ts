// The YAML list thread (thread.ts): reads the list it is given and answers once. It imports engine/yaml.ts (no
// other module of the engine) and the library, loaded from the bundle as the caller's preloadYaml does.
import { parentPort, workerData } from 'node:worker_threads';
import { preloadYaml, yamlList } from '../../yaml.js';
import type { YamlListReply } from './thread.js';

const { text, key } = workerData as { text: string; key: string };
await preloadYaml();
let reply: YamlListReply;
try {
  reply = yamlList(text, key);
} catch {
  reply = { kind: 'failed' };
}
parentPort!.postMessage(reply);
