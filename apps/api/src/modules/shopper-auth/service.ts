import { randomUUID } from 'node:crypto';
import { AuthMessages, type ShopperUser } from '@pricehunt/contracts';
import type { Db } from '../../db/client';
import { conflict, unauthorized } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../../lib/password';
import { assertNewPassword } from '../../lib/password-policy';
import { createSignInGuard, type SignInGuard } from '../auth/sign-in-guard';
import type { SignInInput } from '../business-auth/service';
import { createShopperRepository, type ShopperRow } from './repository';

export function toShopper(row: ShopperRow): ShopperUser {
  return { id: row.id, email: row.email, displayName: row.displayName, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

/** Shopper accounts: registration and sign-in, hashed like business passwords. */
export function createShopperAccountsService({ db, log, signInGuard }: { db: Db; log: Logger; signInGuard?: SignInGuard }) {
  const repo = createShopperRepository(db);
  const normalise = (email: string) => email.trim().toLowerCase();
  const guard = signInGuard ?? createSignInGuard({ db, enabled: false, freeFailures: 5, freeFailuresPerAddress: 20, maxWaitSeconds: 900 });

  async function authenticate(emailInput: string, password: string): Promise<ShopperUser> {
    const row = repo.findByEmail(normalise(emailInput));
    if (!row) {
      await verifyAgainstDummy(password);
      throw unauthorized(AuthMessages.invalidCredentials);
    }
    if (!(await verifyPassword(password, row.passwordHash))) throw unauthorized(AuthMessages.invalidCredentials);
    if (needsRehash(row.passwordHash)) repo.updatePasswordHash(row.id, await hashPassword(password));
    return toShopper(row);
  }

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

    authenticate,

    /** A sign-in through the limits of `signInGuard` (see the business service's `signIn`). */
    async signIn(input: SignInInput): Promise<{ user: ShopperUser; deviceToken: string }> {
      const email = normalise(input.email);
      const { account, deviceToken } = await guard.attempt(
        { audience: 'shopper', email, address: input.address, accountId: repo.findByEmail(email)?.id, deviceToken: input.deviceToken },
        () => authenticate(email, input.password),
      );
      return { user: account, deviceToken };
    },

    findById(id: string): ShopperUser | undefined {
      const row = repo.findById(id);
      return row ? toShopper(row) : undefined;
    },
  };
}
export type ShopperAccountsService = ReturnType<typeof createShopperAccountsService>;
