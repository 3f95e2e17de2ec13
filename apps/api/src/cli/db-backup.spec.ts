import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import Database from 'better-sqlite3';
import { sharedPostgresCluster } from '@pricehunt/postgres-harness';
import { Client } from 'pg';
import { openDatabase } from '@pricehunt/storage';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '@pricehunt/storage/testing';
import { runBackup } from './db-backup';
import { CliError } from './shared';

const quiet = () => Object.assign(new PassThrough(), { isTTY: false });

describe('db:backup on SQLite', () => {
  let dir: string;
  let databasePath: string;
  const lines: string[] = [];
  const backup = (argv: string[]) => runBackup({ argv, env: { DATABASE_URL: `file:${databasePath}` }, out: (line) => lines.push(line), progress: quiet() });

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-backup-'));
    databasePath = path.join(dir, 'live.db');
    const handle = openDatabase(databasePath);
    const insert = handle.sqlite.prepare("INSERT INTO retailers (id, name, domains) VALUES (?, ?, '[]')");
    handle.sqlite.transaction(() => {
      for (let i = 0; i < 5_000; i++) insert.run(`shop-${i}`, `Shop ${i} ${'x'.repeat(200)}`);
    })();
    handle.close();
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('copies the database while another connection keeps writing, and the copy passes its integrity check', async () => {
    const writer = new Database(databasePath);
    writer.pragma('journal_mode = WAL');
    writer.pragma('synchronous = FULL');
    const insert = writer.prepare("INSERT INTO retailers (id, name, domains) VALUES (?, 'During the backup', '[]')");
    let written = 0;
    const timer = setInterval(() => insert.run(`during-${written++}`), 1);
    try {
      expect(await backup(['--to', path.join(dir, 'copy.db')])).toBe(0);
    } finally {
      clearInterval(timer);
      writer.close();
    }
    const copy = new Database(path.join(dir, 'copy.db'), { readonly: true });
    const count = copy.prepare("SELECT count(*) FROM retailers WHERE id LIKE 'shop-%'").pluck().get();
    const migrations = copy.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get() as number;
    copy.close();
    expect(count).toBe(5_000);
    expect(migrations).toBeGreaterThan(20);
    expect(lines.join('\n')).toMatch(/integrity check ok/);
  });

  it('refuses to overwrite a file without --force, and names the option it needs', async () => {
    await expect(backup(['--to', path.join(dir, 'copy.db')])).rejects.toThrow(new CliError(`--to: ${path.join(dir, 'copy.db')} exists; give --force to replace it`, 2));
    expect(await backup(['--to', path.join(dir, 'copy.db'), '--force'])).toBe(0);
    await expect(backup([])).rejects.toThrow(/--to: name the file to write/);
    await expect(backup(['--to', path.join(dir, 'no-such-folder', 'x.db')])).rejects.toThrow(/--to: the folder .* does not exist/);
    await expect(backup(['--to', databasePath, '--force'])).rejects.toThrow('--to: that is the database itself');
    expect(fs.existsSync(databasePath)).toBe(true);
  });
});

describe('db:backup on PostgreSQL', () => {
  let database: TestPostgresDatabase;
  let restored: { name: string; url: string };
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-backup-'));
    database = await createTestPostgresDatabase();
    // A restore goes into an empty database.
    restored = await (await sharedPostgresCluster()).createDatabase();
    const client = new Client({ connectionString: database.url });
    await client.connect();
    await client.query("INSERT INTO retailers (id, name, domains) SELECT 'shop-' || i, 'Shop ' || i, '[]'::jsonb FROM generate_series(1, 300) AS i");
    await client.end();
  });
  afterAll(async () => {
    await database?.drop();
    if (restored) await (await sharedPostgresCluster()).dropDatabase(restored.name);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('dumps with pg_dump, and pg_restore brings the rows back into another database', async () => {
    const lines: string[] = [];
    const file = path.join(dir, 'dump.pgc');
    expect(await runBackup({ argv: ['--to', file], env: { DATABASE_URL: database.url }, out: (line) => lines.push(line) })).toBe(0);
    expect(lines[0]).toMatch(/^PostgreSQL database dumped to .*dump\.pgc/);
    const restore = spawnSync('/usr/lib/postgresql/15/bin/pg_restore', ['--no-owner', '--dbname', restored.url, file], { encoding: 'utf8' });
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    const client = new Client({ connectionString: restored.url });
    await client.connect();
    const { rows } = await client.query<{ count: number }>("SELECT count(*)::int AS count FROM retailers WHERE id LIKE 'shop-%'");
    await client.end();
    expect(rows[0]?.count).toBe(300);
  });
});
