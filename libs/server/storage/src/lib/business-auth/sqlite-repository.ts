import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { businesses, passwordResetTokens, sessions, trustedDevices, verifiedDomains } from '../db/schema';
import type { BusinessAccountsRepository, BusinessChanges } from './repository';

const isUniqueViolation = (error: unknown, column: string): boolean => {
  const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.cause?.code ?? e.code;
  const message = e.cause?.message ?? e.message ?? '';
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && message.includes(column);
};

/** Business accounts in `businesses`, reset tokens in `password_reset_tokens`. */
export function createSqliteBusinessAccountsRepository({ db, sqlite }: DatabaseHandle): BusinessAccountsRepository {
  const byId = db
    .select()
    .from(businesses)
    .where(eq(businesses.id, sql.placeholder('id')))
    .prepare();
  const update = (id: string, changes: BusinessChanges) =>
    db
      .update(businesses)
      .set({ ...changes, updatedAt: new Date().toISOString() })
      .where(eq(businesses.id, id))
      .returning()
      .get();

  return {
    async findById(id) {
      return byId.get({ id });
    },
    async findByEmail(email) {
      return db.select().from(businesses).where(eq(businesses.email, email)).get();
    },
    async isDomainVerified(domain) {
      return db.select({ domain: verifiedDomains.domain }).from(verifiedDomains).where(eq(verifiedDomains.domain, domain)).get() !== undefined;
    },
    async insert(row) {
      try {
        return db.insert(businesses).values(row).returning().get();
      } catch (error) {
        if (isUniqueViolation(error, 'businesses.email')) return undefined;
        throw error;
      }
    },
    async update(id, changes) {
      return update(id, changes);
    },
    async confirmEmail(id, now) {
      return sqlite.transaction(() => {
        const current = db.select().from(businesses).where(eq(businesses.id, id)).get();
        return current && current.emailConfirmedAt == null ? update(id, { emailConfirmedAt: now }) : current;
      })();
    },
    async addResetToken(token) {
      db.insert(passwordResetTokens).values(token).run();
    },
    async findUsableResetToken(tokenHash, now) {
      return db
        .select({ id: passwordResetTokens.id, businessId: passwordResetTokens.businessId })
        .from(passwordResetTokens)
        .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
        .get();
    },
    async resetPassword(businessId, tokenId, passwordHash, now) {
      return sqlite.transaction(() => {
        const consumed = db
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.businessId, businessId), isNull(passwordResetTokens.usedAt)))
          .returning({ id: passwordResetTokens.id })
          .all();
        if (!consumed.some((row) => row.id === tokenId)) return undefined;
        const row = db
          .update(businesses)
          .set({ passwordHash, emailConfirmedAt: sql`coalesce(${businesses.emailConfirmedAt}, ${now})`, updatedAt: new Date().toISOString() })
          .where(eq(businesses.id, businessId))
          .returning()
          .get();
        db.delete(sessions).where(eq(sessions.businessId, businessId)).run();
        db.delete(trustedDevices).where(eq(trustedDevices.businessId, businessId)).run();
        return row;
      })();
    },
  };
}
