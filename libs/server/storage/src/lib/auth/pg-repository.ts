import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { PostgresHandle } from '../db/pg-client';
import { businesses, emailConfirmationTokens, outboxEmails, shoppers, signInFailures, trustedDevices } from '../db/pg-schema';
import type {
  Audience,
  EmailConfirmationRepository,
  FailureCountResult,
  FailureCounts,
  OutboxRepository,
  SessionRepository,
  SignInGuardRepository,
} from './repository';
import { nextFailure } from './shared';

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction did nothing and may run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 5;

/**
 * Runs `work` in one transaction on a client of its own (BEGIN … COMMIT, ROLLBACK on a throw or when `work` answers
 * `{ rollback: true }`), again after a deadlock or serialization failure (`work` must be safe to run again: its
 * effects are only its statements, which the failed transaction took back).
 */
async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<{ value: T; rollback?: boolean }>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      try {
        const { value, rollback } = await work(client);
        await client.query(rollback ? 'ROLLBACK' : 'COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          // A connection that cannot roll back is in an unknown state: it is not given back to the pool.
          broken = rollbackError as Error;
        });
        const code = (error as { code?: string }).code;
        if (attempt < ATTEMPTS && code && RETRYABLE.has(code) && !broken) continue;
        throw error;
      }
    } finally {
      client.release(broken);
    }
  }
}

/**
 * Sessions in the `sessions` table. Every statement is a single one (autocommit, synchronous_commit on: durable once
 * answered). The load, asked by every signed-in request, is one named prepared statement on the primary key: parsed
 * and planned once per connection. `data` is json (not jsonb), so it is answered as the text saved.
 */
export function createPgSessionRepository({ pool }: PostgresHandle): SessionRepository {
  const count = (result: pg.QueryResult) => result.rowCount ?? 0;
  return {
    async load(id, now) {
      const { rows } = await pool.query<{ data: string }>({
        name: 'auth/sessions-load',
        text: 'SELECT data::text AS data FROM sessions WHERE id = $1 AND expires_at > $2',
        values: [id, now],
      });
      return rows[0]?.data;
    },
    async save(session) {
      await pool.query({
        name: 'auth/sessions-save',
        text: `INSERT INTO sessions (id, data, expires_at, business_id, shopper_id) VALUES ($1, $2::json, $3, $4, $5)
               ON CONFLICT (id) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at,
                 business_id = excluded.business_id, shopper_id = excluded.shopper_id`,
        values: [session.id, session.data, session.expiresAt, session.businessId, session.shopperId],
      });
    },
    async destroy(id) {
      await pool.query({ name: 'auth/sessions-destroy', text: 'DELETE FROM sessions WHERE id = $1', values: [id] });
    },
    async pruneExpired(now) {
      return count(await pool.query('DELETE FROM sessions WHERE expires_at <= $1', [now]));
    },
    async endBusinessSessions(businessId, keepSessionId) {
      return count(
        keepSessionId
          ? await pool.query('DELETE FROM sessions WHERE business_id = $1 AND id <> $2', [businessId, keepSessionId])
          : await pool.query('DELETE FROM sessions WHERE business_id = $1', [businessId]),
      );
    },
    async endShopperSessions(shopperId) {
      return count(await pool.query('DELETE FROM sessions WHERE shopper_id = $1', [shopperId]));
    },
  };
}

interface FailureRow {
  key: string;
  failures: number;
  lastFailureAt: number;
  blockedUntil: number;
}

/** Byte order (the cluster's "C" collation, SQLite's order): every transaction takes the rows' locks in this order. */
const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The sign-in guard's failures and trusted devices. Concurrency (several API processes): a count of failures locks
 * its keys' rows (created first when missing, with ON CONFLICT DO NOTHING, then SELECT … FOR UPDATE), so parallel
 * counts of one key run one after the other, each seeing the count and wait the one before made; taking failures back
 * locks the same rows, in the same (byte) order, by its UPDATE. Trusting a new device and forgetting the account's
 * least recently used ones lock the account's row first, so two new devices of one account cannot both miss each other.
 */
export function createPgSignInGuardRepository(handle: PostgresHandle): SignInGuardRepository {
  const { db, pool } = handle;
  return {
    ...countingPart(pool),
    ...takeBackPart(pool),
    ...devicesPart(handle),
    async prune(failuresBefore, now) {
      const failures = (await db.delete(signInFailures).where(lt(signInFailures.lastFailureAt, failuresBefore))).rowCount ?? 0;
      const devices = (await db.delete(trustedDevices).where(lt(trustedDevices.expiresAt, now))).rowCount ?? 0;
      return failures + devices;
    },
  };
}

/** Trusted devices: found, renewed, added (the account's least recently used beyond `keep` dropped) and forgotten. */
function devicesPart({ db, pool }: PostgresHandle): Pick<SignInGuardRepository, 'findTrustedDevice' | 'renewDevice' | 'addDevice' | 'forgetDevices'> {
  const accountColumn = (audience: Audience) => (audience === 'business' ? trustedDevices.businessId : trustedDevices.shopperId);
  const findDevice = {
    business: 'SELECT token_hash AS "tokenHash" FROM trusted_devices WHERE token_hash = $1 AND business_id = $2 AND expires_at > $3',
    shopper: 'SELECT token_hash AS "tokenHash" FROM trusted_devices WHERE token_hash = $1 AND shopper_id = $2 AND expires_at > $3',
  };

  return {
    async findTrustedDevice(audience, accountId, tokenHash, now) {
      const { rows } = await pool.query<{ tokenHash: string }>({
        name: `auth/trusted-device-${audience}`,
        text: findDevice[audience],
        values: [tokenHash, accountId, now],
      });
      return rows[0];
    },
    async renewDevice(tokenHash, now, expiresAt) {
      await db.update(trustedDevices).set({ lastUsedAt: now, expiresAt }).where(eq(trustedDevices.tokenHash, tokenHash));
    },

    async addDevice(device, keep) {
      const column = accountColumn(device.audience);
      const account = device.audience === 'business' ? businesses : shoppers;
      await db.transaction(async (tx) => {
        // The account's row is the lock that orders two new devices of one account (FOR NO KEY UPDATE: the devices'
        // foreign keys still only share it).
        await tx.select({ id: account.id }).from(account).where(eq(account.id, device.accountId)).for('no key update');
        await tx.insert(trustedDevices).values({
          tokenHash: device.tokenHash,
          ...(device.audience === 'business' ? { businessId: device.accountId } : { shopperId: device.accountId }),
          createdAt: device.now,
          lastUsedAt: device.now,
          expiresAt: device.expiresAt,
        });
        // Least recently used first. Ties go in the order the devices were added, as SQLite's rowid order has them:
        // the device just added last, the others by creation time (then by hash, so the order is always the same).
        const stale = (
          await tx
            .select({ tokenHash: trustedDevices.tokenHash })
            .from(trustedDevices)
            .where(eq(column, device.accountId))
            .orderBy(
              asc(trustedDevices.lastUsedAt),
              sql`${trustedDevices.tokenHash} = ${device.tokenHash}`,
              asc(trustedDevices.createdAt),
              asc(trustedDevices.tokenHash),
            )
        )
          .slice(0, -keep)
          .map((row) => row.tokenHash);
        if (stale.length) await tx.delete(trustedDevices).where(inArray(trustedDevices.tokenHash, stale));
      });
    },

    async forgetDevices(audience, accountId) {
      return (await db.delete(trustedDevices).where(eq(accountColumn(audience), accountId))).rowCount ?? 0;
    },
  };
}

/** Failures counted: the keys' rows locked in byte order, a block answered before any count. */
function countingPart(pool: pg.Pool): Pick<SignInGuardRepository, 'countFailures'> {
  return {
    async countFailures(guarded, keys, now, forgetBefore, waitFor) {
      const counting = [...new Set(keys)].sort(byteOrder);
      const locking = [...new Set([...guarded, ...keys])].sort(byteOrder);
      return inTransaction<FailureCountResult>(pool, async (client) => {
        // Rows for the keys to count, so that each can be locked (a row another transaction is inserting is waited for).
        if (counting.length) {
          await client.query(
            `INSERT INTO sign_in_failures (key, failures, last_failure_at, blocked_until)
             SELECT key, 0, 0, 0 FROM unnest($1::text[]) AS key ORDER BY key
             ON CONFLICT (key) DO NOTHING`,
            [counting],
          );
        }
        const { rows } = await client.query<FailureRow>(
          `SELECT key, failures, last_failure_at::float8 AS "lastFailureAt", blocked_until::float8 AS "blockedUntil"
           FROM sign_in_failures WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE`,
          [locking],
        );
        const found = new Map(rows.map((row) => [row.key, row]));
        // The latest block, the first key in byte order among equal ones (as SQLite's `order by … key` picks).
        const latest = [...new Set(guarded)]
          .sort(byteOrder)
          .reduce<{ key: string; blockedUntil: number } | undefined>((best, key) => {
            const blockedUntil = found.get(key)?.blockedUntil ?? 0;
            return !best || blockedUntil > best.blockedUntil ? { key, blockedUntil } : best;
          }, undefined);
        // Nothing counted: the rows made above for locking are taken back with the transaction.
        if (latest && latest.blockedUntil > now) return { value: { blocked: true, ...latest }, rollback: true };
        const counted: FailureCounts = new Map();
        const updates: FailureRow[] = [];
        for (const key of keys) {
          const values = { key, ...nextFailure(key, found.get(key), now, forgetBefore, waitFor, counted) };
          found.set(key, values);
          updates.push(values);
          counted.set(key, values.failures);
        }
        // A key counted twice in one call keeps its last values, as the SQLite side's successive upserts leave it.
        const last = new Map(updates.map((row) => [row.key, row]));
        if (last.size) {
          const list = [...last.values()];
          await client.query(
            `UPDATE sign_in_failures AS f SET failures = u.failures, last_failure_at = u.last, blocked_until = u.blocked
             FROM unnest($1::text[], $2::int[], $3::bigint[], $4::bigint[]) AS u(key, failures, last, blocked)
             WHERE f.key = u.key`,
            [list.map((row) => row.key), list.map((row) => row.failures), list.map((row) => row.lastFailureAt), list.map((row) => row.blockedUntil)],
          );
        }
        return { value: { blocked: false, counts: counted } };
      });
    },
  };
}

/** Failures taken back (one UPDATE per key, in the same byte order), and a key forgotten. */
function takeBackPart(pool: pg.Pool): Pick<SignInGuardRepository, 'takeBackFailures'> {
  return {

    async takeBackFailures(keys, forget) {
      // Each key's change is one UPDATE (it locks the row), in byte order like countFailures' locks.
      const steps: Array<{ key: string; free?: number }> = [...keys];
      if (forget !== undefined) steps.push({ key: forget });
      const ordered = steps.map((step, index) => ({ ...step, index })).sort((a, b) => byteOrder(a.key, b.key) || a.index - b.index);
      // The row of `forget` is deleted after every take-back of the same key, as on SQLite (where it goes last).
      await inTransaction(pool, async (client) => {
        for (const step of ordered) {
          if (step.free === undefined) {
            await client.query('DELETE FROM sign_in_failures WHERE key = $1', [step.key]);
          } else {
            await client.query(
              `UPDATE sign_in_failures SET failures = greatest(failures - 1, 0),
                 blocked_until = CASE WHEN greatest(failures - 1, 0) <= $2::bigint THEN 0 ELSE blocked_until END
               WHERE key = $1`,
              [step.key, step.free],
            );
          }
        }
        return { value: undefined };
      });
    },
  };
}

/**
 * Confirmation tokens in `email_confirmation_tokens`. Issuing locks the account's row first, so two links issued at
 * once for one account leave one open (each would otherwise miss the other's uncommitted token); using one up is
 * an UPDATE guarded by "still open", so a token is used up once however many requests bring it.
 */
export function createPgEmailConfirmationRepository({ db }: PostgresHandle): EmailConfirmationRepository {
  const accountColumn = (audience: Audience) => (audience === 'business' ? emailConfirmationTokens.businessId : emailConfirmationTokens.shopperId);

  return {
    async issue(audience, accountId, token) {
      const account = audience === 'business' ? businesses : shoppers;
      await db.transaction(async (tx) => {
        await tx.select({ id: account.id }).from(account).where(eq(account.id, accountId)).for('no key update');
        await tx.delete(emailConfirmationTokens).where(and(eq(accountColumn(audience), accountId), isNull(emailConfirmationTokens.usedAt)));
        await tx.insert(emailConfirmationTokens).values({ ...token, ...(audience === 'business' ? { businessId: accountId } : { shopperId: accountId }) });
      });
    },

    async consume(audience, tokenHash, now) {
      const column = accountColumn(audience);
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(emailConfirmationTokens)
          .set({ usedAt: now })
          .where(and(eq(emailConfirmationTokens.tokenHash, tokenHash), isNotNull(column), isNull(emailConfirmationTokens.usedAt), gt(emailConfirmationTokens.expiresAt, now)))
          .returning({ businessId: emailConfirmationTokens.businessId, shopperId: emailConfirmationTokens.shopperId });
        const accountId = used ? (audience === 'business' ? used.businessId : used.shopperId) : null;
        if (!accountId) return undefined;
        await tx.delete(emailConfirmationTokens).where(and(eq(column, accountId), isNull(emailConfirmationTokens.usedAt)));
        return accountId;
      });
    },
  };
}

/** The `outbox_emails` table. */
export function createPgOutboxRepository({ db }: PostgresHandle): OutboxRepository {
  return {
    async add(email) {
      await db.insert(outboxEmails).values(email);
    },
  };
}
