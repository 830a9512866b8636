// The near-duplicate reading thread (pool.ts) when it has a thread of its own: each request answered by reply.ts.
import { parentPort } from 'node:worker_threads';
import type { ClosenessRequest } from './protocol.js';
import { closenessReply } from './reply.js';

parentPort?.on('message', (request: ClosenessRequest) => parentPort!.postMessage(closenessReply(request)));
