import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { OneLineRequestLog, requestLoggerFactory } from './request-logging';

function appLoggingAt(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      callback();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new OneLineRequestLog(), childLoggerFactory: requestLoggerFactory });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/chatty', async (request) => {
    request.log.debug({ step: 1 }, 'below the level');
    request.log.info({ step: 2 }, 'route says hello');
    return { ok: true };
  });
  app.get('/broken', async () => {
    throw new Error('boom');
  });
  app.get('/child', async (request) => {
    request.log.child({ part: 'inner' }).warn('from a child');
    return { level: request.log.level };
  });
  return { app, lines };
}

describe('request logging', () => {
  it('writes one line per request with method, URL, status and time, and the route lines carry the request id', async () => {
    const { app, lines } = appLoggingAt('info');
    await app.inject({ method: 'GET', url: '/quiet?x=1' });
    const chatty = await app.inject({ method: 'GET', url: '/chatty' });
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(2);
    expect(completed[0]).toMatchObject({ reqId: expect.any(String), req: { method: 'GET', url: '/quiet?x=1' }, res: { statusCode: 200 } });
    expect(typeof completed[0]?.responseTime).toBe('number');
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
    const said = lines.find((line) => line.msg === 'route says hello');
    expect(said).toMatchObject({ step: 2, reqId: completed[1]?.reqId });
    expect(lines.some((line) => line.msg === 'below the level')).toBe(false);
    expect(chatty.statusCode).toBe(200);
    await app.close();
  });

  it('at warn logs nothing for answered requests but still the failures and child loggers, with the request id', async () => {
    const { app, lines } = appLoggingAt('warn');
    await app.inject({ method: 'GET', url: '/quiet' });
    await app.inject({ method: 'GET', url: '/chatty' });
    expect(lines).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/broken' })).statusCode).toBe(500);
    expect(lines.find((line) => (line.err as { message?: string } | undefined)?.message === 'boom')).toMatchObject({ level: 50, reqId: expect.any(String) });
    const child = await app.inject({ method: 'GET', url: '/child' });
    expect(child.json()).toEqual({ level: 'warn' });
    expect(lines.find((line) => line.msg === 'from a child')).toMatchObject({ part: 'inner', reqId: expect.any(String) });
    await app.close();
  });
});
