import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { startKeptPostgresCluster, startPostgresCluster, type PostgresCluster } from './cluster';
import { ensureTemplate, setUpSharedPostgres, sharedPostgresCluster, SHARED_STATE_ENV, tearDownSharedPostgres } from './shared';

async function scalar<T>(url: string, text: string): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return Object.values((await client.query(text)).rows[0] as Record<string, unknown>)[0] as T;
  } finally {
    await client.end();
  }
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('a throwaway PostgreSQL cluster', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
  });
  afterAll(() => cluster?.stop());

  it('listens on 127.0.0.1 with a password, and on a socket in its own folder, as a user that is not root', async () => {
    expect(cluster.url('postgres')).toMatch(/^postgresql:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/postgres$/);
    expect(await scalar(cluster.url(), 'SELECT 1 AS one')).toBe(1);
    await expect(scalar(cluster.url().replace(/:[^:@/]+@/, ':wrong@'), 'SELECT 1')).rejects.toThrow(/password authentication failed/);
    expect(fs.readdirSync(cluster.dir)).toContain(`.s.PGSQL.${cluster.port}`);
    expect(fs.statSync(cluster.dataDir).uid).not.toBe(0);
    expect(cluster.runAs).toBe(process.getuid?.() === 0 ? 'postgres' : null);
    // Commits stay as in production; byte-order collation; UTC.
    expect(await scalar(cluster.url(), "SELECT current_setting('synchronous_commit')")).toBe('on');
    expect(await scalar(cluster.url(), "SELECT current_setting('lc_collate')")).toBe('C');
    expect(await scalar(cluster.url(), "SELECT current_setting('TimeZone')")).toBe('UTC');
    expect(await scalar(cluster.url(), "SELECT count(*)::int FROM pg_available_extensions WHERE name = 'pg_trgm'")).toBe(1);
  });

  it('copies a template built once into each new database', async () => {
    let builds = 0;
    const build = async (url: string) => {
      builds++;
      const client = new Client({ connectionString: url });
      await client.connect();
      await client.query("CREATE TABLE things (name text PRIMARY KEY); INSERT INTO things VALUES ('seeded')");
      await client.end();
    };
    await Promise.all([ensureTemplate(cluster, 'things_template', build), ensureTemplate(cluster, 'things_template', build)]);
    const a = await cluster.createDatabase({ template: 'things_template' });
    const b = await cluster.createDatabase({ template: 'things_template' });
    expect(builds).toBe(1);
    await scalar(a.url, "INSERT INTO things VALUES ('only in a') RETURNING name");
    expect(await scalar(a.url, 'SELECT count(*)::int FROM things')).toBe(2);
    expect(await scalar(b.url, 'SELECT count(*)::int FROM things')).toBe(1);
    await cluster.dropDatabase(a.name);
    await expect(scalar(a.url, 'SELECT 1')).rejects.toThrow(/does not exist/);
  });
});

describe('the cluster a test run shares', () => {
  const saved = process.env[SHARED_STATE_ENV];
  afterAll(() => {
    if (saved === undefined) delete process.env[SHARED_STATE_ENV];
    else process.env[SHARED_STATE_ENV] = saved;
  });

  it('is started by the first test asking for it and stopped, its folder removed, at the end of the run', async () => {
    await setUpSharedPostgres();
    const state = process.env[SHARED_STATE_ENV] ?? '';
    expect(fs.readdirSync(state)).not.toContain('cluster.json');
    const cluster = await sharedPostgresCluster();
    expect(await sharedPostgresCluster()).toBe(cluster);
    expect(fs.readdirSync(state)).toContain('cluster.json');
    expect(await scalar(cluster.url(), 'SELECT 2 AS two')).toBe(2);
    await tearDownSharedPostgres();
    expect(fs.existsSync(state)).toBe(false);
    expect(fs.existsSync(cluster.dir)).toBe(false);
    expect(await accepts(cluster.port)).toBe(false);
  });
});

describe('a kept cluster', () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-kept-'));
  // A checkout's data folder is open to other users; the postgres user must get through it.
  fs.chmodSync(parent, 0o755);
  const dir = path.join(parent, 'pg');
  afterAll(async () => {
    if (fs.existsSync(path.join(dir, 'data', 'postmaster.pid'))) await (await startKeptPostgresCluster({ dir, port: 0 })).stop();
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('is made once, durable, and keeps its data from one start to the next; a running one is used as it is', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const address = server.address() as net.AddressInfo;
        server.close(() => resolve(address.port));
      });
    });
    const first = await startKeptPostgresCluster({ dir, port });
    expect(first.started).toBe(true);
    expect(first.port).toBe(port);
    expect(await scalar(first.url(), "SELECT current_setting('fsync')")).toBe('on');
    expect((fs.statSync(path.join(dir, 'cluster.json')).mode & 0o777).toString(8)).toBe('600');
    await first.query("CREATE TABLE kept AS SELECT 'still here'::text AS note");

    const again = await startKeptPostgresCluster({ dir, port: port + 1 });
    expect(again.started).toBe(false);
    expect(again.port).toBe(port);

    await first.stop();
    expect(await accepts(port)).toBe(false);
    const restarted = await startKeptPostgresCluster({ dir, port });
    expect(restarted.started).toBe(true);
    expect(await scalar(restarted.url(), 'SELECT note FROM kept')).toBe('still here');
    expect(restarted.password).toBe(first.password);
    await restarted.stop();
  });
});
