import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, shoppers } from '../../db/schema';

export type ShopperRow = typeof shoppers.$inferSelect;

/** SQL for shopper accounts. */
export function createShopperRepository(db: Db) {
  return {
    findById(id: string): ShopperRow | undefined {
      return db.select().from(shoppers).where(eq(shoppers.id, id)).get();
    },
    findByEmail(email: string): ShopperRow | undefined {
      return db.select().from(shoppers).where(eq(shoppers.email, email)).get();
    },
    insert(row: typeof shoppers.$inferInsert): ShopperRow {
      return db.insert(shoppers).values(row).returning().get();
    },
    /** A new registration of an unconfirmed address: the newest password and name win (a confirmed account is left alone). */
    updateUnconfirmed(id: string, changes: { passwordHash: string; displayName: string | null }): ShopperRow | undefined {
      return db
        .update(shoppers)
        .set({ ...changes, updatedAt: new Date().toISOString() })
        .where(and(eq(shoppers.id, id), isNull(shoppers.emailConfirmedAt)))
        .returning()
        .get();
    },
    /** Marks the email confirmed (keeping the first date) and answers the account. */
    confirmEmail(id: string, now: number): ShopperRow | undefined {
      return db
        .update(shoppers)
        .set({ emailConfirmedAt: sql`coalesce(${shoppers.emailConfirmedAt}, ${now})` })
        .where(eq(shoppers.id, id))
        .returning()
        .get();
    },
    updatePasswordHash(id: string, passwordHash: string): void {
      db.update(shoppers).set({ passwordHash, updatedAt: new Date().toISOString() }).where(eq(shoppers.id, id)).run();
    },
    deleteSessions(shopperId: string): number {
      return db.delete(sessions).where(eq(sessions.shopperId, shopperId)).run().changes;
    },
  };
}
export type ShopperRepository = ReturnType<typeof createShopperRepository>;
