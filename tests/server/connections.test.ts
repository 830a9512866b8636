// Sockets held open on purpose: headers and bodies sent slowly are cut at their time-outs, and
// one address holds at most KARYA_CONNECTIONS_PER_IP connections. A real server on loopback, raw sockets.
import { rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/core/config.js';
import { startServer, type RunningServer } from '../../server/start.js';
import { tempDir } from '../temp.js';

let dir: string;
let running: RunningServer;
let port = 0;
const sockets: Socket[] = [];

beforeAll(async () => {
  dir = tempDir('karya-connections-');
  running = await startServer(
    {
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent',
      runsWorker: false,
      dbFile: path.join(dir, 'k.sqlite'),
      connections: { headersTimeoutMs: 1_000, requestTimeoutMs: 2_000, connectionsPerIp: 3 },
    },
    {},
  );
  port = Number(new URL(running.url).port);
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await running.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw connection; resolves once connected. */
function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', () => undefined);
    socket.once('error', reject);
    sockets.push(socket);
  });
}

/** Resolves with the ms until the server closed `socket` and what it answered, or null after `withinMs`. */
function closedWithin(socket: Socket, withinMs: number): Promise<{ afterMs: number; answer: string } | null> {
  const started = Date.now();
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), withinMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ afterMs: Date.now() - started, answer });
    });
  });
}

describe('connection limits', () => {
  it(
    'defaults: headers within 10 s, the whole request within ' +
      '30 s, 64 connections per address (none behind a proxy)',
    () => {
      expect(configFromEnv({}).connections).toEqual({
        headersTimeoutMs: 10_000,
        requestTimeoutMs: 30_000,
        connectionsPerIp: 64,
      });
      expect(configFromEnv({ KARYA_TRUST_PROXY: '1' }).connections.connectionsPerIp).toBe(0);
      expect(
        configFromEnv({ KARYA_TRUST_PROXY: '1', KARYA_CONNECTIONS_PER_IP: '200' }).connections.connectionsPerIp,
      ).toBe(200);
    },
  );

  it('headers sent too slowly are cut with 408 at the headers time-out', async () => {
    const socket = await open();
    socket.write('POST /api/auth/sign-in/email HTTP/1.1\r\nHost: localhost\r\n');
    const closed = await closedWithin(socket, 5_000);
    expect(closed).not.toBeNull();
    expect(closed!.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a body sent too slowly is cut at the request time-out', async () => {
    const socket = await open();
    socket.write(
      'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: localhost\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    const closed = await closedWithin(socket, 6_000);
    expect(closed).not.toBeNull();
    expect(closed!.afterMs).toBeGreaterThanOrEqual(1_500);
  });

  it('a fourth open connection from one address is closed at once; the first three still answer', async () => {
    const held = await Promise.all([open(), open(), open()]);
    const fourth = await open();
    expect(await closedWithin(fourth, 2_000)).not.toBeNull();
    held[0]!.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    const answered = await closedWithin(held[0]!, 2_000);
    expect(answered!.answer).toMatch(/^HTTP\/1\.1 200/);
  });
});
