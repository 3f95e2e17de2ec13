import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { openPostgres, PostgresSilentError } from './pg-client';

/** A server on 127.0.0.1 that takes connections and never says a word, as a hung database host does. */
async function silentServer(): Promise<{ url: string; connections: () => number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `postgresql://pricehunt@127.0.0.1:${port}/pricehunt`,
    connections: () => accepted,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('opening PostgreSQL', () => {
  it('gives up on a server that takes the connection and never answers, naming where and how long it waited', async () => {
    const silent = await silentServer();
    try {
      const started = Date.now();
      const opening = openPostgres(silent.url, { answerTimeoutMs: 300 });
      await expect(opening).rejects.toThrow(PostgresSilentError);
      await expect(opening).rejects.toThrow(/^PostgreSQL at 127\.0\.0\.1:\d+ did not answer within 0\.3 s$/);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(silent.connections()).toBe(1);
    } finally {
      await silent.close();
    }
  });

  it('fails at once with the driver’s own error where nothing listens', async () => {
    const silent = await silentServer();
    const url = silent.url;
    await silent.close();
    const opening = openPostgres(url, { answerTimeoutMs: 10_000 });
    await expect(opening).rejects.toThrow(/ECONNREFUSED/);
    await expect(opening).rejects.not.toThrow(PostgresSilentError);
  });
});
