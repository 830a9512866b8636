// The batch schedulers' turns (engine/node/turn.ts): a book's work on its answer waits for the I/O already in, and
// the answers waiting go a few a turn, so that a wave of answers does not hold back the I/O that comes in meanwhile
// (the answers of the calls still out, the calls being sent). Watched through a socket on this machine: each
// answer's work writes a byte; the other end reads them in the event loop's I/O phase, between two turns.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterWaitingIo } from '../../engine/node.js';

let server: net.Server;
let writer: net.Socket;
let reader: net.Socket;
beforeAll(async () => {
  const accepted = new Promise<net.Socket>((resolve) => (server = net.createServer(resolve)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  writer = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
  await new Promise((resolve) => writer.once('connect', resolve));
  reader = await accepted;
  writer.setNoDelay(true);
});
afterAll(() => {
  writer.destroy();
  reader.destroy();
  server.close();
});

describe('afterWaitingIo', () => {
  it('gives every answer back with its value, in the order they came, however many wait', async () => {
    for (const count of [25, 3000]) {
      const order: number[] = [];
      const values = await Promise.all(
        Array.from({ length: count }, (_, i) => afterWaitingIo({ answer: i }).then((v) => (order.push(v.answer), v))),
      );
      expect(values.map((v) => v.answer)).toEqual(Array.from({ length: count }, (_, i) => i));
      expect(order).toEqual(Array.from({ length: count }, (_, i) => i));
    }
  });

  it('reads the I/O that came in after every few answers of a wave, not only after the whole wave', async () => {
    const log: string[] = [];
    const onData = (chunk: Buffer) => log.push(`read ${chunk.length}`);
    reader.on('data', onData);
    // A wave of 16 answers: each one's work sends a byte, as a book's next call would.
    await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        afterWaitingIo(i).then((n) => {
          log.push(`answer ${n}`);
          writer.write('x');
        }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    reader.off('data', onData);
    const answers = log.filter((l) => l.startsWith('answer'));
    expect(answers).toEqual(Array.from({ length: 16 }, (_, i) => `answer ${i}`));
    // Every byte was read, and reading began before the wave's last answers were worked on.
    expect(log.filter((l) => l.startsWith('read')).reduce((n, l) => n + Number(l.split(' ')[1]), 0)).toBe(16);
    expect(log.indexOf('answer 15')).toBeGreaterThan(log.findIndex((l) => l.startsWith('read')));
    // Between two reads, at most a few answers' work (a whole wave at once held every read back until its end).
    const runs = log
      .join(',')
      .split(/read \d+/)
      .map((part) => part.split(',').filter((l) => l.startsWith('answer')).length);
    expect(Math.max(...runs)).toBeLessThanOrEqual(4);
  });
});
