import { randomUUID } from 'node:crypto';
import { AuthMessages, type ShopperUser } from '@pricehunt/contracts';
import type { Db } from '../../db/client';
import { conflict, unauthorized } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../../lib/password';
import { assertNewPassword } from '../../lib/password-policy';
import { createShopperRepository, type ShopperRow } from './repository';

export function toShopper(row: ShopperRow): ShopperUser {
  return { id: row.id, email: row.email, displayName: row.displayName, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

/** Shopper accounts: registration and sign-in, hashed like business passwords. */
export function createShopperAccountsService({ db, log }: { db: Db; log: Logger }) {
  const repo = createShopperRepository(db);
  const normalise = (email: string) => email.trim().toLowerCase();

  return {
    async register(input: { email: string; password: string; displayName?: string }): Promise<ShopperUser> {
      const email = normalise(input.email);
      assertNewPassword(input.password, email);
      if (repo.findByEmail(email)) throw conflict(AuthMessages.emailTaken, 'email');
      const passwordHash = await hashPassword(input.password);
      try {
        const row = repo.insert({ id: randomUUID(), email, passwordHash, displayName: input.displayName ?? null });
        log.info({ shopperId: row.id }, 'shopper registered');
        return toShopper(row);
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
        if (cause.code === 'SQLITE_CONSTRAINT_UNIQUE') throw conflict(AuthMessages.emailTaken, 'email');
        throw error;
      }
    },

    async authenticate(emailInput: string, password: string): Promise<ShopperUser> {
      const row = repo.findByEmail(normalise(emailInput));
      if (!row) {
        await verifyAgainstDummy(password);
        throw unauthorized(AuthMessages.invalidCredentials);
      }
      if (!(await verifyPassword(password, row.passwordHash))) throw unauthorized(AuthMessages.invalidCredentials);
      if (needsRehash(row.passwordHash)) repo.updatePasswordHash(row.id, await hashPassword(password));
      return toShopper(row);
    },

    findById(id: string): ShopperUser | undefined {
      const row = repo.findById(id);
      return row ? toShopper(row) : undefined;
    },
  };
}
export type ShopperAccountsService = ReturnType<typeof createShopperAccountsService>;
