import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describeOnEngine } from './testing/db';

/**
 * Crash test: a real API process takes a burst of track-event and redirect calls, is killed with SIGKILL
 * in the middle of it, and after a restart every call it acknowledged is in the database.
 */
const workspaceRoot = path.resolve(__dirname, '../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function startApi(databasePath: string, port: number): ChildProcess {
  return spawn(process.execPath, ['--require', 'tsx/cjs', 'apps/api/src/server.ts'], {
    cwd: workspaceRoot,
    env: {
      PATH: process.env.PATH,
      TSX_TSCONFIG_PATH: 'apps/api/tsconfig.json',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: `file:${databasePath}`,
      SESSION_SECRET: 'crash-test-secret-crash-test-secret-0123',
      LOG_LEVEL: 'error',
      RATE_LIMIT_ENABLED: 'false',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

interface Answer {
  status: number;
  body: string;
}

function request(agent: http.Agent, port: number, method: string, urlPath: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      { host: '127.0.0.1', port, method, path: urlPath, agent, headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {} },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (data += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function waitForHealth(port: number, child: ChildProcess): Promise<void> {
  const agent = new http.Agent();
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode} before it was ready`);
    try {
      const res = await request(agent, port, 'GET', '/api/health');
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('API did not become ready');
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

describeOnEngine('sqlite', 'durability: kill -9 during a burst of tracking calls', () => {
  jest.setTimeout(120_000);
  let dir: string;
  const children: ChildProcess[] = [];
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-crash-'));
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(children.map(exited));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged event and click', async () => {
    const databasePath = path.join(dir, 'crash.db');
    const port = await freePort();
    const api = startApi(databasePath, port);
    children.push(api);
    let stderr = '';
    api.stderr?.on('data', (chunk) => (stderr += chunk));
    await waitForHealth(port, api);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
    const ackedEvents: string[] = [];
    const ackedClicks: string[] = [];
    let failures = 0;
    let killing = false;
    let killed = false;
    let sequence = 0;

    const worker = async () => {
      while (!killed) {
        const n = sequence++;
        const marker = `crash-click-${n}`;
        const call =
          n % 2 === 0
            ? request(agent, port, 'POST', '/api/track-event', { eventType: 'page_view', eventData: { n, sessionId: `crash-event-${n}` } })
            : request(agent, port, 'GET', `/api/redirect?to=${encodeURIComponent('https://www.amazon.com/dp/B0CRASH' + n)}&pricehunt_session_id=${marker}`);
        if (killing && !killed) {
          // Killed right as a call goes out, so at least that one is in flight (answers arrive a whole commit at a
          // time: a kill timed from an answer could find every call answered, on a fast machine).
          killed = true;
          api.kill('SIGKILL');
        }
        try {
          const res = await call;
          if (n % 2 === 0) {
            if (res.status === 201) ackedEvents.push(JSON.parse(res.body).eventId);
            else throw new Error(`unexpected ${res.status}`);
          } else if (res.status === 302) ackedClicks.push(marker);
          else throw new Error(`unexpected ${res.status}`);
        } catch {
          failures++;
          if (!killed) throw new Error(`a call failed before the kill: ${stderr}`);
        }
        if (ackedEvents.length + ackedClicks.length >= 300) killing = true;
      }
    };
    await Promise.all(Array.from({ length: 32 }, worker));
    agent.destroy();
    await exited(api);
    expect(api.signalCode).toBe('SIGKILL');
    // The kill landed while calls were in flight.
    expect(failures).toBeGreaterThan(0);
    expect(ackedEvents.length).toBeGreaterThan(50);
    expect(ackedClicks.length).toBeGreaterThan(50);

    // Restart on the same database: it opens, recovers the WAL and serves again.
    const again = startApi(databasePath, port);
    children.push(again);
    await waitForHealth(port, again);
    again.kill('SIGTERM');
    await exited(again);

    const db = new Database(databasePath, { readonly: true });
    try {
      const eventIds = new Set((db.prepare('select id from events').all() as Array<{ id: string }>).map((r) => r.id));
      const clickSessions = new Set((db.prepare('select session_id from clicks').all() as Array<{ session_id: string }>).map((r) => r.session_id));
      expect(ackedEvents.filter((id) => !eventIds.has(id))).toEqual([]);
      expect(ackedClicks.filter((marker) => !clickSessions.has(marker))).toEqual([]);
    } finally {
      db.close();
    }
  });
});
