import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password';
import { present } from '@pricehunt/contracts';

describe('password hashing', () => {
  it('stores a versioned scrypt string with N=2^15, r=8, p=1 and a 16-byte salt', async () => {
    const hash = await hashPassword('correct horse 1');
    const match = /^\$scrypt\$v=1\$n=32768,r=8,p=1\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/.exec(hash);
    expect(match).not.toBeNull();
    expect(Buffer.from(present(present(match)[1]), 'base64url')).toHaveLength(16);
    expect(hash).not.toContain('correct horse');
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse 1');
    await expect(verifyPassword('correct horse 1', hash)).resolves.toBe(true);
    await expect(verifyPassword('correct horse 2', hash)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password 1')).not.toBe(await hashPassword('same password 1'));
  });

  it('never matches a malformed or foreign hash string', async () => {
    await expect(verifyPassword('x', 'plain-text')).resolves.toBe(false);
    await expect(verifyPassword('x', '$scrypt$v=1$n=3,r=8,p=1$abc$def')).resolves.toBe(false);
    await expect(verifyPassword('x', '$argon2id$v=19$m=65536,t=3,p=4$abc$def')).resolves.toBe(false);
  });

  it('asks for a rehash when parameters are weaker than the current ones', async () => {
    expect(needsRehash(await hashPassword('abcdefghij1'))).toBe(false);
    expect(needsRehash('$scrypt$v=1$n=16384,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5')).toBe(true);
    expect(needsRehash('garbage')).toBe(true);
  });

  it('spends a verification on unknown accounts and answers false', async () => {
    await expect(verifyAgainstDummy('anything 1')).resolves.toBe(false);
  });
});
