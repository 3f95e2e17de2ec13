import type { DatabaseHandle } from './client';
import type { EmailConfirmationRepository, OutboxRepository, SessionRepository, SignInGuardRepository } from '../modules/auth/repository';
import {
  createSqliteEmailConfirmationRepository,
  createSqliteOutboxRepository,
  createSqliteSessionRepository,
  createSqliteSignInGuardRepository,
} from '../modules/auth/sqlite-repository';
import type { BusinessAccountsRepository } from '../modules/business-auth/repository';
import { createSqliteBusinessAccountsRepository } from '../modules/business-auth/sqlite-repository';
import type { ShopperAccountsRepository } from '../modules/shopper-auth/repository';
import { createSqliteShopperAccountsRepository } from '../modules/shopper-auth/sqlite-repository';

/**
 * The storage ports of every domain, as one engine implements them. Services, routes and plugins depend on these
 * interfaces only (each declared in its module's `repository.ts`); the engine is chosen once, where the app opens
 * its database (`plugins/db.ts`).
 */
export interface Storage {
  readonly engine: 'sqlite';
  businessAccounts: BusinessAccountsRepository;
  shopperAccounts: ShopperAccountsRepository;
  sessions: SessionRepository;
  signInGuard: SignInGuardRepository;
  emailConfirmations: EmailConfirmationRepository;
  outbox: OutboxRepository;
}

/** Every port on the SQLite file of `handle` (better-sqlite3: the embedded default). */
export function createSqliteStorage(handle: DatabaseHandle): Storage {
  return {
    engine: 'sqlite',
    businessAccounts: createSqliteBusinessAccountsRepository(handle),
    shopperAccounts: createSqliteShopperAccountsRepository(handle),
    sessions: createSqliteSessionRepository(handle),
    signInGuard: createSqliteSignInGuardRepository(handle),
    emailConfirmations: createSqliteEmailConfirmationRepository(handle),
    outbox: createSqliteOutboxRepository(handle),
  };
}
