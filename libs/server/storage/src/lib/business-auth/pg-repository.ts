import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { PostgresHandle } from '../db/pg-client';
import { businesses, passwordResetTokens, sessions, trustedDevices, verifiedDomains } from '../db/pg-schema';
import type { BusinessAccountsRepository, BusinessChanges, BusinessRecord } from './repository';

type BusinessRow = typeof businesses.$inferSelect;

/** The account as the port answers it: instants as the ISO text SQLite stores (`2026-11-23T10:00:00.000Z`). */
const toRecord = (row: BusinessRow | undefined): BusinessRecord | undefined =>
  row && { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };

/**
 * Business accounts in `businesses`, reset tokens in `password_reset_tokens`. Concurrency: a taken email is an
 * INSERT … ON CONFLICT (email) DO NOTHING that answers no row; confirming is an UPDATE guarded by "not confirmed
 * yet"; a reset uses up the open tokens with one UPDATE guarded by "still open" (its row locks make a second reset
 * with the same token find none), and the rest follows in the same transaction.
 */
export function createPgBusinessAccountsRepository({ db }: PostgresHandle): BusinessAccountsRepository {
  const byId = db
    .select()
    .from(businesses)
    .where(eq(businesses.id, sql.placeholder('id')))
    .prepare('business-auth/by-id');
  // The SQLite side stamps updatedAt with the API's clock, not the database's: so does this one.
  const changed = (changes: BusinessChanges) => ({ ...changes, updatedAt: new Date() });

  return {
    async findById(id) {
      return toRecord((await byId.execute({ id }))[0]);
    },
    async findByEmail(email) {
      return toRecord((await db.select().from(businesses).where(eq(businesses.email, email)))[0]);
    },
    async isDomainVerified(domain) {
      return (await db.select({ domain: verifiedDomains.domain }).from(verifiedDomains).where(eq(verifiedDomains.domain, domain))).length > 0;
    },
    async insert(row) {
      // Only a taken email answers undefined; another unique key (the id) still throws, as on SQLite.
      const [inserted] = await db.insert(businesses).values(row).onConflictDoNothing({ target: businesses.email }).returning();
      return toRecord(inserted);
    },
    async update(id, changes) {
      return toRecord((await db.update(businesses).set(changed(changes)).where(eq(businesses.id, id)).returning())[0]);
    },
    async confirmEmail(id, now) {
      // One guarded UPDATE: of two confirmations at once the second waits for the first and then finds it done.
      const [confirmed] = await db
        .update(businesses)
        .set(changed({ emailConfirmedAt: now }))
        .where(and(eq(businesses.id, id), isNull(businesses.emailConfirmedAt)))
        .returning();
      return toRecord(confirmed ?? (await byId.execute({ id }))[0]);
    },
    async addResetToken(token) {
      await db.insert(passwordResetTokens).values(token);
    },
    async findUsableResetToken(tokenHash, now) {
      const [token] = await db
        .select({ id: passwordResetTokens.id, businessId: passwordResetTokens.businessId })
        .from(passwordResetTokens)
        .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)));
      return token;
    },
    async resetPassword(businessId, tokenId, passwordHash, now) {
      return db.transaction(async (tx) => {
        const consumed = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.businessId, businessId), isNull(passwordResetTokens.usedAt)))
          .returning({ id: passwordResetTokens.id });
        // As on SQLite, the business's other open tokens stay used up (committed) when this one was no longer open.
        if (!consumed.some((row) => row.id === tokenId)) return undefined;
        const [row] = await tx
          .update(businesses)
          .set({ passwordHash, emailConfirmedAt: sql`coalesce(${businesses.emailConfirmedAt}, ${now})`, updatedAt: new Date() })
          .where(eq(businesses.id, businessId))
          .returning();
        await tx.delete(sessions).where(eq(sessions.businessId, businessId));
        await tx.delete(trustedDevices).where(eq(trustedDevices.businessId, businessId));
        return toRecord(row);
      });
    },
  };
}
