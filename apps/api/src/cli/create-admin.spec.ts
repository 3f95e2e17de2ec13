import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { openStorage } from '@pricehunt/storage';
import { verifyPassword } from '../lib/password';
import { createBusiness } from '../modules/business-auth/service';
import { anotherConnection, row, testEngine } from '../testing/db';
import { createTestPostgresDatabase } from '@pricehunt/storage/testing';
import { runCreateAdmin } from './create-admin';
import { present } from '@pricehunt/contracts';

describe('admin:create', () => {
  let env: Record<string, string>;
  let remove: () => Promise<void>;
  // A fresh database of the run's engine: a SQLite file, or a PostgreSQL database.
  beforeEach(async () => {
    if (testEngine() === 'postgres') {
      const database = await createTestPostgresDatabase();
      env = { DATABASE_URL: database.url };
      remove = () => database.drop();
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-cli-'));
      env = { DATABASE_URL: `file:${path.join(dir, 'cli.db')}` };
      remove = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  afterEach(() => remove());

  const read = async (email: string) => {
    const connection = await anotherConnection(present(env.DATABASE_URL));
    try {
      return await row<{ is_admin: number; password_hash: string }>(connection, 'select is_admin, password_hash from businesses where email = ?', [email]);
    } finally {
      await connection.close();
    }
  };

  it('creates an admin with the password from ADMIN_PASSWORD', async () => {
    const lines: string[] = [];
    const code = await runCreateAdmin({
      argv: ['--email', 'Boss@PriceHunt.Example'],
      env: { ...env, ADMIN_PASSWORD: 'brisk-otter-lantern-58' },
      prompt: () => Promise.reject(new Error('should not prompt')),
      out: (line) => lines.push(line),
    });
    expect(code).toBe(0);
    expect(lines[0]).toMatch(/^Created admin boss@pricehunt\.example/);
    const stored = present(await read('boss@pricehunt.example'));
    expect(stored.is_admin).toBe(1);
    await expect(verifyPassword('brisk-otter-lantern-58', stored.password_hash)).resolves.toBe(true);
  });

  it('promotes an existing business, asking for the password when ADMIN_PASSWORD is absent', async () => {
    const opened = await openStorage(loadConfig(env).database);
    await createBusiness(opened.storage.businessAccounts, { email: 'merchant@shop.example', password: 'quiet-harbor-violin-31' });
    await opened.close();
    const lines: string[] = [];
    const code = await runCreateAdmin({ argv: ['--email=merchant@shop.example'], env, prompt: async () => 'maple-comet-drawer-64', out: (l) => lines.push(l) });
    expect(code).toBe(0);
    expect(lines[0]).toMatch(/^Promoted admin merchant@shop\.example/);
    const stored = present(await read('merchant@shop.example'));
    expect(stored.is_admin).toBe(1);
    await expect(verifyPassword('maple-comet-drawer-64', stored.password_hash)).resolves.toBe(true);
  });

  it('refuses a missing email and a weak password, naming them', async () => {
    const lines: string[] = [];
    expect(await runCreateAdmin({ argv: [], env, prompt: async () => '', out: (l) => lines.push(l) })).toBe(2);
    expect(lines.pop()).toMatch(/^email: /);
    expect(await runCreateAdmin({ argv: ['--email', 'a@b.example'], env: { ...env, ADMIN_PASSWORD: 'weak' }, prompt: async () => '', out: (l) => lines.push(l) })).toBe(2);
    expect(lines.pop()).toMatch(/^password: Password must be at least 12 characters/);
    expect(await runCreateAdmin({ argv: ['--email', 'a@b.example'], env: { ...env, ADMIN_PASSWORD: 'password1234' }, prompt: async () => '', out: (l) => lines.push(l) })).toBe(2);
    expect(lines.pop()).toBe('password: This password is among the most commonly used passwords; choose another');
    expect(await runCreateAdmin({ argv: ['--email', 'a@b.example'], env: { ...env, ADMIN_PASSWORD: 'admin-pass-123' }, prompt: async () => '', out: (l) => lines.push(l) })).toBe(2);
    expect(lines.pop()).toMatch(/^password: This password is too easy to guess\. /);
  });
});
