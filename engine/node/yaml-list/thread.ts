// A large YAML list (a batch's jobs file) read in a worker thread of its own (worker.ts), while the caller's thread
// goes on (`karya batch` loads its generators meanwhile): the `yaml` package reads a 400-job file in ~50 ms of CPU,
// with its garbage, on the thread that would otherwise send the first calls after it. The thread loads engine/yaml.ts
// and the library alone. Should it not start or not answer, the list is read on the caller's thread instead: the
// answer is the same either way (engine/yaml.ts yamlList).
import { Worker } from 'node:worker_threads';
import { yamlList, type YamlList } from '../../yaml.js';
import { workerEntry } from '../worker-pool.js';

/** What the thread answers: the list read, or that reading it threw (it is then read here, to throw the same). */
export type YamlListReply = YamlList | { kind: 'failed' };

/** yamlList(text, key), read in a thread of its own (here when the thread fails). */
export function yamlListInThread(text: string, key: string): Promise<YamlList> {
  return new Promise<YamlList>((resolve, reject) => {
    let isSettled = false;
    const settle = (reply: YamlListReply | undefined) => {
      if (isSettled) return;
      isSettled = true;
      if (reply && reply.kind !== 'failed') return resolve(reply);
      try {
        resolve(yamlList(text, key));
      } catch (error) {
        reject(error);
      }
    };
    let worker: Worker;
    try {
      worker = new Worker(workerEntry(import.meta.url, 'yaml-list-worker'), { workerData: { text, key } });
    } catch {
      return settle(undefined);
    }
    worker.once('message', (reply: YamlListReply) => {
      settle(reply);
      void worker.terminate();
    });
    worker.once('error', () => settle(undefined));
    worker.once('exit', () => settle(undefined));
  });
}
