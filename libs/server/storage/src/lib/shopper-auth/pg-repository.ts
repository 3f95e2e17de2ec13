import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { PostgresHandle } from '../db/pg-client';
import { sessions, shopperPasswordResetTokens, shoppers, trustedDevices } from '../db/pg-schema';
import type { ShopperAccountsRepository, ShopperRecord } from './repository';

type ShopperRow = typeof shoppers.$inferSelect;

/** The account as the port answers it: instants as the ISO text SQLite stores (`2026-11-23T10:00:00.000Z`). */
const toRecord = (row: ShopperRow | undefined): ShopperRecord | undefined =>
  row && { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };

/**
 * Shopper accounts in `shoppers`, reset tokens in `shopper_password_reset_tokens`. Concurrency: a taken email is an
 * INSERT … ON CONFLICT (email) DO NOTHING that answers no row, as SQLite's unique violation does; the other writes
 * are single guarded statements, and a reset uses up the open tokens with one UPDATE guarded by "still open" (a second
 * reset at once waits on its row locks and finds none) before the rest of its transaction.
 */
export function createPgShopperAccountsRepository({ db }: PostgresHandle): ShopperAccountsRepository {
  const byId = db
    .select()
    .from(shoppers)
    .where(eq(shoppers.id, sql.placeholder('id')))
    .prepare('shopper-auth/by-id');

  return {
    async findById(id) {
      return toRecord((await byId.execute({ id }))[0]);
    },
    async findByEmail(email) {
      return toRecord((await db.select().from(shoppers).where(eq(shoppers.email, email)))[0]);
    },
    async insert(row) {
      // A taken email answers undefined (SQLite: SQLITE_CONSTRAINT_UNIQUE); a taken id still throws, as SQLite's
      // SQLITE_CONSTRAINT_PRIMARYKEY does.
      const [inserted] = await db.insert(shoppers).values(row).onConflictDoNothing({ target: shoppers.email }).returning();
      return toRecord(inserted);
    },
    async updateUnconfirmed(id, changes) {
      const [row] = await db
        .update(shoppers)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(shoppers.id, id), isNull(shoppers.emailConfirmedAt)))
        .returning();
      return toRecord(row);
    },
    async confirmEmail(id, now) {
      const [row] = await db
        .update(shoppers)
        .set({ emailConfirmedAt: sql`coalesce(${shoppers.emailConfirmedAt}, ${now})` })
        .where(eq(shoppers.id, id))
        .returning();
      return toRecord(row);
    },
    async updatePasswordHash(id, passwordHash) {
      await db.update(shoppers).set({ passwordHash, updatedAt: new Date() }).where(eq(shoppers.id, id));
    },
    async addResetToken(token) {
      await db.insert(shopperPasswordResetTokens).values(token);
    },
    async findUsableResetToken(tokenHash, now) {
      const [token] = await db
        .select({ id: shopperPasswordResetTokens.id, shopperId: shopperPasswordResetTokens.shopperId })
        .from(shopperPasswordResetTokens)
        .where(and(eq(shopperPasswordResetTokens.tokenHash, tokenHash), isNull(shopperPasswordResetTokens.usedAt), gt(shopperPasswordResetTokens.expiresAt, now)));
      return token;
    },
    async resetPassword(shopperId, passwordHash, now) {
      return db.transaction(async (tx) => {
        const used = await tx
          .update(shopperPasswordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(shopperPasswordResetTokens.shopperId, shopperId), isNull(shopperPasswordResetTokens.usedAt)))
          .returning({ id: shopperPasswordResetTokens.id });
        if (used.length === 0) return false;
        await tx
          .update(shoppers)
          .set({ passwordHash, emailConfirmedAt: sql`coalesce(${shoppers.emailConfirmedAt}, ${now})`, updatedAt: new Date() })
          .where(eq(shoppers.id, shopperId));
        await tx.delete(sessions).where(eq(sessions.shopperId, shopperId));
        await tx.delete(trustedDevices).where(eq(trustedDevices.shopperId, shopperId));
        return true;
      });
    },
  };
}
