import type { AdminMatchReport } from '@pricehunt/contracts';

/** A shopper's report as stored. */
export interface MatchReportRecord {
  id: string;
  createdAt: string;
  requestId: string;
  productId: number;
  reason: AdminMatchReport['reason'];
  note: string | null;
  status: AdminMatchReport['status'];
  resolvedAt: string | null;
}

/** Shoppers' reports that a search answer shows the wrong product. */
export interface MatchReportRepository {
  /** Stores a new report, open. */
  add(report: Pick<MatchReportRecord, 'id' | 'createdAt' | 'requestId' | 'productId' | 'reason' | 'note'>): Promise<void>;
  /** The newest `limit` reports with this status (newest first), and how many reports are open. */
  list(status: AdminMatchReport['status'], limit: number): Promise<{ items: MatchReportRecord[]; open: number }>;
  /** One report, or null. */
  get(id: string): Promise<MatchReportRecord | null>;
  /** Marks the report resolved by `by` at `at` while it is open; answers whether this call resolved it. */
  resolve(id: string, by: string, at: string): Promise<boolean>;
}
