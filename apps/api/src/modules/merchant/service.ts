import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  DEFAULT_ATTRIBUTION_WINDOW_DAYS,
  VERIFICATION_META_NAME,
  type ApiKeyResponse,
  type IntegrationResponse,
  type MerchantSettings,
  type StoreSync,
  type UpdateSettingsBody,
  type VerifyDomainResponse,
} from '@pricehunt/contracts';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors';
import { assertNewPassword } from '../../lib/password-policy';
import type { MerchantRepository, MerchantSettingsRow, StoreSyncRow } from './repository';

/** The slice of a business account the merchant module reads and writes. */
export interface AccountPort {
  find(id: string): { id: string; email: string; storeName: string | null; storeDomain: string | null; passwordHash: string } | undefined;
  findByStoreDomain(domain: string): { id: string } | undefined;
  update(id: string, changes: { storeName?: string | null; storeDomain?: string | null; passwordHash?: string }): void;
  /** Ends the business's sessions except `keepSessionId`. */
  endOtherSessions(id: string, keepSessionId: string | null): void;
  hashPassword(password: string): Promise<string>;
  verifyPassword(password: string, hash: string): Promise<boolean>;
}

/** What a store page fetch answers (through the SSRF-safe fetcher). */
export interface FetchedPage {
  status: number;
  url: string;
  body: string;
}
export type PageFetcher = (url: string) => Promise<FetchedPage>;

export interface ConversionInput {
  orderId: string;
  valueCents: number;
  currency?: string | null;
  referralId?: string | null;
  sessionId?: string | null;
  source: 'script' | 'webhook';
  eventId?: string | null;
  occurredAt?: number;
}

export const API_KEY_PREFIX = 'phk_';
const DAY_MS = 86_400_000;
const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

export function toStoreSync(row: StoreSyncRow): StoreSync {
  return {
    id: row.id,
    status: row.status,
    storeDomain: row.storeDomain,
    pages: row.pages,
    products: row.products,
    offers: row.offers,
    inserted: row.inserted,
    updated: row.updated,
    skipped: row.skipped,
    error: row.error,
    startedAt: new Date(row.startedAt).toISOString(),
    finishedAt: iso(row.finishedAt),
  };
}

/** Reads the verification proofs out of a store's home page. */
export function findVerification(html: string, token: string, scriptUrl: string): 'meta' | 'script' | null {
  const metas = html.match(/<meta\b[^>]*>/gi) ?? [];
  for (const tag of metas) {
    const name = /\bname\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1];
    const content = /\bcontent\s*=\s*["']?([^"'>]+?)["']?(?:\s|\/?>)/i.exec(tag)?.[1];
    if (name?.toLowerCase() === VERIFICATION_META_NAME && content?.trim() === token) return 'meta';
  }
  const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
  const scriptPath = new URL(scriptUrl).pathname;
  for (const tag of scripts) {
    const src = /\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if (!src) continue;
    let path: string;
    try {
      path = new URL(src, 'https://store.invalid/').pathname;
    } catch {
      continue;
    }
    if (path === scriptPath && new RegExp(`data-site\\s*=\\s*["']?${token}`, 'i').test(tag)) return 'script';
  }
  return null;
}

export function createMerchantService(deps: {
  repository: MerchantRepository;
  accounts: AccountPort;
  fetchPage: PageFetcher;
  /** `https://<domain>` (http for a loopback test store). */
  storeOrigin: (domain: string) => string;
  now?: () => number;
}) {
  const { repository, accounts } = deps;
  const now = deps.now ?? Date.now;

  function settingsRow(businessId: string): MerchantSettingsRow {
    return (
      repository.findSettings(businessId) ??
      repository.insertSettings({
        businessId,
        currency: 'USD',
        attributionWindowDays: DEFAULT_ATTRIBUTION_WINDOW_DAYS,
        timeZone: 'UTC',
        verificationToken: randomBytes(16).toString('hex'),
        updatedAt: now(),
      })
    );
  }

  function account(businessId: string) {
    const row = accounts.find(businessId);
    if (!row) throw notFound('Business not found');
    return row;
  }

  function toSettings(businessId: string): MerchantSettings {
    const a = account(businessId);
    const s = settingsRow(businessId);
    return {
      storeName: a.storeName,
      storeDomain: a.storeDomain,
      currency: s.currency,
      attributionWindowDays: s.attributionWindowDays,
      timeZone: s.timeZone,
      apiKeyPrefix: s.apiKeyPrefix,
      apiKeyCreatedAt: iso(s.apiKeyCreatedAt),
      domainVerifiedAt: s.verifiedDomain === a.storeDomain ? iso(s.domainVerifiedAt) : null,
    };
  }

  function setStoreDomain(businessId: string, storeDomain: string) {
    const owner = accounts.findByStoreDomain(storeDomain);
    if (owner && owner.id !== businessId) throw conflict('Another business has already registered this store domain', 'storeDomain');
    accounts.update(businessId, { storeDomain });
  }

  return {
    settingsRow,
    getSettings: toSettings,

    updateSettings(businessId: string, body: UpdateSettingsBody): MerchantSettings {
      settingsRow(businessId);
      if (body.storeDomain !== undefined) setStoreDomain(businessId, body.storeDomain);
      if (body.storeName !== undefined) accounts.update(businessId, { storeName: body.storeName });
      const changes: Partial<MerchantSettingsRow> = {};
      if (body.currency !== undefined) changes.currency = body.currency;
      if (body.attributionWindowDays !== undefined) changes.attributionWindowDays = body.attributionWindowDays;
      if (body.timeZone !== undefined) changes.timeZone = body.timeZone;
      if (Object.keys(changes).length) repository.updateSettings(businessId, changes);
      return toSettings(businessId);
    },

    async changePassword(businessId: string, currentPassword: string, newPassword: string, sessionId: string | null): Promise<void> {
      const a = account(businessId);
      if (!(await accounts.verifyPassword(currentPassword, a.passwordHash))) throw badRequest('Current password is wrong', 'currentPassword');
      assertNewPassword(newPassword, a.email, 'newPassword');
      accounts.update(businessId, { passwordHash: await accounts.hashPassword(newPassword) });
      accounts.endOtherSessions(businessId, sessionId);
    },

    rotateApiKey(businessId: string): ApiKeyResponse {
      settingsRow(businessId);
      const apiKey = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
      const createdAt = now();
      repository.updateSettings(businessId, { apiKeyHash: hashApiKey(apiKey), apiKeyPrefix: apiKey.slice(0, 10), apiKeyCreatedAt: createdAt });
      return { apiKey, prefix: apiKey.slice(0, 10), createdAt: new Date(createdAt).toISOString() };
    },

    /** The business an API key belongs to; 401 for a missing, malformed or revoked key. */
    authenticateApiKey(header: string | undefined): string {
      const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
      if (!match) throw unauthorized('Send the API key as Authorization: Bearer <key>');
      const row = repository.findByApiKeyHash(hashApiKey(match[1] as string));
      if (!row) throw unauthorized('The API key is not valid (it may have been rotated)');
      return row.businessId;
    },

    async deleteAccount(businessId: string, password: string): Promise<{ offers: number; productIds: number[] }> {
      const a = account(businessId);
      if (!(await accounts.verifyPassword(password, a.passwordHash))) throw badRequest('Password is wrong', 'password');
      return repository.deleteBusinessData(businessId);
    },

    /** Stores an order once per (business, order id) and tells whether a referral of the business inside the window led to it. */
    recordConversion(businessId: string, input: ConversionInput): { conversionId: string; duplicate: boolean; attributed: boolean } {
      const s = settingsRow(businessId);
      const occurredAt = input.occurredAt ?? now();
      const { row, created } = repository.insertConversion({
        id: randomUUID(),
        businessId,
        orderId: input.orderId,
        valueCents: input.valueCents,
        currency: (input.currency ?? s.currency).toUpperCase(),
        referralId: input.referralId ?? null,
        sessionId: input.sessionId ?? null,
        source: input.source,
        eventId: input.eventId ?? null,
        occurredAt,
        createdAt: now(),
      });
      const referral = row.referralId ? repository.findReferral(businessId, row.referralId) : undefined;
      const attributed = !!referral && referral.createdAt <= row.occurredAt && row.occurredAt - referral.createdAt <= s.attributionWindowDays * DAY_MS;
      return { conversionId: row.id, duplicate: !created, attributed };
    },

    integration(businessId: string, scriptUrl: string, lastScriptEventAt: number | null): IntegrationResponse {
      const a = account(businessId);
      const s = settingsRow(businessId);
      const verified = !!a.storeDomain && s.verifiedDomain === a.storeDomain && s.domainVerifiedAt !== null;
      const latest = repository.latestSync(businessId);
      return {
        storeDomain: a.storeDomain,
        verified,
        verifiedAt: verified ? iso(s.domainVerifiedAt) : null,
        verificationMethod: verified ? s.verificationMethod : null,
        verificationToken: s.verificationToken,
        metaTag: `<meta name="${VERIFICATION_META_NAME}" content="${s.verificationToken}">`,
        scriptTag: `<script async src="${scriptUrl}" data-site="${s.verificationToken}"${a.storeDomain ? ` data-domain="${a.storeDomain}"` : ''} data-window="${s.attributionWindowDays}"></script>`,
        scriptLastSeenAt: iso(lastScriptEventAt),
        lastSync: latest ? toStoreSync(latest) : null,
      };
    },

    setStoreDomain(businessId: string, storeDomain: string) {
      settingsRow(businessId);
      setStoreDomain(businessId, storeDomain);
    },

    /** Fetches the store's home page through the SSRF-safe fetcher and looks for the meta tag or the script tag with the token. */
    async verifyDomain(businessId: string, scriptUrl: string): Promise<VerifyDomainResponse> {
      const a = account(businessId);
      const s = settingsRow(businessId);
      if (!a.storeDomain) throw badRequest('Set your store domain first', 'storeDomain');
      let page: FetchedPage;
      try {
        page = await deps.fetchPage(`${deps.storeOrigin(a.storeDomain)}/`);
      } catch (error) {
        return { verified: false, method: null, message: `Could not load ${a.storeDomain}: ${error instanceof Error ? error.message : String(error)}` };
      }
      if (page.status >= 400) return { verified: false, method: null, message: `${a.storeDomain} answered HTTP ${page.status}` };
      const method = findVerification(page.body, s.verificationToken, scriptUrl);
      if (!method) {
        return { verified: false, method: null, message: `Neither the meta tag nor the tracking script tag was found on ${a.storeDomain}` };
      }
      repository.updateSettings(businessId, { verifiedDomain: a.storeDomain, domainVerifiedAt: now(), verificationMethod: method });
      return { verified: true, method, message: `${a.storeDomain} is verified (${method === 'meta' ? 'meta tag' : 'tracking script'})` };
    },
  };
}

export type MerchantService = ReturnType<typeof createMerchantService>;
