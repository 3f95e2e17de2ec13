import { and, eq, gt, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { emailConfirmationTokens, outboxEmails, signInFailures, trustedDevices } from '../db/schema';
import type {
  Audience,
  EmailConfirmationRepository,
  FailureCountResult,
  FailureCounts,
  OutboxRepository,
  SessionRecord,
  SessionRepository,
  SignInGuardRepository,
  TrustedDeviceRecord,
} from './repository';
import { nextFailure } from './shared';

/** Sessions in the `sessions` table, each query one prepared statement. Writes are synchronous commits (WAL + FULL). */
export function createSqliteSessionRepository({ sqlite }: DatabaseHandle): SessionRepository {
  const load = sqlite.prepare<[string, number], { data: string }>('select data from sessions where id = ? and expires_at > ?');
  const save = sqlite.prepare<[SessionRecord]>(
    `insert into sessions (id, data, expires_at, business_id, shopper_id) values (@id, @data, @expiresAt, @businessId, @shopperId)
     on conflict(id) do update set data = excluded.data, expires_at = excluded.expires_at,
       business_id = excluded.business_id, shopper_id = excluded.shopper_id`,
  );
  const destroy = sqlite.prepare<[string]>('delete from sessions where id = ?');
  const prune = sqlite.prepare<[number]>('delete from sessions where expires_at <= ?');
  const endBusiness = sqlite.prepare<[string]>('delete from sessions where business_id = ?');
  const endBusinessExcept = sqlite.prepare<[string, string]>('delete from sessions where business_id = ? and id <> ?');
  const endShopper = sqlite.prepare<[string]>('delete from sessions where shopper_id = ?');

  return {
    async load(id, now) {
      return load.get(id, now)?.data;
    },
    async save(session) {
      save.run(session);
    },
    async destroy(id) {
      destroy.run(id);
    },
    async pruneExpired(now) {
      return prune.run(now).changes;
    },
    async endBusinessSessions(businessId, keepSessionId) {
      return (keepSessionId ? endBusinessExcept.run(businessId, keepSessionId) : endBusiness.run(businessId)).changes;
    },
    async endShopperSessions(shopperId) {
      return endShopper.run(shopperId).changes;
    },
  };
}

/** The sign-in guard's failures and trusted devices; the reads made before hashing are prepared statements. */
export function createSqliteSignInGuardRepository(handle: DatabaseHandle): SignInGuardRepository {
  const { db } = handle;
  return {
    ...failuresPart(handle),
    ...devicesPart(handle),
    async prune(failuresBefore, now) {
      const failures = db.delete(signInFailures).where(lt(signInFailures.lastFailureAt, failuresBefore)).run().changes;
      const devices = db.delete(trustedDevices).where(lt(trustedDevices.expiresAt, now)).run().changes;
      return failures + devices;
    },
  };
}

/** Trusted devices: found, renewed, added (the account's oldest beyond `keep` dropped) and forgotten. */
function devicesPart({ db, sqlite }: DatabaseHandle): Pick<SignInGuardRepository, 'findTrustedDevice' | 'renewDevice' | 'addDevice' | 'forgetDevices'> {
  const accountColumn = (audience: Audience) => (audience === 'business' ? trustedDevices.businessId : trustedDevices.shopperId);
  const findDevice = {
    business: sqlite.prepare<[string, string, number], TrustedDeviceRecord>(
      'select token_hash as tokenHash from trusted_devices where token_hash = ? and business_id = ? and expires_at > ?',
    ),
    shopper: sqlite.prepare<[string, string, number], TrustedDeviceRecord>(
      'select token_hash as tokenHash from trusted_devices where token_hash = ? and shopper_id = ? and expires_at > ?',
    ),
  };
  return {
    async findTrustedDevice(audience, accountId, tokenHash, now) {
      return findDevice[audience].get(tokenHash, accountId, now);
    },
    async renewDevice(tokenHash, now, expiresAt) {
      db.update(trustedDevices).set({ lastUsedAt: now, expiresAt }).where(eq(trustedDevices.tokenHash, tokenHash)).run();
    },

    async addDevice(device, keep) {
      const column = accountColumn(device.audience);
      sqlite.transaction(() => {
        db.insert(trustedDevices)
          .values({
            tokenHash: device.tokenHash,
            ...(device.audience === 'business' ? { businessId: device.accountId } : { shopperId: device.accountId }),
            createdAt: device.now,
            lastUsedAt: device.now,
            expiresAt: device.expiresAt,
          })
          .run();
        const stale = db
          .select({ tokenHash: trustedDevices.tokenHash })
          .from(trustedDevices)
          .where(eq(column, device.accountId))
          .orderBy(trustedDevices.lastUsedAt)
          .all()
          .slice(0, -keep)
          .map((row) => row.tokenHash);
        if (stale.length) db.delete(trustedDevices).where(inArray(trustedDevices.tokenHash, stale)).run();
      })();
    },

    async forgetDevices(audience, accountId) {
      return db.delete(trustedDevices).where(eq(accountColumn(audience), accountId)).run().changes;
    },
  };
}

/** Failed sign-ins counted per key (a block answered before any count) and taken back. */
function failuresPart({ db, sqlite }: DatabaseHandle): Pick<SignInGuardRepository, 'countFailures' | 'takeBackFailures'> {
  const blockedStatements = new Map<number, ReturnType<typeof sqlite.prepare<string[], { key: string; blockedUntil: number }>>>();
  const blockedStatement = (count: number) => {
    let statement = blockedStatements.get(count);
    if (!statement) {
      statement = sqlite.prepare<string[], { key: string; blockedUntil: number }>(
        `select key, blocked_until as blockedUntil from sign_in_failures where key in (${Array<string>(count).fill('?').join(', ')})
         order by blocked_until desc, key limit 1`,
      );
      blockedStatements.set(count, statement);
    }
    return statement;
  };
  const findFailure = (key: string) => db.select().from(signInFailures).where(eq(signInFailures.key, key)).get();

  return {
    async countFailures(guarded, keys, now, forgetBefore, waitFor) {
      return sqlite.transaction((): FailureCountResult => {
        const latest = guarded.length ? blockedStatement(guarded.length).get(...guarded) : undefined;
        if (latest && latest.blockedUntil > now) return { blocked: true, key: latest.key, blockedUntil: latest.blockedUntil };
        const counted: FailureCounts = new Map();
        for (const key of keys) {
          const values = nextFailure(key, findFailure(key), now, forgetBefore, waitFor, counted);
          db.insert(signInFailures)
            .values({ key, ...values })
            .onConflictDoUpdate({ target: signInFailures.key, set: values })
            .run();
          counted.set(key, values.failures);
        }
        return { blocked: false, counts: counted };
      })();
    },

    async takeBackFailures(keys, forget) {
      sqlite.transaction(() => {
        for (const { key, free } of keys) {
          const row = findFailure(key);
          if (!row) continue;
          const failures = Math.max(0, row.failures - 1);
          db.update(signInFailures)
            .set({ failures, ...(failures <= free ? { blockedUntil: 0 } : {}) })
            .where(eq(signInFailures.key, key))
            .run();
        }
        if (forget !== undefined) db.delete(signInFailures).where(eq(signInFailures.key, forget)).run();
      })();
    },
  };
}

/** Confirmation tokens in `email_confirmation_tokens`. */
export function createSqliteEmailConfirmationRepository({ db, sqlite }: DatabaseHandle): EmailConfirmationRepository {
  const accountColumn = (audience: Audience) => (audience === 'business' ? emailConfirmationTokens.businessId : emailConfirmationTokens.shopperId);

  return {
    async issue(audience, accountId, token) {
      sqlite.transaction(() => {
        db.delete(emailConfirmationTokens)
          .where(and(eq(accountColumn(audience), accountId), isNull(emailConfirmationTokens.usedAt)))
          .run();
        db.insert(emailConfirmationTokens)
          .values({ ...token, ...(audience === 'business' ? { businessId: accountId } : { shopperId: accountId }) })
          .run();
      })();
    },

    async consume(audience, tokenHash, now) {
      const column = accountColumn(audience);
      return sqlite.transaction(() => {
        const used = db
          .update(emailConfirmationTokens)
          .set({ usedAt: now })
          .where(and(eq(emailConfirmationTokens.tokenHash, tokenHash), isNotNull(column), isNull(emailConfirmationTokens.usedAt), gt(emailConfirmationTokens.expiresAt, now)))
          .returning({ businessId: emailConfirmationTokens.businessId, shopperId: emailConfirmationTokens.shopperId })
          .get();
        const accountId = used ? (audience === 'business' ? used.businessId : used.shopperId) : null;
        if (!accountId) return undefined;
        db.delete(emailConfirmationTokens)
          .where(and(eq(column, accountId), isNull(emailConfirmationTokens.usedAt)))
          .run();
        return accountId;
      })();
    },
  };
}

/** The `outbox_emails` table. */
export function createSqliteOutboxRepository({ db }: DatabaseHandle): OutboxRepository {
  return {
    async add(email) {
      db.insert(outboxEmails).values(email).run();
    },
  };
}
