import type Database from 'better-sqlite3';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversions, merchantSettings, storeSyncs, verifiedDomains } from '../../db/schema';

export type MerchantSettingsRow = typeof merchantSettings.$inferSelect;
export type ConversionRecord = typeof conversions.$inferSelect;
export type StoreSyncRow = typeof storeSyncs.$inferSelect;
export type VerifiedDomainRow = typeof verifiedDomains.$inferSelect;

/** SQL of the merchant module: settings, conversions, store syncs and the removal of a business's data. */
export function createMerchantRepository(db: Db, sqlite: Database.Database) {
  return {
    findSettings(businessId: string): MerchantSettingsRow | undefined {
      return db.select().from(merchantSettings).where(eq(merchantSettings.businessId, businessId)).get();
    },
    insertSettings(row: typeof merchantSettings.$inferInsert): MerchantSettingsRow {
      return db.insert(merchantSettings).values(row).onConflictDoNothing().returning().get() ?? (this.findSettings(row.businessId) as MerchantSettingsRow);
    },
    updateSettings(businessId: string, changes: Partial<Omit<MerchantSettingsRow, 'businessId'>>): MerchantSettingsRow | undefined {
      return db
        .update(merchantSettings)
        .set({ ...changes, updatedAt: Date.now() })
        .where(eq(merchantSettings.businessId, businessId))
        .returning()
        .get();
    },
    findByApiKeyHash(hash: string): MerchantSettingsRow | undefined {
      return db.select().from(merchantSettings).where(eq(merchantSettings.apiKeyHash, hash)).get();
    },

    /** The domain the business proved, if any (at most one). */
    findVerifiedDomain(businessId: string): VerifiedDomainRow | undefined {
      return db.select().from(verifiedDomains).where(eq(verifiedDomains.businessId, businessId)).get();
    },
    /** The proof of `domain`, whoever made it. */
    findVerifiedOwner(domain: string): VerifiedDomainRow | undefined {
      return db.select().from(verifiedDomains).where(eq(verifiedDomains.domain, domain)).get();
    },
    /**
     * Records the business's proof of a domain; false when another business proved it first (the domain's key
     * decides between two proofs racing). The business's proof of another domain gives way.
     */
    claimVerifiedDomain(row: Pick<VerifiedDomainRow, 'domain' | 'businessId' | 'method' | 'verifiedAt'>): boolean {
      return sqlite.transaction(() => {
        const owner = this.findVerifiedOwner(row.domain);
        if (owner && owner.businessId !== row.businessId) return false;
        db.delete(verifiedDomains).where(eq(verifiedDomains.businessId, row.businessId)).run();
        db.insert(verifiedDomains).values({ ...row, checkedAt: row.verifiedAt, failedChecks: 0 }).run();
        return true;
      })();
    },
    /** Proofs last checked (or made) before `before`, oldest first. */
    proofsCheckedBefore(before: number, limit: number): VerifiedDomainRow[] {
      return sqlite
        .prepare(
          `SELECT domain, business_id AS businessId, method, verified_at AS verifiedAt, checked_at AS checkedAt, failed_checks AS failedChecks
           FROM verified_domains WHERE coalesce(checked_at, verified_at) < ? ORDER BY coalesce(checked_at, verified_at) LIMIT ?`,
        )
        .all(before, limit) as VerifiedDomainRow[];
    },
    recordProofCheck(domain: string, checkedAt: number, failedChecks: number): void {
      db.update(verifiedDomains).set({ checkedAt, failedChecks }).where(eq(verifiedDomains.domain, domain)).run();
    },
    /** Gives up the business's proof (its store domain changed). */
    releaseVerifiedDomain(businessId: string): void {
      db.delete(verifiedDomains).where(eq(verifiedDomains.businessId, businessId)).run();
    },
    /** The business's offers hidden from shoppers for its store (unverified domain, or a link off it). */
    countStoreHeldOffers(businessId: string): number {
      return sqlite.prepare("SELECT count(*) FROM offers WHERE business_id = ? AND held = 'store'").pluck().get(businessId) as number;
    },
    transaction<T>(work: () => T): T {
      return sqlite.transaction(work)();
    },

    /** Inserts a conversion unless the business already has that order id; answers the stored row and whether it was new. */
    insertConversion(row: typeof conversions.$inferInsert): { row: ConversionRecord; created: boolean } {
      const inserted = db.insert(conversions).values(row).onConflictDoNothing().returning().get();
      if (inserted) return { row: inserted, created: true };
      const existing = db
        .select()
        .from(conversions)
        .where(and(eq(conversions.businessId, row.businessId), eq(conversions.orderId, row.orderId)))
        .get() as ConversionRecord;
      return { row: existing, created: false };
    },
    /** The referral, if it belongs to the business. */
    findReferral(businessId: string, referralId: string): { createdAt: number } | undefined {
      return sqlite.prepare('SELECT created_at AS createdAt FROM referrals WHERE referral_id = ? AND business_id = ?').get(referralId, businessId) as
        | { createdAt: number }
        | undefined;
    },

    insertSync(row: typeof storeSyncs.$inferInsert): StoreSyncRow {
      return db.insert(storeSyncs).values(row).returning().get();
    },
    updateSync(id: string, changes: Partial<Omit<StoreSyncRow, 'id' | 'businessId'>>): void {
      db.update(storeSyncs).set(changes).where(eq(storeSyncs.id, id)).run();
    },
    findSync(businessId: string, id: string): StoreSyncRow | undefined {
      return db.select().from(storeSyncs).where(and(eq(storeSyncs.id, id), eq(storeSyncs.businessId, businessId))).get();
    },
    latestSync(businessId: string): StoreSyncRow | undefined {
      return db.select().from(storeSyncs).where(eq(storeSyncs.businessId, businessId)).orderBy(desc(storeSyncs.startedAt)).limit(1).get();
    },
    /** Syncs left `running` by a process that stopped (the API restarted mid-import). */
    failInterruptedSyncs(): void {
      db.update(storeSyncs).set({ status: 'failed', error: 'Interrupted by a restart; sync again', finishedAt: Date.now() }).where(eq(storeSyncs.status, 'running')).run();
    },

    /**
     * Removes everything the business owns: tracking rows, conversions, offers (with their price history; products
     * left without offers go too), import runs, sessions and the account itself. One transaction.
     */
    deleteBusinessData(businessId: string): { offers: number; productIds: number[] } {
      return sqlite.transaction(() => {
        const productIds = sqlite
          .prepare('SELECT DISTINCT product_id FROM offers WHERE business_id = ? AND product_id IS NOT NULL')
          .pluck()
          .all(businessId) as number[];
        sqlite.prepare('DELETE FROM clicks WHERE business_id = ?').run(businessId);
        sqlite.prepare('DELETE FROM events WHERE business_id = ?').run(businessId);
        sqlite.prepare('DELETE FROM referrals WHERE business_id = ?').run(businessId);
        sqlite.prepare('DELETE FROM price_points WHERE offer_id IN (SELECT id FROM offers WHERE business_id = ?)').run(businessId);
        const offers = sqlite.prepare('DELETE FROM offers WHERE business_id = ?').run(businessId).changes;
        sqlite.prepare('DELETE FROM import_runs WHERE business_id = ?').run(businessId);
        sqlite.prepare('DELETE FROM sessions WHERE business_id = ?').run(businessId);
        sqlite.prepare('DELETE FROM businesses WHERE id = ?').run(businessId);
        return { offers, productIds };
      })();
    },
  };
}

export type MerchantRepository = ReturnType<typeof createMerchantRepository>;
