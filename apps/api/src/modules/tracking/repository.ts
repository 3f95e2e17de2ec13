import type Database from 'better-sqlite3';
import type { Db } from '../../db/client';
import { clicks, events, referrals } from '../../db/schema';

export type ClickRow = typeof clicks.$inferInsert;
export type ReferralRow = typeof referrals.$inferInsert;
export type EventRow = typeof events.$inferInsert;

/** SQL for clicks, referrals and events. Inserts are plain statements; the caller runs them in the write queue. */
export function createTrackingRepository(db: Db, sqlite: Database.Database) {
  // Hot-path lookups as prepared statements.
  const businessByDomain = sqlite.prepare<[string], { id: string; status: string }>(
    'select id, status from businesses where store_domain = ? limit 1',
  );
  const referralById = sqlite.prepare<[string], { referral_id: string; business_domain: string; requested_url: string; target_url: string }>(
    'select referral_id, business_domain, requested_url, target_url from referrals where referral_id = ?',
  );
  const offerHost = sqlite.prepare<[string], { found: number }>('select 1 as found from offers where host = ? limit 1');
  return {
    /** True when the catalog holds an offer on this host (offers.host is lower case without `www.`). */
    hasOfferHost(host: string): boolean {
      return offerHost.get(host) !== undefined;
    },
    /** The business whose store domain is exactly `domain`. */
    findBusinessByStoreDomain(domain: string): { id: string; status: 'active' | 'suspended' } | undefined {
      return businessByDomain.get(domain) as { id: string; status: 'active' | 'suspended' } | undefined;
    },
    insertClick(row: ClickRow): void {
      db.insert(clicks).values(row).run();
    },
    insertReferral(row: ReferralRow): void {
      db.insert(referrals).values(row).run();
    },
    findReferral(referralId: string) {
      return referralById.get(referralId);
    },
    insertEvent(row: EventRow): void {
      db.insert(events).values(row).run();
    },
  };
}
export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
