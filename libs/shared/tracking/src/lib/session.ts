import { readSession, writeSession } from './session-storage';
import { randomUuid } from './uuid';

/** SPEC §9: session storage key of the tracking session id. */
export const SESSION_ID_KEY = 'pricehunt_session_id';

/** The tracking session id, created on first need and kept in session storage. */
export function getSessionId(): string {
  const existing = readSession(SESSION_ID_KEY);
  if (existing) return existing;
  const created = randomUuid();
  writeSession(SESSION_ID_KEY, created);
  return created;
}
