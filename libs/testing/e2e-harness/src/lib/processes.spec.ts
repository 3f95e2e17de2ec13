import http from 'node:http';
import { freePort, reservePort, startProcess, waitForHttp } from './processes';

describe('process helpers', () => {
  it('finds a port that can be listened on', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    const server = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    await waitForHttp(`http://127.0.0.1:${port}/`, 5000);
    await new Promise((resolve) => server.close(resolve));
  });

  it('holds a reserved port against other servers until it is released, then lets the server it was kept for listen', async () => {
    const reserved = await reservePort();
    const listen = (server: http.Server) =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(reserved.port, '127.0.0.1', () => resolve());
      });
    const squatter = http.createServer((_req, res) => res.end('other'));
    await expect(listen(squatter)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await reserved.release();
    await reserved.release();
    const server = http.createServer((_req, res) => res.end('ok'));
    await listen(server);
    const res = await fetch(`http://127.0.0.1:${reserved.port}/`);
    expect(await res.text()).toBe('ok');
    await new Promise((resolve) => server.close(resolve));
  });

  it('gives up on a URL that never answers and says which', async () => {
    const port = await freePort();
    await expect(waitForHttp(`http://127.0.0.1:${port}/`, 600)).rejects.toThrow(`http://127.0.0.1:${port}/ did not answer within 600 ms`);
  });

  it('reports the output of a process that exits before its URL answers', async () => {
    const port = await freePort();
    const child = startProcess('failing', process.execPath, ['-e', 'console.error("boom: no database"); process.exit(3)']);
    await expect(waitForHttp(`http://127.0.0.1:${port}/`, 10_000, child)).rejects.toThrow(/failing exited before .*\n[\s\S]*boom: no database/);
  });

  it('stops a running process', async () => {
    const child = startProcess('sleeper', process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    expect(child.exited).toBe(false);
    await child.stop();
    expect(child.exited).toBe(true);
  });
});
