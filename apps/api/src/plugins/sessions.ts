import fastifyCookie from '@fastify/cookie';
import fastifySession, { type SessionStore } from '@fastify/session';
import type { FastifyInstance, Session } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionRepository } from '@pricehunt/storage';

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
 * @fastify/session store over the sessions port: a session the API answered with is stored durably; expired ones
 * are never returned and are pruned periodically.
 */
export class PortSessionStore implements SessionStore {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly ttlMs: number,
  ) {}

  get(sessionId: string, callback: (error: unknown, session?: Session | null) => void): void {
    this.sessions.load(sessionId, Date.now()).then(
      (data) => {
        let session: Session | null;
        try {
          session = data ? (JSON.parse(data) as Session) : null;
        } catch (error) {
          callback(error);
          return;
        }
        callback(null, session);
      },
      (error: unknown) => callback(error),
    );
  }

  set(sessionId: string, session: Session, callback: Callback): void {
    const expires = session.cookie?.expires ? new Date(session.cookie.expires).getTime() : Date.now() + this.ttlMs;
    this.sessions
      .save({
        id: sessionId,
        data: JSON.stringify(session),
        expiresAt: Number.isFinite(expires) ? expires : Date.now() + this.ttlMs,
        businessId: session.businessId ?? null,
        shopperId: session.shopperId ?? null,
      })
      .then(() => callback(), callback);
  }

  destroy(sessionId: string, callback: Callback): void {
    this.sessions.destroy(sessionId).then(() => callback(), callback);
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
    const store = new PortSessionStore(app.storage.sessions, ttlMs);
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
      app.storage.sessions.pruneExpired(Date.now()).catch((error: unknown) => app.log.error({ err: error }, 'pruning expired sessions failed'));
    }, 3600 * 1000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'sessions', dependencies: ['db'] },
);
