import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { verifyPassword } from '../lib/password';
import { createBusiness } from '../modules/business-auth/service';
import { createSqliteBusinessAccountsRepository } from '../modules/business-auth/sqlite-repository';
import { runCreateAdmin } from './create-admin';

describe('admin:create', () => {
  let dir: string;
  let env: Record<string, string>;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-cli-'));
    env = { DATABASE_URL: `file:${path.join(dir, 'cli.db')}` };
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const read = (email: string) => {
    const handle = openDatabase(path.join(dir, 'cli.db'));
    try {
      return handle.sqlite.prepare('select is_admin, password_hash from businesses where email = ?').get(email) as
        | { is_admin: number; password_hash: string }
        | undefined;
    } finally {
      handle.close();
    }
  };

  it('creates an admin with the password from ADMIN_PASSWORD', async () => {
    const lines: string[] = [];
    const code = await runCreateAdmin({
      argv: ['--email', 'Boss@PriceHunt.Example'],
      env: { ...env, ADMIN_PASSWORD: 'admin-pass-123' },
      prompt: () => Promise.reject(new Error('should not prompt')),
      out: (line) => lines.push(line),
    });
    expect(code).toBe(0);
    expect(lines[0]).toMatch(/^Created admin boss@pricehunt\.example/);
    const row = read('boss@pricehunt.example')!;
    expect(row.is_admin).toBe(1);
    await expect(verifyPassword('admin-pass-123', row.password_hash)).resolves.toBe(true);
  });

  it('promotes an existing business, asking for the password when ADMIN_PASSWORD is absent', async () => {
    const handle = openDatabase(path.join(dir, 'cli.db'));
    await createBusiness(createSqliteBusinessAccountsRepository(handle), { email: 'merchant@shop.example', password: 'merchant-pass-1' });
    handle.close();
    const lines: string[] = [];
    const code = await runCreateAdmin({ argv: ['--email=merchant@shop.example'], env, prompt: async () => 'promoted-pass-2', out: (l) => lines.push(l) });
    expect(code).toBe(0);
    expect(lines[0]).toMatch(/^Promoted admin merchant@shop\.example/);
    const row = read('merchant@shop.example')!;
    expect(row.is_admin).toBe(1);
    await expect(verifyPassword('promoted-pass-2', row.password_hash)).resolves.toBe(true);
  });

  it('refuses a missing email and a weak password, naming them', async () => {
    const lines: string[] = [];
    expect(await runCreateAdmin({ argv: [], env, prompt: async () => '', out: (l) => lines.push(l) })).toBe(2);
    expect(lines.pop()).toMatch(/^email: /);
    expect(await runCreateAdmin({ argv: ['--email', 'a@b.example'], env: { ...env, ADMIN_PASSWORD: 'weak' }, prompt: async () => '', out: (l) => lines.push(l) })).toBe(2);
    expect(lines.pop()).toMatch(/^password: Password must be at least 12 characters/);
    expect(await runCreateAdmin({ argv: ['--email', 'a@b.example'], env: { ...env, ADMIN_PASSWORD: 'password1234' }, prompt: async () => '', out: (l) => lines.push(l) })).toBe(2);
    expect(lines.pop()).toBe('password: This password is among the most commonly used passwords; choose another');
  });
});
