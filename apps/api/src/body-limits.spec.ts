import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { buildTestApp, type TestApp } from './testing/test-app';

/*
 * A body over a route's limit, sent whole on a real connection as nginx sends it: the instance reads it to its end,
 * answers 413 with the envelope, and keeps the connection open (an answer while the client still sends, then a closed
 * connection, is a broken pipe to nginx, which then counts the instance as failed).
 */

/** Sends `head` and `body` on one connection, then `next`; answers the raw bytes received and any socket error. */
function exchange(port: number, head: string, body: Buffer, next: string): Promise<{ received: string; error: string | null }> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let received = '';
    let error: string | null = null;
    let sentNext = false;
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      // The first answer is in: ask the next request on the same connection.
      if (!sentNext && /\r\n\r\n[\s\S]*\}$/.test(received)) {
        sentNext = true;
        socket.write(next);
      }
      if (sentNext && (received.match(/HTTP\/1\.1 /g) ?? []).length >= 2 && /"status"/.test(received)) socket.end();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on('close', () => resolve({ received, error }));
    socket.setTimeout(15_000, () => socket.destroy());
    socket.write(head);
    socket.write(body);
  });
}

describe('a body over the limit on a real connection', () => {
  let api: TestApp;
  let port: number;

  beforeAll(async () => {
    api = await buildTestApp();
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    port = (api.app.server.address() as AddressInfo).port;
  });
  afterAll(() => api?.close());

  it('is read to its end and answered 413 with the envelope; the connection stays open for the next request', async () => {
    const body = Buffer.alloc(2 * 1024 * 1024, 'a');
    body.write('{"eventType":"page_view","eventData":{"x":"');
    body.write('"}}', body.length - 3);
    const head = `POST /api/track-event HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { received, error } = await exchange(port, head, body, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(error).toBeNull();
    const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 413 /);
    expect(first?.toLowerCase()).not.toContain('connection: close');
    const envelope = JSON.parse(first?.slice(first.indexOf('\r\n\r\n') + 4) ?? '') as Record<string, unknown>;
    expect(envelope).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE', statusCode: 413 });
    expect(typeof envelope.error).toBe('string');
    expect(second).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('is read to its end too when a route refuses the request before its body (a feed upload without a session)', async () => {
    const body = Buffer.alloc(15 * 1024 * 1024, 'a');
    const head = `POST /api/business/products/feed HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/tab-separated-values\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { received, error } = await exchange(port, head, body, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(error).toBeNull();
    const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(second).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('is not waited for past the drain limit: a declared length over it gets its 413 and a closed connection', async () => {
    const head = `POST /api/track-event HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${200 * 1024 * 1024}\r\n\r\n`;
    const { received } = await exchange(port, head, Buffer.from('{"eventType":'), '');
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received.toLowerCase()).toContain('connection: close');
  });
});
