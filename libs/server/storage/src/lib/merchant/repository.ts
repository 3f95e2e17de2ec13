import type { VerificationMethod } from '@pricehunt/contracts';

/** The error a sync whose process stopped mid-import is marked failed with. */
export const INTERRUPTED_SYNC = 'Interrupted by a restart; sync again';

/** A business's dashboard settings, the token that proves its store domain, and its webhook API key. Times are epoch ms. */
export interface MerchantSettingsRow {
  businessId: string;
  currency: string;
  attributionWindowDays: number;
  timeZone: string;
  /** SHA-256 of the API key; the key itself is shown once. */
  apiKeyHash: string | null;
  apiKeyPrefix: string | null;
  apiKeyCreatedAt: number | null;
  verificationToken: string;
  updatedAt: number;
}

/**
 * One line of an order as stored: the store's own product or variant id, SKU or page link naming its product (at least
 * one), its name, its unit price in cents of the order's currency and its quantity.
 */
export interface OrderLine {
  productId: string | null;
  sku: string | null;
  url: string | null;
  name: string | null;
  priceCents: number;
  quantity: number;
}

/** An order a store reported (tracking script purchase or webhook); one per business and order id. */
export interface ConversionRecord {
  id: string;
  businessId: string;
  orderId: string;
  valueCents: number;
  currency: string;
  referralId: string | null;
  sessionId: string | null;
  source: 'script' | 'webhook';
  eventId: string | null;
  occurredAt: number;
  createdAt: number;
  /** The order's lines, when the store named them. */
  lines: OrderLine[] | null;
}

/** How far a Shopify store import has come: pages read, products and offers in them, offers inserted, updated, skipped. */
export interface StoreSyncProgress {
  pages: number;
  products: number;
  offers: number;
  inserted: number;
  updated: number;
  skipped: number;
}

/** A Shopify store import and its progress. */
export interface StoreSyncRow extends StoreSyncProgress {
  id: string;
  businessId: string;
  storeDomain: string;
  status: 'running' | 'succeeded' | 'failed';
  error: string | null;
  startedAt: number;
  finishedAt: number | null;
  /** Last sign of life of the process running it (ms). */
  heartbeatAt: number;
}

/** A store domain a business proved it controls, with the record of its re-checks. */
export interface VerifiedDomainRow {
  domain: string;
  businessId: string;
  method: VerificationMethod;
  verifiedAt: number;
  checkedAt: number | null;
  failedChecks: number;
}

/** Settings as first stored: the columns a new business's settings row is given. */
export type NewMerchantSettings = Pick<MerchantSettingsRow, 'businessId' | 'currency' | 'attributionWindowDays' | 'timeZone' | 'verificationToken' | 'updatedAt'>;
/** What a sync starts with; its counts start at zero. */
export type NewStoreSync = Pick<StoreSyncRow, 'id' | 'businessId' | 'storeDomain' | 'status' | 'startedAt' | 'heartbeatAt'>;
export type StoreSyncChanges = Partial<Omit<StoreSyncRow, 'id' | 'businessId'>>;

/** The merchant module's storage: settings, store domain proofs, conversions, store syncs and the removal of a business's data. */
export interface MerchantRepository {
  /** The business's settings, if stored. */
  findSettings(businessId: string): Promise<MerchantSettingsRow | undefined>;
  /** Stores the business's first settings unless it has some already; answers the stored ones. */
  insertSettings(row: NewMerchantSettings): Promise<MerchantSettingsRow>;
  /** Changes the business's settings (and their `updatedAt`); answers them, or undefined when it has none. */
  updateSettings(businessId: string, changes: Partial<Omit<MerchantSettingsRow, 'businessId'>>): Promise<MerchantSettingsRow | undefined>;
  /** The settings holding the API key of this hash. */
  findByApiKeyHash(hash: string): Promise<MerchantSettingsRow | undefined>;

  /** The domain the business proved, if any (at most one). */
  findVerifiedDomain(businessId: string): Promise<VerifiedDomainRow | undefined>;
  /** The proof of `domain`, whoever made it. */
  findVerifiedOwner(domain: string): Promise<VerifiedDomainRow | undefined>;
  /**
   * Records the business's proof of a domain, atomically; false when another business proved it first (the domain's
   * key decides between two proofs racing). The business's proof of another domain gives way.
   */
  claimVerifiedDomain(row: Pick<VerifiedDomainRow, 'domain' | 'businessId' | 'method' | 'verifiedAt'>): Promise<boolean>;
  /**
   * Takes the proofs last checked (or made) before `before`, the oldest, at most `limit`, for a re-check at `at`:
   * atomically marks them checked at `at` and answers them so (by domain). A proof taken by one API instance is not
   * taken by another until its next round: each is re-checked, and its misses counted, once per round.
   */
  claimProofsToCheck(before: number, at: number, limit: number): Promise<VerifiedDomainRow[]>;
  /** Records a re-check of the proof of `domain`: when, and how many in a row missed it. */
  recordProofCheck(domain: string, checkedAt: number, failedChecks: number): Promise<void>;
  /** Gives up the business's proof (missing from its re-checks). */
  releaseVerifiedDomain(businessId: string): Promise<void>;
  /** Sets the business's store domain and gives up its proof of the old one, atomically. */
  changeStoreDomain(businessId: string, storeDomain: string): Promise<void>;
  /** How many of the business's offers are hidden from shoppers for its store (unverified domain, or a link off it). */
  countStoreHeldOffers(businessId: string): Promise<number>;

  /** Stores a conversion unless the business already has that order id; answers the stored row and whether it was new. */
  insertConversion(row: ConversionRecord): Promise<{ row: ConversionRecord; created: boolean }>;
  /** When the referral was made, if it belongs to the business. */
  findReferral(businessId: string, referralId: string): Promise<{ createdAt: number } | undefined>;

  /** Stores a new sync and answers it; undefined when the business has a sync running already (one at a time). */
  insertSync(row: NewStoreSync): Promise<StoreSyncRow | undefined>;
  updateSync(id: string, changes: StoreSyncChanges): Promise<void>;
  /** The business's sync of this id. */
  findSync(businessId: string, id: string): Promise<StoreSyncRow | undefined>;
  /** The business's most recently started sync. */
  latestSync(businessId: string): Promise<StoreSyncRow | undefined>;
  /**
   * Marks failed (`INTERRUPTED_SYNC`) the syncs left `running` whose process gave no sign of life since `silentSince`
   * (ms): it stopped (an API instance restarted mid-import). Answers the syncs it marked, as stored now; syncs other
   * instances are running keep going.
   */
  failInterruptedSyncs(silentSince: number): Promise<StoreSyncRow[]>;
  /**
   * The syncs that ended but were not yet recorded as a run of their store's source (`markSyncRunRecorded`): a process
   * stopped between a sync's end and that record. Oldest first, at most `limit`.
   */
  syncsEndedUnrecorded(limit: number): Promise<StoreSyncRow[]>;
  /** Notes that the ended sync is recorded as its source's run, at `at` (ms). */
  markSyncRunRecorded(id: string, at: number): Promise<void>;

  /**
   * Removes everything the business owns, atomically: tracking rows, conversions, offers (with their price history),
   * import runs, sessions and the account itself. Answers how many offers went and the products that held them.
   */
  deleteBusinessData(businessId: string): Promise<{ offers: number; productIds: number[] }>;
}
