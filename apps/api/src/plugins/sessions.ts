import fastifyCookie from '@fastify/cookie';
import fastifySession, { type SessionStore } from '@fastify/session';
import type { FastifyInstance, Session } from 'fastify';
import fp from 'fastify-plugin';
import type Database from 'better-sqlite3';

/** Name of the session cookie (the tracking session id `pricehunt_session_id` is a different, client-side value). */
export const SESSION_COOKIE = 'pricehunt.sid';

declare module 'fastify' {
  interface Session {
    businessId?: string;
    shopperId?: string;
  }
}

type Callback = (error?: unknown) => void;

/**
 * @fastify/session store on the `sessions` table. Writes are synchronous commits (WAL + FULL), so a session
 * the API answered with is on disk; expired rows are never returned and are pruned periodically.
 */
export class SqliteSessionStore implements SessionStore {
  private readonly getStatement;
  private readonly setStatement;
  private readonly destroyStatement;
  private readonly pruneStatement;

  constructor(
    sqlite: Database.Database,
    private readonly ttlMs: number,
  ) {
    this.getStatement = sqlite.prepare<[string, number], { data: string }>('select data from sessions where id = ? and expires_at > ?');
    this.setStatement = sqlite.prepare(
      `insert into sessions (id, data, expires_at, business_id, shopper_id) values (@id, @data, @expiresAt, @businessId, @shopperId)
       on conflict(id) do update set data = excluded.data, expires_at = excluded.expires_at,
         business_id = excluded.business_id, shopper_id = excluded.shopper_id`,
    );
    this.destroyStatement = sqlite.prepare('delete from sessions where id = ?');
    this.pruneStatement = sqlite.prepare('delete from sessions where expires_at <= ?');
  }

  get(sessionId: string, callback: (error: unknown, session?: Session | null) => void): void {
    try {
      const row = this.getStatement.get(sessionId, Date.now());
      callback(null, row ? (JSON.parse(row.data) as Session) : null);
    } catch (error) {
      callback(error);
    }
  }

  set(sessionId: string, session: Session, callback: Callback): void {
    try {
      const expires = session.cookie?.expires ? new Date(session.cookie.expires).getTime() : Date.now() + this.ttlMs;
      this.setStatement.run({
        id: sessionId,
        data: JSON.stringify(session),
        expiresAt: Number.isFinite(expires) ? expires : Date.now() + this.ttlMs,
        businessId: session.businessId ?? null,
        shopperId: session.shopperId ?? null,
      });
      callback();
    } catch (error) {
      callback(error);
    }
  }

  destroy(sessionId: string, callback: Callback): void {
    try {
      this.destroyStatement.run(sessionId);
      callback();
    } catch (error) {
      callback(error);
    }
  }

  /** Deletes expired sessions; returns how many. */
  prune(now = Date.now()): number {
    return this.pruneStatement.run(now).changes;
  }
}

export interface SessionsPluginOptions {
  secret: string;
  ttlHours: number;
  secureCookie: boolean;
}

/**
 * Server-side sessions in an httpOnly, SameSite=Lax cookie (Secure in production). A session is only
 * written once something is stored in it, and its lifetime is fixed at sign-in (no rolling writes).
 * Cookie parsing comes with it: only the cookie-authenticated area registers this plugin, so the other
 * routes (tracking, catalog, health) run no cookie or session hooks.
 */
export const sessionsPlugin = fp(
  async (app: FastifyInstance, options: SessionsPluginOptions) => {
    const ttlMs = options.ttlHours * 3600 * 1000;
    const store = new SqliteSessionStore(app.sqlite, ttlMs);
    await app.register(fastifyCookie);
    await app.register(fastifySession, {
      secret: options.secret,
      cookieName: SESSION_COOKIE,
      store,
      saveUninitialized: false,
      rolling: false,
      cookie: { httpOnly: true, sameSite: 'lax', secure: options.secureCookie, path: '/', maxAge: ttlMs },
    });
    const timer = setInterval(() => {
      try {
        store.prune();
      } catch (error) {
        app.log.error({ err: error }, 'pruning expired sessions failed');
      }
    }, 3600 * 1000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'sessions', dependencies: ['db'] },
);
