import { writeOriginFor } from './stack';
import Database from 'better-sqlite3';

/**
 * The path and query (`/confirm-email?token=…`) of the newest link to `pathname` in an email to `to`, read from the
 * outbox table of the stack's database (without SMTP the API writes its emails there). The API writes an email just
 * after it answers, so this waits for it, up to `timeoutMs`. Open the path on the app's own origin: links in emails
 * name the configured app URLs, not the ports of a test stack.
 */
export async function linkFromOutbox(databasePath: string, to: string, pathname = '/confirm-email', timeoutMs = 10_000): Promise<string> {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  const pattern = new RegExp(`https?://[^\\s/]+(${pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?token=[A-Za-z0-9_-]+)`);
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rows = db.prepare('SELECT text FROM outbox_emails WHERE "to" = ? ORDER BY rowid DESC').all(to.toLowerCase()) as Array<{ text: string }>;
      for (const row of rows) {
        const match = pattern.exec(row.text);
        if (match?.[1]) return match[1];
      }
      if (Date.now() > deadline) throw new Error(`no email to ${to} with a ${pathname} link`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    db.close();
  }
}

/** The token of that link. */
export async function tokenFromOutbox(databasePath: string, to: string, pathname = '/confirm-email'): Promise<string> {
  const link = await linkFromOutbox(databasePath, to, pathname);
  return new URL(link, 'http://localhost').searchParams.get('token') as string;
}

/**
 * Registers a business or shopper through the API and opens the emailed confirmation link as its owner would (by
 * the API): answers the session cookie (`name=value`) of the signed-in account.
 */
export async function registerConfirmed(
  stack: { apiUrl: string; databasePath: string },
  audience: 'business' | 'shopper',
  body: { email: string; password: string } & Record<string, unknown>,
): Promise<string> {
  const post = (route: string, payload: unknown) =>
    fetch(`${stack.apiUrl}/api/${audience}/auth/${route}`, {
      method: 'POST',
      // A business registers in the merchant dashboard, whose origin the API asks business writes for.
      headers: { 'content-type': 'application/json', ...(audience === 'business' ? { origin: writeOriginFor(stack.apiUrl, `/api/business/auth/${route}`) } : {}) },
      body: JSON.stringify(payload),
    });
  const registered = await post('register', body);
  if (registered.status !== 202) throw new Error(`register failed: ${registered.status} ${await registered.text()}`);
  const token = await tokenFromOutbox(stack.databasePath, body.email);
  const confirmed = await post('confirm-email', { token });
  if (confirmed.status !== 200) throw new Error(`confirming failed: ${confirmed.status} ${await confirmed.text()}`);
  return sessionCookie(confirmed) as string;
}

/** The `name=value` of the session cookie an API answer sets (sign-in also sets a trusted-device cookie). */
export function sessionCookie(response: Response): string | undefined {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] as string)
    .find((pair) => pair.startsWith('pricehunt.sid='));
}
