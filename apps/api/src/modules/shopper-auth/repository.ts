import { eq } from 'drizzle-orm';
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
    updatePasswordHash(id: string, passwordHash: string): void {
      db.update(shoppers).set({ passwordHash, updatedAt: new Date().toISOString() }).where(eq(shoppers.id, id)).run();
    },
    deleteSessions(shopperId: string): number {
      return db.delete(sessions).where(eq(sessions.shopperId, shopperId)).run().changes;
    },
  };
}
export type ShopperRepository = ReturnType<typeof createShopperRepository>;
