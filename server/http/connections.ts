// Sockets held open on purpose: a request's headers and its whole body must arrive in time (Node's own
// request time-outs, checked every second instead of every 30 s), and one address may hold only so many
// connections at once (more are closed as they open). Behind a reverse proxy every connection comes from
// the proxy's address, so the per-address cap is off unless set (the proxy limits its clients).
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionLimits } from '../core/config.js';

/** The options of `createServer` that enforce the time-outs. */
export function timeoutOptions(limits: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
  };
}

/** Close each connection past `connectionsPerIp` from one address as it opens. */
export function capConnections(server: Server, limits: Pick<ConnectionLimits, 'connectionsPerIp'>): void {
  if (limits.connectionsPerIp <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.connectionsPerIp) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
