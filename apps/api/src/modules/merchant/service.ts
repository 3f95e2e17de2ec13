import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  DEFAULT_ATTRIBUTION_WINDOW_DAYS,
  DEFAULT_CURRENCY,
  DEFAULT_TIME_ZONE,
  VERIFICATION_META_NAME,
  type ApiKeyResponse,
  type IntegrationResponse,
  type MerchantSettings,
  type StoreSync,
  type UpdateSettingsBody,
  type VerificationMethod,
  type VerifyDomainResponse,
  type OrderItem,
} from '@pricehunt/contracts';
import { badRequest, conflict, notFound, unauthorized } from '@pricehunt/http-errors';
import { assertNewPassword } from '../../lib/password-policy';
import { attributionWindowMs, insideAttributionWindow, type MerchantRepository, type MerchantSettingsRow, type OrderLine, type OrderRow, type StoreSyncRow } from '@pricehunt/storage';
import { dnsVerificationValue, hasDnsProof, storeDomainRefusal, type TxtLookup } from './store-domains';

/** The slice of a business account the merchant module reads and writes. */
export interface AccountPort {
  find(id: string): Promise<{ id: string; email: string; storeName: string | null; storeDomain: string | null; passwordHash: string } | undefined>;
  update(id: string, changes: { storeName?: string | null; passwordHash?: string }): Promise<void>;
  /** Ends the business's sessions except `keepSessionId`. */
  endOtherSessions(id: string, keepSessionId: string | null): Promise<void>;
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
  /** The order's lines, when the store named them. */
  lines?: OrderLine[] | null;
}

/** An order's lines as stored (prices in cents); null when the order names none. */
export function orderLinesOf(items: readonly OrderItem[] | undefined): OrderLine[] | null {
  if (!items?.length) return null;
  return items.map((item) => ({
    productId: item.productId === undefined ? null : String(item.productId),
    sku: item.sku ?? null,
    url: item.url ?? null,
    name: item.name || null,
    priceCents: Math.round(item.price * 100),
    quantity: item.quantity,
  }));
}

export const API_KEY_PREFIX = 'phk_';
/** Re-checks in a row that may miss a verified domain's proof before it is given up. */
export const PROOF_MISSES_ALLOWED = 3;
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

export interface MerchantServiceDeps {
  repository: MerchantRepository;
  accounts: AccountPort;
  fetchPage: PageFetcher;
  /** TXT records of a domain, for the DNS proof. */
  lookupTxt: TxtLookup;
  /** `https://<domain>` (http for a loopback test store). */
  storeOrigin: (domain: string) => string;
  /** Called after the business's store became trusted or stopped being so (its offers are shown or hidden). */
  onTrustChanged: (businessId: string) => void | Promise<void>;
  /** Called after the business's shop name changed (the name its offers are shown under). */
  onShopRenamed: (businessId: string) => void | Promise<void>;
  now?: () => number;
}

type ProofReaders = Pick<MerchantServiceDeps, 'lookupTxt' | 'fetchPage' | 'storeOrigin'>;

/** Looks for a proof of `domain` with `token`: the DNS TXT record, else the meta or script tag on its home page. */
async function lookForProof(deps: ProofReaders, domain: string, token: string, scriptUrl: string): Promise<{ method: VerificationMethod | null; problems: string[] }> {
  const [dns, page] = await Promise.allSettled([deps.lookupTxt(domain), deps.fetchPage(`${deps.storeOrigin(domain)}/`)]);
  let method: VerificationMethod | null = dns.status === 'fulfilled' && hasDnsProof(dns.value, token) ? 'dns' : null;
  if (!method && page.status === 'fulfilled' && page.value.status < 400) method = findVerification(page.value.body, token, scriptUrl);
  if (method) return { method, problems: [] };
  return {
    method: null,
    problems: [
      page.status === 'rejected'
        ? `Could not load ${domain}: ${page.reason instanceof Error ? page.reason.message : String(page.reason)}`
        : page.value.status >= 400
          ? `${domain} answered HTTP ${page.value.status}`
          : `Neither the meta tag nor the tracking script tag was found on ${domain}`,
      dns.status === 'rejected' ? `its DNS could not be read` : `no TXT record ${dnsVerificationValue(token)} was found`,
    ],
  };
}

/** The business's account and merchant settings (created on first use), and the proof of its store domain. */
function merchantRecords(deps: MerchantServiceDeps) {
  const { repository, accounts } = deps;
  const now = deps.now ?? Date.now;

  async function settingsRow(businessId: string): Promise<MerchantSettingsRow> {
    return (
      (await repository.findSettings(businessId)) ??
      (await repository.insertSettings({
        businessId,
        currency: DEFAULT_CURRENCY,
        attributionWindowDays: DEFAULT_ATTRIBUTION_WINDOW_DAYS,
        timeZone: DEFAULT_TIME_ZONE,
        verificationToken: randomBytes(16).toString('hex'),
        updatedAt: now(),
      }))
    );
  }

  async function account(businessId: string) {
    const row = await accounts.find(businessId);
    if (!row) throw notFound('Business not found');
    return row;
  }

  /** The business's proof of its current store domain, if it has one. */
  async function verifiedStore(businessId: string, storeDomain: string | null) {
    const proof = await repository.findVerifiedDomain(businessId);
    return proof && proof.domain === storeDomain ? proof : undefined;
  }

  async function toSettings(businessId: string): Promise<MerchantSettings> {
    const a = await account(businessId);
    const s = await settingsRow(businessId);
    return {
      storeName: a.storeName,
      storeDomain: a.storeDomain,
      currency: s.currency,
      attributionWindowDays: s.attributionWindowDays,
      timeZone: s.timeZone,
      apiKeyPrefix: s.apiKeyPrefix,
      apiKeyCreatedAt: iso(s.apiKeyCreatedAt),
      domainVerifiedAt: iso((await verifiedStore(businessId, a.storeDomain))?.verifiedAt),
    };
  }

  /**
   * Claims a store domain: refused for a public suffix, and for a domain another business has proved (a proved domain
   * cannot be claimed away). Claims of an unproved domain block nobody: the first business to prove it owns it.
   * Changing domain gives up the proof of the old one, and hides the business's offers until the new one is proved.
   */
  async function setStoreDomain(businessId: string, storeDomain: string) {
    const refusal = storeDomainRefusal(storeDomain);
    if (refusal) throw badRequest(refusal, 'storeDomain');
    const owner = await repository.findVerifiedOwner(storeDomain);
    if (owner && owner.businessId !== businessId) throw conflict('Another business has already verified this store domain', 'storeDomain');
    const before = (await account(businessId)).storeDomain;
    if (before === storeDomain) return;
    await repository.changeStoreDomain(businessId, storeDomain);
    await deps.onTrustChanged(businessId);
  }

  return { now, settingsRow, account, verifiedStore, toSettings, setStoreDomain };
}
type MerchantRecords = ReturnType<typeof merchantRecords>;

/** What the business changes on its own account: settings, password, API key, and the account itself. */
function accountChanges({ repository, accounts, onShopRenamed }: MerchantServiceDeps, { now, settingsRow, account, toSettings, setStoreDomain }: MerchantRecords) {
  return {
    async updateSettings(businessId: string, body: UpdateSettingsBody): Promise<MerchantSettings> {
      await settingsRow(businessId);
      if (body.storeDomain !== undefined) await setStoreDomain(businessId, body.storeDomain);
      if (body.storeName !== undefined && body.storeName !== (await account(businessId)).storeName) {
        await accounts.update(businessId, { storeName: body.storeName });
        await onShopRenamed(businessId);
      }
      const changes: Partial<MerchantSettingsRow> = {};
      if (body.currency !== undefined) changes.currency = body.currency;
      if (body.attributionWindowDays !== undefined) changes.attributionWindowDays = body.attributionWindowDays;
      if (body.timeZone !== undefined) changes.timeZone = body.timeZone;
      if (Object.keys(changes).length) await repository.updateSettings(businessId, changes);
      return toSettings(businessId);
    },

    async changePassword(businessId: string, currentPassword: string, newPassword: string, sessionId: string | null): Promise<void> {
      const a = await account(businessId);
      if (!(await accounts.verifyPassword(currentPassword, a.passwordHash))) throw badRequest('Current password is wrong', 'currentPassword');
      assertNewPassword(newPassword, a.email, 'newPassword');
      await accounts.update(businessId, { passwordHash: await accounts.hashPassword(newPassword) });
      await accounts.endOtherSessions(businessId, sessionId);
    },

    async rotateApiKey(businessId: string): Promise<ApiKeyResponse> {
      await settingsRow(businessId);
      const apiKey = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
      const createdAt = now();
      await repository.updateSettings(businessId, { apiKeyHash: hashApiKey(apiKey), apiKeyPrefix: apiKey.slice(0, 10), apiKeyCreatedAt: createdAt });
      return { apiKey, prefix: apiKey.slice(0, 10), createdAt: new Date(createdAt).toISOString() };
    },

    /** The business an API key belongs to; 401 for a missing, malformed or revoked key. */
    async authenticateApiKey(header: string | undefined): Promise<string> {
      const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
      if (!match) throw unauthorized('Send the API key as Authorization: Bearer <key>');
      const row = await repository.findByApiKeyHash(hashApiKey(match[1] as string));
      if (!row) throw unauthorized('The API key is not valid (it may have been rotated)');
      return row.businessId;
    },

    async deleteAccount(businessId: string, password: string): Promise<{ offers: number; productIds: number[] }> {
      const a = await account(businessId);
      if (!(await accounts.verifyPassword(password, a.passwordHash))) throw badRequest('Password is wrong', 'password');
      return repository.deleteBusinessData(businessId);
    },
  };
}

/** The orders a business reports (its conversions), and whether a referral of the business led to them. */
function conversions({ repository }: MerchantServiceDeps, { now, settingsRow }: MerchantRecords) {
  function conversionRow(s: MerchantSettingsRow, input: ConversionInput): OrderRow {
    const businessId = s.businessId;
    return {
      id: randomUUID(),
      businessId,
      orderId: input.orderId,
      valueCents: input.valueCents,
      currency: (input.currency ?? s.currency).toUpperCase(),
      referralId: input.referralId ?? null,
      sessionId: input.sessionId ?? null,
      source: input.source,
      eventId: input.eventId ?? null,
      occurredAt: input.occurredAt ?? now(),
      createdAt: now(),
      lines: input.lines ?? null,
    };
  }

  return {
    /** The conversion row of an order the business reported (in its currency unless the order names one). */
    async newConversion(businessId: string, input: ConversionInput): Promise<OrderRow> {
      return conversionRow(await settingsRow(businessId), input);
    },

    /** Stores an order once per (business, order id) and tells whether a referral of the business inside the window led to it. */
    async recordConversion(businessId: string, input: ConversionInput): Promise<{ conversionId: string; duplicate: boolean; attributed: boolean }> {
      const s = await settingsRow(businessId);
      const { row, created } = await repository.insertConversion(conversionRow(s, input));
      const referral = row.referralId ? await repository.findReferral(businessId, row.referralId) : undefined;
      const attributed = !!referral && insideAttributionWindow(referral.createdAt, row.occurredAt, attributionWindowMs(s.attributionWindowDays));
      return { conversionId: row.id, duplicate: !created, attributed };
    },
  };
}

/** The business's store domain: claiming it, proving it (and proving it again over time), and how to integrate the store. */
function storeDomainProofs(deps: MerchantServiceDeps, { now, settingsRow, account, verifiedStore, setStoreDomain }: MerchantRecords) {
  const { repository } = deps;
  return {
    /**
     * Looks again for the proof of every verified domain last checked before `before` (ms), one after the other. A
     * proof found resets its count of misses; a proof missing from PROOF_MISSES_ALLOWED checks in a row is given up
     * (the domain may have changed hands): the business's offers are hidden and the domain is free to prove again.
     * Answers the domains given up.
     */
    async recheckProofs(before: number, scriptUrl: string, limit = 100): Promise<string[]> {
      const released: string[] = [];
      for (const proof of await repository.claimProofsToCheck(before, now(), limit)) {
        const token = (await repository.findSettings(proof.businessId))?.verificationToken;
        const { method } = token ? await lookForProof(deps, proof.domain, token, scriptUrl) : { method: null };
        const misses = method ? 0 : proof.failedChecks + 1;
        if (misses >= PROOF_MISSES_ALLOWED) {
          await repository.releaseVerifiedDomain(proof.businessId);
          await deps.onTrustChanged(proof.businessId);
          released.push(proof.domain);
        } else await repository.recordProofCheck(proof.domain, now(), misses);
      }
      return released;
    },

    async integration(businessId: string, scriptUrl: string, lastScriptEventAt: number | null): Promise<IntegrationResponse> {
      const a = await account(businessId);
      const s = await settingsRow(businessId);
      const proof = await verifiedStore(businessId, a.storeDomain);
      const owner = a.storeDomain ? await repository.findVerifiedOwner(a.storeDomain) : undefined;
      const latest = await repository.latestSync(businessId);
      return {
        storeDomain: a.storeDomain,
        verified: proof !== undefined,
        verifiedAt: iso(proof?.verifiedAt),
        verificationMethod: proof?.method ?? null,
        verificationToken: s.verificationToken,
        metaTag: `<meta name="${VERIFICATION_META_NAME}" content="${s.verificationToken}">`,
        scriptTag: `<script async src="${scriptUrl}" data-site="${s.verificationToken}"${a.storeDomain ? ` data-domain="${a.storeDomain}"` : ''} data-window="${s.attributionWindowDays}"></script>`,
        dnsRecord: { type: 'TXT', name: a.storeDomain ?? '', value: dnsVerificationValue(s.verificationToken) },
        proofMisses: proof?.failedChecks ?? 0,
        verifiedByAnother: owner !== undefined && owner.businessId !== businessId,
        hiddenOffers: await repository.countStoreHeldOffers(businessId),
        scriptLastSeenAt: iso(lastScriptEventAt),
        lastSync: latest ? toStoreSync(latest) : null,
      };
    },

    async setStoreDomain(businessId: string, storeDomain: string): Promise<void> {
      await settingsRow(businessId);
      await setStoreDomain(businessId, storeDomain);
    },

    /**
     * Looks for the proof of the store domain: the meta tag or the script tag with the token on its home page (fetched
     * through the SSRF-safe fetcher), or the DNS TXT record. The first business to prove a domain owns it; the
     * business's offers are then shown to shoppers.
     */
    async verifyDomain(businessId: string, scriptUrl: string): Promise<VerifyDomainResponse> {
      const a = await account(businessId);
      const s = await settingsRow(businessId);
      const domain = a.storeDomain;
      if (!domain) throw badRequest('Set your store domain first', 'storeDomain');
      const proved = await verifiedStore(businessId, domain);
      if (proved) return { verified: true, method: proved.method, message: `${domain} is verified (${METHOD_NAMES[proved.method]})` };
      const owner = await repository.findVerifiedOwner(domain);
      if (owner) return { verified: false, method: null, message: `${domain} is already verified by another business` };

      const { method, problems } = await lookForProof(deps, domain, s.verificationToken, scriptUrl);
      if (!method) return { verified: false, method: null, message: `${problems.join('; ')}.` };
      const claimed = await repository.claimVerifiedDomain({ domain, businessId, method, verifiedAt: now() });
      if (!claimed) return { verified: false, method: null, message: `${domain} is already verified by another business` };
      await deps.onTrustChanged(businessId);
      return { verified: true, method, message: `${domain} is verified (${METHOD_NAMES[method]})` };
    },
  };
}

/** The merchant dashboard's account, settings, conversions and store-domain proofs. */
export function createMerchantService(deps: MerchantServiceDeps) {
  const records = merchantRecords(deps);
  return {
    settingsRow: records.settingsRow,
    getSettings: records.toSettings,
    ...accountChanges(deps, records),
    ...conversions(deps, records),
    ...storeDomainProofs(deps, records),
  };
}

const METHOD_NAMES: Record<VerificationMethod, string> = { meta: 'meta tag', script: 'tracking script', dns: 'DNS TXT record' };

export type MerchantService = ReturnType<typeof createMerchantService>;
