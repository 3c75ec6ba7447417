import net, { type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { bodyLimit } from '../../../server/http/body-limit';
import { HttpError } from '../../../server/http/errors';

const LIMIT = 1024;
const BOUNDS = { bytes: 64 * 1024, ms: 300 };

const app = new Hono();
const limited = bodyLimit(() => LIMIT, BOUNDS);
app.use(limited);
app.post('*', async (c) => c.json({ received: (await c.req.text()).length }));
app.onError((error, c) =>
  error instanceof HttpError ? c.json(error.body, 413, error.headers) : c.json({ detail: 'unexpected' }, 500),
);

/** A body with no declared length, sent in pieces. */
const streamOf = (size: number) => {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      const piece = new Uint8Array(Math.min(256, size - sent)).fill(97);
      sent += piece.length;
      controller.enqueue(piece);
    },
  });
};

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  app.request('/anything', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

describe('bodyLimit', () => {
  it('hands on bodies within the limit, with or without a declared length', async () => {
    const declared = await post('a'.repeat(LIMIT), { 'Content-Length': String(LIMIT) });
    expect(await declared.json()).toEqual({ received: LIMIT });
    const streamed = await post(streamOf(LIMIT));
    expect(await streamed.json()).toEqual({ received: LIMIT });
  });

  it('reads the rest of a larger body before answering 413, keeping the connection', async () => {
    for (const response of [
      await post('a'.repeat(10_000), { 'Content-Length': '10000' }),
      await post(streamOf(10_000)),
    ]) {
      expect(response.status).toBe(413);
      expect(response.headers.get('Connection')).toBeNull();
      expect(await response.json()).toEqual({ detail: `The request body is larger than ${LIMIT / 1024 / 1024} MB.` });
    }
  });

  it('answers 413 with Connection: close past the bytes it would drain', async () => {
    const declared = await post('a'.repeat(BOUNDS.bytes + 1), { 'Content-Length': String(BOUNDS.bytes + 1) });
    expect(declared.status).toBe(413);
    expect(declared.headers.get('Connection')).toBe('close');
    const streamed = await post(streamOf(BOUNDS.bytes * 2));
    expect(streamed.status).toBe(413);
    expect(streamed.headers.get('Connection')).toBe('close');
  });

  it('stops waiting for a body that trickles in, answers and closes the connection', async () => {
    const listener = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => listener.once('listening', resolve));
    try {
      const socket = net.connect((listener.address() as AddressInfo).port, '127.0.0.1');
      socket.on('error', () => {
        // A write racing the server's close; the close itself is what is checked.
      });
      let answer = '';
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('latin1');
      });
      const started = Date.now();
      const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
      socket.write(`POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 10000\r\n\r\n${'a'.repeat(LIMIT + 1)}`);
      const trickle = setInterval(() => socket.writable && socket.write('a'), 50);
      const after = await closed;
      clearInterval(trickle);
      expect(after).toBeGreaterThanOrEqual(BOUNDS.ms - 50);
      expect(after).toBeLessThan(BOUNDS.ms + 2000);
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer.toLowerCase()).toContain('connection: close');
    } finally {
      listener.close();
    }
  });
});
