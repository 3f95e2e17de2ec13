export interface ImportRunRow {
  id: string;
  format: 'gmc' | 'shopify' | 'awin' | 'impact' | 'er-magellan' | 'synthetic';
  source: string;
  retailerId: string | null;
  /** The retailers whose rows the run read: its one retailer, or those of each row's link. */
  retailerIds: string[];
  businessId: string | null;
  status: ImportRunStatus;
  startedAt: string;
  finishedAt: string | null;
  totalRows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: number;
  productsCreated: number;
  report: unknown;
}

/** `interrupted`: the process doing the run stopped before its end; the counts say what it committed. */
export type ImportRunStatus = 'running' | 'succeeded' | 'failed' | 'interrupted';

/** The process doing an import run. */
export interface ImportRunOwner {
  pid: number;
  host: string;
}

/** What a committed batch adds to its run's counts (`productsCreated` may be negative: products joined into others). */
export interface ImportRunDelta {
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: number;
  productsCreated: number;
}

/** A run still `running`, with what tells whether its process is still at it. */
export interface RunningImportRun {
  id: string;
  ownerPid: number | null;
  ownerHost: string | null;
  startedAt: string;
  heartbeatAt: string | null;
}

/** Which import runs a list holds: those of one status, those that read one retailer's rows (its fixed one or one of its rows' links). */
export interface ImportRunFilter {
  status?: ImportRunStatus;
  retailerId?: string;
}

/** Import runs as the admin console and the recovery of interrupted runs read them. */
export interface ImportRunReads {
  /**
   * When an import, in any process, last committed to the catalog (its newest import run's last batch or end, ISO),
   * or null before the first: what tells an API instance that another one changed the catalog's words.
   */
  lastImportAt(): Promise<string | null>;
  /** An import run, or null. */
  getImportRun(id: string): Promise<ImportRunRow | null>;
  /** The newest import runs first, those the filter holds, from the `offset`-th (0: the newest). */
  listImportRuns(limit: number, filter?: ImportRunFilter & { offset?: number }): Promise<ImportRunRow[]>;
  /** How many import runs the filter holds. */
  countImportRuns(filter?: ImportRunFilter): Promise<number>;
  /** The runs still `running`, with what tells whether their processes are still at them. */
  runningImportRuns(): Promise<RunningImportRun[]>;
  /**
   * Marks a run `interrupted` only while it is still `running` (of several instances that find it, one does): it ends at
   * its last sign of life and its report keeps `note`. Answers whether this call marked it.
   */
  interruptImportRun(id: string, note: Record<string, unknown>): Promise<boolean>;
}
