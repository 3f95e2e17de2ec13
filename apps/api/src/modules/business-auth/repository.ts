import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses, passwordResetTokens, sessions, verifiedDomains } from '../../db/schema';

export type BusinessRow = typeof businesses.$inferSelect;
export type NewBusinessRow = typeof businesses.$inferInsert;

/** SQL for business accounts, their reset tokens and their sessions. */
export function createBusinessRepository(db: Db) {
  return {
    findById(id: string): BusinessRow | undefined {
      return db.select().from(businesses).where(eq(businesses.id, id)).get();
    },
    findByEmail(email: string): BusinessRow | undefined {
      return db.select().from(businesses).where(eq(businesses.email, email)).get();
    },
    /** True when a business has proved `domain` as its store domain. */
    isDomainVerified(domain: string): boolean {
      return db.select({ domain: verifiedDomains.domain }).from(verifiedDomains).where(eq(verifiedDomains.domain, domain)).get() !== undefined;
    },
    insert(row: NewBusinessRow): BusinessRow {
      return db.insert(businesses).values(row).returning().get();
    },
    update(id: string, changes: Partial<Pick<BusinessRow, 'passwordHash' | 'isAdmin' | 'status' | 'storeName' | 'storeDomain' | 'emailConfirmedAt'>>): BusinessRow | undefined {
      return db
        .update(businesses)
        .set({ ...changes, updatedAt: new Date().toISOString() })
        .where(eq(businesses.id, id))
        .returning()
        .get();
    },
    /** Ends every session in which this business is signed in. */
    deleteSessions(businessId: string): number {
      return db.delete(sessions).where(eq(sessions.businessId, businessId)).run().changes;
    },
    insertResetToken(row: typeof passwordResetTokens.$inferInsert): void {
      db.insert(passwordResetTokens).values(row).run();
    },
    /** An unused, unexpired token by the hash of its value. */
    findUsableResetToken(tokenHash: string, now: number) {
      return db
        .select()
        .from(passwordResetTokens)
        .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
        .get();
    },
    /** Marks every open token of the business as used (a reset consumes them all); true when `tokenId` was still open. */
    consumeResetTokens(businessId: string, tokenId: string, now: number): boolean {
      const consumed = db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.businessId, businessId), isNull(passwordResetTokens.usedAt)))
        .returning({ id: passwordResetTokens.id })
        .all();
      return consumed.some((row) => row.id === tokenId);
    },
    transaction<T>(work: () => T): T {
      return db.transaction(() => work());
    },
  };
}
export type BusinessRepository = ReturnType<typeof createBusinessRepository>;
