import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { sessions, shopperPasswordResetTokens, shoppers, trustedDevices } from '../db/schema';
import type { ShopperAccountsRepository } from './repository';

/** Shopper accounts in `shoppers`, reset tokens in `shopper_password_reset_tokens`. */
export function createSqliteShopperAccountsRepository({ db, sqlite }: DatabaseHandle): ShopperAccountsRepository {
  const byId = db
    .select()
    .from(shoppers)
    .where(eq(shoppers.id, sql.placeholder('id')))
    .prepare();

  return {
    async findById(id) {
      return byId.get({ id });
    },
    async findByEmail(email) {
      return db.select().from(shoppers).where(eq(shoppers.email, email)).get();
    },
    async insert(row) {
      try {
        return db.insert(shoppers).values(row).returning().get();
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
        if (cause.code === 'SQLITE_CONSTRAINT_UNIQUE') return undefined;
        throw error;
      }
    },
    async updateUnconfirmed(id, changes) {
      return db
        .update(shoppers)
        .set({ ...changes, updatedAt: new Date().toISOString() })
        .where(and(eq(shoppers.id, id), isNull(shoppers.emailConfirmedAt)))
        .returning()
        .get();
    },
    async confirmEmail(id, now) {
      return db
        .update(shoppers)
        .set({ emailConfirmedAt: sql`coalesce(${shoppers.emailConfirmedAt}, ${now})` })
        .where(eq(shoppers.id, id))
        .returning()
        .get();
    },
    async updatePasswordHash(id, passwordHash) {
      db.update(shoppers).set({ passwordHash, updatedAt: new Date().toISOString() }).where(eq(shoppers.id, id)).run();
    },
    async addResetToken(token) {
      db.insert(shopperPasswordResetTokens).values(token).run();
    },
    async findUsableResetToken(tokenHash, now) {
      return db
        .select({ id: shopperPasswordResetTokens.id, shopperId: shopperPasswordResetTokens.shopperId })
        .from(shopperPasswordResetTokens)
        .where(and(eq(shopperPasswordResetTokens.tokenHash, tokenHash), isNull(shopperPasswordResetTokens.usedAt), gt(shopperPasswordResetTokens.expiresAt, now)))
        .get();
    },
    async resetPassword(shopperId, passwordHash, now) {
      return sqlite.transaction(() => {
        const used = db
          .update(shopperPasswordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(shopperPasswordResetTokens.shopperId, shopperId), isNull(shopperPasswordResetTokens.usedAt)))
          .run().changes;
        if (used === 0) return false;
        db.update(shoppers)
          .set({ passwordHash, emailConfirmedAt: sql`coalesce(${shoppers.emailConfirmedAt}, ${now})`, updatedAt: new Date().toISOString() })
          .where(eq(shoppers.id, shopperId))
          .run();
        db.delete(sessions).where(eq(sessions.shopperId, shopperId)).run();
        db.delete(trustedDevices).where(eq(trustedDevices.shopperId, shopperId)).run();
        return true;
      })();
    },
  };
}
