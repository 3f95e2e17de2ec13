import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../plugins/sessions';
import { DEVICE_COOKIE, TRUSTED_DEVICE_DAYS, type Audience } from './sign-in-guard';

/** The trusted-device token the browser sent to a sign-in route of `audience`, if any. */
export function deviceTokenOf(request: FastifyRequest, audience: Audience): string | undefined {
  return request.cookies?.[DEVICE_COOKIE[audience].name] || undefined;
}

/** Sets (or renews) the trusted-device cookie after a sign-in: httpOnly, sent only to the audience's auth routes. */
export function rememberDevice(reply: FastifyReply, audience: Audience, token: string, secure: boolean): void {
  void reply.setCookie(DEVICE_COOKIE[audience].name, token, {
    path: DEVICE_COOKIE[audience].path,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: TRUSTED_DEVICE_DAYS * 86_400,
  });
}

/** Who a session can hold: one business and one shopper, independently. */
export type Principal = 'businessId' | 'shopperId';
const other = (key: Principal): Principal => (key === 'businessId' ? 'shopperId' : 'businessId');

/** Signs a principal in: the session id is rotated (old one destroyed), the other principal is kept. */
export async function signIn(request: FastifyRequest, key: Principal, id: string): Promise<void> {
  const keep = request.session.get(other(key)) ? [other(key)] : [];
  await request.session.regenerate(keep);
  request.session.set(key, id);
}

/**
 * Signs a principal out. With nobody else signed in the session is destroyed and its cookie cleared;
 * otherwise it is rotated keeping only the other principal.
 */
export async function signOut(request: FastifyRequest, reply: FastifyReply, key: Principal): Promise<void> {
  if (!request.session?.sessionId) return;
  if (request.session.get(other(key))) {
    await request.session.regenerate([other(key)]);
    return;
  }
  await request.session.destroy();
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
